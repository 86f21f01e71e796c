import { z } from 'zod';
import { roles } from './roles-core.js';

const Role = z.enum(roles, { error: 'Role must be one of free, premium, license_admin, superadmin' });

/**
 * The Super Admin Dashboard (spec sections 2, 6, 7, 8; issue 14): the contracts of the `admin`
 * calls and the texts of the screen, written once for the api and the pwa.
 */

export const adminMessages = {
  // Spec section 2 ('Access denied screens').
  accessDenied: 'Access Denied',
  accessDeniedText: 'You need super admin privileges to access this page.',
  // Section 8: success and error toasts.
  roleUpdated: 'Role updated successfully',
  roleUpdateError: 'Error updating role',
  userDeleted: 'User deleted successfully',
  userDeletedText: 'The account and all of its data were permanently removed.',
  deleteError: 'Error deleting user',
  emailVerified: 'Email verified successfully',
  verifyError: 'Error verifying email',
  licenseCountUpdated: 'License count updated',
  licenseCountError: 'Error updating license count',
  groupCreated: 'License Group Created Successfully',
  groupCreateError: 'Error creating license group',
  loadUsersError: (message: string) => `Error loading users: ${message}`,
  // Section 8: fallbacks when a server body carries no error.
  updateRoleFailed: 'Failed to update user role',
  deleteFailed: 'Failed to delete user',
  verifyFailed: 'Failed to verify user email',
  updateCountFailed: 'Failed to update license count',
  createGroupFailed: 'Failed to create license group',
  fetchUsersFailed: 'Failed to fetch users',
  fetchGroupsFailed: 'Failed to fetch license groups',
  fetchAuditFailed: 'Failed to fetch activity',
  // The api's rules (issue 14).
  onlySuperadmins: 'Only super admins can do this.',
  userNotFound: 'User not found.',
  notOwnAccount: 'You cannot change or delete your own account here.',
  lastSuperadmin: 'This is the last super admin: make another user a super admin first.',
  purchaserOfGroups: (groups: readonly string[]) =>
    `This license admin still purchases ${groups.join(', ')}. Hand the group over to another license admin first.`,
  alreadyVerified: 'This e-mail address is already verified.',
  subscriptionCancelFailed:
    'The subscription could not be cancelled at the payment provider, so the account was not deleted. Please try again later.',
  invalidQuery: 'Invalid search or filter.',
  mfaReset: 'Two-step sign-in reset',
  mfaResetText: (email: string) =>
    `${email} was signed out everywhere and sets up two-step sign-in again at the next sign-in (admins), or signs in with the password alone (teachers).`,
  mfaNotOn: 'Two-step sign-in is not on for this account.',
  mfaResetError: 'Error resetting two-step sign-in',
  mfaResetFailed: 'Failed to reset two-step sign-in',
} as const;

