import {
  CheckoutSessionStatusResponse,
  premiumMessages,
  RedirectUrlResponse,
  SubscriptionResponse,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import type { TestClient } from '../../../test/client.js';
import { paymentDeps, roleOf } from '../../../test/fake-stripe.js';
import { signedInTeacher } from '../../../test/learning.js';
import { expireEndedSubscriptions } from '../service.js';
import * as store from '../store.js';

/** No STRIPE_SECRET_KEY and not production: the demo provider. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const day = 24 * 60 * 60 * 1000;
const form = (client: TestClient, path: string, fields: Record<string, string>, origin?: string | null) =>
  client.request('POST', path, {
    raw: new URLSearchParams(fields).toString(),
    contentType: 'application/x-www-form-urlencoded',
    ...(origin !== undefined ? { origin } : {}),
  });
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

async function demoCheckout(client: TestClient, planType: 'quarterly' | 'annual', returnTo?: string) {
  const res = await client.post('/api/stripe/create-checkout-session', { planType, returnTo });
  expect(res.status).toBe(200);
  const { url } = RedirectUrlResponse.parse(res.body);
  expect(url).toMatch(new RegExp(`^${app.url}/api/stripe/demo/checkout/demo_cs_[0-9a-f]+$`));
  return { url, path: pathOf(url), id: url.slice(url.lastIndexOf('/') + 1) };
}

describe('demo payment provider', () => {
  it('runs the whole loop: checkout page, LAUNCH30, Pay -> premium and the success URL, portal cancel', async () => {
    const teacher = await signedInTeacher(app);
    const checkout = await demoCheckout(teacher.client, 'quarterly', '/prompt-engineering');

    // The page: clearly a demo, the plan, the price, the promotion field, Pay and Cancel; no script.
    const page = await teacher.client.get(checkout.path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.text).toContain(premiumMessages.demoMode);
    for (const text of [
      'Quarterly',
      '$30 every 3 months',
      '$10.00/month',
      '$30.00',
      'name="promotionCode"',
    ]) {
      expect(page.text).toContain(text);
    }
    expect(page.text).toMatch(/<button[^>]*value="pay"[^>]*>Pay<\/button>/);
    expect(page.text).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);
    expect(page.text).not.toMatch(/<script/i);

    // A wrong code is refused on the page; LAUNCH30 takes 30% off the first payment.
    const wrong = await form(teacher.client, checkout.path, { action: 'apply', promotionCode: 'FREE100' });
    expect(wrong.status).toBe(303);
    expect((await teacher.client.get(pathOf(wrong.headers.get('location') ?? ''))).text).toContain(
      premiumMessages.demoPromoInvalid,
    );
    const applied = await form(teacher.client, checkout.path, { action: 'apply', promotionCode: 'launch30' });
    expect(applied.headers.get('location')).toBe(checkout.url);
    const discounted = await teacher.client.get(checkout.path);
    expect(discounted.text).toContain('$21.00');
    expect(discounted.text).toContain('LAUNCH30 applied');

    // Pay: the same fulfilment as a webhook, then the success URL.
    const paid = await form(teacher.client, checkout.path, { action: 'pay', promotionCode: 'LAUNCH30' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${app.url}/payment-success?session_id=${checkout.id}&plan_type=quarterly`,
    );
    expect(await roleOf(app, teacher.user.id)).toBe('premium');
    const [subscription] = await store.subscriptionsOf(app.db, teacher.user.id);
    expect(subscription).toMatchObject({ provider: 'demo', status: 'active', plan: 'quarterly' });
    const months = (subscription?.currentPeriodEnd.getTime() ?? 0) - Date.now();
    expect(months).toBeGreaterThan(88 * day);
    expect(months).toBeLessThan(93 * day);
    expect(await store.countEvents(app.db, `demo_evt_checkout_${checkout.id}`)).toBe(1);
    expect((await teacher.client.get('/api/content/courses/prompt-engineering')).status).toBe(200);

    // The success page's check; paying twice changes nothing.
    const status = await teacher.client.get(`/api/stripe/checkout-session/${checkout.id}`);
    expect(CheckoutSessionStatusResponse.parse(status.body)).toEqual({
      provider: 'demo',
      status: 'complete',
      paymentStatus: 'paid',
      planType: 'quarterly',
      premium: true,
      // LAUNCH30: what the page said is due today.
      amountCharged: 21,
    });
    await form(teacher.client, checkout.path, { action: 'pay' });
    expect(await store.subscriptionsOf(app.db, teacher.user.id)).toHaveLength(1);
    expect(
      (await teacher.client.post('/api/stripe/create-checkout-session', { planType: 'annual' })).status,
    ).toBe(409);

    // The portal: cancel at period end; premium until then.
    const portal = await teacher.client.post('/api/stripe/customer-portal');
    expect(portal.body).toEqual({ url: `${app.url}/api/stripe/demo/portal` });
    const portalPage = await teacher.client.get('/api/stripe/demo/portal');
    expect(portalPage.text).toContain(premiumMessages.demoMode);
    expect(portalPage.text).toContain('Cancel subscription');
    expect(portalPage.text).toContain('Return to courses');
    const cancelled = await form(teacher.client, '/api/stripe/demo/portal', { action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${app.url}/api/stripe/demo/portal`);
    expect((await teacher.client.get('/api/stripe/demo/portal')).text).toContain('Premium until');
    expect(await roleOf(app, teacher.user.id)).toBe('premium');
    const summary = SubscriptionResponse.parse((await teacher.client.get('/api/stripe/subscription')).body);
    expect(summary).toMatchObject({ status: 'active', plan: 'quarterly', cancelAtPeriodEnd: true });

    // After the period end (the server's housekeeping) the demo subscription ends: free again.
    app.clock.advance(95 * day);
    try {
      expect(await expireEndedSubscriptions(paymentDeps(app))).toBe(1);
      expect(await roleOf(app, teacher.user.id)).toBe('free');
      const [ended] = await store.subscriptionsOf(app.db, teacher.user.id);
      expect(ended).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    } finally {
      app.clock.reset();
    }
  });

  it('two checkouts paid at once create one subscription; the other is refused with 409 and charges nothing (issue 17)', async () => {
    const teacher = await signedInTeacher(app);
    const first = await demoCheckout(teacher.client, 'quarterly');
    const second = await demoCheckout(teacher.client, 'annual');
    const paid = await Promise.all([
      form(teacher.client, first.path, { action: 'pay' }),
      form(teacher.client, second.path, { action: 'pay' }),
    ]);
    expect(paid.map((r) => r.status).sort()).toEqual([303, 409]);
    const refused = paid.find((r) => r.status === 409)!;
    // The demo pages answer HTML: the page says why.
    expect(refused.text).toContain(premiumMessages.alreadySubscribed);
    expect(await store.subscriptionsOf(app.db, teacher.user.id)).toHaveLength(1);
    expect(await roleOf(app, teacher.user.id)).toBe('premium');
    expect(app.logs.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('refuses a new checkout while a subscription is active, with a clear 409', async () => {
    const teacher = await signedInTeacher(app);
    const checkout = await demoCheckout(teacher.client, 'quarterly');
    expect((await form(teacher.client, checkout.path, { action: 'pay' })).status).toBe(303);
    // The role changed under this session; an active subscription refuses a checkout in any case.
    const again = await teacher.client.post('/api/stripe/create-checkout-session', { planType: 'annual' });
    expect(again.status).toBe(409);
    expect(typeof (again.body as { error: string }).error).toBe('string');
  });

  it("'Cancel' goes back where the teacher was, and the session can no longer be paid", async () => {
    const teacher = await signedInTeacher(app);
    const checkout = await demoCheckout(teacher.client, 'annual', '/faq?section=payments');
    const page = await teacher.client.get(checkout.path);
    expect(page.text).toContain('Best value - Save 17%');
    expect(page.text).toContain('$99.00');
    const cancel = await form(teacher.client, checkout.path, { action: 'cancel' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(`${app.url}/faq?section=payments`);
    const status = await teacher.client.get(`/api/stripe/checkout-session/${checkout.id}`);
    expect(status.body).toMatchObject({ status: 'expired', premium: false });
    await form(teacher.client, checkout.path, { action: 'pay' });
    expect(await roleOf(app, teacher.user.id)).toBe('free');
    expect((await teacher.client.get(checkout.path)).text).toContain(premiumMessages.demoCheckoutClosed);
  });

  it('shows the pages to their owner only, and keeps the same-origin rule for the forms', async () => {
    const owner = await signedInTeacher(app);
    const other = await signedInTeacher(app);
    const checkout = await demoCheckout(owner.client, 'annual');

    const foreign = await other.client.get(checkout.path);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await app.client().get(checkout.path)).status).toBe(401);
    expect((await form(other.client, checkout.path, { action: 'pay' })).status).toBe(404);
    expect(await roleOf(app, other.user.id)).toBe('free');

    // A form from another site, or with no Origin, is refused; form encoding is allowed only here.
    expect((await form(owner.client, checkout.path, { action: 'pay' }, 'https://evil.example')).status).toBe(
      403,
    );
    expect((await form(owner.client, checkout.path, { action: 'pay' }, null)).status).toBe(403);
    expect(await roleOf(app, owner.user.id)).toBe('free');
    const notJson = await form(owner.client, '/api/stripe/create-checkout-session', { planType: 'annual' });
    expect(notJson.status).toBe(415);

    // The demo portal without a subscription says so.
    const portal = await owner.client.post<{ error: string }>('/api/stripe/customer-portal');
    expect(portal.status).toBe(400);
    expect(portal.body.error).toBe(premiumMessages.noActiveSubscription);
  });
});
