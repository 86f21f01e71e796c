import {
  type AssignmentMailKind,
  assignmentMailDefaults,
  assignmentStatus,
  fillMailText,
  formatDueDate,
  localDate,
  nudgeWindows,
  paths,
  pdHoursEarned,
  weekOf,
} from '@pd/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AssignmentRowDb, LicenseGroupRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { backgroundSlice, restAfter } from '../../turns.js';
import { assignmentNoticeMail, type OutgoingMail } from '../mail/templates.js';
import { groupTimeZone, type MailSetting, settingsOver } from './settings.js';
import * as store from './store.js';

/**
 * The automatic e-mails of assignments (issue 28, part 2; decision 115). Each is claimed once, by a
 * row of `assignment_nudges` per (assignment, member, kind) inserted in the transaction that queues
 * it (the digest: a row of `assignment_digests` per group and week), so several api instances
 * running housekeeping at once send it once. Only current members of active groups are candidates
 * (a removed member is in no assignment of the group), and a member nudge's condition excludes
 * whoever completed the course.
 */

type NudgeDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'content'>;
type MemberKind = Exclude<AssignmentMailKind, 'weekly_digest'>;

const courseTitle = (deps: NudgeDeps, slug: string) =>
  deps.content.courses.find((c) => c.slug === slug)?.title ?? slug;

const courseSizes = (deps: NudgeDeps) =>
  deps.content.courses
    .filter((c) => !c.isComingSoon)
    .map((c) => ({ slug: c.slug, modules: c.modules.length }));

const dueText = (due: string | null) => (due ? `due ${formatDueDate(due)}` : 'no due date');

/** What each member nudge says after its introduction. */
const closing: Record<MemberKind, string> = {
  assigned:
    'Open the course whenever you are ready: your progress is saved on this device and synced when you are online.',
  not_started: 'A few minutes today is enough to start: your progress is saved as you go.',
  due_in_7_days: 'There is still a week to finish: your progress so far is kept.',
  due_in_1_day: 'Finish the remaining modules by tomorrow to complete it on time.',
  completed_note: 'You can see every member on the License Management page.',
};

/** One teacher's e-mail of `kind` about the courses of `items` (one or more assignments of their group). */
function memberMail(
  deps: NudgeDeps,
  kind: Exclude<MemberKind, 'completed_note'>,
  setting: MailSetting,
  to: { email: string; name: string },
  groupName: string,
  items: readonly { courseSlug: string; dueDate: string | null }[],
): OutgoingMail {
  const url =
    items.length === 1
      ? `${deps.config.publicUrl}${paths.course(items[0]!.courseSlug)}`
      : `${deps.config.publicUrl}${paths.home()}`;
  return assignmentNoticeMail(to.email, {
    subject: fillMailText(setting.subject, { group: groupName }),
    paragraphs: [
      `Hello ${to.name},`,
      fillMailText(setting.intro, { group: groupName }),
      ...items.map((i) => `"${courseTitle(deps, i.courseSlug)}", ${dueText(i.dueDate)}.`),
      closing[kind],
    ],
    action: { label: items.length === 1 ? 'Open the course' : 'See your courses', url },
  });
}

/** Groups claimed rows by member, one e-mail each listing their courses. */
function byMember<T extends { userId: string }>(rows: readonly T[]): T[][] {
  const map = new Map<string, T[]>();
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r]);
  return [...map.values()];
}

/**
 * The "assigned" e-mail to the current members of new assignments, in their transaction: one per
 * member listing the courses; none to a member who already completed a course (for that course).
 */
