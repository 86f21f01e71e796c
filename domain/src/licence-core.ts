// Zod-free on purpose, and only what the app's first screen needs: the signed-in user's contract
// (first-load-contracts.ts) and the premium actions read these; the rest of the licence texts
// (licence-rules.ts) stay off the first load.

/** A licence group is active or suspended (issue 18); only an active group's seat gives premium. */
export const licenseGroupStatuses = ['active', 'suspended'] as const;
export type LicenseGroupStatus = (typeof licenseGroupStatuses)[number];

/** The seat a user holds in a licence group, as the api presents it on the signed-in user. */
export interface LicenceMembership {
  groupId: string;
  groupName: string;
  groupStatus: LicenseGroupStatus;
  /**
   * Issue 28: does the seat give premium now (`isMembershipLive` of licence-rules.ts, decided by the
   * api's access module at its clock)? Absent in a copy a device kept from before issue 28.
   */
  live?: boolean;
  /** The group's term end (`YYYY-MM-DD`, the first day without access), or null when open-ended. */
  endsOn?: string | null;
}

/**
 * Why a seat gives no premium now (issue 28), as the account page and the catalogue say it; null
 * while it does (or for a copy without `live`).
 */
export function membershipNotice(
  m: Pick<LicenceMembership, 'groupName' | 'groupStatus' | 'live' | 'endsOn'> | null | undefined,
): string | null {
  if (!m || m.live !== false) return null;
  if (m.groupStatus === 'active' && m.endsOn)
    return `Your access through ${m.groupName} ended on ${m.endsOn}.`;
  if (m.groupStatus === 'active') return `Your access through ${m.groupName} has not started yet.`;
  return `Your access through ${m.groupName} is suspended. Please ask your license administrator.`;
}

/** Why a premium user has no subscription to manage (the account menu's 'Manage subscription'). */
export const premiumSourceMessages = {
  subscriptionFromLicence: (groupName: string) =>
    `Your premium access comes from your school's licence (${groupName}). Your license administrator manages it; there is no subscription to manage.`,
  subscriptionFromRole:
    'Your premium access comes with your administrator role; there is no subscription to manage.',
} as const;
