import type { AssignmentMailKind } from '@pd/domain';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  assignmentDigests,
  assignmentMailSettings,
  type AssignmentMailSettingRow,
  assignmentMembers,
  assignments,
  type AssignmentRowDb,
  invites,
  licenseGroups,
  licenseMemberships,
} from '../../db/schema.js';

/**
 * Data access of assignments (issue 28, part 2). Members, their progress, users and invitations are
 * only read here (their modules write them), as the licences store reads progress: the status view of
 * 5,000 members is one query.
 */

export type NewAssignment = Pick<
  AssignmentRowDb,
  'licenseGroupId' | 'courseSlug' | 'dueDate' | 'wholeGroup' | 'assignedOn' | 'createdBy'
>;

export async function insertAssignments(
  tx: Db,
  rows: NewAssignment[],
  now: Date,
): Promise<AssignmentRowDb[]> {
  return tx
    .insert(assignments)
    .values(rows.map((r) => ({ ...r, createdAt: now })))
    .returning();
}

export async function insertAssignmentMembers(
  tx: Db,
  assignmentIds: string[],
  userIds: string[],
): Promise<void> {
  const rows = assignmentIds.flatMap((assignmentId) => userIds.map((userId) => ({ assignmentId, userId })));
  for (let i = 0; i < rows.length; i += 5000)
    await tx.insert(assignmentMembers).values(rows.slice(i, i + 5000));
}

export async function assignmentsOfGroup(db: Db, groupId: string): Promise<AssignmentRowDb[]> {
  return db
    .select()
    .from(assignments)
    .where(eq(assignments.licenseGroupId, groupId))
    .orderBy(asc(assignments.createdAt), asc(assignments.courseSlug));
}

export async function deleteAssignment(tx: Db, groupId: string, id: string): Promise<AssignmentRowDb | null> {
  const [row] = await tx
    .delete(assignments)
    .where(and(eq(assignments.id, id), eq(assignments.licenseGroupId, groupId)))
    .returning();
  return row ?? null;
}

/** Of `userIds`, those holding a seat of the group now. */
export async function membersAmong(
  tx: Db,
  groupId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: licenseMemberships.userId })
    .from(licenseMemberships)
    .where(
      and(eq(licenseMemberships.licenseGroupId, groupId), inArray(licenseMemberships.userId, [...userIds])),
    );
  return new Set(rows.map((r) => r.id));
}

/** Invitations of the group not used or revoked (the caller keeps the pending ones by the domain's rule). */
export async function openInvites(db: Db, groupId: string) {
  return db
    .select({
      email: invites.email,
      usedAt: invites.usedAt,
      revokedAt: invites.revokedAt,
      expiresAt: invites.expiresAt,
    })
    .from(invites)
    .where(and(eq(invites.licenseGroupId, groupId), isNull(invites.usedAt), isNull(invites.revokedAt)))
    .orderBy(asc(invites.email));
}

/** One current member on one assignment, with their progress in its course. */
export interface AssigneeRow {
  assignmentId: string;
  licenseGroupId: string;
  courseSlug: string;
  userId: string;
  name: string;
  email: string;
  /** Modules completed (not capped). */
  done: number;
  /** The newest first completion of a module of the course. */
  lastCompletedAt: Date | null;
  /** The course reached the member (a page or a download), or a module was completed. */
  started: boolean;
}

type RawAssignee = {
  assignment_id: string;
  license_group_id: string;
  course_slug: string;
  user_id: string;
  name: string;
  email: string;
  done: number | string;
  last_at: Date | string | null;
  opened: boolean;
};

const toAssignee = (r: RawAssignee): AssigneeRow => ({
  assignmentId: r.assignment_id,
  licenseGroupId: r.license_group_id,
  courseSlug: r.course_slug,
  userId: r.user_id,
  name: r.name,
  email: r.email,
  done: Number(r.done),
  lastCompletedAt: r.last_at ? new Date(r.last_at) : null,
  started: r.opened || Number(r.done) > 0,
});