export async function assignedMails(
  deps: NudgeDeps,
  tx: Db,
  group: LicenseGroupRow,
  created: readonly AssignmentRowDb[],
  now: Date,
): Promise<number> {
  const setting = settingsOver(await store.mailSettingsOf(tx, group.id)).get('assigned')!;
  if (!setting.enabled || group.status !== 'active') return 0;
  const ids = new Set(created.map((a) => a.id));
  const dueOf = new Map(created.map((a) => [a.id, a.dueDate]));
  const sizes = new Map(courseSizes(deps).map((c) => [c.slug, c.modules]));
  const assignees = (await store.assigneesOfGroup(tx, group.id)).filter(
    (r) => ids.has(r.assignmentId) && r.done < (sizes.get(r.courseSlug) ?? 0),
  );
  const claimed = await store.claimNudges(tx, 'assigned', assignees, now);
  const mine = assignees.filter((r) => claimed.has(`${r.assignmentId}:${r.userId}`));
  const mails = byMember(mine).map((items) =>
    memberMail(
      deps,
      'assigned',
      setting,
      items[0]!,
      group.name,
      items.map((i) => ({ courseSlug: i.courseSlug, dueDate: dueOf.get(i.assignmentId) ?? null })),
    ),
  );
  if (mails.length > 0) await deps.mailer.enqueueMany(tx, mails);
  return mails.length;
}

/** Each kind's condition on the candidate `a`, its membership, its progress `pr` and course size `c`. */
function conditionOf(kind: MemberKind, today: string): SQL {
  const w = nudgeWindows(today);
  const notCompleted = sql`pr.done < c.modules`;
  switch (kind) {
    case 'assigned':
      // Members who joined after the assignment was made (the members of then had it at once).
      return sql`${notCompleted} AND a.joined_at > a.created_at`;
    case 'not_started':
      // Decision 114: a member's joining day in UTC, as the group's days.
      // No module completed, said without the per-member count (pr): an anti-join the planner runs
      // in half the time over a district's every assignee (decision 126).
      return sql`NOT EXISTS (SELECT 1 FROM progress p
                         WHERE p.user_id = a.user_id AND p.course_slug = a.course_slug AND p.completed)
        AND NOT EXISTS (SELECT 1 FROM content_receipts r WHERE r.user_id = a.user_id AND r.course_slug = a.course_slug)
        AND greatest(a.assigned_on, (a.joined_at AT TIME ZONE 'UTC')::date) <= ${w.notStartedAssignedBy}::date`;
    case 'due_in_7_days':
      return sql`${notCompleted} AND a.due_date BETWEEN ${w.dueIn7.from}::date AND ${w.dueIn7.to}::date
        AND a.due_date - a.assigned_on > 7`;
    case 'due_in_1_day':
      return sql`${notCompleted} AND a.due_date BETWEEN ${w.dueIn1.from}::date AND ${w.dueIn1.to}::date`;
    case 'completed_note':
      return sql`pr.done >= c.modules AND pr.last_at >= a.created_at`;
  }
}

const memberKinds: MemberKind[] = [
  'assigned',
  'not_started',
  'due_in_7_days',
  'due_in_1_day',
  'completed_note',
];

/**
 * Sends the due nudges of one kind, in batches, each batch claimed and queued in one transaction.
 * A kind off by default that no group has turned on is not looked for. Like the digests it takes
 * turns with the teachers (decision 126): no parallel workers, and a rest after each batch.
 */
async function runKind(deps: NudgeDeps, kind: MemberKind, batch: number): Promise<number> {
  let sent = 0;
  const courses = courseSizes(deps);
  if (!assignmentMailDefaults[kind].enabled && !(await store.anyGroupTurnedOn(deps.db, kind))) return 0;
  for (;;) {
    const started = performance.now();
    const now = deps.clock();
    // Decision 114: every group's day is the UTC day until groups have a time zone.
    const today = localDate(now, 'UTC');
    const { candidates, mails } = await deps.db.transaction(async (tx) => {
      await store.asBackgroundWork(tx);
      const candidates = await store.nudgeCandidates(tx, {
        kind,
        enabledByDefault: assignmentMailDefaults[kind].enabled,
        courses,
        condition: conditionOf(kind, today),
        limit: batch,
      });
      const claimed = await store.claimNudges(tx, kind, candidates, now);
      const mine = candidates.filter((c) => claimed.has(`${c.assignmentId}:${c.userId}`));
      const groupIds = [...new Set(mine.map((c) => c.licenseGroupId))];
      const settings = new Map(
        await Promise.all(
          groupIds.map(
            async (id) => [id, settingsOver(await store.mailSettingsOf(tx, id)).get(kind)!] as const,
          ),
        ),
      );
      const out: OutgoingMail[] = [];
      if (kind === 'completed_note') {
        const admins = await store.adminsOf(tx, groupIds);
        for (const c of mine) {
          const setting = settings.get(c.licenseGroupId)!;
          for (const admin of admins.get(c.licenseGroupId) ?? [])
            out.push(
              assignmentNoticeMail(admin.email, {
                subject: fillMailText(setting.subject, { group: c.groupName, member: c.name }),
                paragraphs: [
                  `Hello ${admin.name},`,
                  fillMailText(setting.intro, { group: c.groupName, member: c.name }),
                  `"${courseTitle(deps, c.courseSlug)}" (${dueText(c.dueDate)}), completed by ${c.name} (${c.email}).`,
                  closing.completed_note,
                ],
                action: {
                  label: 'Open License Management',
                  url: `${deps.config.publicUrl}${paths.licenseAdmin()}`,
                },
              }),
            );
        }
      } else {
        for (const items of byMember(mine)) {
          const first = items[0]!;
          out.push(
            memberMail(deps, kind, settings.get(first.licenseGroupId)!, first, first.groupName, items),
          );
        }
      }
      if (out.length > 0) await deps.mailer.enqueueMany(tx, out);
      return { candidates: candidates.length, mails: out.length, claimed: claimed.size };
    });
    sent += mails;
    if (candidates < batch || mails === 0) break;
    await restAfter(performance.now() - started);
  }
  return sent;
}

