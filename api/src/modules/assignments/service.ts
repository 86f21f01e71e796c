import {
  type Assignment,
  assignmentMailDefaults,
  assignmentMailKinds,
  assignmentMessages,
  type AssignmentRow,
  type AssignmentRowFilter,
  assignmentStatus,
  type AssignmentStatus,
  errorCodes,
  isInvitePending,
  localDate,
  type MyAssignment,
} from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { AssignmentRowDb, LicenseGroupRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { record } from '../audit/service.js';
import type { Actor } from '../licences/common.js';
import { visibleGroup } from '../licences/groups.js';
import { canInviteInto } from '../licences/policy.js';
import { assignedMails } from './nudges.js';
import { groupTimeZone, type MailSetting, settingsOver } from './settings.js';
import * as store from './store.js';

/**
 * Assigned courses (issue 28, part 2; decisions 113-115): the licence admin assigns courses to the
 * whole group or to chosen members with an optional due date, reads who stands where, removes an
 * assignment; the teacher reads their own. Every change writes its audit row in its transaction.
 */

export type ServiceDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'content'>;

const notFound = () => new AppError(404, assignmentMessages.assignmentNotFound, errorCodes.notFound);
const invalid = (message: string) => new AppError(400, message, errorCodes.validation);

/** The group, when `actor` may change its assignments (the group's licence admin); else 403/404. */
async function managedGroup(deps: ServiceDeps, actor: Actor, groupId: string): Promise<LicenseGroupRow> {
  const group = await visibleGroup(deps, actor, groupId);
  if (!canInviteInto(actor, group))
    throw new AppError(404, assignmentMessages.assignmentNotFound, errorCodes.notFound);
  return group;
}

/** Courses that may be assigned: known, and not 'coming soon'. */
function assignableCourse(deps: ServiceDeps, slug: string) {
  const course = deps.content.courses.find((c) => c.slug === slug);
  if (!course) throw invalid(assignmentMessages.unknownCourse(slug));
  if (course.isComingSoon) throw invalid(assignmentMessages.comingSoon(course.title));
  return course;
}

export async function createAssignments(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  input: { courseSlugs: string[]; userIds?: string[] | undefined; dueDate?: string | null | undefined },
): Promise<AssignmentRowDb[]> {
  const group = await managedGroup(deps, actor, groupId);
  const slugs = [...new Set(input.courseSlugs)];
  const courses = slugs.map((slug) => assignableCourse(deps, slug));
  const now = deps.clock();
  const today = localDate(now, groupTimeZone(group));
  const dueDate = input.dueDate ?? null;
  if (dueDate !== null && dueDate < today) throw invalid(assignmentMessages.pastDate(today));
  const userIds = input.userIds ? [...new Set(input.userIds)] : null;
  if (userIds?.some((id) => !isUuid(id))) throw invalid(assignmentMessages.notMember);

  const created = await deps.db.transaction(async (tx) => {
    if (userIds) {
      const members = await store.membersAmong(tx, group.id, userIds);
      if (members.size !== userIds.length) throw invalid(assignmentMessages.notMember);
    }
    const rows = await store.insertAssignments(
      tx,
      courses.map((c) => ({
        licenseGroupId: group.id,
        courseSlug: c.slug,
        dueDate,
        wholeGroup: userIds === null,
        assignedOn: today,
        createdBy: actor.id,
      })),
      now,
    );
    if (userIds)
      await store.insertAssignmentMembers(
        tx,
        rows.map((r) => r.id),
        userIds,
      );
    await record(
      tx,
      actor,
      {
        action: 'assignments_created',
        target: { type: 'license_group', id: group.id, label: group.name },
        after: {
          assignmentIds: rows.map((r) => r.id),
          courses: slugs,
          dueDate,
          members: userIds === null ? 'whole group' : userIds.length,
        },
      },
      now,
    );
    // The "assigned" e-mail to the members of now, in this transaction (later members: housekeeping).
    await assignedMails(deps, tx, group, rows, now);
    return rows;
  });
  deps.mailer.kick();
  return created;
}

export async function removeAssignment(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  assignmentId: string,
): Promise<void> {
  const group = await managedGroup(deps, actor, groupId);
  if (!isUuid(assignmentId)) throw notFound();
  await deps.db.transaction(async (tx) => {
    const removed = await store.deleteAssignment(tx, group.id, assignmentId);
    if (!removed) throw notFound();
    await record(
      tx,
      actor,
      {
        action: 'assignment_removed',
        target: { type: 'license_group', id: group.id, label: group.name },
        before: {
          assignmentId: removed.id,
          course: removed.courseSlug,
          dueDate: removed.dueDate,
          wholeGroup: removed.wholeGroup,
        },
      },
      deps.clock(),
    );
  });
}

function courseSizes(deps: ServiceDeps) {
  return new Map(deps.content.courses.map((c) => [c.slug, { title: c.title, modules: c.modules.length }]));
}

interface GroupView {
  assignments: Assignment[];
  rows: AssignmentRow[];
  matching: number;
  today: string;
  timeZone: string;
}

/**
 * Per assignment and member: completed / in progress / not started / overdue, and for a whole-group
 * assignment the invited who have not joined yet. Filtered and paged here: the page draws 50 rows
 * of a 5,000-member group.
 */
export async function groupAssignmentView(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  query: {
    assignmentId: string;
    status: '' | AssignmentRowFilter;
    q: string;
    page: number;
    pageSize: number;
  },
): Promise<GroupView> {
  const group = await visibleGroup(deps, actor, groupId);
  const now = deps.clock();
  const timeZone = groupTimeZone(group);
  const today = localDate(now, timeZone);
  const [list, assignees, invites] = await Promise.all([
    store.assignmentsOfGroup(deps.db, group.id),
    store.assigneesOfGroup(deps.db, group.id),
    store.openInvites(deps.db, group.id),
  ]);
  const pendingEmails = invites.filter((i) => isInvitePending(i, now)).map((i) => i.email);
  const sizes = courseSizes(deps);
  const byAssignment = new Map<string, AssignmentRow[]>();
  for (const a of list) byAssignment.set(a.id, []);
  const dueOf = new Map(list.map((a) => [a.id, a.dueDate]));
  for (const r of assignees) {
    const total = sizes.get(r.courseSlug)?.modules ?? 0;
    const done = Math.min(r.done, total);
    const status = assignmentStatus(
      { completedModules: done, totalModules: total, started: r.started },
      dueOf.get(r.assignmentId) ?? null,
      today,
    );
    byAssignment.get(r.assignmentId)?.push({
      assignment_id: r.assignmentId,
      course_slug: r.courseSlug,
      user_id: r.userId,
      name: r.name,
      email: r.email,
      joined: true,
      status,
      completed_modules: done,
      total_modules: total,
      completed_at: status === 'completed' && r.lastCompletedAt ? r.lastCompletedAt.toISOString() : null,
    });
  }
  const assignmentsOut: Assignment[] = list.map((a) => {
    const rows = byAssignment.get(a.id) ?? [];
    const total = sizes.get(a.courseSlug)?.modules ?? 0;
    if (a.wholeGroup) {
      const status = assignmentStatus(
        { completedModules: 0, totalModules: total, started: false },
        a.dueDate,
        today,
      );
      for (const email of pendingEmails)
        rows.push({
          assignment_id: a.id,
          course_slug: a.courseSlug,
          user_id: null,
          name: null,
          email,
          joined: false,
          status,
          completed_modules: 0,
          total_modules: total,
          completed_at: null,
        });
    }
    const counts = { completed: 0, in_progress: 0, not_started: 0, overdue: 0, invited: 0 };
    for (const r of rows) {
      if (r.joined) counts[r.status]++;
      else counts.invited++;
    }
    return {
      id: a.id,
      course_slug: a.courseSlug,
      course_title: sizes.get(a.courseSlug)?.title ?? a.courseSlug,
      due_date: a.dueDate,
      whole_group: a.wholeGroup,
      assignees: rows.length,
      created_at: a.createdAt.toISOString(),
      counts,
    };
  });

  const search = query.q.trim();
  const matches = search ? userMatchesText(search) : null;
  const filtered = list
    .filter((a) => !query.assignmentId || a.id === query.assignmentId)
    .flatMap((a) => (byAssignment.get(a.id) ?? []).toSorted(byNameThenEmail))
    .filter((r) => {
      if (query.status === 'invited') return !r.joined;
      if (query.status && (!r.joined || r.status !== query.status)) return false;
      return !matches || matches(`${r.name ?? ''} ${r.email}`);
    });
  const start = (query.page - 1) * query.pageSize;
  return {
    assignments: assignmentsOut,
    rows: filtered.slice(start, start + query.pageSize),
    matching: filtered.length,
    today,
    timeZone,
  };
}

/** A search of names and e-mails in any case and accents (as the members list's, decision 081). */
function userMatchesText(search: string): (text: string) => boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const needle = fold(search);
  return (text) => fold(text).includes(needle);
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

function byNameThenEmail(a: AssignmentRow, b: AssignmentRow): number {
  if (a.joined !== b.joined) return a.joined ? -1 : 1;
  return collator.compare(a.name ?? '', b.name ?? '') || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0);
}

