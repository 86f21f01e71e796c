import { authMessages, premiumMessages, RedirectUrlResponse } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import {
  fakePrices,
  type PaymentsTestBed,
  sessionIdOfUrl,
  startPaymentsTestBed,
} from '../../test/fake-stripe.js';
import { signedInTeacher } from '../../test/learning.js';
import * as store from './store.js';

let bed: PaymentsTestBed;
beforeAll(async () => {
  bed = await startPaymentsTestBed();
});
afterAll(() => bed.close());

const createCheckout = (client: TestClient, body: unknown) =>
  client.post<RedirectUrlResponse & { error?: string }>('/api/stripe/create-checkout-session', body);

describe('POST /api/stripe/create-checkout-session (Stripe)', () => {
  it('creates a subscription-mode session with our price, the customer, promotion codes and the URLs', async () => {
    const teacher = await signedInTeacher(bed.app);
    const res = await createCheckout(teacher.client, {
      planType: 'quarterly',
      returnTo: '/prompt-engineering',
    });
    expect(res.status).toBe(200);
    const { url } = RedirectUrlResponse.parse(res.body);
    const sessionId = sessionIdOfUrl(url);
    expect(bed.stripe.checkoutSessions.get(sessionId)?.url).toBe(url);

    const [call] = bed.stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    const customer = await store.findCustomer(bed.app.db, teacher.user.id);
    expect(customer?.provider).toBe('stripe');
    expect(call?.params).toMatchObject({
      mode: 'subscription',
      customer: customer?.customerId,
      line_items: [{ price: fakePrices.quarterly, quantity: '1' }],
      allow_promotion_codes: 'true',
      client_reference_id: teacher.user.id,
      metadata: { userId: teacher.user.id, planType: 'quarterly' },
      subscription_data: { metadata: { userId: teacher.user.id, planType: 'quarterly' } },
      success_url: `${bed.app.url}/payment-success?session_id={CHECKOUT_SESSION_ID}&plan_type=quarterly`,
      cancel_url: `${bed.app.url}/prompt-engineering`,
    });
    expect(call?.idempotencyKey).toMatch(new RegExp(`^checkout-${teacher.user.id}-`));
    // The customer was created with the teacher's e-mail and an idempotency key of its own.
    const [customerCall] = bed.stripe.requestsTo('POST', '/v1/customers').slice(-1);
    expect(customerCall?.params).toMatchObject({
      email: teacher.email,
      metadata: { userId: teacher.user.id },
    });
    expect(customerCall?.idempotencyKey).toBe(`customer-${teacher.user.id}`);
  });

  it('creates the customer once per user and reuses it', async () => {
    const teacher = await signedInTeacher(bed.app);
    const before = bed.stripe.requestsTo('POST', '/v1/customers').length;
    await createCheckout(teacher.client, { planType: 'annual' });
    await createCheckout(teacher.client, { planType: 'quarterly', returnTo: '/faq' });
    await Promise.all([
      createCheckout(teacher.client, { planType: 'annual', returnTo: '/a' }),
      createCheckout(teacher.client, { planType: 'annual', returnTo: '/b' }),
    ]);
    const customerId = (await store.findCustomer(bed.app.db, teacher.user.id))?.customerId;
    const sessions = bed.stripe
      .requestsTo('POST', '/v1/checkout/sessions')
      .filter((r) => r.params.client_reference_id === teacher.user.id);
    expect(sessions).toHaveLength(4);
    for (const s of sessions) expect(s.params.customer).toBe(customerId);
    // Parallel first calls may both ask, with the same idempotency key: Stripe answers one customer.
    const customers = [...bed.stripe.customers.values()].filter(
      (c) => (c.metadata as Record<string, string>).userId === teacher.user.id,
    );
    expect(customers).toHaveLength(1);
    expect(bed.stripe.requestsTo('POST', '/v1/customers').length - before).toBeGreaterThanOrEqual(1);
  });

  it('answers the same session to a repeated identical request (idempotency key), a new one for a new plan', async () => {
    const teacher = await signedInTeacher(bed.app);
    const [a, b] = await Promise.all([
      createCheckout(teacher.client, { planType: 'annual' }),
      createCheckout(teacher.client, { planType: 'annual' }),
    ]);
    expect(a.body.url).toBe(b.body.url);
    const c = await createCheckout(teacher.client, { planType: 'quarterly' });
    expect(c.body.url).not.toBe(a.body.url);
  });

  it('charges the configured price whatever priceId the client sends, and tells the plan from a known priceId', async () => {
    const teacher = await signedInTeacher(bed.app);
    await createCheckout(teacher.client, { planType: 'annual', priceId: 'price_from_the_client' });
    let [call] = bed.stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(call?.params.line_items).toEqual([{ price: fakePrices.annual, quantity: '1' }]);

    const byPrice = await createCheckout(teacher.client, { priceId: fakePrices.quarterly });
    expect(byPrice.status).toBe(200);
    [call] = bed.stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(call?.params.line_items).toEqual([{ price: fakePrices.quarterly, quantity: '1' }]);
  });

  it('refuses a missing or unknown plan and a returnTo that leaves the site, creating nothing', async () => {
    const teacher = await signedInTeacher(bed.app);
    const before = bed.stripe.requestsTo('POST', '/v1/checkout/sessions').length;
    for (const body of [
      {},
      { planType: 'monthly' },
      { priceId: 'price_unknown' },
      { planType: 'annual', returnTo: 'https://evil.example/' },
      { planType: 'annual', returnTo: '//evil.example/' },
    ]) {
      const res = await createCheckout(teacher.client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    expect((await createCheckout(teacher.client, { planType: 'annual', returnTo: '//x' })).body.error).toBe(
      premiumMessages.returnToInvalid,
    );
    expect(bed.stripe.requestsTo('POST', '/v1/checkout/sessions').length).toBe(before);
  });

  it('answers 409 "You already have premium access." to premium, license_admin and superadmin', async () => {
    for (const role of ['premium', 'license_admin', 'superadmin'] as const) {
      const user = await signedInTeacher(bed.app, { role });
      const before = bed.stripe.requests.length;
      const res = await createCheckout(user.client, { planType: 'annual' });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(premiumMessages.alreadyPremium);
      expect(bed.stripe.requests.length).toBe(before);
    }
  });

  it('needs a signed-in user and a same-origin JSON request', async () => {
    const anonymous = bed.app.client();
    const res = await createCheckout(anonymous, { planType: 'annual' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(authMessages.notSignedIn);

    const teacher = await signedInTeacher(bed.app);
    const foreign = await teacher.client.post(
      '/api/stripe/create-checkout-session',
      { planType: 'annual' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(foreign.status).toBe(403);
  });
});
