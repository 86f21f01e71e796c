import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { MemberSort } from '@pd/domain';
import type { Db } from '../../db/client.js';
import { amongIds } from '../../db/ids.js';
import {
  certificates,
  invites,
  type InviteRow,
  joinLinks,
  type JoinLinkRow,
  licenseGroupAdmins,
  licenseGroups,
  type LicenseGroupRow,
  licenseMemberships,
  progress,
  rosterImportRows,
  type RosterImportRow,
  type RosterImportRowRow,
  rosterImports,
  users,
} from '../../db/schema.js';
import { userMatches } from '../../db/search.js';

/**
 * Data access of group licences (issue 18). Users are only read here (the auth module writes them).
 * Every write that changes a group's seats runs in a transaction that first locks the group's row
 * (`lockGroup`), so seat counts read after the lock are exact until the transaction ends.
 */

export interface NewGroup {
  name: string;
  purchaserId: string;
  licenseCount: number;
}

export async function insertGroup(db: Db, group: NewGroup, now: Date): Promise<LicenseGroupRow> {
  const [row] = await db
    .insert(licenseGroups)
    .values({ ...group, createdAt: now })
    .returning();
  if (!row) throw new Error('license group not inserted');
  return row;
}

/** A group with the ids of its co-admins (issue 28; the purchaser is `purchaserId`). */
export type GroupWithAdmins = LicenseGroupRow & { adminIds: string[] };

/** The group's columns and its co-admins' ids, read with the group (the policy asks both). */
const groupWithAdmins = {
  ...getTableColumns(licenseGroups),
  adminIds: sql<
    string[]
  >`array(select a.user_id::text from license_group_admins a where a.license_group_id = ${licenseGroups.id} order by a.added_at, a.user_id)`,
};

export async function findGroup(db: Db, id: string): Promise<GroupWithAdmins | null> {
  const [row] = await db.select(groupWithAdmins).from(licenseGroups).where(eq(licenseGroups.id, id));
  return row ?? null;
}

/** Sets the first day of the group's school year for its transcripts (null: the default). */
export async function setSchoolYearStart(db: Db, id: string, start: string | null): Promise<void> {
  await db.update(licenseGroups).set({ schoolYearStart: start }).where(eq(licenseGroups.id, id));
}

/** The group's row, locked until the transaction ends (SELECT ... FOR UPDATE), with its co-admins. */
export async function lockGroup(tx: Db, id: string): Promise<GroupWithAdmins | null> {
  const [row] = await tx
    .select(groupWithAdmins)
    .from(licenseGroups)
    .where(eq(licenseGroups.id, id))
    .for('update', { of: licenseGroups });
  return row ?? null;
}

/** The groups `userId` manages, as purchaser or co-admin (issue 28), oldest first, with the purchaser's e-mail. */
export async function groupsOfAdmin(
  db: Db,
  userId: string,
): Promise<(GroupWithAdmins & { purchaserEmail: string | null })[]> {
  const rows = await db
    .select({ group: groupWithAdmins, purchaserEmail: users.email })
    .from(licenseGroups)
    .leftJoin(users, eq(users.id, licenseGroups.purchaserId))
    .where(
      or(
        eq(licenseGroups.purchaserId, userId),
        sql`exists (select 1 from license_group_admins a where a.license_group_id = ${licenseGroups.id} and a.user_id = ${userId})`,
      ),
    )
    .orderBy(asc(licenseGroups.createdAt), asc(licenseGroups.id));
  return rows.map((r) => ({ ...r.group, purchaserEmail: r.purchaserEmail }));
}

/** The group's licence admins: the purchaser first, then the co-admins in the order they were added. */
export async function adminsOfGroup(
  db: Db,
  group: Pick<GroupWithAdmins, 'purchaserId' | 'adminIds'>,
): Promise<{ id: string; name: string; email: string; purchaser: boolean }[]> {
  const ids = [...(group.purchaserId ? [group.purchaserId] : []), ...group.adminIds];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, purchaser: id === group.purchaserId }] : [];
  });
}

export async function insertGroupAdmin(
  tx: Db,
  row: { licenseGroupId: string; userId: string; addedBy: string | null },
  now: Date,
): Promise<boolean> {
  const added = await tx
    .insert(licenseGroupAdmins)
    .values({ ...row, addedAt: now })
    .onConflictDoNothing()
    .returning({ userId: licenseGroupAdmins.userId });
  return added.length > 0;
}

