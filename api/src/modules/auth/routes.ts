import Router from '@koa/router';
import {
  authMessages,
  errorCodes,
  ForgotPasswordRequest,
  forgotPasswordAnswer,
  LoginRequest,
  type OkResponse,
  RegisterRequest,
  type RegisterResponse,
  ResendVerificationRequest,
  resendVerificationAnswer,
  ResetPasswordRequest,
} from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { AppError, parseInput } from '../../errors.js';
import { rateLimit } from '../../middleware/rate-limit.js';
import { dummyPasswordHash } from './crypto.js';
import { presentUser } from './present.js';
import * as service from './service.js';

/** Spec section 7, account calls. Each route: rate limit -> validate -> service -> present. */
export function authRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/api/auth' });
  // Compute the dummy hash now, so the first unknown-e-mail login is not slower than the rest.
  void dummyPasswordHash();
  const limit = (bucket: keyof AppDeps['rateLimits']) =>
    rateLimit(deps.db, deps.clock, bucket, deps.rateLimits[bucket]);

  router.get('/me', async (ctx) => {
    const user = await service.currentUser(deps, ctx.session?.userId);
    if (!user) {
      if (ctx.session?.userId) ctx.session = null;
      throw new AppError(401, authMessages.notSignedIn, errorCodes.unauthorized);
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentUser(user);
  });

  router.post('/register', limit('register'), async (ctx) => {
    const input = parseInput(RegisterRequest, ctx.request.body);
    const invite =
      typeof ctx.query.invite === 'string' && ctx.query.invite.trim()
        ? ctx.query.invite.trim().slice(0, 200)
        : undefined;
    const answer: RegisterResponse = await service.register(deps, input, invite);
    ctx.status = 201;
    ctx.body = answer;
  });

  router.post('/login', limit('login'), async (ctx) => {
    const input = parseInput(LoginRequest, ctx.request.body);
    const user = await service.authenticate(deps, input);
    // A new session id on every sign-in (no session fixation).
    const session = ctx.session;
    if (!session) throw new Error('session middleware missing');
    await session.regenerate();
    session.userId = user.id;
    ctx.body = presentUser(user);
  });

  router.post('/logout', async (ctx) => {
    ctx.session = null;
    ctx.body = { ok: true } satisfies OkResponse;
  });

  router.post('/resend-verification', limit('resendVerification'), async (ctx) => {
    const input = parseInput(ResendVerificationRequest, ctx.request.body);
    await service.resendVerification(deps, input);
    ctx.body = { ok: true, message: resendVerificationAnswer } satisfies OkResponse;
  });

  router.post('/forgot-password', limit('forgotPassword'), async (ctx) => {
    const input = parseInput(ForgotPasswordRequest, ctx.request.body);
    await service.forgotPassword(deps, input);
    ctx.body = { ok: true, message: forgotPasswordAnswer } satisfies OkResponse;
  });

  router.post('/reset-password', limit('resetPassword'), async (ctx) => {
    const input = parseInput(ResetPasswordRequest, ctx.request.body);
    await service.resetPassword(deps, input);
    if (ctx.session?.userId) ctx.session = null;
    ctx.body = { ok: true } satisfies OkResponse;
  });

  /** The link in the verification e-mail. */
  router.get('/verify-email', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : undefined;
    const ok = await service.verifyEmail(deps, token);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.redirect(ok ? '/?verified=1' : '/verify-sent?error=invalid');
  });

  return router;
}
