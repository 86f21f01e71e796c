import { sessionLifetimes } from '@pd/domain';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import session from 'koa-session';
import type { Clock } from '../../../clock.js';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { randomToken } from '../crypto.js';
import type { SessionCache } from './cache.js';
import { createSessionStore, newSessionIdKey, type SessionData } from './store.js';

/** The parts of koa-session's Session object we use. */
export interface AppSession extends SessionData {
  readonly isNew: boolean;
  /** The cookie's lifetime for this session (koa-session's per-session maxAge). */
  maxAge: number | 'session' | undefined;
  /** Ends this session id and starts a new one (on sign-in). */
  regenerate(): Promise<void> | undefined;
}

declare module 'koa' {
  interface DefaultContext {
    /** Set to null to end the session (sign-out). */
    session: AppSession | null;
  }
}

/** The cookie's default lifetime: a teacher's absolute session lifetime (decision 074). */
export const sessionMaxAgeMs = sessionLifetimes.teacher.absoluteMs;

export function sessionCookieName(isHttps: boolean): string {
  return isHttps ? '__Host-sid' : 'sid';
}

export interface SessionDeps {
  config: Pick<Config, 'isHttps' | 'sessionSecret'>;
  db: Db;
  clock: Clock;
  sessionCache: SessionCache;
}

/**
 * koa-session with its PostgreSQL store. Cookie: HttpOnly, SameSite=Lax, signed with the app's
 * keys (`app.keys`, set here); Secure and the __Host- prefix when PUBLIC_URL is https.
 */
export function sessionMiddleware(app: Koa, deps: SessionDeps): Middleware {
  app.keys = [deps.config.sessionSecret];
  return session(
    {
      key: sessionCookieName(deps.config.isHttps),
      maxAge: sessionMaxAgeMs,
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.isHttps,
      signed: true,
      renew: true,
      genid: (ctx: Koa.Context) => {
        const id = randomToken();
        ctx.state[newSessionIdKey] = id;
        return id;
      },
      store: createSessionStore(deps.db, deps.clock, deps.sessionCache),
    },
    app,
  ) as Middleware;
}