export async function deleteGroupAdmin(tx: Db, groupId: string, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(licenseGroupAdmins)
    .where(and(eq(licenseGroupAdmins.licenseGroupId, groupId), eq(licenseGroupAdmins.userId, userId)))
    .returning({ userId: licenseGroupAdmins.userId });
  return removed.length > 0;
}

export async function setPurchaser(tx: Db, groupId: string, purchaserId: string): Promise<LicenseGroupRow> {
  const [row] = await tx
    .update(licenseGroups)
    .set({ purchaserId })
    .where(eq(licenseGroups.id, groupId))
    .returning();
  if (!row) throw new Error('license group vanished under its lock');
  return row;
}

export async function setTerm(
  tx: Db,
  groupId: string,
  term: { startsOn: string | null; endsOn: string | null; status: LicenseGroupRow['status'] },
): Promise<LicenseGroupRow> {
  const [row] = await tx.update(licenseGroups).set(term).where(eq(licenseGroups.id, groupId)).returning();
  if (!row) throw new Error('license group vanished under its lock');
  return row;
}

/** The group with its purchaser's e-mail (the super admin's view of one group). */
export async function groupWithPurchaser(
  db: Db,
  id: string,
): Promise<(GroupWithAdmins & { purchaserEmail: string | null }) | null> {
  const [row] = await db
    .select({ group: groupWithAdmins, purchaserEmail: users.email })
    .from(licenseGroups)
    .leftJoin(users, eq(users.id, licenseGroups.purchaserId))
    .where(eq(licenseGroups.id, id));
  return row ? { ...row.group, purchaserEmail: row.purchaserEmail } : null;
}

export async function groupsOfPurchaser(db: Db, userId: string): Promise<LicenseGroupRow[]> {
  return db
    .select()
    .from(licenseGroups)
    .where(eq(licenseGroups.purchaserId, userId))
    .orderBy(asc(licenseGroups.createdAt), asc(licenseGroups.id));
}

export async function allGroups(db: Db): Promise<(LicenseGroupRow & { purchaserEmail: string | null })[]> {
  const rows = await db
    .select({ group: licenseGroups, purchaserEmail: users.email })
    .from(licenseGroups)
    .leftJoin(users, eq(users.id, licenseGroups.purchaserId))
    .orderBy(asc(licenseGroups.createdAt), asc(licenseGroups.id));
  return rows.map((r) => ({ ...r.group, purchaserEmail: r.purchaserEmail }));
}

export async function setLicenseCount(tx: Db, id: string, licenseCount: number): Promise<LicenseGroupRow> {
  const [row] = await tx
    .update(licenseGroups)
    .set({ licenseCount })
    .where(eq(licenseGroups.id, id))
    .returning();
  if (!row) throw new Error('license group vanished under its lock');
  return row;
}

/** Used (members) and pending (unexpired, unrevoked, unused invites) seats of each group. */
export async function seatUsage(
  db: Db,
  groupIds: readonly string[],
  now: Date,
): Promise<Map<string, { used: number; pending: number }>> {
  const usage = new Map<string, { used: number; pending: number }>();
  if (groupIds.length === 0) return usage;
  for (const id of groupIds) usage.set(id, { used: 0, pending: 0 });
  const members = await db
    .select({ groupId: licenseMemberships.licenseGroupId, n: count() })
    .from(licenseMemberships)
    .where(inArray(licenseMemberships.licenseGroupId, [...groupIds]))
    .groupBy(licenseMemberships.licenseGroupId);
  for (const row of members) usage.get(row.groupId)!.used = Number(row.n);
  const pending = await db
    .select({ groupId: invites.licenseGroupId, n: count() })
    .from(invites)
    .where(and(inArray(invites.licenseGroupId, [...groupIds]), pendingInviteSql(now)))
    .groupBy(invites.licenseGroupId);
  for (const row of pending) usage.get(row.groupId)!.pending = Number(row.n);
  return usage;
}

/**
 * The domain's invite rule (`inviteStatus` / `isInvitePending` in domain/src/licence-rules.ts) as
 * SQL: unused, unrevoked and unexpired at `now`. The one SQL form of it; invite-rule.test.ts
 * proves the two agree on every combination.
 */
export const pendingInviteSql = (now: Date) =>
  and(isNull(invites.usedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now));

