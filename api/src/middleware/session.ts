import { createHmac, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import session from 'koa-session';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { memoize } from '../memo.js';
import { randomToken } from '../modules/auth/crypto.js';
import { createSessionStore, newSessionIdKey, type SessionData } from '../modules/auth/session-store.js';

/** The parts of koa-session's Session object we use. */
export interface AppSession extends SessionData {
  readonly isNew: boolean;
  /** Ends this session id and starts a new one (on sign-in). */
  regenerate(): Promise<void> | undefined;
}

declare module 'koa' {
  interface DefaultContext {
    /** Set to null to end the session (sign-out). */
    session: AppSession | null;
  }
}

export const sessionMaxAgeMs = 30 * 24 * 60 * 60 * 1000;

export function sessionCookieName(isHttps: boolean): string {
  return isHttps ? '__Host-sid' : 'sid';
}

/** keygrip's interface, which `cookies` (and so koa-session) calls. */
export interface CookieKeys {
  sign(data: string): string;
  verify(data: string, digest: string): boolean;
  /** The index of the key that signed `data` as `digest`, or -1. */
  index(data: string, digest: string): number;
}

/**
 * keygrip's contract and signatures (HMAC-SHA1, url-safe base64: cookies signed before stay valid)
 * with one HMAC and a constant-time compare per check. keygrip compares through tsscmp, which
 * costs random bytes and two more HMACs on every request. A signed value seen recently is not
 * checked again (the answer cannot change while the keys do not).
 */
export function cookieKeys(keys: string[]): CookieKeys {
  if (keys.length === 0) throw new Error('cookie keys required');
  const sign = (data: string, key: string) => createHmac('sha1', key).update(data).digest('base64url');
  const check = memoize((signed: string): number => {
    const cut = signed.lastIndexOf('\n');
    const data = signed.slice(0, cut);
    const given = Buffer.from(signed.slice(cut + 1));
    for (let i = 0; i < keys.length; i++) {
      const expected = Buffer.from(sign(data, keys[i] as string));
      if (given.length === expected.length && timingSafeEqual(given, expected)) return i;
    }
    return -1;
  });
  const index = (data: string, digest: string): number => check(`${data}\n${digest}`);
  return {
    sign: (data: string) => sign(data, keys[0] as string),
    verify: (data: string, digest: string) => index(data, digest) > -1,
    index,
  };
}

/**
 * Cookie: HttpOnly, SameSite=Lax; Secure and the __Host- prefix when PUBLIC_URL is https.
 * Sets the app's cookie keys and returns them with the session middleware.
 */
export function sessions(
  app: Koa,
  config: Config,
  db: Db,
  clock: Clock,
): { session: Middleware; keys: CookieKeys } {
  const keys = cookieKeys([config.sessionSecret]);
  // Koa's type names keygrip's class; `cookies` only calls these three methods.
  app.keys = keys as unknown as Koa['keys'];
  const middleware = session(
    {
      key: sessionCookieName(config.isHttps),
      maxAge: sessionMaxAgeMs,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.isHttps,
      signed: true,
      renew: true,
      genid: (ctx: Koa.Context) => {
        const id = randomToken();
        ctx.state[newSessionIdKey] = id;
        return id;
      },
      store: createSessionStore(db, clock),
    },
    app,
  ) as Middleware;
  return { session: middleware, keys };
}
