import {
  brand,
  discountedCents,
  formatUsd,
  launchPromotion,
  plans,
  premiumMessages,
  subscriptionGivesPremium,
} from '@pd/domain';
import type { CheckoutSessionRow, SubscriptionRow } from '../../../db/schema.js';
import { demoPaths } from './demo.js';

/**
 * The demo provider's pages: plain server-rendered HTML with forms (the CSP forbids inline script;
 * inline styles are allowed). Every dynamic value is escaped.
 */
const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const formatDate = (date: Date): string =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const styles = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f3f4f6; color: #111827; }
  .demo { background: #92400e; color: #fff; text-align: center; padding: 0.75rem; font-weight: 700; }
  .demo p { margin: 0; }
  main { max-width: 30rem; margin: 2rem auto; background: #fff; border-radius: 0.75rem;
         padding: 1.5rem 2rem; box-shadow: 0 1px 4px rgba(0,0,0,0.12); }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; margin: 0 0 1.25rem; }
  dt { font-weight: 600; color: #374151; }
  dd { margin: 0; }
  .badge { display: inline-block; background: #dcfce7; color: #166534; border-radius: 1rem;
           padding: 0.1rem 0.6rem; font-size: 0.85rem; font-weight: 600; }
  .total { font-size: 1.25rem; font-weight: 700; }
  .notice { background: #ecfdf5; color: #065f46; padding: 0.6rem 0.8rem; border-radius: 0.5rem; }
  .error { background: #fef2f2; color: #991b1b; padding: 0.6rem 0.8rem; border-radius: 0.5rem; }
  label { display: block; font-weight: 600; margin-bottom: 0.35rem; }
  .promo { display: flex; gap: 0.5rem; margin-bottom: 1.25rem; }
  input { flex: 1; font: inherit; padding: 0.5rem 0.6rem; border: 1px solid #6b7280; border-radius: 0.4rem; }
  button, .button { font: inherit; font-weight: 600; padding: 0.6rem 1.2rem; border-radius: 0.4rem;
           border: 1px solid #4338ca; background: #fff; color: #3730a3; cursor: pointer;
           text-decoration: none; display: inline-block; }
  button.primary { background: #4338ca; color: #fff; }
  button.danger { border-color: #b91c1c; color: #991b1b; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1rem; }
  p.small { font-size: 0.9rem; color: #4b5563; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - ${escapeHtml(brand.productName)}</title>
<style>${styles}</style>
</head>
<body>
<header class="demo"><p>${escapeHtml(premiumMessages.demoMode)}</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface CheckoutPageOptions {
  session: CheckoutSessionRow;
  status: 'open' | 'complete' | 'expired';
  alreadyPremium: boolean;
  promoInvalid: boolean;
}

export function renderCheckoutPage(options: CheckoutPageOptions): string {
  const { session, status } = options;
  const plan = plans[session.plan];
  const promo = session.promotionCode === launchPromotion.code;
  const dueToday = promo ? discountedCents(plan.amountCents, launchPromotion.percentOff) : plan.amountCents;
  const action = demoPaths.checkout(session.id);
  const summary = `
<h1>Checkout: ${escapeHtml(brand.productName)} Premium</h1>
<dl>
  <dt>Plan</dt>
  <dd>${escapeHtml(plan.displayName)}${plan.badge ? ` <span class="badge">${escapeHtml(plan.badge)}</span>` : ''}</dd>
  <dt>Price</dt>
  <dd>${escapeHtml(plan.priceLabel)} (${escapeHtml(plan.monthlyLabel)})</dd>
  <dt>Due today</dt>
  <dd class="total">${formatUsd(dueToday)}</dd>
</dl>
${
  promo
    ? `<p class="notice">${launchPromotion.code} applied: ${launchPromotion.percentOff}% off your first payment. Then ${escapeHtml(plan.priceLabel)}.</p>`
    : ''
}`;
  if (status !== 'open' || options.alreadyPremium) {
    const message =
      status === 'complete'
        ? 'This checkout is already paid.'
        : options.alreadyPremium
          ? premiumMessages.alreadyPremium
          : premiumMessages.demoCheckoutClosed;
    return layout(
      'Checkout',
      `${summary}
<p class="error" role="alert">${escapeHtml(message)}</p>
<div class="actions"><a class="button" href="/">Return to courses</a></div>`,
    );
  }
  return layout(
    'Checkout',
    `${summary}
<form method="post" action="${escapeHtml(action)}">
  <label for="promotionCode">Promotion code</label>
  <div class="promo">
    <input id="promotionCode" name="promotionCode" autocomplete="off" value="${escapeHtml(session.promotionCode ?? '')}"${
      options.promoInvalid ? ' aria-invalid="true" aria-describedby="promo-error"' : ''
    }>
    <button type="submit" name="action" value="apply">Apply</button>
  </div>
  ${options.promoInvalid ? `<p class="error" id="promo-error" role="alert">${escapeHtml(premiumMessages.demoPromoInvalid)}</p>` : ''}
  <p class="small">Try ${launchPromotion.code} for ${launchPromotion.percentOff}% off the first payment. No card is needed and nothing is charged.</p>
  <div class="actions">
    <button type="submit" name="action" value="pay" class="primary">Pay</button>
    <button type="submit" name="action" value="cancel">Cancel</button>
  </div>
</form>`,
  );
}

export function renderPortalPage(subscription: SubscriptionRow | null, now: Date): string {
  if (!subscription) {
    return layout(
      'Manage subscription',
      `<h1>Manage subscription</h1>
<p>${escapeHtml(premiumMessages.noActiveSubscription)}</p>
<div class="actions"><a class="button" href="/">Return to courses</a></div>`,
    );
  }
  const plan = plans[subscription.plan];
  const live = subscriptionGivesPremium(subscription, now);
  const until = formatDate(subscription.currentPeriodEnd);
  const state = !live
    ? `Ended on ${until}.`
    : subscription.cancelAtPeriodEnd
      ? `Cancelled. Premium until ${until}.`
      : `Active. Renews on ${until}.`;
  const cancelForm =
    live && !subscription.cancelAtPeriodEnd
      ? `<form method="post" action="${demoPaths.portal}">
  <button type="submit" name="action" value="cancel" class="danger">Cancel subscription</button>
</form>`
      : '';
  return layout(
    'Manage subscription',
    `<h1>Manage subscription</h1>
<dl>
  <dt>Plan</dt>
  <dd>${escapeHtml(plan.displayName)} (${escapeHtml(plan.priceLabel)})</dd>
  <dt>Status</dt>
  <dd>${escapeHtml(state)}</dd>
</dl>
${subscription.cancelAtPeriodEnd && live ? `<p class="notice" role="status">Your premium access continues until ${until}.</p>` : ''}
<div class="actions">
${cancelForm}
<a class="button" href="/">Return to courses</a>
</div>`,
  );
}

export function renderErrorPage(message: string): string {
  return layout(
    'Checkout',
    `<h1>Something is not right</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<div class="actions"><a class="button" href="/">Return to courses</a></div>`,
  );
}