export async function invitesOfGroup(db: Db, groupId: string): Promise<InviteRow[]> {
  return db
    .select()
    .from(invites)
    .where(eq(invites.licenseGroupId, groupId))
    .orderBy(sql`${invites.lastSentAt} desc`, asc(invites.email));
}

/** Of `emails`, those with a live pending invite to the group. */
export async function pendingEmails(
  tx: Db,
  groupId: string,
  emails: string[],
  now: Date,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tx
    .select({ email: invites.email })
    .from(invites)
    .where(and(eq(invites.licenseGroupId, groupId), inArray(invites.email, emails), pendingInviteSql(now)));
  return new Set(rows.map((r) => r.email));
}

/** Of `emails`, those whose account already holds a seat of the group. */
export async function memberEmails(tx: Db, groupId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tx
    .select({ email: users.email })
    .from(licenseMemberships)
    .innerJoin(users, eq(users.id, licenseMemberships.userId))
    .where(and(eq(licenseMemberships.licenseGroupId, groupId), inArray(users.email, emails)));
  return new Set(rows.map((r) => r.email));
}

/** Of `emails`, those of administrators' accounts (super admins and licence admins). */
export async function staffEmails(tx: Db, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), inArray(users.role, ['superadmin', 'license_admin'])));
  return new Set(rows.map((r) => r.email));
}

export type NewInvite = Pick<InviteRow, 'licenseGroupId' | 'email' | 'codeHash' | 'invitedBy' | 'expiresAt'> &
  Partial<Pick<InviteRow, 'lastMailId' | 'rosterImportId'>>;

/** Inserts invites, 500 a statement (a roster's 2,000 stay under PostgreSQL's parameter limit). */
export async function insertInvites(tx: Db, rows: NewInvite[], now: Date): Promise<InviteRow[]> {
  const inserted: InviteRow[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    inserted.push(
      ...(await tx
        .insert(invites)
        .values(chunk.map((r) => ({ ...r, createdAt: now, lastSentAt: now })))
        .returning()),
    );
  }
  return inserted;
}

/** Notes each invite's newest e-mail (its outbox id); `patch` too (a resend's reminders back to 0). */
export async function setInviteMail(
  tx: Db,
  rows: readonly { id: string; mailId: string }[],
  patch: Partial<Pick<InviteRow, 'remindersSent'>> = {},
): Promise<void> {
  for (const row of rows) {
    await tx
      .update(invites)
      .set({ lastMailId: row.mailId, ...patch })
      .where(eq(invites.id, row.id));
  }
}

/** The group's admin switch of invitation reminders (issue 27). */
export async function setInviteReminders(tx: Db, groupId: string, on: boolean): Promise<void> {
  await tx.update(licenseGroups).set({ inviteReminders: on }).where(eq(licenseGroups.id, groupId));
}

export interface ReminderCandidate {
  invite: InviteRow;
  groupName: string;
  invitedByName: string | null;
}

/**
 * Claims pending invitations of active groups with reminders on that are due a reminder: for some
 * stage k, reminded fewer than k + 1 times and last sent on or before `cutoffs[k]` (now minus the
 * stage's days). `limit` at a time, each row locked (SKIP LOCKED: another instance running the same
 * claim takes other rows, never these). The caller counts the stage with the domain's
 * `reminderStage` and writes it in the same transaction.
 */
export async function lockReminderCandidates(
  tx: Db,
  now: Date,
  cutoffs: readonly Date[],
  limit: number,
): Promise<ReminderCandidate[]> {
  const due = or(
    ...cutoffs.map((cutoff, k) => and(lt(invites.remindersSent, k + 1), lte(invites.lastSentAt, cutoff))),
  );
  return tx
    .select({ invite: invites, groupName: licenseGroups.name, invitedByName: users.name })
    .from(invites)
    .innerJoin(licenseGroups, eq(licenseGroups.id, invites.licenseGroupId))
    .leftJoin(users, eq(users.id, invites.invitedBy))
    .where(
      and(
        pendingInviteSql(now),
        eq(licenseGroups.inviteReminders, true),
        eq(licenseGroups.status, 'active'),
        due,
      ),
    )
    .orderBy(asc(invites.lastSentAt))
    .limit(limit)
    .for('update', { of: invites, skipLocked: true });
}

