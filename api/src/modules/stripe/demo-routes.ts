import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { requireUser } from '../progress/session-user.js';
import { renderCheckoutPage, renderErrorPage, renderPortalPage } from './demo-pages.js';
import { type DemoProvider, demoPaths } from './demo-provider.js';
import { readForm } from './raw-body.js';
import * as service from './service.js';

/** Answers an HTML page; an AppError becomes an HTML page with its status, not JSON. */
async function html(ctx: Context, render: () => Promise<string>): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on the page's form posts,
  // which the same-origin rule refuses. Cross-site requests still get no referrer.
  ctx.set('Referrer-Policy', 'same-origin');
  try {
    ctx.body = await render();
    ctx.type = 'text/html; charset=utf-8';
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    ctx.status = error.status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = renderErrorPage(error.message);
  }
}

/** A form's button press: 303 to the next page (an HTML error page when refused). */
async function redirect(ctx: Context, next: () => Promise<string>): Promise<void> {
  await html(ctx, async () => {
    const to = await next();
    ctx.status = 303;
    ctx.redirect(to);
    return `Redirecting to ${to}`;
  });
}

const actions = new Set<service.DemoCheckoutAction>(['apply', 'pay', 'cancel']);

/**
 * The demo provider's checkout page and portal (no STRIPE_SECRET_KEY, never in production): plain
 * forms posted to our own origin (the same-origin check still applies; form encoding is allowed here).
 */
export function demoRoutes(router: Router, deps: AppDeps, provider: DemoProvider): void {
  router.get('/demo/checkout/:id', (ctx) =>
    html(ctx, async () => {
      const user = await requireUser(deps, ctx);
      const { id } = ctx.params as { id: string };
      const view = await service.demoCheckoutView(deps, provider, user, id);
      return renderCheckoutPage({ ...view, promoInvalid: ctx.query.promo === 'invalid' });
    }),
  );

  router.post('/demo/checkout/:id', (ctx) =>
    redirect(ctx, async () => {
      const user = await requireUser(deps, ctx);
      const { id } = ctx.params as { id: string };
      const form = await readForm(ctx.req);
      const action = form.action as service.DemoCheckoutAction;
      if (!actions.has(action)) throw new AppError(400, 'Choose Pay or Cancel.');
      return service.demoCheckoutAction(deps, provider, user, id, action, form.promotionCode);
    }),
  );

  router.get(demoPaths.portal.replace('/api/stripe', ''), (ctx) =>
    html(ctx, async () => {
      const user = await requireUser(deps, ctx);
      return renderPortalPage(await service.demoPortalSubscription(deps, user), deps.clock());
    }),
  );

  router.post(demoPaths.portal.replace('/api/stripe', ''), (ctx) =>
    redirect(ctx, async () => {
      const user = await requireUser(deps, ctx);
      const form = await readForm(ctx.req);
      if (form.action !== 'cancel') throw new AppError(400, 'Unknown action.');
      await service.demoCancelSubscription(deps, provider, user);
      return `${deps.config.publicUrl}${demoPaths.portal}`;
    }),
  );
}