/**
 * The assignees (current members only: a removed member leaves every assignment of the group) of the
 * assignments `where` picks (a condition on `a`), each with their progress in the assignment's course.
 */
function assigneesSql(where: SQL, userWhere: SQL = sql`true`): SQL {
  return sql`
    WITH s AS (
      SELECT a.id AS assignment_id, a.license_group_id, a.course_slug, m.user_id
        FROM assignments a
        JOIN license_memberships m ON m.license_group_id = a.license_group_id
       WHERE a.whole_group AND ${where} AND ${userWhere}
      UNION ALL
      SELECT a.id, a.license_group_id, a.course_slug, m.user_id
        FROM assignments a
        JOIN assignment_members am ON am.assignment_id = a.id
        JOIN license_memberships m ON m.user_id = am.user_id AND m.license_group_id = a.license_group_id
       WHERE NOT a.whole_group AND ${where} AND ${userWhere})
    SELECT s.assignment_id, s.license_group_id, s.course_slug, s.user_id, u.name, u.email,
           coalesce(pr.done, 0) AS done, pr.last_at,
           EXISTS (SELECT 1 FROM content_receipts r
                    WHERE r.user_id = s.user_id AND r.course_slug = s.course_slug) AS opened
      FROM s
      JOIN users u ON u.id = s.user_id
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE p.completed)::int AS done, max(p.first_completed_at) AS last_at
          FROM progress p WHERE p.user_id = s.user_id AND p.course_slug = s.course_slug) pr ON true`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The assignees of `where` as one JSON array (one row, one value) rather than a row each: at 10,000
 * assignees, decoding the rows one by one cost PGlite more than the query (bench/assignments.mjs: the
 * query with its rows ~137 ms, with one JSON array ~82 ms; the query alone ~53 ms).
 */
async function assigneesAsJson(db: Db, where: SQL): Promise<AssigneeRow[]> {
  const result = await db.execute(sql`
    SELECT coalesce(json_agg(json_build_array(x.assignment_id, x.license_group_id, x.course_slug, x.user_id,
                                              x.name, x.email, x.done, x.last_at, x.opened)), '[]')::text AS j
      FROM (${assigneesSql(where)}) x`);
  const [row] = rowsOf<{ j: string }>(result);
  const list = JSON.parse(row?.j ?? '[]') as [
    string,
    string,
    string,
    string,
    string,
    string,
    number,
    string | null,
    boolean,
  ][];
  return list.map(
    ([assignment_id, license_group_id, course_slug, user_id, name, email, done, last_at, opened]) =>
      toAssignee({
        assignment_id,
        license_group_id,
        course_slug,
        user_id,
        name,
        email,
        done,
        last_at,
        opened,
      }),
  );
}

/** Every current assignee of the group's assignments with their progress: the status view, a digest. */
export async function assigneesOfGroup(db: Db, groupId: string): Promise<AssigneeRow[]> {
  return assigneesAsJson(db, sql`a.license_group_id = ${groupId}`);
}

/** The assignments of many groups, oldest first within each group. */
export async function assignmentsOfGroups(db: Db, groupIds: readonly string[]): Promise<AssignmentRowDb[]> {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(assignments)
    .where(inArray(assignments.licenseGroupId, [...groupIds]))
    .orderBy(asc(assignments.createdAt), asc(assignments.courseSlug));
}

/** One teacher's assignments (in the group they hold a seat of) with their progress. */
export async function assignmentsOfUser(
  db: Db,
  userId: string,
): Promise<(AssigneeRow & { dueDate: string | null; createdAt: Date; groupName: string })[]> {
  const result = await db.execute(sql`
    SELECT x.*, a.due_date::text AS due_date, a.created_at, g.name AS group_name FROM (
      ${assigneesSql(sql`true`, sql`m.user_id = ${userId}`)}) x
      JOIN assignments a ON a.id = x.assignment_id
      JOIN license_groups g ON g.id = a.license_group_id
     ORDER BY a.due_date ASC NULLS LAST, a.created_at ASC`);
  return rowsOf<RawAssignee & { due_date: string | null; created_at: Date | string; group_name: string }>(
    result,
  ).map((r) => ({
    ...toAssignee(r),
    dueDate: r.due_date,
    createdAt: new Date(r.created_at),
    groupName: r.group_name,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Nudges: candidates, then the claim.

/** A course and its number of modules: completed means every one of them. */
export interface CourseSize {
  slug: string;
  modules: number;
}

export interface NudgeCandidate {
  assignmentId: string;
  licenseGroupId: string;
  groupName: string;
  courseSlug: string;
  dueDate: string | null;
  userId: string;
  name: string;
  email: string;
}

export interface NudgeQuery {
  kind: Exclude<AssignmentMailKind, 'weekly_digest'>;
  /** The kind's default on/off, for groups that never changed it. */
  enabledByDefault: boolean;
  courses: readonly CourseSize[];
  /** The condition of the kind on `a` (the assignment), `m` (the membership), `pr` (progress: done) and `c` (modules). */
  condition: SQL;
  limit: number;
}

/**
 * Who is due an e-mail of `kind`: current members of an active group, whose group has the e-mail on,
 * not yet sent this kind for this assignment, meeting the kind's condition. Reading them claims
 * nothing: `claimNudges` does.
 */
export async function nudgeCandidates(db: Db, q: NudgeQuery): Promise<NudgeCandidate[]> {
  if (q.courses.length === 0) return [];
  const courseValues = sql.join(
    q.courses.map((c) => sql`(${c.slug}::text, ${c.modules}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH c(slug, modules) AS (VALUES ${courseValues}),
    s AS (
      SELECT a.id AS assignment_id, a.license_group_id, a.course_slug, a.due_date, a.assigned_on, a.created_at,
             m.user_id, m.joined_at
        FROM assignments a JOIN license_memberships m ON m.license_group_id = a.license_group_id
       WHERE a.whole_group
      UNION ALL
      SELECT a.id, a.license_group_id, a.course_slug, a.due_date, a.assigned_on, a.created_at, m.user_id, m.joined_at
        FROM assignments a
        JOIN assignment_members am ON am.assignment_id = a.id
        JOIN license_memberships m ON m.user_id = am.user_id AND m.license_group_id = a.license_group_id
       WHERE NOT a.whole_group)
    SELECT a.assignment_id, a.license_group_id, g.name AS group_name, a.course_slug, a.due_date::text AS due_date,
           a.user_id, u.name, u.email
      FROM s a
      JOIN license_groups g ON g.id = a.license_group_id AND g.status = 'active'
      JOIN users u ON u.id = a.user_id
      JOIN c ON c.slug = a.course_slug
      LEFT JOIN assignment_mail_settings ms ON ms.license_group_id = a.license_group_id AND ms.kind = ${q.kind}
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE p.completed)::int AS done, max(p.first_completed_at) AS last_at
          FROM progress p WHERE p.user_id = a.user_id AND p.course_slug = a.course_slug) pr ON true
     WHERE coalesce(ms.enabled, ${q.enabledByDefault})
       AND NOT EXISTS (SELECT 1 FROM assignment_nudges n
                        WHERE n.assignment_id = a.assignment_id AND n.user_id = a.user_id AND n.kind = ${q.kind})
       AND ${q.condition}
     ORDER BY a.assignment_id, a.user_id
     LIMIT ${q.limit}`);
  type Raw = {
    assignment_id: string;
    license_group_id: string;
    group_name: string;
    course_slug: string;
    due_date: string | null;
    user_id: string;
    name: string;
    email: string;
  };
  return rowsOf<Raw>(result).map((r) => ({
    assignmentId: r.assignment_id,
    licenseGroupId: r.license_group_id,
    groupName: r.group_name,
    courseSlug: r.course_slug,
    dueDate: r.due_date,
    userId: r.user_id,
    name: r.name,
    email: r.email,
  }));
}

/**
 * The claim: one row per (assignment, member, kind), inserted once. Of `pairs`, those this call
 * claimed; another transaction that claimed one first makes it skip here (ON CONFLICT DO NOTHING
 * waits for that transaction, then skips), so two instances never send the same e-mail.
 */
export async function claimNudges(
  tx: Db,
  kind: AssignmentMailKind,
  pairs: readonly { assignmentId: string; userId: string }[],
  now: Date,
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const result = await tx.execute(sql`
    INSERT INTO assignment_nudges (assignment_id, user_id, kind, sent_at)
    SELECT x.assignment_id::uuid, x.user_id::uuid, ${kind}, ${now.toISOString()}::timestamptz
      FROM unnest(${sql`ARRAY[${sql.join(
        pairs.map((p) => sql`${p.assignmentId}`),
        sql`, `,
      )}]::text[]`}, ${sql`ARRAY[${sql.join(
        pairs.map((p) => sql`${p.userId}`),
        sql`, `,
      )}]::text[]`}) AS x(assignment_id, user_id)
    ON CONFLICT DO NOTHING
    RETURNING assignment_id, user_id`);
  return new Set(
    rowsOf<{ assignment_id: string; user_id: string }>(result).map((r) => `${r.assignment_id}:${r.user_id}`),
  );
}

/**
 * The licence admins of groups, with their e-mail: the purchaser, then the co-admins
 * (`license_group_admins`, in the order they were added), each a licence-admin account, as the
 * licences policy's `isGroupAdmin` counts them (decision 110). One query for all the groups.
 */
export async function adminsOf(
  db: Db,
  groupIds: readonly string[],
): Promise<Map<string, { email: string; name: string }[]>> {
  const map = new Map<string, { email: string; name: string }[]>();
  if (groupIds.length === 0) return map;
  const ids = sql.join(
    groupIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT x.group_id, u.email, u.name
      FROM (SELECT g.id AS group_id, g.purchaser_id AS user_id, 0 AS rank, g.created_at AS added_at
              FROM license_groups g WHERE g.id IN (${ids})
            UNION ALL
            SELECT a.license_group_id, a.user_id, 1, a.added_at
              FROM license_group_admins a WHERE a.license_group_id IN (${ids})) x
      JOIN users u ON u.id = x.user_id AND u.role = 'license_admin'
     ORDER BY x.group_id, x.rank, x.added_at, u.email`);
  for (const r of rowsOf<{ group_id: string; email: string; name: string }>(result)) {
    map.set(r.group_id, [...(map.get(r.group_id) ?? []), { email: r.email, name: r.name }]);
  }
  return map;
}

// ---------------------------------------------------------------------------------------------------
// The weekly digest.

/** Active groups with an assignment made before `weekOf`, whose digest of that week is on and not sent. */
export async function digestCandidates(
  db: Db,
  weekOf: string,
  enabledByDefault: boolean,
  limit: number,
): Promise<{ id: string; name: string }[]> {
  const result = await db.execute(sql`
    SELECT g.id, g.name FROM license_groups g
      LEFT JOIN assignment_mail_settings ms ON ms.license_group_id = g.id AND ms.kind = 'weekly_digest'
     WHERE g.status = 'active'
       AND coalesce(ms.enabled, ${enabledByDefault})
       AND EXISTS (SELECT 1 FROM assignments a WHERE a.license_group_id = g.id AND a.assigned_on < ${weekOf}::date)
       AND NOT EXISTS (SELECT 1 FROM assignment_digests d WHERE d.license_group_id = g.id AND d.week_of = ${weekOf}::date)
     ORDER BY g.id
     LIMIT ${limit}`);
  return rowsOf<{ id: string; name: string }>(result);
}

/** The claims of many groups' digests of a week: the ids whose claim this call made. */
export async function claimDigests(
  tx: Db,
  groupIds: readonly string[],
  weekOf: string,
  now: Date,
): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const rows = await tx
    .insert(assignmentDigests)
    .values(groupIds.map((licenseGroupId) => ({ licenseGroupId, weekOf, sentAt: now })))
    .onConflictDoNothing()
    .returning({ id: assignmentDigests.licenseGroupId });
  return new Set(rows.map((r) => r.id));
}

/**
 * Per member of a group, the courses (any) whose last module was first completed in [from, to): a
 * group's digest. Each member's progress is read through its own index range (the LATERAL): the cost
 * follows the group's members, not the progress table, which a join would scan whole (decision 128).
 */
export async function completionsOfGroupBetween(
  db: Db,
  groupId: string,
  from: Date,
  to: Date,
): Promise<{ userId: string; courseSlug: string; done: number }[]> {
  const result = await db.execute(sql`
    SELECT m.user_id, x.course_slug, x.done
      FROM license_memberships m
      CROSS JOIN LATERAL (
        SELECT p.course_slug, count(*) FILTER (WHERE p.completed)::int AS done
          FROM progress p WHERE p.user_id = m.user_id
         GROUP BY p.course_slug
        HAVING max(p.first_completed_at) >= ${from.toISOString()}::timestamptz
           AND max(p.first_completed_at) < ${to.toISOString()}::timestamptz) x
     WHERE m.license_group_id = ${groupId}`);
  return rowsOf<{ user_id: string; course_slug: string; done: number | string }>(result).map((r) => ({
    userId: r.user_id,
    courseSlug: r.course_slug,
    done: Number(r.done),
  }));
}

// ---------------------------------------------------------------------------------------------------
// The group's e-mail settings.

/**
 * The rest of transaction `tx` is background work (decision 126): its queries keep to one process of
 * the database server, not the parallel workers a teacher's request may use, and are not compiled
 * by PostgreSQL's JIT (decision 128: a batch's reads cost 0.9 s with it, 0.6 s of them compiling).
 * PGlite knows both settings and has no JIT.
 */
export async function asBackgroundWork(tx: Db): Promise<void> {
  await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
  await tx.execute(sql`SET LOCAL jit = off`);
}

/** Whether any group has turned the e-mail of `kind` on (for a kind that is off by default). */
export async function anyGroupTurnedOn(db: Db, kind: AssignmentMailKind): Promise<boolean> {
  const [row] = await db
    .select({ id: assignmentMailSettings.licenseGroupId })
    .from(assignmentMailSettings)
    .where(and(eq(assignmentMailSettings.kind, kind), eq(assignmentMailSettings.enabled, true)))
    .limit(1);
  return row !== undefined;
}

/** The e-mail settings of many groups (their changes only). */
export async function mailSettingsOfGroups(
  db: Db,
  groupIds: readonly string[],
): Promise<AssignmentMailSettingRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(assignmentMailSettings)
    .where(inArray(assignmentMailSettings.licenseGroupId, [...groupIds]));
}

export async function mailSettingsOf(db: Db, groupId: string): Promise<AssignmentMailSettingRow[]> {
  return db.select().from(assignmentMailSettings).where(eq(assignmentMailSettings.licenseGroupId, groupId));
}

export async function upsertMailSetting(
  tx: Db,
  row: AssignmentMailSettingRow,
): Promise<AssignmentMailSettingRow> {
  const [saved] = await tx
    .insert(assignmentMailSettings)
    .values(row)
    .onConflictDoUpdate({
      target: [assignmentMailSettings.licenseGroupId, assignmentMailSettings.kind],
      set: { enabled: row.enabled, subject: row.subject, intro: row.intro },
    })
    .returning();
  return saved!;
}

/** The names of groups (the teacher's and the mails' "Assigned by {group}"). */
export async function groupName(db: Db, groupId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: licenseGroups.name })
    .from(licenseGroups)
    .where(eq(licenseGroups.id, groupId));
  return row?.name ?? null;
}
