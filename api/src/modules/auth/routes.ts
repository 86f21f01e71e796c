import Router from '@koa/router';
import {
  authMessages,
  endpoints,
  errorCodes,
  forgotPasswordAnswer,
  mfaMessages,
  paths,
  resendVerificationAnswer,
  returnPath,
} from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { addressProven } from '../../commands/address-proven.js';
import { signUp, signUpWithInvite, verifyEmail } from '../../commands/sign-up.js';
import { route } from '../../route.js';
import { membershipOf } from '../access/service.js';
import { accountInBody, failureLimit, rateLimit } from '../rate-limit/middleware.js';
import { dummyPasswordHash } from './crypto.js';
import { presentUser } from './present.js';
import * as mfa from './mfa.js';
import { rotateSessionAfterUpgrade, startPendingSignIn, startSession } from './session/start.js';
import * as service from './service.js';

/**
 * Spec section 7, account calls, served from the domain's endpoint table. Each route:
 * rate limit -> validate (the table's request) -> service -> present (the table's response).
 */
export function authRoutes(deps: AppDeps): Router {
  const router = new Router();
  // Compute the dummy hash now, so the first unknown-e-mail login is not slower than the rest.
  void dummyPasswordHash(deps.config.passwordHashCost);
  const limit = (bucket: keyof AppDeps['rateLimits']) => rateLimit(deps, bucket, deps.rateLimits[bucket]);
  // Per account, only wrong passwords count and a right one clears them (decision 124): a teacher
  // signing in often, or an admin whose code comes next, is never locked out by their own sign-ins.
  const limitSignIn = failureLimit(deps, 'login', deps.rateLimits.login, accountInBody);

  route(router, endpoints.me, async ({ ctx }) => {
    const user = await service.sessionUser(deps, ctx.session);
    if (!user) {
      if (ctx.session?.userId) ctx.session = null;
      throw new AppError(401, authMessages.notSignedIn, errorCodes.unauthorized);
    }
    ctx.set('Cache-Control', 'no-store');
    await rotateSessionAfterUpgrade(ctx, user);
    return { ...presentUser(user), licence: await membershipOf(deps, user.id) };
  });

  route(router, endpoints.register, limit('register'), async ({ ctx, input }) => {
    const fromQuery =
      typeof ctx.query.invite === 'string' && ctx.query.invite.trim() ? ctx.query.invite.trim() : undefined;
    const invite = fromQuery ?? input.inviteCode;
    if (invite) {
      // Issue 18: the invitation link proved the address: the account is active and signed in at once.
      const user = await signUpWithInvite(deps, input, invite);
      await startSession(ctx, user, deps.clock());
      ctx.status = 201;
      const optedIn = input.marketing_opt_in ?? input.marketingOptIn;
      const joinUrl = deps.config.marketingJoinUrl;
      return optedIn && joinUrl
        ? { needsVerification: false, marketingJoinUrl: joinUrl }
        : { needsVerification: false };
    }
    const answer = await signUp(deps, input);
    ctx.status = 201;
    return answer;
  });

  route(router, endpoints.login, limitSignIn, async ({ ctx, input }) => {
    const user = await service.authenticate(deps, input);
    // Two-step sign-in on, or required for the role (decision 077): the code (or its setup) next.
    const step = await mfa.stepAfterPassword(deps, user);
    if (step) {
      const attemptsId = await mfa.beginSignInAttempts(deps, user.id);
      await startPendingSignIn(ctx, { userId: user.id, step, attemptsId }, deps.clock());
      return { mfa: step, message: step === 'verify' ? mfaMessages.codeRequired : mfaMessages.enrolRequired };
    }
    // A new session id on every sign-in (no session fixation), with the role's lifetimes.
    await startSession(ctx, user, deps.clock());
    // With the licence seat, as GET /api/auth/me answers it: the app draws premium from this answer.
    return { ...presentUser(user), licence: await membershipOf(deps, user.id) };
  });

  route(router, endpoints.logout, ({ ctx }) => {
    ctx.session = null;
    return { ok: true };
  });

  route(router, endpoints.resendVerification, limit('resendVerification'), async ({ input }) => {
    await service.resendVerification(deps, input);
    return { ok: true, message: resendVerificationAnswer };
  });

  route(router, endpoints.forgotPassword, limit('forgotPassword'), async ({ input }) => {
    await service.forgotPassword(deps, input);
    return { ok: true, message: forgotPasswordAnswer };
  });

  route(router, endpoints.resetPassword, limit('resetPassword'), async ({ ctx, input }) => {
    await service.resetPassword(deps, input, addressProven);
    if (ctx.session?.userId) ctx.session = null;
    return { ok: true };
  });

  /** The link in the verification e-mail: back to the app, which says how it went. */
  route(router, endpoints.verifyEmail, async ({ ctx }) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : undefined;
    // The page the teacher asked for before signing up, if it is one of ours (never another site).
    const next = returnPath(ctx.query.next);
    const ok = await verifyEmail(deps, token);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.redirect(ok ? paths.home({ verified: true, next }) : paths.verifySent(undefined, 'invalid', next));
  });

  return router;
}