/** The signed-in teacher's assigned courses (a course assigned twice: the earliest due date). */
export async function myAssignments(deps: ServiceDeps, user: Pick<Actor, 'id'>): Promise<MyAssignment[]> {
  const rows = await store.assignmentsOfUser(deps.db, user.id);
  const sizes = courseSizes(deps);
  const now = deps.clock();
  const seen = new Set<string>();
  const out: MyAssignment[] = [];
  for (const r of rows) {
    if (seen.has(r.courseSlug)) continue;
    seen.add(r.courseSlug);
    const total = sizes.get(r.courseSlug)?.modules ?? 0;
    const today = localDate(now, groupTimeZone({ id: r.licenseGroupId }));
    const status: AssignmentStatus = assignmentStatus(
      { completedModules: Math.min(r.done, total), totalModules: total, started: r.started },
      r.dueDate,
      today,
    );
    out.push({
      id: r.assignmentId,
      course_slug: r.courseSlug,
      course_title: sizes.get(r.courseSlug)?.title ?? r.courseSlug,
      group_name: r.groupName,
      due_date: r.dueDate,
      assigned_at: r.createdAt.toISOString(),
      status,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Each group's version of the automatic e-mails.

export async function mailSettingsOfGroup(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  db: Db = deps.db,
): Promise<MailSetting[]> {
  const group = await visibleGroup(deps, actor, groupId);
  return [...settingsOver(await store.mailSettingsOf(db, group.id)).values()];
}

export async function updateMailSetting(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  kind: string,
  input: { enabled: boolean; subject?: string | null | undefined; intro?: string | null | undefined },
): Promise<MailSetting> {
  const group = await managedGroup(deps, actor, groupId);
  const known = assignmentMailKinds.find((k) => k === kind);
  if (!known) throw new AppError(404, 'There is no such e-mail.', errorCodes.notFound);
  const d = assignmentMailDefaults[known];
  const saved = await store.upsertMailSetting(deps.db, {
    licenseGroupId: group.id,
    kind: known,
    enabled: input.enabled,
    subject: input.subject && input.subject !== d.subject ? input.subject : null,
    intro: input.intro && input.intro !== d.intro ? input.intro : null,
  });
  return settingsOver([saved]).get(known)!;
}
