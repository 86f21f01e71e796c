import {
  learningEndpoints,
  maxOpsPerBatch,
  type CourseProgress,
  type ProgressRecord,
  type SyncOp,
  type SyncOpResult,
  type SyncResponse,
} from '@pd/domain';
import Dexie from 'dexie';
import { ApiError, apiGet, apiSend } from '../lib/api-client';
import { userDb, type OutboxOp, type UserDb } from './db';
import { rebaseProgress } from './progress-merge';

/**
 * One pass of the drain (docs/ARCHITECTURE.md, "Offline-first"): the pending ops, oldest first, in
 * batches of at most `maxOpsPerBatch`, to POST /api/progress/sync. Per result: applied or duplicate
 * -> the op is deleted; rejected -> it stays with status 'rejected' and the server's reason (shown to
 * the teacher until dismissed). The merged progress of the reply is rebased into Dexie (the server's
 * records win, the ops still pending are replayed on top) in the same transaction. A network error,
 * a 5xx or any other refusal of the whole batch keeps every op and ends the pass as 'failed' (the
 * engine backs off); a 400 (a malformed op) is narrowed to the one op, which is rejected.
 * Call it under the drain lock (sync-engine.ts).
 */

export type DrainOutcome =
  | { status: 'done'; sent: number; applied: number; rejected: number }
  | { status: 'failed'; sent: number; error: unknown };

export interface DrainOptions {
  batchSize?: number;
  /** Told before each request (the status shows 'Saving...'). */
  onSending?: (count: number) => void;
  /** Told the merged progress of each reply (to update the query cache). */
  onProgress?: (progress: CourseProgress[]) => void;
  /** On a transient failure: when the engine will retry (epoch ms), kept on the ops for display. */
  nextAttemptAt?: () => number;
}

/** The ops waiting to be sent, oldest first. */
export function pendingOps(db: UserDb, limit?: number): Promise<OutboxOp[]> {
  const query = db.outbox.where('[status+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]);
  return (limit === undefined ? query : query.limit(limit)).toArray();
}

export function toWireOp(op: OutboxOp): SyncOp {
  return op.type === 'quiz-submitted'
    ? { opId: op.opId, type: op.type, ...op.payload }
    : { opId: op.opId, type: op.type, ...op.payload };
}

/** Errors that say "try again later" rather than "this op is wrong". */
export function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError && error.status === 400);
}

function describe(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

export async function drainOutbox(userId: string, options: DrainOptions = {}): Promise<DrainOutcome> {
  const db = userDb(userId);
  let batchSize = Math.min(options.batchSize ?? maxOpsPerBatch, maxOpsPerBatch);
  let sent = 0;
  let applied = 0;
  let rejected = 0;

  for (;;) {
    const batch = await pendingOps(db, batchSize);
    if (batch.length === 0) return { status: 'done', sent, applied, rejected };
    options.onSending?.(batch.length);
    let reply: SyncResponse;
    try {
      reply = await apiSend(learningEndpoints.sync, { ops: batch.map(toWireOp) });
    } catch (error) {
      if (!isTransient(error) && batch.length > 1) {
        // One malformed op refuses the whole batch: send one at a time to find it.
        batchSize = 1;
        continue;
      }
      await recordFailure(db, batch, error, options.nextAttemptAt?.() ?? null);
      if (isTransient(error)) return { status: 'failed', sent, error };
      rejected += 1;
      continue;
    }
    sent += batch.length;
    const counts = await applyReply(db, batch, reply);
    applied += counts.applied;
    rejected += counts.rejected;
    options.onProgress?.(reply.progress);
    if (counts.applied + counts.rejected < batch.length) {
      // The reply left some ops unanswered: try them again later rather than in a tight loop.
      return { status: 'failed', sent, error: new Error('The server did not answer every change.') };
    }
  }
}

/** A transient failure counts a try on each op; a 400 on a single op rejects it with the message. */
async function recordFailure(
  db: UserDb,
  batch: OutboxOp[],
  error: unknown,
  nextAttemptAt: number | null,
): Promise<void> {
  const message = describe(error);
  await db.transaction('rw', db.outbox, async () => {
    for (const op of batch) {
      if (op.seq === undefined) continue;
      if (isTransient(error)) {
        await db.outbox.update(op.seq, { tries: op.tries + 1, lastError: message, nextAttemptAt });
      } else {
        await db.outbox.update(op.seq, { status: 'rejected', reason: message, lastError: message });
      }
    }
  });
}

async function applyReply(db: UserDb, batch: OutboxOp[], reply: SyncResponse) {
  const results = new Map<string, SyncOpResult>(reply.results.map((r) => [r.opId, r]));
  let applied = 0;
  let rejected = 0;
  await db.transaction('rw', db.outbox, db.progress, async () => {
    for (const op of batch) {
      if (op.seq === undefined) continue;
      const result = results.get(op.opId);
      if (!result) {
        await db.outbox.update(op.seq, { tries: op.tries + 1, lastError: 'The server did not answer it.' });
      } else if (result.status === 'rejected') {
        rejected += 1;
        await db.outbox.update(op.seq, {
          status: 'rejected',
          reason: result.reason ?? 'The server refused this change.',
          lastError: null,
        });
      } else {
        applied += 1;
        await db.outbox.delete(op.seq);
      }
    }
    const stillPending = await pendingOps(db);
    for (const course of reply.progress) {
      const local = await db.progress.get(course.courseSlug);
      await db.progress.put(rebaseProgress(course.courseSlug, local, course, stillPending));
    }
  });
  return { applied, rejected };
}

/**
 * Rebuilds the device's progress from GET /api/progress (on sign-in and app start): every course the
 * server or the device knows is rebased on the server's records, with pending ops replayed. Throws
 * NetworkError / ApiError when the server cannot answer; nothing is changed then.
 */
export async function rebuildProgressFromServer(userId: string): Promise<ProgressRecord[]> {
  const records = await apiGet(learningEndpoints.progress);
  const db = userDb(userId);
  await db.transaction('rw', db.outbox, db.progress, async () => {
    const pending = await pendingOps(db);
    const slugs = new Set([
      ...records.map((r) => r.courseSlug),
      ...((await db.progress.toCollection().primaryKeys()) as string[]),
    ]);
    for (const slug of slugs) {
      const local = await db.progress.get(slug);
      await db.progress.put(rebaseProgress(slug, local, { records }, pending));
    }
  });
  return records;
}
