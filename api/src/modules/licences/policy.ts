import type { Role } from '@pd/domain';

type Actor = { id: string; role: Role };
type Group = { purchaserId: string | null };

/** Creating groups, listing all of them and changing licence counts: superadmins (spec section 6). */
export function canManageAllGroups(user: Actor): boolean {
  return user.role === 'superadmin';
}

/** May see the group's members and its page: the group's licence admin, or a superadmin. */
export function canViewGroup(user: Actor, group: Group): boolean {
  return user.role === 'superadmin' || (user.role === 'license_admin' && group.purchaserId === user.id);
}

/** May invite into the group, resend, revoke and remove members: the group's licence admin only. */
export function canInviteInto(user: Actor, group: Group): boolean {
  return user.role === 'license_admin' && group.purchaserId === user.id;
}

/** Roles that may call the licence admin's calls at all (others get a 403 that tells nothing of any group). */
export function isLicenceStaff(user: Actor): boolean {
  return user.role === 'license_admin' || user.role === 'superadmin';
}
