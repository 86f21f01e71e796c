import { outboxSyncTag } from '@pd/domain';
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMe } from './get-me';
import {
  readUserDb,
  userDb,
  type CourseResetPayload,
  type OutboxOp,
  type QuizSubmittedPayload,
  type UserDb,
} from './db';

/**
 * The outbox (docs/ARCHITECTURE.md, "Offline-first"): operations made on the device, written in the same
 * Dexie transaction as the local change they describe, and sent by the drain (drain.ts).
 */

type NewOp =
  | { type: 'quiz-submitted'; payload: QuizSubmittedPayload; localGrade?: { score: number; passed: boolean } }
  | { type: 'course-reset'; payload: CourseResetPayload };

/** A new pending op with a device-made id; add it with `db.outbox.add` inside the change's transaction. */
export function newOutboxOp(op: NewOp, now = new Date()): OutboxOp {
  return {
    ...op,
    opId: crypto.randomUUID(),
    createdAt: now.toISOString(),
    tries: 0,
    lastError: null,
    nextAttemptAt: null,
    status: 'pending',
  };
}

const byStatus = (db: UserDb, status: OutboxOp['status']) =>
  db.outbox.where('[status+seq]').between([status, Dexie.minKey], [status, Dexie.maxKey]);

export function countPendingOps(userId: string): Promise<number> {
  return byStatus(userDb(userId), 'pending').count();
}

export function rejectedOps(userId: string): Promise<OutboxOp[]> {
  return byStatus(userDb(userId), 'rejected').toArray();
}

/** The teacher has read why the server refused this change: forget it. */
export async function dismissRejectedOp(userId: string, opId: string): Promise<void> {
  const db = userDb(userId);
  await db.outbox
    .where('opId')
    .equals(opId)
    .and((op) => op.status === 'rejected')
    .delete();
}

/** Asks the browser to wake the service worker (`outboxSyncTag`) when the connection is back. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(outboxSyncTag);
  } catch {
    // Background Sync is a bonus (Chromium only); the drain's own triggers still run.
  }
}

/** Changes of the signed-in teacher not yet on the server (live). 0 when signed out. */
export function useOutboxPendingCount(): number {
  const userId = useMe().data?.id;
  return useLiveQuery(
    async () => (userId ? await readUserDb(userId, () => countPendingOps(userId), 0) : 0),
    [userId],
    0,
  );
}

/** Changes the server refused, oldest first (live). */
export function useRejectedOps(): OutboxOp[] {
  const userId = useMe().data?.id;
  return useLiveQuery(
    async () => (userId ? await readUserDb(userId, () => rejectedOps(userId), []) : []),
    [userId],
    [],
  );
}
