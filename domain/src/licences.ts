import { z } from 'zod';
import { authMessages } from './auth-messages.js';
import { inviteStatuses, licenceMessages, licenseGroupStatuses } from './licence-rules.js';
import { limits } from './limits.js';

/**
 * Group licences (spec sections 3, 5, 7; issue 18): the contracts of the `license-groups` and
 * `invites` calls, in the spec's snake_case where the spec names the fields.
 */

const groupName = z
  .string({ message: licenceMessages.nameRequiredText })
  .trim()
  .min(1, licenceMessages.nameRequiredText)
  .max(200, 'Name too long');

const licenseCount = z
  .number({ message: licenceMessages.licenseCountNumber })
  .int(licenceMessages.licenseCountNumber)
  .min(1, licenceMessages.licenseCountNumber)
  .max(100_000, licenceMessages.licenseCountNumber);

/** POST /api/license-groups (superadmin). */
export const CreateLicenseGroupRequest = z.object({
  name: groupName,
  purchaser_id: z
    .string({ message: licenceMessages.purchaserRequiredText })
    .trim()
    .min(1, licenceMessages.purchaserRequiredText)
    .max(100, licenceMessages.purchaserRequiredText),
  license_count: z
    .number({ message: licenceMessages.licenseCountChoice })
    .refine(
      (n) => (limits.licenseGroupSizes as readonly number[]).includes(n),
      licenceMessages.licenseCountChoice,
    )
    .default(limits.defaultLicenseGroupSize),
});
export type CreateLicenseGroupRequest = z.input<typeof CreateLicenseGroupRequest>;

export const CreateLicenseGroupResponse = z.object({
  license_group: z.object({ id: z.string(), name: z.string(), license_count: z.number() }),
});
export type CreateLicenseGroupResponse = z.infer<typeof CreateLicenseGroupResponse>;

/** PATCH /api/license-groups/{groupId}/license-count (superadmin): any number >= seats used. */
export const UpdateLicenseCountRequest = z.object({ license_count: licenseCount });
export type UpdateLicenseCountRequest = z.input<typeof UpdateLicenseCountRequest>;

/** An invite as the licence admin sees it (spec section 3, plus its state and last send). */
export const Invite = z.object({
  id: z.string(),
  email: z.string(),
  used: z.boolean(),
  status: z.enum(inviteStatuses),
  created_at: z.string(),
  expires_at: z.string(),
  last_sent_at: z.string(),
  /** Issue 27: reminders sent since the last send, and where its newest e-mail is. */
  reminders_sent: z.number().optional(),
  delivery: z
    .object({ status: z.enum(['sending', 'sent', 'not_delivered']), error: z.string().nullable() })
    .nullable()
    .optional(),
});
export type Invite = z.infer<typeof Invite>;

/** A licence group (spec section 3) with its seat counts. */
export const LicenseGroup = z.object({
  id: z.string(),
  name: z.string(),
  purchaser_id: z.string().nullable(),
  purchaser_email: z.string().nullable(),
  license_count: z.number(),
  licenses_used: z.number(),
  licenses_pending: z.number(),
  licenses_available: z.number(),
  created_at: z.string(),
  status: z.enum(licenseGroupStatuses),
  /** Issue 28: the term (`YYYY-MM-DD`; null: from the start, open-ended). */
  starts_on: z.string().nullable().optional(),
  ends_on: z.string().nullable().optional(),
});
export type LicenseGroup = z.infer<typeof LicenseGroup>;

/** GET /api/license-groups (superadmin): every group. */
export const LicenseGroupListResponse = z.array(LicenseGroup);
export type LicenseGroupListResponse = z.infer<typeof LicenseGroupListResponse>;

/** GET /api/license-groups/me: the signed-in licence admin's groups, each with its invites. */
export const AdminLicenseGroup = LicenseGroup.extend({
  invites: z.array(Invite),
  /** Issue 27: reminders of pending invitations on day 3 and day 10 (on unless turned off). */
  invite_reminders: z.boolean().optional(),
  /** Issue 28: the group's licence admins (the purchaser first) and whether its seats give premium now. */
  admins: z
    .array(z.object({ id: z.string(), name: z.string(), email: z.string(), purchaser: z.boolean() }))
    .optional(),
  live: z.boolean().optional(),
});
export type AdminLicenseGroup = z.infer<typeof AdminLicenseGroup>;
export const AdminLicenseGroupListResponse = z.array(AdminLicenseGroup);
export type AdminLicenseGroupListResponse = z.infer<typeof AdminLicenseGroupListResponse>;

/** One member of a group (spec section 3, 'Group members response'), with PD hours and certificates. */
export const GroupMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  joinedAt: z.string(),
  progress: z.object({
    completedModules: z.number(),
    totalModules: z.number(),
    lastActivity: z.string().nullable(),
    /** Keyed by course slug, the courses the member has started; a course left out is 0 of its modules. */
    courseStats: z.record(z.string(), z.object({ completed: z.number(), total: z.number() })),
  }),
  pdHours: z.number(),
  certificates: z.number(),
});
export type GroupMember = z.infer<typeof GroupMember>;

