// Zod-free on purpose: the pwa's first screen imports these without pulling in the schemas (roles.ts).
import type { LicenceMembership } from './licence-core.js';

export const roles = ['free', 'premium', 'license_admin', 'superadmin'] as const;
/** A role name (the same type as `Role` of roles.ts). */
export type RoleName = (typeof roles)[number];

/** The badge text of spec section 2. */
export const roleLabels: Record<RoleName, string> = {
  superadmin: 'Super Admin',
  license_admin: 'License Admin',
  premium: 'Premium',
  free: 'Free',
};

/**
 * The user's own subscription: `live` while it gives premium (`subscriptionGivesPremium`), else
 * `none`. Payments keep the role `premium` exactly while it is live (`roleAfterPayments`), so a
 * caller that has not read the subscription passes `null` and the role speaks for it.
 */
export type SubscriptionAccess = 'live' | 'none' | null;

/**
 * Premium access (spec sections 1 and 6, issue 18): premium, license_admin and superadmin; a live
 * subscription of the user's own; or a seat in an active licence group, whatever the user's own
 * subscription does. Leaving the group returns a teacher to free unless they pay themselves.
 * The one rule: the api's content, prompts, templates and sync and the pwa's screens all ask it.
 */
export function hasPremiumAccess(
  role: RoleName | null | undefined,
  subscription: SubscriptionAccess,
  membership: Pick<LicenceMembership, 'groupStatus' | 'live'> | null | undefined,
): boolean {
  if (!role) return false;
  if (role === 'premium' || role === 'license_admin' || role === 'superadmin') return true;
  if (subscription === 'live') return true;
  // `live` is the term rule (`isMembershipLive`, issue 28) as the api's access module applied it.
  return membership?.groupStatus === 'active' && membership.live !== false;
}

/**
 * The role as a badge reads it (issue 28): a teacher whose seat gives premium reads as premium
 * through the group ('Premium · Demo Unified School District').
 */
export function roleLabelOf(
  role: RoleName,
  licence: Pick<LicenceMembership, 'groupName' | 'groupStatus' | 'live'> | null | undefined,
): string {
  if ((role === 'free' || role === 'premium') && licence && hasPremiumAccess('free', null, licence)) {
    return `${roleLabels.premium} · ${licence.groupName}`;
  }
  return roleLabels[role];
}

/** Who is asking, as the access rules read it: role and licence seat; null when signed out. */
export interface AccessViewer {
  role: RoleName;
  licence?: Pick<LicenceMembership, 'groupStatus' | 'live'> | null;
}

/** `hasPremiumAccess` of a viewer (the role stands for the subscription, see `SubscriptionAccess`). */
export function viewerHasPremium(viewer: AccessViewer | null | undefined): boolean {
  return viewer ? hasPremiumAccess(viewer.role, null, viewer.licence) : false;
}

/**
 * 'Manage Subscription' is shown to everyone with premium access (spec section 2); for a licence
 * member or an admin role without a subscription it explains where their access comes from.
 */
export function canManageSubscription(viewer: AccessViewer | null | undefined): boolean {
  return viewerHasPremium(viewer);
}
