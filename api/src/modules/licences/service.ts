import { createHash, randomBytes } from 'node:crypto';
import {
  authMessages,
  type CreateLicenseGroupRequest,
  errorCodes,
  type GroupMember,
  inviteLifetimeMs,
  isValidEmail,
  licenceAccessMessages,
  licenceErrorCodes,
  licenceMessages,
  type LicenceMembership,
  type MemberSort,
  limits,
  normaliseEmail,
  pdHoursEarned,
  type RegisterRequest,
  type SendInvitesRequest,
  type SkippedInvite,
  type UpdateLicenseCountRequest,
} from '@pd/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { InviteRow, LicenseGroupRow, UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import * as audit from '../audit/service.js';
import * as auth from '../auth/service.js';
import { inviteMail, mailLinks } from '../mail/templates.js';
import { canInviteInto, canManageAllGroups, canViewGroup, isLicenceStaff } from './policy.js';
import * as store from './store.js';

type Parsed<T extends z.ZodType> = z.output<T>;
type ServiceDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'content' | 'sessionCache'>;
type Actor = Pick<UserRow, 'id' | 'role' | 'name' | 'email'>;

/** >= 128 random bits (here 256), in the link only; the database keeps its SHA-256. */
const newInviteCode = (): string => randomBytes(32).toString('base64url');
const hashCode = (code: string): string => createHash('sha256').update(code).digest('hex');

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (id: string) => uuidPattern.test(id);

const groupNotFound = () => new AppError(404, licenceMessages.groupNotFound, errorCodes.notFound);
const forbidden = (message: string) => new AppError(403, message, errorCodes.forbidden);
/** The one answer for an unknown, used, expired or revoked code: codes cannot be probed. */
const invalidInvite = () =>
  new AppError(404, licenceMessages.invalidInviteCode, licenceErrorCodes.invalidInvite);

// ------------------------------------------------------------------------------------------------
// Access: the seat a user holds, for `hasPremiumAccess` everywhere premium is checked.

/** The user's licence seat (any group status: the rule decides what a suspended group gives). */
export async function membershipOf(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<LicenceMembership | null> {
  return store.membershipOf(deps.db, userId);
}

/** Who is asking, as the access rules read it (content/policy.ts `Viewer`): role and licence seat. */
export type AccessViewer = { role: UserRow['role']; licence: LicenceMembership | null } | null;

export async function viewerOf(deps: Pick<AppDeps, 'db'>, user: UserRow | null): Promise<AccessViewer> {
  if (!user) return null;
  return { role: user.role, licence: await store.membershipOf(deps.db, user.id) };
}

/** The signed-in user of a session id as a viewer (null when signed out). */
export async function sessionViewer(
  deps: Pick<AppDeps, 'db' | 'sessionCache'>,
  userId: string | undefined,
): Promise<AccessViewer> {
  return viewerOf(deps, await auth.currentUser(deps, userId));
}

// ------------------------------------------------------------------------------------------------
// Groups (superadmin).

export async function createGroup(
  deps: ServiceDeps,
  actor: Actor,
  input: Parsed<typeof CreateLicenseGroupRequest>,
): Promise<LicenseGroupRow> {
  if (!canManageAllGroups(actor)) throw forbidden(licenceAccessMessages.onlySuperadmins);
  const purchaser = isUuid(input.purchaser_id) ? await auth.findUser(deps, input.purchaser_id) : null;
  if (!purchaser || purchaser.role !== 'license_admin') {
    throw new AppError(400, licenceMessages.purchaserNotLicenseAdmin, errorCodes.validation, {
      purchaser_id: licenceMessages.purchaserNotLicenseAdmin,
    });
  }
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const group = await store.insertGroup(
      tx,
      { name: input.name, purchaserId: purchaser.id, licenseCount: input.license_count },
      now,
    );
    await audit.record(
      tx,
      actor,
      {
        action: 'license_group_created',
        target: { type: 'license_group', id: group.id, label: group.name },
        after: { name: group.name, purchaserEmail: purchaser.email, licenseCount: group.licenseCount },
      },
      now,
    );
    return group;
  });
}

export async function listAllGroups(deps: ServiceDeps, actor: Actor) {
  if (!canManageAllGroups(actor)) throw forbidden(licenceAccessMessages.onlySuperadmins);
  const groups = await store.allGroups(deps.db);
  const usage = await store.seatUsage(
    deps.db,
    groups.map((g) => g.id),
    deps.clock(),
  );
  return groups.map((group) => ({ group, usage: usage.get(group.id) ?? { used: 0, pending: 0 } }));
}

