import type { Role } from '@pd/domain';

type Actor = { id: string; role: Role };
/** A group with its licence admins: the purchaser and the co-admins (`adminIds`, issue 28). */
type Group = { purchaserId: string | null; adminIds: readonly string[] };

/**
 * Is `user` one of the group's licence admins (the purchaser or a co-admin, issue 28)? The one
 * place the licence calls ask it: every call of a group authorises through the two below.
 */
export function isGroupAdmin(user: Actor, group: Group): boolean {
  return user.role === 'license_admin' && (group.purchaserId === user.id || group.adminIds.includes(user.id));
}

/** Creating groups, listing all of them and changing licence counts: superadmins (spec section 6). */
export function canManageAllGroups(user: Actor): boolean {
  return user.role === 'superadmin';
}

/** May see the group's members and its page: one of the group's licence admins, or a superadmin. */
export function canViewGroup(user: Actor, group: Group): boolean {
  return user.role === 'superadmin' || isGroupAdmin(user, group);
}

/** May invite into the group, resend, revoke and remove members: one of the group's licence admins. */
export function canInviteInto(user: Actor, group: Group): boolean {
  return isGroupAdmin(user, group);
}

/** May add or remove the group's co-admins: one of its licence admins, or a superadmin. */
export function canManageAdmins(user: Actor, group: Group): boolean {
  return canViewGroup(user, group);
}

/** Roles that may call the licence admin's calls at all (others get a 403 that tells nothing of any group). */
export function isLicenceStaff(user: Actor): boolean {
  return user.role === 'license_admin' || user.role === 'superadmin';
}
