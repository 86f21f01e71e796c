import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';

export interface Hit {
  count: number;
  resetAt: Date;
}

/**
 * Counts `by` hits (one by default) on `key` in a fixed window, atomically (one upsert), in
 * PostgreSQL so every api instance shares the counters.
 */
export async function hit(db: Db, key: string, windowMs: number, now: Date, by = 1): Promise<Hit> {
  const resetAt = new Date(now.getTime() + windowMs);
  const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: by, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN ${by}::integer ELSE ${rateLimits.count} + ${by}::integer END`,
        resetAt: sql`CASE WHEN ${expired} THEN ${resetAt.toISOString()}::timestamptz ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (!row) throw new Error('rate limit upsert returned no row');
  return row;
}

/** The hits counted on `key` in its live window, without counting one; null when none. */
export async function peek(db: Db, key: string, now: Date): Promise<Hit | null> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)));
  return row ?? null;
}

/** Forgets the counts of `keys` (a success that clears the failures before it). */
export async function clear(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(rateLimits).where(inArray(rateLimits.key, [...keys]));
}

/** Housekeeping: forget windows that ended. */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}
