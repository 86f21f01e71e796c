import Router from '@koa/router';
import {
  endpoints,
  errorCodes,
  mfaMessages,
  paths,
  returnPath,
  ssoLinkCodeMessages,
  ssoLinkCodeRules,
  type SsoProviderId,
  ssoErrorPath,
  ssoErrorReasonOf,
  ssoMessages,
} from '@pd/domain';
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { linkWithCode, linkWithPassword, sendLinkCode, signInWithSso } from '../../commands/sso-sign-in.js';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { route } from '../../route.js';
import { membershipOf } from '../access/service.js';
import * as mfa from '../auth/mfa.js';
import { presentUser } from '../auth/present.js';
import { startPendingSignIn, startSession } from '../auth/session/start.js';
import { failureLimit, rateLimit } from '../rate-limit/middleware.js';
import { ssoProviders } from './providers.js';
import { sealedCookie } from './sealed-cookie.js';
import { finishSignIn, type SsoClaims, type SsoFlow, startSignIn } from './service.js';

/** How long the provider's page may take, and how long the password to link may wait. */
const flowLifetimeMs = 10 * 60 * 1000;

/**
 * Once a code is e-mailed, the pending link lasts past the code's end (a few minutes more), so a
 * code given late is told it expired rather than that nothing waits (decision 112).
 */
const withCodeLifetimeMs = (ssoLinkCodeRules.lifetimeMinutes + 5) * 60 * 1000;

/**
 * A sign-in waiting for the password of the account that has its address (decision 101), or the
 * code e-mailed to it (decision 112), whose row is keyed on `linkId` (random, this pending link's).
 */
interface PendingLink {
  linkId?: string;
  userId: string;
  claims: SsoClaims;
  returnTo?: string;
}

const notConfigured = () => new AppError(404, ssoMessages.notConfigured, errorCodes.notFound);

/**
 * The start and the callback are a browser's navigations (decision 119): a refusal sends a browser
 * (whose request asks for HTML) to the page that says why, with a way back (`returnTo`); any other
 * client still gets the 4xx or 503 with its sentence.
 */
async function orToPage(ctx: Context, returnTo: () => string | undefined, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError) || !(ctx.get('accept') ?? '').includes('text/html')) throw error;
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(ssoErrorPath(ssoErrorReasonOf(error.message), returnTo()));
  }
}

/**
 * Google, Microsoft and district sign-in (issue 27 part 3, decisions 100-102): the configured
 * providers, the start (a redirect to the provider), its callback (signed in as a password sign-in
 * is: a new session id, or the two-step sign-in's code first), and linking an existing account.
 */
