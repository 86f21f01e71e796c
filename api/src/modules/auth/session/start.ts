import { hasPremiumAccess, mfaRules, type Role, sessionLifetimeFor } from '@pd/domain';
import type { Context } from 'koa';

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
  const session = ctx.session;
  if (!session) throw new Error('session middleware missing');
  await session.regenerate();
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
 * the half-done sign-in, for `mfaRules.pendingMs`; nobody is signed in with it yet.
 */
export async function startPendingSignIn(
  ctx: Context,
  userId: string,
  step: 'verify' | 'enrol',
  now: Date,
): Promise<void> {
  const session = ctx.session;
  if (!session) throw new Error('session middleware missing');
  await session.regenerate();
  session.pendingSignIn = { userId, step, until: now.getTime() + mfaRules.pendingMs, attempts: 0 };
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
