// Zod-free on purpose: the account menu and the course cards (the app's first screen) read these.
import { limits } from './limits.js';

import { type LicenseGroupStatus, premiumSourceMessages } from './licence-core.js';

export {
  licenseGroupStatuses,
  membershipNotice,
  premiumSourceMessages,
  type LicenceMembership,
  type LicenseGroupStatus,
} from './licence-core.js';

/** An invite's state (spec section 4, with the revoked and expired states of issue 18). */
export const inviteStatuses = ['pending', 'used', 'expired', 'revoked'] as const;
export type InviteStatus = (typeof inviteStatuses)[number];

/** Invitations are valid 14 days (issue 18). */
export const inviteLifetimeMs = 14 * 24 * 60 * 60 * 1000;

/** The spec's texts of licences and invitations (sections 2, 5, 8). */
export const licenceMessages = {
  // Section 5 (title / text).
  noLicenseGroup: 'No License Group',
  noLicenseGroupText: 'You do not have a license group yet. Please contact support.',
  noEmails: 'No Emails Provided',
  noEmailsText: 'Please enter at least one email address.',
  tooManyEmails: 'Too Many Emails',
  tooManyEmailsText: `You can only send up to ${limits.maxInvitesPerSend} invites at a time.`,
  notEnoughLicenses: 'Not Enough Licenses',
  notEnoughLicensesText: (remaining: number, tried: number) =>
    `You only have ${remaining} licenses remaining, but tried to send ${tried} invites.`,
  allUsed: 'All licenses have been used. You cannot send more invitations.',
  nameRequired: 'Name required',
  nameRequiredText: 'Please enter a license group name.',
  purchaserRequired: 'Purchaser required',
  purchaserRequiredText: 'Please select a license admin.',
  // Server-side rules of issue 18.
  licenseCountChoice: 'License count must be 10, 30 or 50.',
  licenseCountNumber: 'License count must be a whole number.',
  licenseCountBelowUsed: (used: number) =>
    `The license count cannot be lower than the ${used} licenses in use.`,
  purchaserNotLicenseAdmin: 'The purchaser must be a license admin.',
  groupNotFound: 'License group not found.',
  invalidEmails: (emails: readonly string[]) => `These addresses are not valid: ${emails.join(', ')}`,
  inviteNotFound: 'Invitation not found.',
  inviteNotPending: 'Only a pending invitation can be resent or revoked.',
  resendTooSoon: 'This invitation was sent less than a minute ago.',
  staffAddresses: (emails: readonly string[]) =>
    emails.length === 1
      ? `${emails[0]} belongs to an administrator: inviting it takes a seat, like a teacher's. Send anyway?`
      : `${emails.join(', ')} belong to administrators: inviting them takes a seat each, like a teacher's. Send anyway?`,
  staffAddressesTitle: 'Invite administrators?',
  memberNotFound: 'This teacher is not a member of the license group.',
  memberSearchText: 'Search with one name or e-mail.',
  memberSearchTooLong: 'Please search with at most 200 characters.',
  memberSortChoice: 'Sort the members by progress, lastActivity or name.',
  memberPageNumber: 'The page must be a whole number from 1.',
  memberPageSize: 'The page size must be a whole number from 1 to 100.',
  csvTimeZone: 'The time zone must be an IANA name such as America/Chicago.',
  groupFull: 'This license group has no free seats left. Please ask your license administrator.',
  groupSuspended: 'This license group is suspended. Please ask your license administrator.',
  // Issue 28: a group whose term is over (or not begun) takes no one in, with the dates that say why.
  groupTermEnded: (endsOn: string) =>
    `This license group's term ended on ${endsOn}. Please ask your license administrator to renew it.`,
  groupTermNotStarted: (startsOn: string) =>
    `This license group's term starts on ${startsOn}. Please use this link again from that day.`,
  inviteForOtherEmail: (email: string) =>
    `This invitation is for ${email}. Sign out and sign in with that account to accept it.`,
  inviteEmailMismatch: 'Please sign up with the e-mail address the invitation was sent to.',
  alreadyMember: 'You already hold a seat of a license group.',
  skippedMember: 'already a member',
  skippedPending: 'already has a pending invitation',
  // Section 8.
  invalidInviteCode: 'Invalid invite code',
  // Issue 26: an invitation that cannot be used says why, and what to do next.
  inviteUnknownText:
    'This invitation link is not valid. Open the whole link from the e-mail, or ask your license administrator for a new invitation.',
  inviteUsed: 'This invitation has already been used. Sign in with the account that accepted it.',
  inviteRevoked: 'This invitation was withdrawn. Please ask your license administrator for a new one.',
  inviteExpired: 'This invitation has expired. Please ask your license administrator to send a new one.',
  sendFailed: 'Failed to send invites',
  fetchGroupsFailed: 'Failed to fetch license groups',
  fetchAdminGroupsFailed: 'Failed to fetch license admin groups',
  fetchMembersFailed: 'Failed to fetch license group members',
  updateCountFailed: 'Failed to update license count',
  invitesSent: 'Invites Sent Successfully',
  invitesSentText: (n: number) => `${n} invitations have been sent to teachers`,
  errorSendingInvites: 'Error Sending Invites',
  /** The sync bar on the licence admin's page while offline (issue 26): nothing of theirs waits on the device. */
  offlineStatus: 'Offline · sending invitations and changing your license group need the network',
  // Section 2 (the page and its access-denied screen).
  accessDenied: 'Access Denied',
  accessDeniedText: 'This page is only available to license administrators.',
  returnToCourses: 'Return to Courses',
  never: 'Never',
  accountCreatedPremium: 'Your account is active with Premium Access from your school.',
  ...premiumSourceMessages,
} as const;

