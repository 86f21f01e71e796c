import Router from '@koa/router';
import { endpoints } from '@pd/domain';
import type { Middleware } from 'koa';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { route } from '../../route.js';
import { requireUser, signedInUser } from '../auth/require-user.js';
import { DemoProvider } from './providers/demo.js';
import { demoRoutes } from './providers/demo-routes.js';
import { rotateSessionAfterUpgrade } from '../auth/session/start.js';
import { WebhookSignatureError } from './provider.js';
import { readRawBody, webhookBodyLimitBytes } from './raw-body.js';
import { presentCheckoutStatus, presentSubscription } from './present.js';
import * as service from './service.js';

/**
 * Payments (spec section 7, docs/ARCHITECTURE.md, P9): checkout, portal, webhook, the success
 * page's status and the user's subscription. With the demo provider, its pages too.
 */
export function paymentRoutes(deps: AppDeps): Router {
  const router = new Router();
  const provider = service.createProvider(deps);
  const signedIn = requireUser(deps);
  // Said once, at start: each payment call then answers 503 without a log line (issue 30.11).
  if (!provider) deps.logger.info('payments are not configured: the payment calls answer 503');
  /** Without a provider the payment calls answer 503, after the sign-in check (anonymous: 401). */
  const providerConfigured: Middleware = (_ctx, next) => {
    service.requireProvider(provider);
    return next();
  };

  route(router, endpoints.createCheckoutSession, signedIn, providerConfigured, async ({ ctx, input }) => {
    const payments = service.requireProvider(provider);
    const user = signedInUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    return service.createCheckoutSession(deps, payments, user, input);
  });

  route(router, endpoints.customerPortal, signedIn, providerConfigured, async ({ ctx }) => {
    const payments = service.requireProvider(provider);
    const user = signedInUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    return service.createPortalSession(deps, payments, user);
  });

  route(router, endpoints.checkoutSession, signedIn, providerConfigured, async ({ ctx, params }) => {
    const payments = service.requireProvider(provider);
    const user = signedInUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    const status = await service.checkoutSessionStatus(deps, payments, user, params.id.slice(0, 300));
    // Paid: the session id made before the payment is replaced (decision 074).
    await rotateSessionAfterUpgrade(ctx, { id: user.id, role: status.role });
    return presentCheckoutStatus(status.snapshot, status.plan, status.role, payments.kind);
  });

  route(router, endpoints.subscription, signedIn, async ({ ctx }) => {
    const user = signedInUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    const subscription = await service.currentSubscription(deps, user);
    // JSON null when there is none.
    return subscription ? presentSubscription(subscription) : null;
  });

  /**
   * Stripe's calls: no session, no Origin, no parsed body (the table has no request schema); the
   * signature over the raw body is the check (decision 6).
   */
  route(router, endpoints.stripeWebhook, async ({ ctx }) => {
    const payments = service.requireProvider(provider);
    const raw = await readRawBody(ctx.req, webhookBodyLimitBytes);
    let event;
    try {
      event = payments.verifyWebhook(raw, ctx.get('Stripe-Signature') || undefined);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      deps.logger.warn('payment webhook rejected', { reason: error.message });
      throw new AppError(400, 'Invalid webhook signature.', 'INVALID_SIGNATURE');
    }
    const result = await service.handleWebhookEvent(deps, payments, event);
    return { received: true, outcome: result.outcome };
  });

  if (provider instanceof DemoProvider) demoRoutes(router, deps, provider);
  return router;
}
