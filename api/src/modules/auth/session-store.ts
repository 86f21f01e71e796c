import { and, eq, gt, lt } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { sha256 } from './crypto.js';

export { endAllSessionsOfUser } from './store.js';

/** What we keep in a session. */
export interface SessionData {
  userId?: string;
}

/** Marks, on the request's state, the id koa-session just generated (a new session). */
export const newSessionIdKey = 'newSessionId';

interface StoreOptions {
  ctx?: { state?: Record<string, unknown> };
}

/**
 * koa-session external store backed by the `sessions` table. The cookie carries a random
 * 256-bit id; the table keys rows by its SHA-256. Methods return Promises (koa-session 7 checks).
 */
export function createSessionStore(db: Db, clock: Clock) {
  return {
    async get(key: string): Promise<Record<string, unknown> | undefined> {
      const [row] = await db
        .select({ data: sessions.data })
        .from(sessions)
        .where(and(eq(sessions.idHash, sha256(key)), gt(sessions.expiresAt, clock())))
        .limit(1);
      return row?.data;
    },
    /**
     * Inserts only a session id generated in this request; an existing id is only updated, so a
     * request still in flight cannot bring back a session that a password reset just ended.
     */
    async set(
      key: string,
      data: Record<string, unknown>,
      maxAge: number | 'session',
      options?: StoreOptions,
    ): Promise<void> {
      const now = clock();
      const ttl = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
      const expiresAt = new Date(now.getTime() + ttl);
      const userId = typeof data.userId === 'string' ? data.userId : null;
      const state = options?.ctx?.state;
      if (state && state[newSessionIdKey] === key) {
        delete state[newSessionIdKey];
        await db.insert(sessions).values({ idHash: sha256(key), userId, data, expiresAt, createdAt: now });
      } else {
        await db
          .update(sessions)
          .set({ userId, data, expiresAt })
          .where(eq(sessions.idHash, sha256(key)));
      }
    },
    async destroy(key: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, sha256(key)));
    },
  };
}

export async function purgeExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
