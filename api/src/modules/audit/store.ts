import { and, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AuditAction } from '@pd/domain';
import type { Db } from '../../db/client.js';
import { auditLog, type AuditRow } from '../../db/schema.js';
import { isUuid } from '../../ids.js';

/** Data access of the audit log (issue 14). Rows are inserted in the transaction of their action. */

export type NewAuditRow = Omit<AuditRow, 'id'>;

export async function insertEntry(tx: Db, row: NewAuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/**
 * The Activity tab's filters (issue 28 part 4), each served by an index of migration 00xx
 * (`audit_log_*_idx`): a group's entries, an action, an actor (id or exact e-mail), a target (id
 * or exact label), days (UTC; `to` included) and a search in the actor's e-mail and the target's
 * label (trigram GIN; `\`, `%` and `_` are letters).
 */
export interface AuditFilter {
  groupId?: string;
  action?: AuditAction;
  actor?: string;
  target?: string;
  /** `YYYY-MM-DD`. */
  from?: string;
  to?: string;
  q?: string;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(filter: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.groupId) parts.push(eq(auditLog.licenseGroupId, filter.groupId));
  if (filter.action) parts.push(eq(auditLog.action, filter.action));
  if (filter.actor) {
    const byEmail = sql`lower(${auditLog.actorEmail}) = lower(${filter.actor})`;
    parts.push(isUuid(filter.actor) ? or(eq(auditLog.actorId, filter.actor), byEmail) : byEmail);
  }
  if (filter.target) {
    const byLabel = sql`lower(${auditLog.targetLabel}) = lower(${filter.target})`;
    parts.push(or(eq(auditLog.targetId, filter.target), byLabel));
  }
  if (filter.from) parts.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to) {
    const next = new Date(`${filter.to}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    parts.push(lt(auditLog.at, next));
  }
  if (filter.q) {
    parts.push(
      sql`lower(${auditLog.actorEmail} || ' ' || ${auditLog.targetLabel}) like '%' || ${likeEscaped(filter.q.toLowerCase())} || '%'`,
    );
  }
  return and(...parts);
}

/** Newest first (ties: by id, so pages never repeat or skip a row). */
export async function listEntries(
  db: Db,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(where(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

/** The entries after `after` in the same order (the CSV export walks the log with it). */
export async function listEntriesAfter(
  db: Db,
  filter: AuditFilter,
  after: { at: Date; id: string } | null,
  limit: number,
): Promise<AuditRow[]> {
  const seek = after
    ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select()
    .from(auditLog)
    .where(and(where(filter), seek))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/**
 * How many entries the filter matches, counted up to `cap + 1` at most: past a cap the count of a
 * million rows costs more than the page (bench/audit-log.mjs), and "more than 10,000" is all a
 * person reads of it.
 */
export async function countEntries(db: Db, filter: AuditFilter, cap: number): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(where(filter))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  return Number(row?.n ?? 0);
}

/** The deleted person's e-mail leaves the log: their rows keep the id and say 'Deleted user'. */
export async function forgetPerson(tx: Db, userId: string, email: string, label: string): Promise<void> {
  await tx
    .update(auditLog)
    .set({ targetLabel: label })
    .where(or(eq(auditLog.targetId, userId), eq(auditLog.targetLabel, email)));
  await tx.update(auditLog).set({ actorEmail: label }).where(eq(auditLog.actorId, userId));
}
