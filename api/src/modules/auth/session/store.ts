import { sessionLifetimes, sessionTouchMs } from '@pd/domain';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/client.js';
import { sessions } from '../../../db/schema.js';
import { sha256 } from '../crypto.js';
import type { SessionCache } from './cache.js';

/** What we keep in a session. */
export interface SessionData {
  userId?: string;
  /** Sign-in time (ms) and the role's lifetimes then (decision 074). */
  startedAt?: number;
  idleMs?: number;
  absoluteMs?: number;
  /** The user had premium when the session id was last made (a paid upgrade makes a new one). */
  premium?: boolean;
  /** This sign-in passed two-step sign-in (decision 077): an admin role's session needs it. */
  mfa?: boolean;
  /**
   * A sign-in between the password and the code (or the code's setup): whose, which step, until
   * when (ms), and the id its tries are counted under in the database (decision 092). Not signed in
   * yet: `userId` is unset.
   */
  pendingSignIn?: { userId: string; step: 'verify' | 'enrol'; until: number; attemptsId: string };
  /** A new TOTP secret shown for setup, encrypted, until its first code confirms it. */
  mfaSetup?: string;
}

interface Lifetime {
  startedAt: number;
  idleMs: number;
  absoluteMs: number;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The session's lifetime as its sign-in wrote it; a session from before lifetimes existed: the
 * teacher's, from its row's creation.
 */
function lifetimeOf(data: Record<string, unknown>, createdAt: number): Lifetime {
  return {
    startedAt: isNumber(data.startedAt) ? data.startedAt : createdAt,
    idleMs: isNumber(data.idleMs) ? data.idleMs : sessionLifetimes.teacher.idleMs,
    absoluteMs: isNumber(data.absoluteMs) ? data.absoluteMs : sessionLifetimes.teacher.absoluteMs,
  };
}

/** The idle deadline after a request at `now`, never past the absolute end. */
function idleDeadline(life: Lifetime, now: number): number {
  return Math.min(now + life.idleMs, life.startedAt + life.absoluteMs);
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
    /**
     * Expiry is checked on every read, cached or not: the idle deadline (the row's `expiresAt`) and
     * the absolute end. A live session's idle deadline moves on when a twelfth of it is used up.
     */
    async get(key: string): Promise<Record<string, unknown> | undefined> {
      const idHash = sha256(key);
      const now = clock().getTime();
      const cached = cache.getSession(idHash);
      if (cached) {
        const life = lifetimeOf(cached.data, 0);
        const alive = cached.expiresAt > now && life.startedAt + life.absoluteMs > now;
        return alive ? { ...cached.data } : undefined;
      }
      const ticket = cache.ticket();
      const [row] = await db
        .select({
          data: sessions.data,
          userId: sessions.userId,
          expiresAt: sessions.expiresAt,
          createdAt: sessions.createdAt,
        })
        .from(sessions)
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, clock())))
        .limit(1);
      if (!row) return undefined;
      const life = lifetimeOf(row.data, row.createdAt.getTime());
      if (life.startedAt + life.absoluteMs <= now) return undefined;
      const data = { ...row.data, ...life };
      let expiresAt = row.expiresAt.getTime();
      if (expiresAt - now < life.idleMs - sessionTouchMs(life.idleMs)) {
        expiresAt = idleDeadline(life, now);
        await db
          .update(sessions)
          .set({ expiresAt: new Date(expiresAt) })
          .where(eq(sessions.idHash, idHash));
        cache.invalidateSession(idHash);
        return { ...data };
      }
      cache.putSession(idHash, { data, userId: row.userId, expiresAt }, ticket);
      return { ...data };
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
      const expiresAt = new Date(
        isNumber(data.startedAt)
          ? idleDeadline(lifetimeOf(data, now.getTime()), now.getTime())
          : now.getTime() + ttl,
      );
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
