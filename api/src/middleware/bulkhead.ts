import { errorCodes } from '@pd/domain';
import type { Middleware } from 'koa';
import { KnownUnavailable } from '../errors.js';
import { unavailableMessage } from './error-handler.js';

export interface BulkheadOptions {
  /** Requests of this kind served at once by this process (each holds a pooled connection). */
  concurrent: number;
  /** Requests that wait their turn, in order of arrival; one more is answered 503. */
  queue: number;
  /** The Retry-After of that 503, in seconds: the device sends the request again then. */
  retryAfterSeconds: number;
}

/**
 * The devices' bulk writes, per process. The pool holds 10 connections (`db/client.ts`): sync
 * batches take at most 4 and analytics batches 2, so 4 stay for everything else. A queue of 300
 * holds a whole school's reconnect; the requests past it come back after Retry-After.
 */
export const bulkWriteLimits = {
  /** POST /api/progress/sync */
  sync: { concurrent: 4, queue: 300, retryAfterSeconds: 2 },
  /** POST /api/analytics/events */
  analyticsEvents: { concurrent: 2, queue: 300, retryAfterSeconds: 2 },
} as const satisfies Record<string, BulkheadOptions>;

/**
 * A bulkhead for the devices' bulk writes (issue 31, decision 107): at most `concurrent` of one
 * kind of request run at once in this process, the next `queue` wait in order, and one more is
 * answered 503 with Retry-After, which the pwa's drain treats as "try again later" (it keeps the
 * ops). When a school's devices reconnect together, their sync batches and analytics then take
 * only part of the pool's connections, and the other teachers' reads keep theirs.
 */
export function bulkhead({ concurrent, queue, retryAfterSeconds }: BulkheadOptions): Middleware {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return async (_ctx, next) => {
    if (running < concurrent) running += 1;
    else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve));
    else
      throw new KnownUnavailable(503, unavailableMessage, errorCodes.unavailable, undefined, {
        'Retry-After': String(retryAfterSeconds),
      });
    try {
      await next();
    } finally {
      release();
    }
  };
}