/** Seats of a group (issue 18): Used = members, Pending = live invites, Available = the rest. */
export interface SeatCounts {
  total: number;
  used: number;
  pending: number;
  available: number;
}

/** The seat rule, the one place it is written: seats neither held by a member nor promised to a live invite. */
export function seatCounts(total: number, used: number, pending: number): SeatCounts {
  return { total, used, pending, available: Math.max(0, total - used - pending) };
}

/**
 * May the group take one more member by redeeming one of its live invites? The invite redeemed
 * was counted as pending, so only the members bound it: a seat is free while `used < total`.
 */
export function canTakeMember(seats: Pick<SeatCounts, 'total' | 'used'>): boolean {
  return seats.used < seats.total;
}

/**
 * The lowest licence count a group may be set to (spec section 4, issue 18): never below the seats
 * its members hold, and never below one.
 */
export function lowestLicenseCount(used: number): number {
  return Math.max(1, used);
}

/** Is `count` an allowed new licence count for a group whose members hold `used` seats? */
export function isAllowedLicenseCount(count: number, used: number): boolean {
  return Number.isInteger(count) && count >= lowestLicenseCount(used);
}

/** The usage bar (spec section 4): percent of seats taken by members and live invites. */
export function usagePercent(seats: Pick<SeatCounts, 'total' | 'used' | 'pending'>): number {
  if (seats.total <= 0) return 100;
  return Math.round(((seats.used + seats.pending) / seats.total) * 100);
}

export type UsageLevel = 'full' | 'high' | 'available';
export const usageLabels: Record<UsageLevel, string> = {
  full: 'Full',
  high: 'High Usage',
  available: 'Available',
};

/** >= 100 Full (red), >= 80 High Usage (yellow), else Available (green). */
export function usageLevel(percent: number): UsageLevel {
  if (percent >= limits.usageFullPercent) return 'full';
  if (percent >= limits.usageHighPercent) return 'high';
  return 'available';
}

/** The textarea's lines: one e-mail per line, trimmed, empty lines left out. */
export function inviteLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/**
 * The state of an invite at `now`. The invite rule, written once: pending while unused, unrevoked
 * and unexpired. The api's SQL (`pendingInviteSql` in api/src/modules/licences/store.ts) is
 * proven equal to it over every combination by licences/invite-rule.test.ts.
 */
