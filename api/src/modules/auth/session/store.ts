import { and, eq, gt, lt } from 'drizzle-orm';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/client.js';
import { sessions } from '../../../db/schema.js';
import { sha256 } from '../crypto.js';
import type { SessionCache } from './cache.js';

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
 * Reads are served from the app's session micro-cache for up to 2 s (decision 012); every write
 * here invalidates it.
 */
export function createSessionStore(db: Db, clock: Clock, cache: SessionCache) {
  return {
    /** Expiry is checked on every read, cached or not. */
    async get(key: string): Promise<Record<string, unknown> | undefined> {
      const idHash = sha256(key);
      const cached = cache.getSession(idHash);
      if (cached) return cached.expiresAt > clock().getTime() ? { ...cached.data } : undefined;
      const ticket = cache.ticket();
      const [row] = await db
        .select({ data: sessions.data, userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, clock())))
        .limit(1);
      if (!row) return undefined;
      cache.putSession(
        idHash,
        { data: row.data, userId: row.userId, expiresAt: row.expiresAt.getTime() },
        ticket,
      );
      return { ...row.data };
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
      const idHash = sha256(key);
      if (state && state[newSessionIdKey] === key) {
        delete state[newSessionIdKey];
        await db.insert(sessions).values({ idHash, userId, data, expiresAt, createdAt: now });
      } else {
        await db.update(sessions).set({ userId, data, expiresAt }).where(eq(sessions.idHash, idHash));
        cache.invalidateSession(idHash);
      }
    },
    async destroy(key: string): Promise<void> {
      const idHash = sha256(key);
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
      cache.invalidateSession(idHash);
    },
  };
}

export async function purgeExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
