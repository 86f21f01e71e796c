import { type AdminUser, isMembershipLive } from '@pd/domain';
import type { UserListRow } from './store.js';

export const presentAdminUser = (row: UserListRow, now: Date): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  emailVerified: row.emailVerified,
  createdAt: row.createdAt,
  mfaEnabled: Boolean(row.mfaEnabled),
  // Issue 28: the seat, and whether it gives premium now (the domain's term rule).
  licence: row.licence
    ? {
        groupId: row.licence.groupId,
        groupName: row.licence.groupName,
        groupStatus: row.licence.groupStatus,
        live: isMembershipLive(
          { status: row.licence.groupStatus, startsOn: row.licence.startsOn, endsOn: row.licence.endsOn },
          now,
        ),
      }
    : null,
});

/** The audit log's presenter is the audit module's (the licences module presents a group's entries too). */
export { presentAuditEntry } from '../audit/present.js';
