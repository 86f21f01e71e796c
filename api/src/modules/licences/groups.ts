import {
  type CreateLicenseGroupRequest,
  errorCodes,
  isAllowedLicenseCount,
  licenceAccessMessages,
  licenceErrorCodes,
  licenceMessages,
  type UpdateLicenseCountRequest,
} from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { LicenseGroupRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../ids.js';
import * as audit from '../audit/service.js';
import { findUser } from '../auth/service.js';
import { type Actor, forbidden, groupNotFound, type Parsed, type ServiceDeps } from './common.js';
import { canInviteInto, canManageAllGroups, canViewGroup, isLicenceStaff } from './policy.js';
import * as store from './store.js';

/** Licence groups: the super admin creates them and sets their size; licence admins list theirs. */

export async function createGroup(
  deps: ServiceDeps,
  actor: Actor,
  input: Parsed<typeof CreateLicenseGroupRequest>,
): Promise<LicenseGroupRow> {
  if (!canManageAllGroups(actor)) throw forbidden(licenceAccessMessages.onlySuperadmins);
  const purchaser = isUuid(input.purchaser_id) ? await findUser(deps, input.purchaser_id) : null;
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

/**
 * The groups the signed-in licence admin manages (purchaser or co-admin, issue 28) with their
 * invites and admins; the page switches between them. `adminView` also serves the super admin's
 * view of any one group (GET /api/license-groups/{id}).
 */
export async function myGroups(deps: ServiceDeps, actor: Actor) {
  if (!isLicenceStaff(actor)) throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  return adminView(deps, await store.groupsOfAdmin(deps.db, actor.id));
}

export async function adminView(
  deps: ServiceDeps,
  groups: (store.GroupWithAdmins & { purchaserEmail: string | null })[],
) {
  const now = deps.clock();
  const usage = await store.seatUsage(
    deps.db,
    groups.map((g) => g.id),
    now,
  );
  return Promise.all(
    groups.map(async (group) => {
      const invites = await store.invitesOfGroup(deps.db, group.id);
      // Where each invitation's newest e-mail is (issue 27: 'not delivered' and why).
      const mail = await deps.mailer.statesOf(
        deps.db,
        invites.flatMap((i) => (i.lastMailId ? [i.lastMailId] : [])),
      );
      return {
        group,
        usage: usage.get(group.id) ?? { used: 0, pending: 0 },
        invites,
        mail,
        admins: await store.adminsOfGroup(deps.db, group),
      };
    }),
  );
}

/** Any count the domain allows for the seats in use (`isAllowedLicenseCount`); else refused with a message. */
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
    if (!isAllowedLicenseCount(input.license_count, used)) {
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

/** Used and pending seats of one group (an answer that presents the group after a change). */
export async function seatUsageOf(deps: Pick<AppDeps, 'db' | 'clock'>, groupId: string) {
  return (await store.seatUsage(deps.db, [groupId], deps.clock())).get(groupId) ?? { used: 0, pending: 0 };
}

/** The group, when `actor` may see it; else the same 404 as an unknown group (nothing revealed). */
export async function visibleGroup(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  groupId: string,
): Promise<store.GroupWithAdmins> {
  if (!isLicenceStaff(actor)) throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  const group = isUuid(groupId) ? await store.findGroup(deps.db, groupId) : null;
  if (!group || !canViewGroup(actor, group)) throw groupNotFound();
  return group;
}

/** The names of the groups `userId` purchases (an account's role change or deletion, in its transaction). */
export async function groupsPurchasedBy(tx: Db, userId: string): Promise<string[]> {
  return (await store.groupsOfPurchaser(tx, userId)).map((g) => g.name);
}

/** The licence admin turns the reminders of the group's pending invitations on or off (issue 27). */
export async function setInviteReminders(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  on: boolean,
): Promise<boolean> {
  if (actor.role !== 'license_admin') throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  return deps.db.transaction(async (tx) => {
    const group = isUuid(groupId) ? await store.lockGroup(tx, groupId) : null;
    if (!group || !canInviteInto(actor, group)) {
      throw new AppError(404, licenceMessages.noLicenseGroup, licenceErrorCodes.noLicenseGroup);
    }
    await store.setInviteReminders(tx, group.id, on);
    return on;
  });
}