/** A reminder's new code (kept with the earlier ones) and its count; expiry and last send unchanged. */
export async function noteReminder(
  tx: Db,
  id: string,
  codeHash: string,
  remindersSent: number,
  mailId: string,
  keep: number,
): Promise<void> {
  await tx
    .update(invites)
    .set({
      codeHash,
      remindersSent,
      lastMailId: mailId,
      earlierCodeHashes: sql`(array_append(${invites.earlierCodeHashes}, ${invites.codeHash}))[greatest(1, cardinality(${invites.earlierCodeHashes}) + 2 - ${keep}):]`,
    })
    .where(eq(invites.id, id));
}

// ---------------------------------------------------------------------------------------------------
// Roster imports (issue 27)

export async function insertRosterImport(
  tx: Db,
  row: Pick<RosterImportRow, 'licenseGroupId' | 'createdBy' | 'rows' | 'invited' | 'skipped'>,
  now: Date,
): Promise<RosterImportRow> {
  const [inserted] = await tx
    .insert(rosterImports)
    .values({ ...row, createdAt: now })
    .returning();
  if (!inserted) throw new Error('roster import not inserted');
  return inserted;
}

export async function insertRosterRows(tx: Db, rows: RosterImportRowRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(rosterImportRows).values(rows.slice(i, i + 1000));
  }
}

export async function rosterImportsOfGroup(
  db: Db,
  groupId: string,
  limit: number,
): Promise<RosterImportRow[]> {
  return db
    .select()
    .from(rosterImports)
    .where(eq(rosterImports.licenseGroupId, groupId))
    .orderBy(desc(rosterImports.createdAt), desc(rosterImports.id))
    .limit(limit);
}

export async function findRosterImport(db: Db, id: string): Promise<RosterImportRow | null> {
  const [row] = await db.select().from(rosterImports).where(eq(rosterImports.id, id));
  return row ?? null;
}

/** The rows of imports, each with its invite (null when skipped, or the invite was since deleted). */
export async function rosterRowsOf(
  db: Db,
  importIds: readonly string[],
): Promise<(RosterImportRowRow & { invite: InviteRow | null })[]> {
  if (importIds.length === 0) return [];
  const rows = await db
    .select({ row: rosterImportRows, invite: invites })
    .from(rosterImportRows)
    .leftJoin(invites, eq(invites.id, rosterImportRows.inviteId))
    .where(inArray(rosterImportRows.importId, [...importIds]))
    .orderBy(asc(rosterImportRows.importId), asc(rosterImportRows.row));
  return rows.map((r) => ({ ...r.row, invite: r.invite }));
}

/** An account's deletion: the roster rows naming its address go (the address is personal data). */
export async function deleteRosterRowsOf(tx: Db, email: string): Promise<void> {
  await tx.delete(rosterImportRows).where(eq(rosterImportRows.email, email));
}

// ---------------------------------------------------------------------------------------------------
// Join links (issue 27)

export async function insertJoinLink(
  tx: Db,
  row: Pick<
    JoinLinkRow,
    'licenseGroupId' | 'codeHash' | 'maxUses' | 'allowedDomains' | 'createdBy' | 'expiresAt'
  >,
  now: Date,
): Promise<JoinLinkRow> {
  const [inserted] = await tx
    .insert(joinLinks)
    .values({ ...row, createdAt: now })
    .returning();
  if (!inserted) throw new Error('join link not inserted');
  return inserted;
}

export async function joinLinksOfGroup(db: Db, groupId: string): Promise<JoinLinkRow[]> {
  return db
    .select()
    .from(joinLinks)
    .where(eq(joinLinks.licenseGroupId, groupId))
    .orderBy(desc(joinLinks.createdAt), desc(joinLinks.id));
}

export async function findJoinLinkByHash(
  db: Db,
  codeHash: string,
): Promise<(JoinLinkRow & { groupName: string; groupStatus: LicenseGroupRow['status'] }) | null> {
  const [row] = await db
    .select({ link: joinLinks, groupName: licenseGroups.name, groupStatus: licenseGroups.status })
    .from(joinLinks)
    .innerJoin(licenseGroups, eq(licenseGroups.id, joinLinks.licenseGroupId))
    .where(eq(joinLinks.codeHash, codeHash));
  return row ? { ...row.link, groupName: row.groupName, groupStatus: row.groupStatus } : null;
}

