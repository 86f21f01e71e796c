import type { AuditAction } from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { AuditRow, UserRow } from '../../db/schema.js';
import * as store from './store.js';

/**
 * The audit log of admin actions (issue 14; docs/ARCHITECTURE.md, "The school side"). A service records its
 * action with `record(tx, ...)` inside the transaction of the action itself: the row commits with
 * the change or not at all. The admin module reads it (GET /api/admin/audit).
 */

export type AuditActor = Pick<UserRow, 'id' | 'email'>;

export interface AuditEvent {
  action: AuditAction;
  target: { type: AuditRow['targetType']; id: string; label: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** What the log says of a deleted person instead of their e-mail. */
export const deletedUserLabel = 'Deleted user';

export async function record(tx: Db, actor: AuditActor, event: AuditEvent, at: Date): Promise<void> {
  await store.insertEntry(tx, {
    at,
    action: event.action,
    actorId: actor.id,
    actorEmail: actor.email,
    targetType: event.target.type,
    targetId: event.target.id,
    targetLabel: event.target.label,
    before: event.before ?? null,
    after: event.after ?? null,
  });
}

export async function list(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, total] = await Promise.all([store.listEntries(db, limit, offset), store.countEntries(db)]);
  return { rows, total };
}

/** Part of an account's deletion (in its transaction): the log keeps the ids, not the e-mail. */
export function forgetPerson(tx: Db, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  return store.forgetPerson(tx, user.id, user.email, deletedUserLabel);
}
