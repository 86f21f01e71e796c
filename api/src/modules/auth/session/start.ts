import { hasPremiumAccess, mfaRules, type Role, sessionLifetimeFor } from '@pd/domain';
import type { Context } from 'koa';
import type { AppSession } from './middleware.js';
import type { SessionData } from './store.js';

/** Everything a session may hold (SessionData's fields): a new session id starts with none of it. */
const sessionFields = [
  'userId',
  'startedAt',
  'idleMs',
  'absoluteMs',
  'premium',
  'mfa',
  'pendingSignIn',
  'mfaSetup',
] as const satisfies readonly (keyof SessionData)[];

/**
 * A new session id holding nothing of the old one (issue 30.2): koa-session's `regenerate()` keeps
 * the session's data under the new id, so a finished sign-in kept the half-done one (and its
 * password-free setup) beside it.
 */
async function freshSession(ctx: Context): Promise<AppSession> {
  const session = ctx.session;
  if (!session) throw new Error('session middleware missing');
  await session.regenerate();
  for (const field of sessionFields) delete session[field];
  return session;
}

/** Who signs in, as the session needs it. */
interface SessionUser {
  id: string;
  role: Role;
}

/**
 * A sign-in: a new session id (no session fixation) carrying the user, the sign-in time and the
 * role's idle and absolute lifetimes (decision 074); the cookie ends with the absolute lifetime.
 */
export async function startSession(
  ctx: Context,
  user: SessionUser,
  now: Date,
  options: { mfa?: boolean } = {},
): Promise<void> {
  const session = await freshSession(ctx);
  const lifetime = sessionLifetimeFor(user.role);
  session.userId = user.id;
  if (options.mfa) session.mfa = true;
  session.startedAt = now.getTime();
  session.idleMs = lifetime.idleMs;
  session.absoluteMs = lifetime.absoluteMs;
  session.premium = hasPremiumAccess(user.role, null, null);
  session.maxAge = lifetime.absoluteMs;
}

/**
 * The password was right and a second step follows (decision 077): a new session id holding only
 * the half-done sign-in, for `mfaRules.pendingMs`; nobody is signed in with it yet (whoever was
 * signed in on this browser before is not, from now).
 */
export async function startPendingSignIn(
  ctx: Context,
  pending: { userId: string; step: 'verify' | 'enrol'; attemptsId: string },
  now: Date,
): Promise<void> {
  const session = await freshSession(ctx);
  session.pendingSignIn = { ...pending, until: now.getTime() + mfaRules.pendingMs };
  session.maxAge = mfaRules.pendingMs;
}

/**
 * A paid upgrade (the role became premium since this session id was made) gets a new session id,
 * with the same user and lifetimes: an id seen before the payment is worth nothing after it.
 */
export async function rotateSessionAfterUpgrade(ctx: Context, user: SessionUser): Promise<void> {
  const session = ctx.session;
  if (!session || session.userId !== user.id || session.premium !== false) return;
  if (!hasPremiumAccess(user.role, null, null)) return;
  await session.regenerate();
  session.premium = true;
}
