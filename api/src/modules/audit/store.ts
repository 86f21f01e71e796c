import { count, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, type AuditRow } from '../../db/schema.js';

/** Data access of the audit log (issue 14). Rows are inserted in the transaction of their action. */

export type NewAuditRow = Omit<AuditRow, 'id'>;

export async function insertEntry(tx: Db, row: NewAuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/** Newest first (ties: by id, so pages never repeat or skip a row). */
export async function listEntries(db: Db, limit: number, offset: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset);
}

export async function countEntries(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog);
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