/** The signed-in licence admin's groups with their invites (the page uses the first). */
export async function myGroups(deps: ServiceDeps, actor: Actor) {
  if (!isLicenceStaff(actor)) throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  const groups = await store.groupsOfPurchaser(deps.db, actor.id);
  const now = deps.clock();
  const usage = await store.seatUsage(
    deps.db,
    groups.map((g) => g.id),
    now,
  );
  return Promise.all(
    groups.map(async (group) => ({
      group: { ...group, purchaserEmail: actor.email },
      usage: usage.get(group.id) ?? { used: 0, pending: 0 },
      invites: await store.invitesOfGroup(deps.db, group.id),
    })),
  );
}

/** Any number >= the seats used; below it, refused with a message. */
export async function updateLicenseCount(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  input: Parsed<typeof UpdateLicenseCountRequest>,
) {
  if (!canManageAllGroups(actor)) throw forbidden(licenceAccessMessages.onlySuperadmins);
  if (!isUuid(groupId)) throw groupNotFound();
  return deps.db.transaction(async (tx) => {
    const group = await store.lockGroup(tx, groupId);
    if (!group) throw groupNotFound();
    const used = await store.countMembers(tx, groupId);
    if (input.license_count < used) {
      throw new AppError(
        400,
        licenceMessages.licenseCountBelowUsed(used),
        licenceErrorCodes.licenseCountBelowUsed,
        {
          license_count: licenceMessages.licenseCountBelowUsed(used),
        },
      );
    }
    const updated = await store.setLicenseCount(tx, groupId, input.license_count);
    if (updated.licenseCount !== group.licenseCount) {
      await audit.record(
        tx,
        actor,
        {
          action: 'license_count_edited',
          target: { type: 'license_group', id: group.id, label: group.name },
          before: { licenseCount: group.licenseCount },
          after: { licenseCount: updated.licenseCount },
        },
        deps.clock(),
      );
    }
    const usage = (await store.seatUsage(tx, [groupId], deps.clock())).get(groupId) ?? { used, pending: 0 };
    return { group: updated, usage };
  });
}

/** The group, when `actor` may see it; else the same 404 as an unknown group (nothing revealed). */
async function visibleGroup(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  groupId: string,
): Promise<LicenseGroupRow> {
  if (!isLicenceStaff(actor)) throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  const group = isUuid(groupId) ? await store.findGroup(deps.db, groupId) : null;
  if (!group || !canViewGroup(actor, group)) throw groupNotFound();
  return group;
}

// ------------------------------------------------------------------------------------------------
// Members and their progress.

/** The courses a member's progress counts in: every course that is not 'coming soon'. */
function countedCourses(deps: ServiceDeps) {
  return deps.content.courses.filter((c) => !c.isComingSoon);
}

/** Every member of the group with their progress, by name (the CSV export). */
export async function groupMembers(deps: ServiceDeps, actor: Actor, groupId: string): Promise<GroupMember[]> {
  await visibleGroup(deps, actor, groupId);
  return membersOf(deps, groupId);
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
        return store.deleteMembership(tx, groupId, userId);
      })
    : false;
  if (!removed) throw new AppError(404, licenceMessages.memberNotFound, errorCodes.notFound);
}

// ------------------------------------------------------------------------------------------------
// Invitations.

interface SendResult {
  invites: InviteRow[];
  skipped: SkippedInvite[];
}

/**
 * Checks and sends invitations (spec section 5), all in one transaction with the group locked, so
 * parallel sends never promise more seats than there are. Each invite is a mail in the outbox.
 */