/** One line of names, at most 15, then how many more. */
function names(list: readonly string[]): string {
  if (list.length === 0) return 'nobody';
  const shown = list.slice(0, 15).join(', ');
  return list.length > 15 ? `${shown} and ${list.length - 15} more` : shown;
}

/** What one group's digest reads: its assignments, assignees, this week's completions and admins. */
interface DigestReads {
  assignments: readonly AssignmentRowDb[];
  assignees: readonly store.AssigneeRow[];
  completions: readonly { courseSlug: string; done: number }[];
  admins: readonly { email: string; name: string }[];
}

const groupedBy = <T, K extends string>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
};

/**
 * The weekly digest of one group to its licence admins: who finished (an assigned course completed
 * in the last 7 days), who is behind (overdue), who never started, and the PD hours earned this week.
 */
function digestOf(
  deps: NudgeDeps,
  reads: DigestReads,
  group: { id: string; name: string },
  setting: MailSetting,
  now: Date,
): OutgoingMail[] {
  const today = localDate(now, groupTimeZone(group));
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const { assignments, assignees, completions } = reads;
  const courses = new Map(deps.content.courses.map((c) => [c.slug, c]));
  const due = new Map(assignments.map((a) => [a.id, a.dueDate]));
  const finished = new Set<string>();
  const behind = new Set<string>();
  const neverStarted = new Set<string>();
  const perAssignment = new Map<
    string,
    { done: number; total: number; overdue: number; notStarted: number }
  >();
  for (const r of assignees) {
    const total = courses.get(r.courseSlug)?.modules.length ?? 0;
    const status = assignmentStatus(
      { completedModules: Math.min(r.done, total), totalModules: total, started: r.started },
      due.get(r.assignmentId) ?? null,
      today,
    );
    const counts = perAssignment.get(r.assignmentId) ?? { done: 0, total: 0, overdue: 0, notStarted: 0 };
    counts.total++;
    if (status === 'completed') {
      counts.done++;
      if (r.lastCompletedAt && r.lastCompletedAt >= weekAgo) finished.add(r.name);
    } else if (status === 'overdue') {
      counts.overdue++;
      behind.add(r.name);
    }
    if (!r.started && status !== 'completed') {
      counts.notStarted++;
      neverStarted.add(r.name);
    }
    perAssignment.set(r.assignmentId, counts);
  }
  let minutes = 0;
  for (const c of completions) {
    const course = courses.get(c.courseSlug);
    if (course && course.modules.length > 0 && c.done >= course.modules.length)
      minutes += course.totalMinutes;
  }
  const lines = [
    fillMailText(setting.intro, { group: group.name }),
    ...assignments.map((a) => {
      const n = perAssignment.get(a.id) ?? { done: 0, total: 0, overdue: 0, notStarted: 0 };
      return `"${courseTitle(deps, a.courseSlug)}" (${dueText(a.dueDate)}): ${n.done} of ${n.total} completed, ${n.overdue} overdue, ${n.notStarted} not started.`;
    }),
    `Finished this week: ${names([...finished].sort())}.`,
    `Behind (past the due date): ${names([...behind].sort())}.`,
    `Never started: ${names([...neverStarted].sort())}.`,
    `PD hours earned this week: ${pdHoursEarned(minutes)}.`,
  ];
  const url = `${deps.config.publicUrl}${paths.licenseAdmin()}`;
  return reads.admins.map((admin) =>
    assignmentNoticeMail(admin.email, {
      subject: fillMailText(setting.subject, { group: group.name }),
      paragraphs: [`Hello ${admin.name},`, ...lines],
      action: { label: 'Open License Management', url },
    }),
  );
}