/** A user as the dashboard lists it (spec section 3, 'User'). */
export const AdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: Role,
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** New: two-step sign-in is on (decision 077); the dashboard can reset it. */
  mfaEnabled: z.boolean(),
  /** Issue 28: the licence seat the user holds (the badge reads 'Premium · {group}' while it is live). */
  licence: z
    .object({
      groupId: z.string(),
      groupName: z.string(),
      groupStatus: z.enum(['active', 'suspended']),
      live: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const adminUserSorts = ['joined_desc', 'joined_asc'] as const;
export type AdminUserSort = (typeof adminUserSorts)[number];
export const adminPageSizes = [10, 25, 50, 100] as const;

/** GET /api/admin/users?search=&role=&verified=&sort=&limit=&offset= (all optional). */
export const AdminUserQuery = z.object({
  search: z.string().trim().max(255, 'Search is too long').optional(),
  role: Role.optional(),
  verified: z.enum(['yes', 'no'], { error: 'Verified must be yes or no' }).optional(),
  /** Issue 28: only the members of this licence group. */
  group: z.string().trim().uuid('Group must be a licence group id').optional(),
  sort: z.enum(adminUserSorts, { error: 'Sort must be joined_desc or joined_asc' }).default('joined_desc'),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 100')
    .max(100, 'Limit must be between 1 and 100')
    .default(25),
  offset: z.coerce
    .number({ error: 'Offset must be a number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset cannot be negative')
    .max(1_000_000, 'Offset is too large')
    .default(0),
});
export type AdminUserQuery = z.input<typeof AdminUserQuery>;

export const AdminUserListResponse = z.object({
  users: z.array(AdminUser),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type AdminUserListResponse = z.infer<typeof AdminUserListResponse>;

/** PATCH /api/admin/users/{userId}/role. */
export const UpdateRoleRequest = z.object({ role: Role });
export type UpdateRoleRequest = z.input<typeof UpdateRoleRequest>;

/** What an admin did (the audit log, issue 14). */
export const auditActions = [
  'role_changed',
  'email_verified',
  'user_deleted',
  'license_group_created',
  'license_count_edited',
  'invites_sent',
  'invite_revoked',
  'mfa_reset',
  'roster_imported',
  'join_link_created',
  'join_link_revoked',
  'assignments_created',
  'assignment_removed',
  // Issue 28 part 4: every action of a licence admin and a super admin.
  'invite_resent',
  'invite_accepted',
  'member_joined',
  'member_removed',
  'group_term_changed',
  'group_admin_added',
  'group_admin_removed',
  'group_owner_changed',
  'mfa_enabled',
  'mfa_disabled',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  role_changed: 'Role changed',
  email_verified: 'Email verified',
  user_deleted: 'User deleted',
  license_group_created: 'License group created',
  license_count_edited: 'License count edited',
  invites_sent: 'Invites sent',
  invite_revoked: 'Invite revoked',
  mfa_reset: 'Two-step sign-in reset',
  roster_imported: 'Roster imported',
  join_link_created: 'Join link created',
  join_link_revoked: 'Join link revoked',
  assignments_created: 'Courses assigned',
  assignment_removed: 'Assignment removed',
  invite_resent: 'Invite resent',
  invite_accepted: 'Invite accepted',
  member_joined: 'Joined with a link',
  member_removed: 'Member removed',
  group_term_changed: 'Group term changed',
  group_admin_added: 'Co-admin added',
  group_admin_removed: 'Co-admin removed',
  group_owner_changed: 'Group handed over',
  mfa_enabled: 'Two-step sign-in turned on',
  mfa_disabled: 'Two-step sign-in turned off',
};

/** What an audit entry is about. */
export const auditTargetTypes = ['user', 'license_group', 'invite', 'join_link', 'assignment'] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** One row of the audit log: who did what to whom, when, with the values before and after. */
export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(auditActions),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  targetType: z.enum(auditTargetTypes),
  targetId: z.string(),
  targetLabel: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** Issue 28: the licence group the action belongs to (its licence admins read these entries). */
  licenseGroupId: z.string().nullable().optional(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const auditDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written YYYY-MM-DD')
  .refine((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
  }, 'Dates must be real days')
  .optional();

/**
 * GET /api/admin/audit (and a licence admin's GET /api/license-groups/{id}/audit), newest first,
 * paged on the server (issue 28 part 4). Filters, all optional: `actor` (an account's id or exact
 * e-mail), `action`, `target` (an id or the exact label: an e-mail, a group's name), `from` / `to`
 * (days, UTC, both included), `q` (any part of the actor's e-mail or of the target's label).
 */
export const AuditQuery = z
  .object({
    limit: AdminUserQuery.shape.limit,
    offset: AdminUserQuery.shape.offset,
    actor: z.string().trim().max(255, 'Actor is too long').optional(),
    action: z.enum(auditActions, { error: 'Unknown action' }).optional(),
    target: z.string().trim().max(255, 'Target is too long').optional(),
    from: auditDay,
    to: auditDay,
    q: z.string().trim().max(200, 'Search is too long').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'From must not be after To',
    path: ['from'],
  });
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditListResponse = z.object({
  entries: z.array(AuditEntry),
  /** Exact up to 10,000; past it 10,000 with `capped` (decision 111). */
  total: z.number(),
  capped: z.boolean().optional(),
  limit: z.number(),
  offset: z.number(),
});
export type AuditListResponse = z.infer<typeof AuditListResponse>;
