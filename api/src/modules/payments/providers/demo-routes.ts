import type Router from '@koa/router';
import { endpoints } from '@pd/domain';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../../../deps.js';
import { AppError } from '../../../errors.js';
import { route } from '../../../route.js';
import { requireUser, signedInUser } from '../../auth/require-user.js';
import { renderCheckoutPage, renderErrorPage, renderPortalPage } from './demo-pages.js';
import { type DemoProvider, demoPaths } from './demo.js';
import { readForm } from '../raw-body.js';
import * as service from '../service.js';

/**
 * The first step of every demo page: it answers HTML, and an AppError of a later step (the sign-in
 * check included) becomes an HTML page with its status, not JSON.
 */
const htmlPage: Middleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on the page's form posts,
  // which the same-origin rule refuses. Cross-site requests still get no referrer.
  ctx.set('Referrer-Policy', 'same-origin');
  try {
    await next();
    ctx.type = 'text/html; charset=utf-8';
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    ctx.status = error.status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = renderErrorPage(error.message);
  }
};

/** A form's button press: 303 to the next page. */
function redirectTo(ctx: Context, to: string): void {
  ctx.status = 303;
  ctx.redirect(to);
  ctx.body = `Redirecting to ${to}`;
}

const actions = new Set<service.DemoCheckoutAction>(['apply', 'pay', 'cancel']);

/**
 * The demo provider's checkout page and portal (no STRIPE_SECRET_KEY, never in production): plain
 * forms posted to our own origin (the same-origin check still applies; form encoding is allowed here).
 */
export function demoRoutes(router: Router, deps: AppDeps, provider: DemoProvider): void {
  const signedIn = requireUser(deps);

  route(router, endpoints.demoCheckoutPage, htmlPage, signedIn, async ({ ctx, params }) => {
    const view = await service.demoCheckoutView(deps, provider, signedInUser(ctx), params.id);
    ctx.body = renderCheckoutPage({ ...view, promoInvalid: ctx.query.promo === 'invalid' });
  });

  route(router, endpoints.demoCheckoutSubmit, htmlPage, signedIn, async ({ ctx, params }) => {
    const form = await readForm(ctx.req);
    const action = form.action as service.DemoCheckoutAction;
    if (!actions.has(action)) throw new AppError(400, 'Choose Pay or Cancel.');
    const user = signedInUser(ctx);
    redirectTo(
      ctx,
      await service.demoCheckoutAction(deps, provider, user, params.id, action, form.promotionCode),
    );
  });

  route(router, endpoints.demoPortalPage, htmlPage, signedIn, async ({ ctx }) => {
    const subscription = await service.demoPortalSubscription(deps, signedInUser(ctx));
    ctx.body = renderPortalPage(subscription, deps.clock());
  });

  route(router, endpoints.demoPortalSubmit, htmlPage, signedIn, async ({ ctx }) => {
    const form = await readForm(ctx.req);
    if (form.action !== 'cancel') throw new AppError(400, 'Unknown action.');
    await service.demoCancelSubscription(deps, provider, signedInUser(ctx));
    redirectTo(ctx, `${deps.config.publicUrl}${demoPaths.portal}`);
  });
}
