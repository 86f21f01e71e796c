import Router from '@koa/router';
import { endpoints, errorCodes, mfaMessages } from '@pd/domain';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { route } from '../../route.js';
import { membershipOf } from '../access/service.js';
import { failureLimit } from '../rate-limit/middleware.js';
import * as mfa from './mfa.js';
import { presentUser } from './present.js';
import { requireUser, signedInUser, userOfRequest } from './require-user.js';
import type { SessionData } from './session/store.js';
import { startSession } from './session/start.js';

type Pending = NonNullable<SessionData['pendingSignIn']>;

const signInAgain = (message: string) => new AppError(401, message, errorCodes.signInAgain);

/** The session's half-done sign-in at `step`, while it lasts; else 401 'sign in again'. */
function pendingOf(ctx: Context, now: Date, step?: Pending['step']): Pending {
  const pending = ctx.session?.pendingSignIn;
  // A half-done sign-in from before its tries were counted in the database has no `attemptsId`.
  const usable = pending && pending.until > now.getTime() && typeof pending.attemptsId === 'string';
  if (!usable || (step && pending.step !== step)) {
    if (pending) ctx.session = null;
    throw signInAgain(mfaMessages.noPendingSignIn);
  }
  return pending;
}

/** A session that is signed in (it may be an admin's without the code: `userOfRequest` decides). */
const signedInSession = (ctx: Context) => typeof ctx.session?.userId === 'string';
/** Whose code this is, for the rate limit: the half-done sign-in's user, or the signed-in one. */
const codeAccount = (ctx: Context) => ctx.session?.pendingSignIn?.userId ?? ctx.session?.userId;

/**
 * Two-step sign-in (issue 17 item 7, decision 077): the code after the password, its setup (at an
 * admin's first sign-in, or from the Account page), turning it off, and new recovery codes.
 */
export function mfaRoutes(deps: AppDeps): Router {
  const router = new Router();
  const limitCodes = failureLimit(deps, 'mfa', deps.rateLimits.mfa, codeAccount);
  const signedIn = requireUser(deps);

  /** Ends the half-done sign-in as a signed-in session that passed two-step sign-in. */
  async function finishSignIn(ctx: Context, userId: string) {
    const user = await mfa.pendingUser(deps, userId);
    await startSession(ctx, user, deps.clock(), { mfa: true });
    return { ...presentUser(user), licence: await membershipOf(deps, user.id) };
  }

  /**
   * Checks a code of the half-done sign-in, counted in the database before it is checked (decision
   * 092); the last wrong one ends the sign-in (the password again) and its owner gets an e-mail.
   */
  async function countingTries<T>(ctx: Context, pending: Pending, check: () => Promise<T>): Promise<T> {
    const tried = await mfa.tryPendingCode(deps, pending.attemptsId, pending.userId, check);
    if (tried.ok) return tried.value;
    if (tried.lockedOut) {
      ctx.session = null;
      throw signInAgain(mfaMessages.tooManyAttempts);
    }
    throw tried.error;
  }

  route(router, endpoints.mfaVerify, limitCodes, async ({ ctx, input }) => {
    const pending = pendingOf(ctx, deps.clock(), 'verify');
    const checked = await countingTries(ctx, pending, () => mfa.checkCode(deps, pending.userId, input.code));
    return { ...(await finishSignIn(ctx, pending.userId)), ...checked };
  });

  route(router, endpoints.mfaStatus, signedIn, async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return mfa.status(deps, signedInUser(ctx));
  });

  route(router, endpoints.mfaSetup, limitCodes, async ({ ctx, input }) => {
    const session = ctx.session;
    if (!session) throw new Error('session middleware missing');
    let email: string;
    if (!signedInSession(ctx) && session.pendingSignIn) {
      // An admin's first sign-in: the password was just checked, and no authenticator exists yet.
      email = (await mfa.pendingUser(deps, pendingOf(ctx, deps.clock(), 'enrol').userId)).email;
    } else {
      // From the Account page: the password again, and a code of the authenticator it replaces.
      const user = await userOfRequest(deps, ctx);
      await mfa.confirmPassword(user, input.password);
      await mfa.confirmCurrentCode(deps, user.id, input.code);
      email = user.email;
    }
    const setup = await mfa.newSetup(deps, email);
    session.mfaSetup = setup.sealed;
    ctx.set('Cache-Control', 'no-store');
    return { secret: setup.secret, otpauthUri: setup.otpauthUri, qrCode: setup.qrCode };
  });

  route(router, endpoints.mfaEnable, limitCodes, async ({ ctx, input }) => {
    const session = ctx.session;
    const sealed = session?.mfaSetup;
    if (!session || !sealed) throw new AppError(400, mfaMessages.setupFirst, errorCodes.validation);
    if (!signedInSession(ctx) && session.pendingSignIn) {
      const pending = pendingOf(ctx, deps.clock(), 'enrol');
      const recoveryCodes = await countingTries(ctx, pending, () =>
        mfa.enable(deps, pending.userId, sealed, input.code),
      );
      return { recoveryCodes, user: await finishSignIn(ctx, pending.userId) };
    }
    const user = await userOfRequest(deps, ctx);
    const recoveryCodes = await mfa.enable(deps, user.id, sealed, input.code);
    // This session now counts as a two-step one; the others go on until they end.
    delete session.mfaSetup;
    session.mfa = true;
    return { recoveryCodes };
  });

  route(router, endpoints.mfaDisable, signedIn, limitCodes, async ({ ctx, input }) => {
    await mfa.disable(deps, signedInUser(ctx), input.password, input.code);
    return { ok: true, message: mfaMessages.disabled };
  });

  route(router, endpoints.mfaRecoveryCodes, signedIn, limitCodes, async ({ ctx, input }) => {
    return { recoveryCodes: await mfa.renewRecoveryCodes(deps, signedInUser(ctx).id, input.code) };
  });

  return router;
}