export async function sendInvites(
  deps: ServiceDeps,
  actor: Actor,
  input: Parsed<typeof SendInvitesRequest>,
): Promise<SendResult> {
  if (actor.role !== 'license_admin') throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  const noGroup = () => new AppError(404, licenceMessages.noLicenseGroup, licenceErrorCodes.noLicenseGroup);
  if (!isUuid(input.license_group_id)) throw noGroup();
  const lines = input.emails.map((e) => e.trim()).filter((e) => e.length > 0);
  if (lines.length === 0) throw new AppError(400, licenceMessages.noEmailsText, licenceErrorCodes.noEmails);
  const emails = [...new Set(lines.map(normaliseEmail))];
  const invalid = emails.filter((e) => !isValidEmail(e));
  if (invalid.length > 0) {
    throw new AppError(400, licenceMessages.invalidEmails(invalid), licenceErrorCodes.invalidEmails);
  }
  if (emails.length > limits.maxInvitesPerSend) {
    throw new AppError(400, licenceMessages.tooManyEmailsText, licenceErrorCodes.tooManyEmails);
  }
  const result = await deps.db.transaction(async (tx) => {
    const group = await store.lockGroup(tx, input.license_group_id);
    if (!group || !canInviteInto(actor, group)) throw noGroup();
    const now = deps.clock();
    const members = await store.memberEmails(tx, group.id, emails);
    const pending = await store.pendingEmails(tx, group.id, emails, now);
    const skipped: SkippedInvite[] = [];
    const toSend: string[] = [];
    for (const email of emails) {
      if (members.has(email)) skipped.push({ email, reason: licenceMessages.skippedMember });
      else if (pending.has(email)) skipped.push({ email, reason: licenceMessages.skippedPending });
      else toSend.push(email);
    }
    if (toSend.length === 0) return { invites: [], skipped };
    const usage = (await store.seatUsage(tx, [group.id], now)).get(group.id) ?? { used: 0, pending: 0 };
    const available = Math.max(0, group.licenseCount - usage.used - usage.pending);
    if (toSend.length > available) {
      throw new AppError(
        400,
        licenceMessages.notEnoughLicensesText(available, toSend.length),
        licenceErrorCodes.notEnoughLicenses,
      );
    }
    const expiresAt = new Date(now.getTime() + inviteLifetimeMs);
    const codes = toSend.map(() => newInviteCode());
    const rows = await store.insertInvites(
      tx,
      toSend.map((email, i) => ({
        licenseGroupId: group.id,
        email,
        codeHash: hashCode(codes[i]!),
        invitedBy: actor.id,
        expiresAt,
      })),
      now,
    );
    for (const row of rows) {
      const code = codes[toSend.indexOf(row.email)]!;
      await mailInvite(tx, deps, row, code, group.name, actor.name);
    }
    await audit.record(
      tx,
      actor,
      {
        action: 'invites_sent',
        target: { type: 'license_group', id: group.id, label: group.name },
        // The count, not the addresses: the log outlives a deleted teacher's e-mail (decision 035).
        after: { invites: rows.length },
      },
      now,
    );
    return { invites: rows, skipped };
  });
  if (result.invites.length > 0) deps.mailer.kick();
  return result;
}

async function mailInvite(
  tx: Db,
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  invite: InviteRow,
  code: string,
  groupName: string,
  invitedBy: string,
): Promise<void> {
  await deps.mailer.enqueue(
    tx,
    inviteMail(invite.email, {
      groupName,
      invitedBy,
      expiresAt: invite.expiresAt,
      url: mailLinks.invite(deps.config.publicUrl, code),
    }),
  );
}

/** A pending invite of the actor's group, with the group locked; else 404 (nothing revealed). */
async function lockOwnInvite(tx: Db, actor: Actor, inviteId: string) {
  const notFound = () => new AppError(404, licenceMessages.inviteNotFound, errorCodes.notFound);
  if (actor.role !== 'license_admin') throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  const found = isUuid(inviteId) ? await store.findInvite(tx, inviteId) : null;
  if (!found) throw notFound();
  const group = await store.lockGroup(tx, found.licenseGroupId);
  if (!group || !canInviteInto(actor, group)) throw notFound();
  const invite = await store.lockInvite(tx, inviteId);
  if (!invite) throw notFound();
  return { group, invite };
}

/** Sends a pending invitation again: a new code (the old link stops working) and a new expiry. */
export async function resendInvite(deps: ServiceDeps, actor: Actor, inviteId: string): Promise<InviteRow> {
  const row = await deps.db.transaction(async (tx) => {
    const { group, invite } = await lockOwnInvite(tx, actor, inviteId);
    const now = deps.clock();
    if (invite.usedAt || invite.revokedAt || invite.expiresAt <= now) {
      throw new AppError(409, licenceMessages.inviteNotPending, errorCodes.conflict);
    }
    const code = newInviteCode();
    const updated = await store.updateInvite(tx, invite.id, {
      codeHash: hashCode(code),
      expiresAt: new Date(now.getTime() + inviteLifetimeMs),
      lastSentAt: now,
    });
    await mailInvite(tx, deps, updated, code, group.name, actor.name);
    return updated;
  });
  deps.mailer.kick();
  return row;
}

/** Revokes a pending invitation: its link stops working and its seat is free again. */
export async function revokeInvite(deps: ServiceDeps, actor: Actor, inviteId: string): Promise<InviteRow> {
  return deps.db.transaction(async (tx) => {
    const { invite } = await lockOwnInvite(tx, actor, inviteId);
    const now = deps.clock();
    if (invite.usedAt || invite.revokedAt || invite.expiresAt <= now) {
      throw new AppError(409, licenceMessages.inviteNotPending, errorCodes.conflict);
    }
    const revoked = await store.updateInvite(tx, invite.id, { revokedAt: now });
    await audit.record(
      tx,
      actor,
      {
        action: 'invite_revoked',
        target: { type: 'invite', id: invite.id, label: invite.email },
        before: { status: 'pending' },
        after: { status: 'revoked' },
      },
      now,
    );
    return revoked;
  });
}

// ------------------------------------------------------------------------------------------------
// For the admin module (issue 14): an account's role change and deletion.

