import type { Middleware } from 'koa';
import type { Clock } from '../../clock.js';
import { apiHeaders } from '../../middleware/security-headers.js';
import type { CookieKeys } from '../../middleware/session.js';
import { presentUser } from './present.js';
import { sessionCache } from './session-cache.js';
import { sessionIdHash } from './session-store.js';

export const mePath = '/api/auth/me';

export interface MeFastPathOptions {
  /** The session cookie's name (`sid`, or `__Host-sid` over https). */
  cookieName: string;
  /** The app's cookie keys (`sessions` returns them). */
  keys: CookieKeys;
  isHttps: boolean;
  clock: Clock;
}

/** The JSON of a presented user, made once per cached row (the row is one frozen object). */
const bodies = new WeakMap<object, string>();

/**
 * Decision 015: `GET /api/auth/me` answered from the session micro-cache (decision 012) without
 * koa-session, when and only when koa-session would have nothing to do but read. It answers when:
 * both cookies are there and signed with the current key; the session and its user are both in
 * the cache; the session has not expired; and it is not yet due for koa-session's renewal (less
 * than half its max age left). In every other case, including no cookie, a bad or old-key
 * signature, a cache miss and a session without a user, it calls `next` and the full stack
 * (koa-session, the router, the route) answers, with its cookie updates and its 401.
 *
 * The answer is the route's, byte for byte: the same status, body, Content-Type, Cache-Control and
 * the JSON security headers (`apiHeaders`); the api tests compare the two.
 */
export function meFastPath(options: MeFastPathOptions): Middleware {
  const { cookieName, keys, isHttps, clock } = options;
  const sigName = `${cookieName}.sig`;
  const headers = [...apiHeaders(isHttps), ['Cache-Control', 'no-store']] as const;
  return (ctx, next) => {
    if (ctx.method !== 'GET' || ctx.path !== mePath || !ctx.get('cookie')) return next();
    // Unsigned reads have no side effects; the signature is checked below exactly as `cookies` does.
    const id = ctx.cookies.get(cookieName, { signed: false });
    const signature = id ? ctx.cookies.get(sigName, { signed: false }) : undefined;
    if (!id || !signature || keys.index(`${cookieName}=${id}`, signature) !== 0) {
      return next();
    }
    const session = sessionCache.getSession(sessionIdHash(id));
    if (!session || session.expiresAt <= clock().getTime()) return next();
    const now = Date.now();
    const { userId, _expire: expire, _maxAge: maxAge } = session.data;
    if (typeof userId !== 'string' || typeof expire !== 'number' || typeof maxAge !== 'number') {
      return next();
    }
    // koa-session's own checks: expired (`valid`), or due for `renew` (less than half its max age left).
    if (expire - now < maxAge / 2) return next();
    const user = sessionCache.getUser(userId);
    if (!user) return next();
    let body = bodies.get(user);
    if (body === undefined) {
      body = JSON.stringify(presentUser(user));
      bodies.set(user, body);
    }
    const res = ctx.res;
    for (const [name, value] of headers) res.setHeader(name, value);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = body;
    return Promise.resolve();
  };
}
