import { z } from 'zod';
import { AuditListResponse } from './admin.js';
import { endpoint } from './endpoint-core.js';
import { groupAdminMessages, isValidTerm, licenseGroupStatuses } from './licence-rules.js';
import { AdminLicenseGroup, LicenseGroup } from './licences.js';

/**
 * Who manages what (issue 28 part 1, decision 110): a group's licence admins (the purchaser and the
 * co-admins), the super admin's view of any group, handing a group over, and a group's term; and
 * the licence admin's view of their group's audit entries (part 4, decision 111). Its own group of
 * the endpoint table (endpoints.ts spreads it in).
 */

/** A real day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(d: string): boolean {
  const parsed = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
}

/** One of a group's licence admins. */
export const GroupAdmin = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The purchaser (the group's owner): cannot be removed, only handed over by the super admin. */
  purchaser: z.boolean(),
});
export type GroupAdmin = z.infer<typeof GroupAdmin>;

export const GroupAdminListResponse = z.object({ admins: z.array(GroupAdmin) });
export type GroupAdminListResponse = z.infer<typeof GroupAdminListResponse>;

/** POST /api/license-groups/{id}/admins: an existing licence-admin account, by e-mail or id. */
export const AddGroupAdminRequest = z
  .object({
    email: z.string().trim().max(254, 'E-mail address too long').optional(),
    userId: z.string().trim().max(64, 'User id too long').optional(),
  })
  .refine((b) => Boolean(b.email) !== Boolean(b.userId), { message: groupAdminMessages.emailOrUserId });
export type AddGroupAdminRequest = z.input<typeof AddGroupAdminRequest>;

const termDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, groupAdminMessages.termDate)
  .refine((d) => isCalendarDay(d), groupAdminMessages.termDate)
  .nullable();

/**
 * PATCH /api/license-groups/{id}/term (super admin): the term's first day and the first day
 * without access (null: open-ended), and the group's status (suspend or resume).
 */
export const GroupTermRequest = z
  .object({
    starts_on: termDate,
    ends_on: termDate,
    status: z.enum(licenseGroupStatuses, { error: 'Status must be active or suspended' }).optional(),
  })
  .refine((t) => isValidTerm(t.starts_on, t.ends_on), {
    message: groupAdminMessages.termOrder,
    path: ['ends_on'],
  });
export type GroupTermRequest = z.input<typeof GroupTermRequest>;

/** PATCH /api/license-groups/{id}/purchaser (super admin): hand the group to another licence admin. */
export const TransferGroupRequest = z.object({
  purchaser_id: z.string().trim().min(1, 'Please select a license admin.').max(64),
});
export type TransferGroupRequest = z.input<typeof TransferGroupRequest>;

export const groupAdminEndpoints = {
  /** One group as its License Management page reads it: a licence admin's own, or any for the super admin. */
  licenseGroup: endpoint({
    method: 'GET',
    path: '/api/license-groups/:groupId',
    response: AdminLicenseGroup,
  }),
  groupAdmins: endpoint({
    method: 'GET',
    path: '/api/license-groups/:groupId/admins',
    response: GroupAdminListResponse,
  }),
  addGroupAdmin: endpoint({
    method: 'POST',
    path: '/api/license-groups/:groupId/admins',
    request: AddGroupAdminRequest,
    response: GroupAdminListResponse,
  }),
  removeGroupAdmin: endpoint({
    method: 'DELETE',
    path: '/api/license-groups/:groupId/admins/:userId',
    response: GroupAdminListResponse,
  }),
  setGroupTerm: endpoint({
    method: 'PATCH',
    path: '/api/license-groups/:groupId/term',
    request: GroupTermRequest,
    response: LicenseGroup,
  }),
  transferGroup: endpoint({
    method: 'PATCH',
    path: '/api/license-groups/:groupId/purchaser',
    request: TransferGroupRequest,
    response: LicenseGroup,
  }),
  /** The group's entries of the audit log (its licence admins; the super admin), with AuditQuery's filters. */
  groupAudit: endpoint({
    method: 'GET',
    path: '/api/license-groups/:groupId/audit',
    response: AuditListResponse,
  }),
  /** The audit log as a CSV file, with the same filters (an attachment, not JSON). */
  adminAuditCsv: endpoint({ method: 'GET', path: '/api/admin/audit.csv' }),
  groupAuditCsv: endpoint({ method: 'GET', path: '/api/license-groups/:groupId/audit.csv' }),
} as const;