export function ssoRoutes(deps: AppDeps): Router {
  const router = new Router();
  const providers = ssoProviders(deps.config);
  const flowCookie = sealedCookie<SsoFlow>(deps.config, 'sso_flow', flowLifetimeMs, deps.clock);
  const linkCookie = sealedCookie<PendingLink>(deps.config, 'sso_link', flowLifetimeMs, deps.clock);
  // The same cookie, written again when a code is sent: it outlives the code.
  const linkWithCodeCookie = sealedCookie<PendingLink>(
    deps.config,
    'sso_link',
    withCodeLifetimeMs,
    deps.clock,
  );
  const providerOf = (ctx: Context) => {
    const provider = providers.get(String(ctx.params.provider));
    if (!provider) throw notConfigured();
    return provider;
  };
  // The password to link counts against the account's sign-in limit, as a password sign-in does:
  // a wrong one counts, a right one clears them (decision 124).
  const limitLink = failureLimit(
    deps,
    'login',
    deps.rateLimits.login,
    (ctx) => linkCookie.read(ctx)?.claims.email,
  );

  /**
   * Signs the user in as the password sign-in does (api/src/modules/auth/routes.ts): with two-step
   * sign-in on, or required for the role (decision 077), only the half-done sign-in that asks for the
   * code; else a new session id with the role's lifetimes. What comes next for the page.
   */
  async function signIn(ctx: Context, user: UserRow): Promise<'verify' | 'enrol' | null> {
    const step = await mfa.stepAfterPassword(deps, user);
    if (step) {
      const attemptsId = await mfa.beginSignInAttempts(deps, user.id);
      await startPendingSignIn(ctx, { userId: user.id, step, attemptsId }, deps.clock());
      return step;
    }
    await startSession(ctx, user, deps.clock());
    return null;
  }

  route(router, endpoints.ssoProviders, ({ ctx }) => {
    ctx.set('Cache-Control', 'no-cache');
    return { providers: providers.listed };
  });

  route(router, endpoints.ssoStart, async ({ ctx }) => {
    // Only a page of this app (never another site): anything else goes home.
    const returnTo = returnPath(ctx.query.returnTo);
    await orToPage(
      ctx,
      () => returnTo,
      async () => {
        const provider = providerOf(ctx);
        const { url, flow } = await startSignIn(providers, provider, returnTo);
        flowCookie.write(ctx, flow);
        ctx.set('Cache-Control', 'no-store');
        ctx.redirect(url);
      },
    );
  });

  route(router, endpoints.ssoCallback, async ({ ctx }) => {
    const flow = flowCookie.read(ctx);
    // Good once: a second visit of this address (a replay, the back button) starts nothing.
    flowCookie.clear(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    await orToPage(
      ctx,
      () => flow?.returnTo,
      async () => {
        const provider = providerOf(ctx);
        if (!flow || flow.provider !== provider.id) {
          throw new AppError(400, ssoMessages.flowExpired, errorCodes.validation);
        }
        // The teacher pressed Cancel at the provider (OAuth's access_denied): nothing to exchange.
        if (ctx.query.error === 'access_denied') {
          throw new AppError(400, ssoMessages.cancelled, errorCodes.validation);
        }
        const callbackUrl = new URL(ctx.originalUrl, deps.config.publicUrl);
        const claims = await finishSignIn(providers, provider, flow, callbackUrl);
        const outcome = await signInWithSso(deps, claims);
        if (outcome.kind === 'link') {
          // Whoever was signed in on this browser is not any more: the page asks for the password.
          ctx.session = null;
          linkCookie.write(ctx, {
            linkId: randomUUID(),
            userId: outcome.userId,
            claims,
            ...(flow.returnTo ? { returnTo: flow.returnTo } : {}),
          });
          ctx.redirect(paths.ssoSignIn('link', flow.returnTo));
          return;
        }
        const step = await signIn(ctx, outcome.user);
        ctx.redirect(step ? paths.ssoSignIn(step, flow.returnTo) : (flow.returnTo ?? paths.home()));
      },
    );
  });

  route(router, endpoints.ssoPendingLink, ({ ctx }) => {
    const pending = linkCookie.read(ctx);
    if (!pending) throw new AppError(400, ssoMessages.noPendingLink, errorCodes.validation);
    ctx.set('Cache-Control', 'no-store');
    return {
      email: pending.claims.email,
      providerName: providers.get(pending.claims.provider)?.displayName ?? '',
    };
  });

  /** The pending link of this browser, while its provider is still configured; else 400. */
  const pendingOf = (ctx: Context): PendingLink => {
    const pending = linkCookie.read(ctx);
    if (!pending || !providers.get(pending.claims.provider as SsoProviderId)) {
      throw new AppError(400, ssoMessages.noPendingLink, errorCodes.validation);
    }
    return pending;
  };
  // Codes e-mailed, per account (the pending link's address) and per client address.
  const limitLinkCode = rateLimit(
    deps,
    'ssoLinkCode',
    deps.rateLimits.ssoLinkCode,
    (ctx) => linkCookie.read(ctx)?.claims.email,
  );

  route(router, endpoints.ssoLinkCode, limitLinkCode, async ({ ctx }) => {
    const pending = pendingOf(ctx);
    if (!pending.linkId) throw new AppError(400, ssoMessages.noPendingLink, errorCodes.validation);
    const providerName = providers.get(pending.claims.provider)?.displayName ?? '';
    const email = await sendLinkCode(deps, { ...pending, linkId: pending.linkId }, providerName);
    linkWithCodeCookie.write(ctx, pending);
    ctx.set('Cache-Control', 'no-store');
    return {
      message: ssoLinkCodeMessages.sent(email),
      resendAfterSeconds: ssoLinkCodeRules.resendAfterSeconds,
    };
  });

  route(router, endpoints.ssoLink, limitLink, async ({ ctx, input }) => {
    const pending = pendingOf(ctx);
    let user: UserRow;
    if (input.code !== undefined) {
      if (!pending.linkId) throw new AppError(400, ssoLinkCodeMessages.noneSent, errorCodes.validation);
      user = await linkWithCode(deps, { ...pending, linkId: pending.linkId }, input.code);
    } else {
      user = await linkWithPassword(deps, pending.userId, pending.claims, input.password ?? '');
    }
    linkCookie.clear(ctx);
    const step = await signIn(ctx, user);
    if (step)
      return { mfa: step, message: step === 'verify' ? mfaMessages.codeRequired : mfaMessages.enrolRequired };
    return { ...presentUser(user), licence: await membershipOf(deps, user.id) };
  });

  return router;
}
