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
}

/** Why a premium user has no subscription to manage (the account menu's 'Manage subscription'). */
export const premiumSourceMessages = {
  subscriptionFromLicence: (groupName: string) =>
    `Your premium access comes from your school's licence (${groupName}). Your license administrator manages it; there is no subscription to manage.`,
  subscriptionFromRole:
    'Your premium access comes with your administrator role; there is no subscription to manage.',
} as const;
