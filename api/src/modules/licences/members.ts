import { errorCodes, type GroupMember, licenceMessages, type MemberSort, pdHoursEarned } from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { LicenseGroupRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { backgroundRead } from '../../turns.js';
import { seatGroupOf } from '../access/service.js';
import * as audit from '../audit/service.js';
import { type Actor, groupNotFound, type ServiceDeps } from './common.js';
import { visibleGroup } from './groups.js';
import { canInviteInto } from './policy.js';
import * as store from './store.js';

/** A group's members and their progress, as the licence admin reads them; removing a member. */

/** The courses a member's progress counts in: every course that is not 'coming soon'. */
function countedCourses(deps: ServiceDeps) {
  return deps.content.courses.filter((c) => !c.isComingSoon);
}

/** Every member of the group with their progress, by name, and the courses it counts (the CSV export). */
export async function groupMembers(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
): Promise<{
  group: LicenseGroupRow;
  members: GroupMember[];
  courses: { slug: string; title: string; modules: number }[];
}> {
  const group = await visibleGroup(deps, actor, groupId);
  const courses = countedCourses(deps).map((c) => ({
    slug: c.slug,
    title: c.title,
    modules: c.modules.length,
  }));
  return { group, members: await membersOf(deps, groupId), courses };
}

/** How many members the members CSV reads at a time. */
export const membersCsvPageSize = 250;

/**
 * The group's members for a download, a page at a time (issue 31 item 5): the group is checked
 * first (403/404 before any byte), then `pages` reads the group's member ids once, in the CSV's order
 * (name, then id), and each page of members with its progress only when the download asks for it.
 * The ids, not the rows, are held for the whole download: a keyset read per page sorted the whole
 * group again for every page (decision 129).
 */
export async function groupMemberPages(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  pageSize = membersCsvPageSize,
): Promise<{
  group: LicenseGroupRow;
  courses: { slug: string; title: string; modules: number }[];
  pages: AsyncGenerator<GroupMember[]>;
}> {
  const group = await visibleGroup(deps, actor, groupId);
  const courses = countedCourses(deps).map((c) => ({
    slug: c.slug,
    title: c.title,
    modules: c.modules.length,
  }));
  async function* pages(): AsyncGenerator<GroupMember[]> {
    // One download's read at a time in the process (api/src/turns.ts): a request's query never
    // waits behind several downloads' pages.
    const order = await backgroundRead(() => store.memberIdsInOrder(deps.db, groupId));
    for (let start = 0; start < order.length; start += pageSize) {
      const ids = order.slice(start, start + pageSize);
      const members = await backgroundRead(() => membersOf(deps, groupId, ids));
      // A member who left the group since the download began is no longer read.
      const byId = new Map(members.map((m) => [m.id, m]));
      yield ids.flatMap((id) => byId.get(id) ?? []);
    }
  }
  return { group, courses, pages: pages() };
}

/**
 * One page of the group's members (the License Management page's list): the search, the order and
 * the page are the server's work, so a 5,000-member group answers 20 members.
 */
export async function groupMemberPage(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  query: { q: string; sort: MemberSort; page: number; pageSize: number },
): Promise<{ members: GroupMember[]; total: number; matching: number }> {
  await visibleGroup(deps, actor, groupId);
  const courses = countedCourses(deps).map((c) => ({ slug: c.slug, modules: c.modules.length }));
  const { ids, matching, total } = await store.memberPageIds(deps.db, groupId, courses, {
    search: query.q,
    sort: query.sort,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const members = await membersOf(deps, groupId, ids);
  const byId = new Map(members.map((m) => [m.id, m]));
  return {
    members: ids.flatMap((id) => byId.get(id) ?? []),
    total,
    matching,
  };
}

async function membersOf(deps: ServiceDeps, groupId: string, userIds?: string[]): Promise<GroupMember[]> {
  const courses = countedCourses(deps);
  const [members, certificates] = await Promise.all([
    store.membersWithProgress(
      deps.db,
      groupId,
      courses.map((c) => c.slug),
      userIds,
    ),
    store.memberCertificates(deps.db, groupId, userIds),
  ]);
  const totalModules = courses.reduce((sum, c) => sum + c.modules.length, 0);
  const bySlug = new Map(courses.map((c) => [c.slug, c]));
  return members.map((member) => {
    // The courses the member has started (a course left out: 0 of its modules).
    const courseStats: Record<string, { completed: number; total: number }> = {};
    let completedModules = 0;
    let earnedMinutes = 0;
    for (const [slug, count] of Object.entries(member.completed)) {
      const course = bySlug.get(slug);
      if (!course) continue;
      const total = course.modules.length;
      const completed = Math.min(Number(count), total);
      courseStats[slug] = { completed, total };
      completedModules += completed;
      if (total > 0 && completed >= total) earnedMinutes += course.totalMinutes;
    }
    return {
      id: member.id,
      name: member.name,
      email: member.email,
      emailVerified: member.emailVerified,
      createdAt: member.createdAt,
      joinedAt: member.joinedAt,
      progress: {
        completedModules,
        totalModules,
        lastActivity: member.lastActivity,
        courseStats,
      },
      pdHours: pdHoursEarned(earnedMinutes),
      certificates: certificates.get(member.id) ?? 0,
    };
  });
}

/** The licence admin removes a member: the seat is free again; the teacher keeps their progress. */
export async function removeMember(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  userId: string,
): Promise<void> {
  const group = await visibleGroup(deps, actor, groupId);
  if (!canInviteInto(actor, group)) throw groupNotFound();
  const removed = isUuid(userId)
    ? await deps.db.transaction(async (tx) => {
        await store.lockGroup(tx, groupId);
        const [member] = await store.membersWithProgress(tx, groupId, [], [userId]);
        const gone = await store.deleteMembership(tx, groupId, userId);
        if (gone) {
          await audit.record(
            tx,
            actor,
            {
              action: 'member_removed',
              target: { type: 'user', id: userId, label: member?.email ?? userId },
              groupId,
              before: { group: group.name },
            },
            deps.clock(),
          );
        }
        return gone;
      })
    : false;
  if (!removed) throw new AppError(404, licenceMessages.memberNotFound, errorCodes.notFound);
}

/** Frees the user's seat, with its group locked (an account's deletion, in its transaction). */
export async function releaseSeatOf(tx: Db, userId: string): Promise<void> {
  const groupId = await seatGroupOf({ db: tx }, userId);
  if (!groupId) return;
  await store.lockGroup(tx, groupId);
  await store.deleteMembership(tx, groupId, userId);
}