export async function findJoinLink(db: Db, id: string): Promise<JoinLinkRow | null> {
  const [row] = await db.select().from(joinLinks).where(eq(joinLinks.id, id));
  return row ?? null;
}

/** The link's row, locked (after its group's). */
export async function lockJoinLink(tx: Db, id: string): Promise<JoinLinkRow | null> {
  const [row] = await tx.select().from(joinLinks).where(eq(joinLinks.id, id)).for('update');
  return row ?? null;
}

export async function updateJoinLink(
  tx: Db,
  id: string,
  patch: Partial<Pick<JoinLinkRow, 'uses' | 'lastUsedAt' | 'revokedAt'>>,
): Promise<JoinLinkRow> {
  const [row] = await tx.update(joinLinks).set(patch).where(eq(joinLinks.id, id)).returning();
  if (!row) throw new Error('join link vanished under its lock');
  return row;
}

export async function findInviteByHash(
  db: Db,
  codeHash: string,
): Promise<
  | (InviteRow & {
      groupName: string;
      groupStatus: LicenseGroupRow['status'];
      groupStartsOn: string | null;
      groupEndsOn: string | null;
    })
  | null
> {
  const [row] = await db
    .select({
      invite: invites,
      groupName: licenseGroups.name,
      groupStatus: licenseGroups.status,
      groupStartsOn: licenseGroups.startsOn,
      groupEndsOn: licenseGroups.endsOn,
    })
    .from(invites)
    .innerJoin(licenseGroups, eq(licenseGroups.id, invites.licenseGroupId))
    .where(
      or(eq(invites.codeHash, codeHash), sql`${invites.earlierCodeHashes} @> array[${codeHash}]::text[]`),
    );
  return row
    ? {
        ...row.invite,
        groupName: row.groupName,
        groupStatus: row.groupStatus,
        groupStartsOn: row.groupStartsOn,
        groupEndsOn: row.groupEndsOn,
      }
    : null;
}

export async function findInvite(db: Db, id: string): Promise<InviteRow | null> {
  const [row] = await db.select().from(invites).where(eq(invites.id, id));
  return row ?? null;
}

/**
 * A resend's new code: `codeHash` becomes the newest, the one it replaces joins the earlier codes
 * (the newest `keep` of them), so the links of earlier e-mails keep working until the invite is used.
 */
export async function replaceInviteCode(
  tx: Db,
  id: string,
  codeHash: string,
  patch: Pick<InviteRow, 'expiresAt' | 'lastSentAt'>,
  keep: number,
): Promise<InviteRow> {
  const [row] = await tx
    .update(invites)
    .set({
      ...patch,
      codeHash,
      earlierCodeHashes: sql`(array_append(${invites.earlierCodeHashes}, ${invites.codeHash}))[greatest(1, cardinality(${invites.earlierCodeHashes}) + 2 - ${keep}):]`,
    })
    .where(eq(invites.id, id))
    .returning();
  if (!row) throw new Error('invite vanished under its lock');
  return row;
}

/** The invite's row, locked (after its group's: always lock the group first). */
export async function lockInvite(tx: Db, id: string): Promise<InviteRow | null> {
  const [row] = await tx.select().from(invites).where(eq(invites.id, id)).for('update');
  return row ?? null;
}

export async function updateInvite(
  tx: Db,
  id: string,
  patch: Partial<
    Pick<InviteRow, 'codeHash' | 'expiresAt' | 'lastSentAt' | 'revokedAt' | 'usedAt' | 'usedBy'>
  >,
): Promise<InviteRow> {
  const [row] = await tx.update(invites).set(patch).where(eq(invites.id, id)).returning();
  if (!row) throw new Error('invite vanished under its lock');
  return row;
}

/** A join by link of a teacher with a pending invitation: the invitation is used (its seat is the one taken). */
export async function useInvitesTo(
  tx: Db,
  groupId: string,
  email: string,
  userId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(invites)
    .set({ usedAt: now, usedBy: userId })
    .where(and(eq(invites.licenseGroupId, groupId), eq(invites.email, email), pendingInviteSql(now)));
}

export async function deleteInvitesTo(tx: Db, email: string): Promise<void> {
  await tx.delete(invites).where(eq(invites.email, email));
}

export async function countMembers(tx: Db, groupId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(licenseMemberships)
    .where(eq(licenseMemberships.licenseGroupId, groupId));
  return Number(row?.n ?? 0);
}

