import type { AuditAction, AuditTargetType } from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { AuditRow, UserRow } from '../../db/schema.js';
import * as store from './store.js';

/**
 * The audit log of admin actions (issue 14; every action of a licence admin and a super admin,
 * issue 28 part 4; docs/ARCHITECTURE.md, "The school side"). A service records its action with
 * `record(tx, ...)` (also exported as `recordAudit`) inside the transaction of the action itself:
 * the row commits with the change or not at all. The admin module reads it (GET /api/admin/audit),
 * the licences module a group's entries (GET /api/license-groups/{id}/audit).
 */

export type AuditActor = Pick<UserRow, 'id' | 'email'>;

export interface AuditEvent {
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The licence group the action belongs to: its licence admins read the entry (issue 28). */
  groupId?: string | null;
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
    licenseGroupId: event.groupId ?? (event.target.type === 'license_group' ? event.target.id : null),
  });
}

/** The same function under the name other modules' services call it by (issue 28). */
export const recordAudit = record;

export type AuditFilter = store.AuditFilter;

/** The most entries a total counts exactly; past it the answer says `capped` (decision 111). */
export const auditCountCap = 10_000;

/**
 * A page of the log, newest first, with the total of entries the filter matches: exact up to
 * `auditCountCap`, else `auditCountCap` with `capped` ("more than 10,000").
 */
export async function list(
  db: Db,
  limit: number,
  offset: number,
  filter: AuditFilter = {},
): Promise<{ rows: AuditRow[]; total: number; capped: boolean }> {
  const [rows, counted] = await Promise.all([
    store.listEntries(db, filter, limit, offset),
    store.countEntries(db, filter, auditCountCap),
  ]);
  return { rows, total: Math.min(counted, auditCountCap), capped: counted > auditCountCap };
}

/** Every entry the filter matches, newest first, in pages of `batch` (the CSV export). */
export async function* allEntries(db: Db, filter: AuditFilter, batch = 1000): AsyncGenerator<AuditRow[]> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const rows = await store.listEntriesAfter(db, filter, after, batch);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
    if (rows.length < batch) return;
  }
}

/** Part of an account's deletion (in its transaction): the log keeps the ids, not the e-mail. */
export function forgetPerson(tx: Db, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  return store.forgetPerson(tx, user.id, user.email, deletedUserLabel);
}