/** How the member list can be ordered: most progress first, latest activity first, or by name. */
export const memberSorts = ['progress', 'lastActivity', 'name'] as const;
export type MemberSort = (typeof memberSorts)[number];

/**
 * The query of GET /api/license-groups/{groupId}/members: a search (name or e-mail), an order and a
 * page. A 5,000-member group is searched, sorted and cut into pages by the server.
 */
export const GroupMembersQuery = z.object({
  q: z
    .string({ message: licenceMessages.memberSearchText })
    .trim()
    .max(200, licenceMessages.memberSearchTooLong)
    .default(''),
  sort: z.enum(memberSorts, { message: licenceMessages.memberSortChoice }).default('progress'),
  page: z.coerce
    .number({ message: licenceMessages.memberPageNumber })
    .int(licenceMessages.memberPageNumber)
    .min(1, licenceMessages.memberPageNumber)
    .max(1_000_000, licenceMessages.memberPageNumber)
    .default(1),
  pageSize: z.coerce
    .number({ message: licenceMessages.memberPageSize })
    .int(licenceMessages.memberPageSize)
    .min(1, licenceMessages.memberPageSize)
    .max(limits.membersPageMax, licenceMessages.memberPageSize)
    .default(limits.membersPageDefault),
});
export type GroupMembersQuery = z.input<typeof GroupMembersQuery>;

/** Whether `name` is an IANA time zone this runtime knows (the CSV's dates are written in it). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /api/license-groups/{groupId}/members.csv: `tz`, the admin's IANA time zone (the app sends
 * the device's), in which the file's dates and times are written; UTC when left out (issue 26).
 */
export const GroupMembersCsvQuery = z.object({
  tz: z
    .string({ message: licenceMessages.csvTimeZone })
    .trim()
    .max(64, licenceMessages.csvTimeZone)
    .refine((tz) => tz === '' || isTimeZone(tz), licenceMessages.csvTimeZone)
    .default(''),
});
export type GroupMembersCsvQuery = z.input<typeof GroupMembersCsvQuery>;

/**
 * One page of members (spec section 3's `members`), with `total` (the group's members), `matching`
 * (those the search found) and the page that was answered.
 */
export const GroupMembersResponse = z.object({
  members: z.array(GroupMember),
  total: z.number(),
  matching: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type GroupMembersResponse = z.infer<typeof GroupMembersResponse>;

/** POST /api/invites: the admin's group and up to 10 addresses (checked by the api, with the spec's messages). */
export const SendInvitesRequest = z.object({
  license_group_id: z
    .string({ message: licenceMessages.noLicenseGroup })
    .trim()
    .min(1, licenceMessages.noLicenseGroup)
    .max(100, licenceMessages.noLicenseGroup),
  emails: z
    .array(z.string({ message: authMessages.invalidEmail }).max(1000), {
      message: licenceMessages.noEmailsText,
    })
    .max(1000, licenceMessages.tooManyEmailsText),
  /**
   * The admin confirmed inviting administrators' addresses (their own, a super admin's, another
   * licence admin's): each takes a seat like a teacher's. Without it such a send is refused with
   * the addresses named (issue 26), and nothing is sent.
   */
  confirm_staff: z.boolean().optional(),
});
export type SendInvitesRequest = z.input<typeof SendInvitesRequest>;

/** Why an address of a send was not invited again. */
export const SkippedInvite = z.object({ email: z.string(), reason: z.string() });
export type SkippedInvite = z.infer<typeof SkippedInvite>;

export const SendInvitesResponse = z.object({ invites: z.array(Invite), skipped: z.array(SkippedInvite) });
export type SendInvitesResponse = z.infer<typeof SendInvitesResponse>;

/** POST /api/invites/accept: a signed-in teacher takes the seat of an invitation sent to their address. */
export const AcceptInviteRequest = z.object({
  code: z.string({ message: licenceMessages.invalidInviteCode }).trim().min(1).max(200),
});
export type AcceptInviteRequest = z.input<typeof AcceptInviteRequest>;

export const AcceptInviteResponse = z.object({
  licence: z.object({ groupId: z.string(), groupName: z.string() }),
});
export type AcceptInviteResponse = z.infer<typeof AcceptInviteResponse>;

export const RemovedResponse = z.object({ ok: z.literal(true) });
export type RemovedResponse = z.infer<typeof RemovedResponse>;

/** The normalised form of an address (as the auth contracts store it). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailCheck = z.email();
/** True for an address the api accepts (the same check as sign-up). */
export function isValidEmail(email: string): boolean {
  return email.length <= limits.emailMax && emailCheck.safeParse(email).success;
}