/** Gives the user a seat; false when they already hold one (of any group). */
export async function insertMembership(tx: Db, userId: string, groupId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(licenseMemberships)
    .values({ userId, licenseGroupId: groupId, joinedAt: now })
    .onConflictDoNothing({ target: licenseMemberships.userId })
    .returning({ userId: licenseMemberships.userId });
  return rows.length === 1;
}

export async function deleteMembership(tx: Db, groupId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(licenseMemberships)
    .where(and(eq(licenseMemberships.licenseGroupId, groupId), eq(licenseMemberships.userId, userId)))
    .returning({ userId: licenseMemberships.userId });
  return rows.length === 1;
}

/**
 * A timestamp as ISO-8601 text in UTC, made by the database: the members call answers thousands of
 * them, and parsing each into a Date only to print it again cost more than the query.
 */
const isoText = (value: SQL) =>
  sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  /** ISO-8601 (UTC). */
  createdAt: string;
  /** ISO-8601 (UTC). */
  joinedAt: string;
  /** ISO-8601 (UTC) of the newest progress record; null when none. */
  lastActivity: string | null;
  /** Completed modules of each course of `courseSlugs` with any (a course left out: none). */
  completed: Record<string, number>;
}

/** A search of a group's members, the order and the rows of one page. */
export interface MemberPageQuery {
  /** Part of a name or e-mail, any case or accents (decision 081); empty: every member. */
  search: string;
  sort: MemberSort;
  offset: number;
  limit: number;
}

/** A course and its number of modules: a member's completed modules count at most that many. */
export interface CourseSize {
  slug: string;
  modules: number;
}

/**
 * The ids of one page of a group's members, in the page's order, and how many members the group
 * has and the search matched. By progress: completed modules (each course counted up to its size)
 * most first; by last activity: newest first, never-active last; then by name. Only the matching
 * members' progress is read, and by name none at all: the page's details come from
 * `membersWithProgress(..., ids)`.
 */
export async function memberPageIds(
  db: Db,
  groupId: string,
  courses: readonly CourseSize[],
  query: MemberPageQuery,
): Promise<{ ids: string[]; matching: number; total: number }> {
  // Any part of the name or e-mail, whatever the case and accents: the admin's user search (decision 081).
  const found = query.search ? userMatches(query.search) : undefined;
  const where = and(eq(licenseMemberships.licenseGroupId, groupId), found);
  const byName = [asc(sql`lower(${users.name})`), asc(users.id)];

  const countOf = async (condition: SQL | undefined) => {
    const [row] = await db
      .select({ n: count() })
      .from(licenseMemberships)
      .innerJoin(users, eq(users.id, licenseMemberships.userId))
      .where(condition);
    return Number(row?.n ?? 0);
  };

  let page: Promise<{ id: string }[]>;
  if (query.sort === 'name') {
    page = db
      .select({ id: users.id })
      .from(licenseMemberships)
      .innerJoin(users, eq(users.id, licenseMemberships.userId))
      .where(where)
      .orderBy(...byName)
      .limit(query.limit)
      .offset(query.offset);
  } else {
    const matchingIds = db
      .select({ userId: licenseMemberships.userId })
      .from(licenseMemberships)
      .innerJoin(users, eq(users.id, licenseMemberships.userId))
      .where(where);
    const perCourse = db
      .select({
        userId: progress.userId,
        courseSlug: progress.courseSlug,
        done: sql<number>`count(*) filter (where ${progress.completed})`.as('done'),
        last: sql<Date>`max(${progress.updatedAt})`.as('last'),
      })
      .from(progress)
      .where(inArray(progress.userId, matchingIds))
      .groupBy(progress.userId, progress.courseSlug)
      .as('per_course');
    const capped =
      courses.length === 0
        ? sql`0`
        : sql`case ${perCourse.courseSlug} ${sql.join(
            courses.map((c) => sql`when ${c.slug} then least(${perCourse.done}, ${c.modules})`),
            sql` `,
          )} else 0 end`;
    const summary = db
      .select({
        userId: perCourse.userId,
        last: sql<Date>`max(${perCourse.last})`.as('summary_last'),
        done: sql<number>`sum(${capped})`.as('summary_done'),
      })
      .from(perCourse)
      .groupBy(perCourse.userId)
      .as('summary');
    const order =
      query.sort === 'progress'
        ? [desc(sql`coalesce(${summary.done}, 0)`), ...byName]
        : [sql`${summary.last} desc nulls last`, ...byName];
    page = db
      .select({ id: users.id })
      .from(licenseMemberships)
      .innerJoin(users, eq(users.id, licenseMemberships.userId))
      .leftJoin(summary, eq(summary.userId, users.id))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);
  }
  const groupOnly = eq(licenseMemberships.licenseGroupId, groupId);
  const [rows, matching, total] = await Promise.all([
    page,
    countOf(where),
    query.search ? countOf(groupOnly) : null,
  ]);
  return { ids: rows.map((r) => r.id), matching, total: total ?? matching };
}

