import type { AdminUser, AuditEntry } from '@pd/domain';
import type { AuditRow } from '../../db/schema.js';
import type { UserListRow } from './store.js';

export const presentAdminUser = (row: UserListRow): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  emailVerified: row.emailVerified,
  createdAt: row.createdAt,
  mfaEnabled: Boolean(row.mfaEnabled),
});

export const presentAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  action: row.action,
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  targetType: row.targetType,
  targetId: row.targetId,
  targetLabel: row.targetLabel,
  before: row.before,
  after: row.after,
});