/**
 * The weekly digests due this week, a batch of groups at a time: one transaction claims the batch's
 * digests (a second instance's claims wait for it and take none), reads the batch's small tables
 * (settings, assignments, admins) in one query each, then each claimed group's assignees and
 * completions in its own turn of the event loop, and queues the e-mails. A group's reads follow
 * indexes from its members (decision 128): a batch's set-based read of every member at once made
 * PostgreSQL scan the whole users, memberships and progress tables per batch. It takes turns with the
 * teachers (decision 126): its queries keep to one process of the database server with no JIT, and
 * after each batch it rests as long as the batch took.
 */
export async function sendWeeklyDigests(deps: NudgeDeps, batch = 10): Promise<number> {
  let sent = 0;
  for (;;) {
    const started = performance.now();
    const now = deps.clock();
    const week = weekOf(localDate(now, 'UTC'));
    const groups = await store.digestCandidates(
      deps.db,
      week,
      assignmentMailDefaults.weekly_digest.enabled,
      batch,
    );
    const claimedCount = await deps.db.transaction(async (tx) => {
      const claimed = await store.claimDigests(
        tx,
        groups.map((g) => g.id),
        week,
        now,
      );
      if (claimed.size === 0) return 0;
      await store.asBackgroundWork(tx);
      const ids = [...claimed];
      const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
      const [settingRows, assignments, admins] = await Promise.all([
        store.mailSettingsOfGroups(tx, ids),
        store.assignmentsOfGroups(tx, ids),
        store.adminsOf(tx, ids),
      ]);
      const settings = groupedBy(settingRows, (r) => r.licenseGroupId);
      const assignmentsOf = groupedBy(assignments, (a) => a.licenseGroupId);
      const out: OutgoingMail[] = [];
      for (const group of groups.filter((g) => claimed.has(g.id))) {
        await backgroundSlice();
        const [assignees, completions] = await Promise.all([
          store.assigneesOfGroup(tx, group.id),
          store.completionsOfGroupBetween(tx, group.id, weekAgo, now),
        ]);
        const setting = settingsOver(settings.get(group.id) ?? []).get('weekly_digest')!;
        const reads: DigestReads = {
          assignments: assignmentsOf.get(group.id) ?? [],
          assignees,
          completions,
          admins: admins.get(group.id) ?? [],
        };
        out.push(...digestOf(deps, reads, group, setting, now));
      }
      if (out.length > 0) await deps.mailer.enqueueMany(tx, out);
      sent += out.length;
      return claimed.size;
    });
    if (groups.length < batch || claimedCount === 0) break;
    await restAfter(performance.now() - started);
  }
  return sent;
}

/**
 * Housekeeping's job (every 10 minutes on every instance): the member nudges of every kind, then
 * the weekly digests. Returns the e-mails queued.
 */
export async function runAssignmentNudges(
  deps: NudgeDeps & Pick<AppDeps, 'logger'>,
  batch = 500,
): Promise<number> {
  const started = performance.now();
  let nudges = 0;
  for (const kind of memberKinds) nudges += await runKind(deps, kind, batch);
  const digests = await sendWeeklyDigests(deps);
  const total = nudges + digests;
  if (total > 0) {
    // How long a district's housekeeping takes (the assignments bench reads it): nudges, digests.
    deps.logger.info('assignment e-mails queued', {
      count: total,
      nudges,
      digests,
      ms: Math.round(performance.now() - started),
    });
    deps.mailer.kick();
  }
  return total;
}