/** The ids of the group's members in the members CSV's order: by name, then id. */
export async function memberIdsInOrder(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(licenseMemberships)
    .innerJoin(users, eq(users.id, licenseMemberships.userId))
    .where(eq(licenseMemberships.licenseGroupId, groupId))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => r.id);
}

/**
 * The group's members (or those of `userIds` among them), by name, each with completed modules per
 * course and the last activity: one query (the members joined to their progress grouped by member,
 * a filtered count per course), so a 5,000-member group is 5,000 rows.
 */
export async function membersWithProgress(
  db: Db,
  groupId: string,
  courseSlugs: readonly string[],
  userIds?: readonly string[],
): Promise<MemberRow[]> {
  if (userIds?.length === 0) return [];
  const inGroup = and(
    eq(licenseMemberships.licenseGroupId, groupId),
    userIds ? amongIds(licenseMemberships.userId, userIds) : undefined,
  );
  const perCourse = Object.fromEntries(
    courseSlugs.map((slug, i) => [
      `c${i}`,
      sql<number>`count(*) filter (where ${progress.completed} and ${progress.courseSlug} = ${slug})`.as(
        `c${i}`,
      ),
    ]),
  );
  // Each member's own progress rows (the key's index), summed per member: a lateral join, so the
  // plan does not hang on the planner's guess of how many members a page or a group has.
  const summary = db
    .select({ last: sql<Date>`max(${progress.updatedAt})`.as('last'), ...perCourse })
    .from(progress)
    .where(eq(progress.userId, licenseMemberships.userId))
    .as('summary');
  const counts = Object.fromEntries(
    courseSlugs.map((_slug, i) => [
      `c${i}`,
      sql<number | null>`${sql.identifier('summary')}.${sql.identifier(`c${i}`)}`,
    ]),
  );
  const rows = (await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: isoText(sql`${users.createdAt}`),
      joinedAt: isoText(sql`${licenseMemberships.joinedAt}`),
      lastActivity: isoText(sql`${sql.identifier('summary')}.${sql.identifier('last')}`),
      ...counts,
    })
    .from(licenseMemberships)
    .innerJoin(users, eq(users.id, licenseMemberships.userId))
    .leftJoinLateral(summary, sql`true`)
    .where(inGroup)
    .orderBy(asc(users.name), asc(users.id))) as unknown as (Omit<MemberRow, 'completed'> &
    Record<string, unknown>)[];
  return rows.map((row) => {
    const completed: Record<string, number> = {};
    courseSlugs.forEach((slug, i) => {
      const n = Number(row[`c${i}`] ?? 0);
      if (n > 0) completed[slug] = n;
    });
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerified,
      createdAt: row.createdAt,
      joinedAt: row.joinedAt,
      lastActivity: row.lastActivity ?? null,
      completed,
    };
  });
}

/** Certificates issued per member (of the group, or of `userIds` among them). */
export async function memberCertificates(
  db: Db,
  groupId: string,
  userIds?: readonly string[],
): Promise<Map<string, number>> {
  if (userIds?.length === 0) return new Map();
  const ofGroup = db
    .select({ userId: licenseMemberships.userId })
    .from(licenseMemberships)
    .where(
      and(
        eq(licenseMemberships.licenseGroupId, groupId),
        userIds ? amongIds(licenseMemberships.userId, userIds) : undefined,
      ),
    );
  const rows = await db
    .select({ userId: certificates.userId, n: count() })
    .from(certificates)
    .where(inArray(certificates.userId, ofGroup))
    .groupBy(certificates.userId);
  return new Map(rows.flatMap((r) => (r.userId ? [[r.userId, Number(r.n)] as const] : [])));
}
