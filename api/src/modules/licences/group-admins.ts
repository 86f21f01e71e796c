import {
  type AddGroupAdminRequest,
  type AuditQuery,
  errorCodes,
  type GroupAdmin,
  groupAdminMessages,
  type GroupTermRequest,
  licenceAccessMessages,
  licenceMessages,
  normaliseEmail,
} from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { LicenseGroupRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../ids.js';
import * as audit from '../audit/service.js';
import { findUser, findUserByEmail } from '../auth/service.js';
import { type Actor, forbidden, groupNotFound, type Parsed, type ServiceDeps } from './common.js';
import { adminView, visibleGroup } from './groups.js';
import { canManageAdmins, canManageAllGroups } from './policy.js';
import * as store from './store.js';

/**
 * Who manages what (issue 28 part 1, decision 110): a group's co-admins beside its purchaser, the
 * super admin's view of any group, handing a group over, the group's term; and the group's entries
 * of the audit log (part 4, decision 111). Each change runs with the group locked and writes its
 * audit entry in the same transaction.
 */

const badRequest = (message: string, field?: string) =>
  new AppError(400, message, errorCodes.validation, field ? { [field]: message } : undefined);
const conflict = (message: string) => new AppError(409, message, errorCodes.conflict);

/** The group locked, when `actor` may manage its admins (one of them, or a superadmin); else 404. */
async function lockManagedGroup(tx: Db, actor: Actor, groupId: string): Promise<store.GroupWithAdmins> {
  if (actor.role !== 'license_admin' && actor.role !== 'superadmin') {
    throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  }
  const group = isUuid(groupId) ? await store.lockGroup(tx, groupId) : null;
  if (!group || !canManageAdmins(actor, group)) throw groupNotFound();
  return group;
}

/** The group's licence admins (the purchaser first): its admins and the super admin. */
export async function listGroupAdmins(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
): Promise<GroupAdmin[]> {
  const group = await visibleGroup(deps, actor, groupId);
  return store.adminsOfGroup(deps.db, group);
}

/** One group's License Management data: its licence admins' own, or any group for the super admin. */
export async function oneGroup(deps: ServiceDeps, actor: Actor, groupId: string) {
  await visibleGroup(deps, actor, groupId);
  const group = await store.groupWithPurchaser(deps.db, groupId);
  if (!group) throw groupNotFound();
  const [view] = await adminView(deps, [group]);
  return view!;
}

/**
 * Adds a co-admin: an existing licence-admin account, by e-mail or id (400 for anyone else; 409
 * when it already manages the group). Audited `group_admin_added`.
 */
export async function addGroupAdmin(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  input: Parsed<typeof AddGroupAdminRequest>,
): Promise<GroupAdmin[]> {
  const user = input.userId
    ? isUuid(input.userId)
      ? await findUser(deps, input.userId)
      : null
    : await findUserByEmail(deps, normaliseEmail(input.email ?? ''));
  return deps.db.transaction(async (tx) => {
    const group = await lockManagedGroup(tx, actor, groupId);
    if (!user) throw new AppError(404, groupAdminMessages.userNotFound, errorCodes.notFound);
    if (user.role !== 'license_admin') throw badRequest(groupAdminMessages.notLicenseAdmin, 'email');
    if (user.id === group.purchaserId || group.adminIds.includes(user.id)) {
      throw conflict(groupAdminMessages.alreadyAdmin);
    }
    const now = deps.clock();
    await store.insertGroupAdmin(tx, { licenseGroupId: group.id, userId: user.id, addedBy: actor.id }, now);
    await audit.record(
      tx,
      actor,
      {
        action: 'group_admin_added',
        target: { type: 'user', id: user.id, label: user.email },
        after: { group: group.name, admin: user.email },
        groupId: group.id,
      },
      now,
    );
    return store.adminsOfGroup(tx, {
      purchaserId: group.purchaserId,
      adminIds: [...group.adminIds, user.id],
    });
  });
}

/**
 * Removes a co-admin. Never the purchaser (the super admin hands the group over instead) and never
 * the group's last admin. Audited `group_admin_removed`.
 */
export async function removeGroupAdmin(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  userId: string,
): Promise<GroupAdmin[]> {
  return deps.db.transaction(async (tx) => {
    const group = await lockManagedGroup(tx, actor, groupId);
    if (userId === group.purchaserId) throw conflict(groupAdminMessages.purchaserStays);
    if (!isUuid(userId) || !group.adminIds.includes(userId)) {
      throw new AppError(404, groupAdminMessages.notAdmin, errorCodes.notFound);
    }
    const remaining = group.adminIds.filter((id) => id !== userId);
    if (!group.purchaserId && remaining.length === 0) throw conflict(groupAdminMessages.lastAdmin);
    const [removed] = await store.adminsOfGroup(tx, { purchaserId: null, adminIds: [userId] });
    await store.deleteGroupAdmin(tx, group.id, userId);
    const now = deps.clock();
    await audit.record(
      tx,
      actor,
      {
        action: 'group_admin_removed',
        target: { type: 'user', id: userId, label: removed?.email ?? userId },
        before: { group: group.name, admin: removed?.email ?? userId },
        groupId: group.id,
      },
      now,
    );
    return store.adminsOfGroup(tx, { purchaserId: group.purchaserId, adminIds: remaining });
  });
}

/** The super admin's group, locked; 403 for anyone else, 404 for an unknown group. */
async function lockGroupForSuperadmin(tx: Db, actor: Actor, groupId: string): Promise<store.GroupWithAdmins> {
  if (!canManageAllGroups(actor)) throw forbidden(licenceAccessMessages.onlySuperadmins);
  const group = isUuid(groupId) ? await store.lockGroup(tx, groupId) : null;
  if (!group) throw groupNotFound();
  return group;
}

/**
 * The super admin hands the group to another licence admin: the new purchaser (a co-admin before
 * stops being one; the old purchaser no longer manages the group). Audited `group_owner_changed`.
 */
export async function transferGroup(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  purchaserId: string,
): Promise<LicenseGroupRow & { purchaserEmail: string }> {
  const next = isUuid(purchaserId) ? await findUser(deps, purchaserId) : null;
  return deps.db.transaction(async (tx) => {
    const group = await lockGroupForSuperadmin(tx, actor, groupId);
    if (!next || next.role !== 'license_admin') {
      throw badRequest(licenceMessages.purchaserNotLicenseAdmin, 'purchaser_id');
    }
    if (next.id === group.purchaserId) throw conflict(groupAdminMessages.samePurchaser);
    const [before] = group.purchaserId
      ? await store.adminsOfGroup(tx, { purchaserId: null, adminIds: [group.purchaserId] })
      : [];
    await store.deleteGroupAdmin(tx, group.id, next.id);
    const updated = await store.setPurchaser(tx, group.id, next.id);
    const now = deps.clock();
    await audit.record(
      tx,
      actor,
      {
        action: 'group_owner_changed',
        target: { type: 'license_group', id: group.id, label: group.name },
        before: { purchaserEmail: before?.email ?? null },
        after: { purchaserEmail: next.email },
      },
      now,
    );
    return { ...updated, purchaserEmail: next.email };
  });
}

/**
 * The super admin sets the group's term and status: from `starts_on`, until `ends_on` (the first
 * day without access), suspended or active. Members' premium follows at once (`membershipOf`
 * reads the rule on every request); a renewal is a later `ends_on`. Audited `group_term_changed`
 * with the values before and after, only when something changed.
 */
export async function setGroupTerm(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  input: Parsed<typeof GroupTermRequest>,
): Promise<LicenseGroupRow> {
  return deps.db.transaction(async (tx) => {
    const group = await lockGroupForSuperadmin(tx, actor, groupId);
    const before = { startsOn: group.startsOn, endsOn: group.endsOn, status: group.status };
    const after = { startsOn: input.starts_on, endsOn: input.ends_on, status: input.status ?? group.status };
    if (
      before.startsOn === after.startsOn &&
      before.endsOn === after.endsOn &&
      before.status === after.status
    ) {
      return group;
    }
    const updated = await store.setTerm(tx, group.id, after);
    await audit.record(
      tx,
      actor,
      {
        action: 'group_term_changed',
        target: { type: 'license_group', id: group.id, label: group.name },
        before,
        after,
      },
      deps.clock(),
    );
    return updated;
  });
}

/** The group's entries of the audit log, newest first, with the Activity tab's filters. */
export async function groupAudit(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  query: Parsed<typeof AuditQuery>,
) {
  const group = await visibleGroup(deps, actor, groupId);
  const { limit, offset, ...filter } = query;
  return audit.list(deps.db, limit, offset, { ...filter, groupId: group.id });
}

/** Every entry of the group the filter matches (the CSV export). */
export async function groupAuditExport(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  query: Parsed<typeof AuditQuery>,
) {
  const group = await visibleGroup(deps, actor, groupId);
  const { limit: _limit, offset: _offset, ...filter } = query;
  return { group, pages: audit.allEntries(deps.db, { ...filter, groupId: group.id }) };
}
