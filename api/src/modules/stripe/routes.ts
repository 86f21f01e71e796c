import Router from '@koa/router';
import { CreateCheckoutSessionRequest } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { AppError, parseInput } from '../../errors.js';
import { requireUser } from '../progress/session-user.js';
import { DemoProvider } from './demo-provider.js';
import { demoRoutes } from './demo-routes.js';
import { WebhookSignatureError } from './provider.js';
import { readRawBody, webhookBodyLimitBytes } from './raw-body.js';
import * as service from './service.js';

/**
 * Payments (spec section 7, ARCHITECTURE.md decision 9): checkout, portal, webhook, the success
 * page's status and the user's subscription. With the demo provider, its pages too.
 */
export function stripeRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/api/stripe' });
  const provider = service.createProvider(deps);

  router.post('/create-checkout-session', async (ctx) => {
    const payments = service.requireProvider(provider);
    const user = await requireUser(deps, ctx);
    const input = parseInput(CreateCheckoutSessionRequest, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.createCheckoutSession(deps, payments, user, input);
  });

  router.post('/customer-portal', async (ctx) => {
    const payments = service.requireProvider(provider);
    const user = await requireUser(deps, ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.createPortalSession(deps, payments, user);
  });

  router.get('/checkout-session/:id', async (ctx) => {
    const payments = service.requireProvider(provider);
    const user = await requireUser(deps, ctx);
    const { id } = ctx.params as { id: string };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.checkoutSessionStatus(deps, payments, user, id.slice(0, 300));
  });

  router.get('/subscription', async (ctx) => {
    const user = await requireUser(deps, ctx);
    ctx.set('Cache-Control', 'no-store');
    // JSON null when there is none (koa would answer 204 for a null body).
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(await service.currentSubscription(deps, user));
  });

  /** Stripe's calls: no session, no Origin; the signature over the raw body is the check (decision 6). */
  router.post('/webhook', async (ctx) => {
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
    ctx.body = { received: true, outcome: result.outcome };
  });

  if (provider instanceof DemoProvider) demoRoutes(router, deps, provider);
  return router;
}