export function inviteStatus(
  invite: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InviteStatus {
  if (invite.usedAt) return 'used';
  if (invite.revokedAt) return 'revoked';
  if (invite.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

/** Is the invite still pending (may it be redeemed, resent or revoked, and does it hold a seat)? */
export function isInvitePending(
  invite: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): boolean {
  return inviteStatus(invite, now) === 'pending';
}

export const inviteStatusLabels: Record<InviteStatus, string> = {
  pending: 'Pending',
  used: 'Used',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** PD hours earned by completed courses (docs/ARCHITECTURE.md, P10: course minutes / 60), one decimal. */
export function pdHoursEarned(minutes: number): number {
  return Math.round((minutes / 60) * 10) / 10;
}

/** Error codes of the licence calls, for clients that act on them. */
export const licenceErrorCodes = {
  noLicenseGroup: 'NO_LICENSE_GROUP',
  noEmails: 'NO_EMAILS',
  tooManyEmails: 'TOO_MANY_EMAILS',
  notEnoughLicenses: 'NOT_ENOUGH_LICENSES',
  invalidEmails: 'INVALID_EMAILS',
  invalidInvite: 'INVALID_INVITE',
  inviteUsed: 'INVITE_USED',
  inviteRevoked: 'INVITE_REVOKED',
  inviteExpired: 'INVITE_EXPIRED',
  groupSuspended: 'GROUP_SUSPENDED',
  groupTermEnded: 'GROUP_TERM_ENDED',
  groupTermNotStarted: 'GROUP_TERM_NOT_STARTED',
  resendTooSoon: 'RESEND_TOO_SOON',
  staffAddresses: 'STAFF_ADDRESSES',
  inviteForOtherEmail: 'INVITE_FOR_OTHER_EMAIL',
  groupFull: 'GROUP_FULL',
  licenseCountBelowUsed: 'LICENSE_COUNT_BELOW_USED',
} as const;

export const licenceAccessMessages = {
  onlyLicenseAdmins: 'Only license administrators can manage license groups.',
  onlySuperadmins: 'Only super admins can do this.',
} as const;

// ---------------------------------------------------------------------------------------------------
// Onboarding a district (issue 27): join links and invitation reminders.

const dayMsRule = 24 * 60 * 60 * 1000;

/**
 * How many reminders a pending invitation should have had by `now`: one per day of
 * `limits.inviteReminderDays` (3 and 10) passed since its last send. The api claims an invite whose
 * reminders sent are fewer, and sends one e-mail (never one per missed day).
 */
export function reminderStage(lastSentAt: Date, now: Date): number {
  const days = (now.getTime() - lastSentAt.getTime()) / dayMsRule;
  return limits.inviteReminderDays.filter((d) => days >= d).length;
}

/** A join link's state at `now`: revoked, expired, used up (uses reached the most allowed), or active. */
export function joinLinkStatus(
  link: { revokedAt: Date | null; expiresAt: Date; uses: number; maxUses: number },
  now: Date,
): 'active' | 'used_up' | 'expired' | 'revoked' {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (link.uses >= link.maxUses) return 'used_up';
  return 'active';
}

/** May `email` use a link restricted to `domains` (none: any address)? Subdomains do not count. */
export function emailInDomains(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const at = email.lastIndexOf('@');
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return at > 0 && domains.includes(domain);
}

// ---------------------------------------------------------------------------------------------------
// Running a district (issue 28): a group's term.

/** A date of a group's term: `YYYY-MM-DD` (a calendar day, read in UTC). */
export type TermDate = string;

/** `now`'s calendar day in UTC (`YYYY-MM-DD`), the day a term's dates are compared with. */
export function termDay(now: Date): TermDate {
  return now.toISOString().slice(0, 10);
}

/** What a seat gives at `now`: premium (`live`), or why not. */
export type MembershipState = 'live' | 'suspended' | 'not_started' | 'ended';

/**
 * Is this licence membership live? The one rule (issue 28): the group is active (not suspended by
 * the super admin), its term has started (`startsOn` on or before today; none = always) and not
 * ended (today before `endsOn`, the first day without access; none = open-ended). Renewal moves
 * `endsOn` later and the seat is live again. The api's access module asks it for every seat.
 */
export function membershipState(
  group: { status: LicenseGroupStatus; startsOn: TermDate | null; endsOn: TermDate | null },
  now: Date,
): MembershipState {
  if (group.status !== 'active') return 'suspended';
  const today = termDay(now);
  if (group.startsOn && today < group.startsOn) return 'not_started';
  if (group.endsOn && today >= group.endsOn) return 'ended';
  return 'live';
}

export function isMembershipLive(
  group: { status: LicenseGroupStatus; startsOn: TermDate | null; endsOn: TermDate | null },
  now: Date,
): boolean {
  return membershipState(group, now) === 'live';
}

/** A term's end must come after its start (both optional). */
export function isValidTerm(startsOn: TermDate | null, endsOn: TermDate | null): boolean {
  return !startsOn || !endsOn || startsOn < endsOn;
}

/** The texts of issue 28's part 1: co-admins, handing a group over, terms. */
export const groupAdminMessages = {
  adminAdded: 'Co-admin added',
  adminRemoved: 'Co-admin removed',
  notLicenseAdmin:
    'Only a license admin account can manage a license group. Ask the super admin to make this account a license admin first.',
  userNotFound: 'No account with this e-mail address or id.',
  alreadyAdmin: 'This account already manages the license group.',
  notAdmin: 'This account does not manage the license group.',
  purchaserStays:
    'The purchaser cannot be removed. The super admin can hand the group to another license admin first.',
  lastAdmin: 'The last license admin of a group cannot be removed.',
  emailOrUserId: 'Give either an e-mail address or a user id.',
  termOrder: 'The end date must be after the start date.',
  termDate: 'A date must be written YYYY-MM-DD.',
  samePurchaser: 'This license admin already purchases the group.',
  ownerChanged: 'License group handed over',
  handOverHeading: 'Hand the group over',
  handOverText:
    'The group goes to one of its co-admins: add the license admin as a co-admin above first. The purchaser then no longer manages the group.',
  handOverLabel: 'New purchaser',
  handOverButton: 'Hand over',
  noCoAdmins: 'No co-admin yet: add the license admin who takes the group over as a co-admin first.',
  handOverTitle: (group: string) => `Hand ${group} over?`,
  handOverConfirm: (to: string, from: string | null) =>
    from
      ? `${to} becomes the purchaser and manages the group; ${from} no longer manages it.`
      : `${to} becomes the purchaser and manages the group.`,
  termSaved: 'Term saved',
  backToDashboard: 'Back to the admin dashboard',
} as const;