/** The names of the groups `userId` purchases (inside the caller's transaction). */
export async function groupsPurchasedBy(tx: Db, userId: string): Promise<string[]> {
  return (await store.groupsOfPurchaser(tx, userId)).map((g) => g.name);
}

/** Frees the user's seat, with its group locked (an account's deletion, in its transaction). */
export async function releaseSeatOf(tx: Db, userId: string): Promise<void> {
  const seat = await store.membershipOf(tx, userId);
  if (!seat) return;
  await store.lockGroup(tx, seat.groupId);
  await store.deleteMembership(tx, seat.groupId, userId);
}

/** The invitations sent to `email` go (an account's deletion: the address is personal data). */
export async function forgetInvitee(tx: Db, email: string): Promise<void> {
  await store.deleteInvitesTo(tx, normaliseEmail(email));
}

/** GET /api/invites/{code}: the invited address and the group, or the one 'Invalid invite code'. */
export async function lookupInvite(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  code: string,
): Promise<{ email: string; license_group_name: string }> {
  if (code.length === 0 || code.length > 200) throw invalidInvite();
  const invite = await store.findInviteByHash(deps.db, hashCode(code));
  const now = deps.clock();
  if (
    !invite ||
    invite.usedAt ||
    invite.revokedAt ||
    invite.expiresAt <= now ||
    invite.groupStatus !== 'active'
  ) {
    throw invalidInvite();
  }
  return { email: invite.email, license_group_name: invite.groupName };
}

/**
 * Takes the seat of a pending invite for `user` inside `tx`: the group is locked first, then the
 * invite; the seat is checked against the members (the invite itself was counted as pending).
 * `forUser` decides what a wrong address answers.
 */
async function redeem(
  tx: Db,
  deps: Pick<AppDeps, 'clock'>,
  code: string,
  email: string,
  wrongAddress: (inviteEmail: string) => AppError,
  join: () => Promise<string>,
): Promise<{ groupId: string; groupName: string }> {
  if (code.length === 0 || code.length > 200) throw invalidInvite();
  const found = await store.findInviteByHash(tx, hashCode(code));
  if (!found) throw invalidInvite();
  const group = await store.lockGroup(tx, found.licenseGroupId);
  const invite = await store.lockInvite(tx, found.id);
  const now = deps.clock();
  if (!group || !invite || invite.usedAt || invite.revokedAt || invite.expiresAt <= now)
    throw invalidInvite();
  if (group.status !== 'active') throw new AppError(409, licenceMessages.groupSuspended, errorCodes.conflict);
  if (invite.email !== normaliseEmail(email)) throw wrongAddress(invite.email);
  const used = await store.countMembers(tx, group.id);
  if (used >= group.licenseCount) {
    throw new AppError(409, licenceMessages.groupFull, licenceErrorCodes.groupFull);
  }
  const userId = await join();
  if (!(await store.insertMembership(tx, userId, group.id, now))) {
    throw new AppError(409, licenceMessages.alreadyMember, errorCodes.conflict);
  }
  await store.updateInvite(tx, invite.id, { usedAt: now, usedBy: userId });
  return { groupId: group.id, groupName: group.name };
}

/**
 * Sign-up with an invitation (POST /api/auth/register?invite=CODE): the e-mail must be the
 * invite's; the link proved the address, so the account is active at once, holds a seat, and the
 * invite is used, all in one transaction.
 */
export async function registerWithInvite(
  deps: ServiceDeps,
  input: Parsed<typeof RegisterRequest>,
  code: string,
): Promise<UserRow> {
  auth.assertGoodPassword(input.password, input.email);
  const passwordHash = await auth.hashPassword(input.password);
  let created: UserRow | null = null;
  await deps.db.transaction(async (tx) => {
    await redeem(
      tx,
      deps,
      code,
      input.email,
      () =>
        new AppError(400, licenceMessages.inviteEmailMismatch, licenceErrorCodes.inviteForOtherEmail, {
          email: licenceMessages.inviteEmailMismatch,
        }),
      async () => {
        created = await auth.createVerifiedAccount(tx, deps, { ...input, passwordHash });
        if (!created) throw new AppError(409, authMessages.emailTaken, errorCodes.conflict);
        return created.id;
      },
    );
  });
  if (!created) throw new Error('invited account not created');
  return created;
}

/** A signed-in teacher accepts an invitation sent to their own address. */
export async function acceptInvite(
  deps: ServiceDeps,
  user: Actor,
  code: string,
): Promise<{ groupId: string; groupName: string }> {
  return deps.db.transaction((tx) =>
    redeem(
      tx,
      deps,
      code,
      user.email,
      (inviteEmail) =>
        new AppError(
          403,
          licenceMessages.inviteForOtherEmail(inviteEmail),
          licenceErrorCodes.inviteForOtherEmail,
        ),
      () => Promise.resolve(user.id),
    ),
  );
}
