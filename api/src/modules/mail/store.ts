import { and, asc, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOutbox, type OutboxRow } from '../../db/schema.js';
import type { OutgoingMail } from './templates.js';

/** Queues `mails` (one statement); their outbox ids, in order. */
export async function insertMails(db: Db, mails: readonly OutgoingMail[], now: Date): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insert(emailOutbox)
    .values(mails.map((mail) => ({ ...mail, nextAttemptAt: now, createdAt: now })))
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

/** The state of the messages of `ids`: pending (queued or retrying), sent or failed, with the last error. */
export async function statesOf(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, Pick<OutboxRow, 'status' | 'lastError'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: emailOutbox.id, status: emailOutbox.status, lastError: emailOutbox.lastError })
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { status: r.status, lastError: r.lastError }]));
}

/** Removes every message to `to` (an account's deletion, issue 14): sent, pending or failed. */
export async function deleteMailsTo(db: Db, to: string): Promise<number> {
  const rows = await db.delete(emailOutbox).where(eq(emailOutbox.to, to)).returning({ id: emailOutbox.id });
  return rows.length;
}

/** Claims due messages for `lockMs` (SKIP LOCKED: several instances can drain one outbox). */
export async function claimDue(db: Db, now: Date, lockMs: number, batch: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        lte(emailOutbox.nextAttemptAt, now),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + lockMs) })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

/** What a sent mail's body becomes once it left over SMTP: its links were single-use secrets. */
export const purgedBody = '(removed after sending)';

/**
 * Marks a mail sent. `purgeBody`: the text, HTML and links are removed (they carry live sign-in,
 * reset and invitation links); the recipient, subject and times stay for support.
 */
export async function markSent(
  db: Db,
  id: string,
  attempts: number,
  now: Date,
  purgeBody = false,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      attempts,
      sentAt: now,
      lockedUntil: null,
      lastError: null,
      ...(purgeBody ? { text: purgedBody, html: purgedBody, links: [] } : {}),
    })
    .where(eq(emailOutbox.id, id));
}

export async function markFailedAttempt(
  db: Db,
  id: string,
  attempts: number,
  error: string,
  nextAttemptAt: Date,
  giveUp: boolean,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      attempts,
      lastError: error.slice(0, 1000),
      nextAttemptAt,
      lockedUntil: null,
    })
    .where(eq(emailOutbox.id, id));
}

export async function listNewestFirst(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}
