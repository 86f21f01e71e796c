import { authMessages, portalFailureToast, premiumMessages, RedirectUrlResponse } from '@pd/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentsTestBed, startPaymentsTestBed, subscribe } from '../../test/fake-stripe.js';
import { signedInTeacher } from '../../test/learning.js';
import * as store from './store.js';

let bed: PaymentsTestBed;
beforeAll(async () => {
  bed = await startPaymentsTestBed();
});
afterAll(() => bed.close());
afterEach(() => {
  bed.stripe.portalConfigured = true;
});

const openPortal = (client: Parameters<typeof subscribe>[1]) =>
  client.post<{ url?: string; error?: string }>('/api/stripe/customer-portal');

describe('POST /api/stripe/customer-portal', () => {
  it('opens the Billing Portal for the subscriber, returning to the catalogue', async () => {
    const teacher = await signedInTeacher(bed.app);
    await subscribe(bed, teacher.client);
    const res = await openPortal(teacher.client);
    expect(res.status).toBe(200);
    expect(RedirectUrlResponse.parse(res.body).url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const [call] = bed.stripe.requestsTo('POST', '/v1/billing_portal/sessions').slice(-1);
    expect(call?.params).toEqual({
      customer: (await store.findCustomer(bed.app.db, teacher.user.id))?.customerId,
      return_url: `${bed.app.url}/`,
    });
  });

  it("answers 400 'No active subscription' without a customer, and with a customer but no subscription", async () => {
    const never = await signedInTeacher(bed.app);
    const res = await openPortal(never.client);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(premiumMessages.noActiveSubscription);
    expect(portalFailureToast(res.body.error).title).toBe('No Active Subscription');

    const browsed = await signedInTeacher(bed.app);
    await browsed.client.post('/api/stripe/create-checkout-session', { planType: 'annual' });
    expect(await store.findCustomer(bed.app.db, browsed.user.id)).not.toBeNull();
    expect((await openPortal(browsed.client)).body.error).toBe(premiumMessages.noActiveSubscription);

    const admin = await signedInTeacher(bed.app, { role: 'superadmin' });
    expect((await openPortal(admin.client)).body.error).toBe(premiumMessages.noActiveSubscription);
  });

  it("answers 'portal is being set up' when the portal is not configured at Stripe", async () => {
    const teacher = await signedInTeacher(bed.app);
    await subscribe(bed, teacher.client);
    bed.stripe.portalConfigured = false;
    const res = await openPortal(teacher.client);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(premiumMessages.portalBeingSetUp);
    expect(portalFailureToast(res.body.error).title).toBe('Portal Setup in Progress');
  });

  it("answers 'contact support' when Stripe no longer knows the customer", async () => {
    const teacher = await signedInTeacher(bed.app);
    await subscribe(bed, teacher.client);
    const customerId = (await store.findCustomer(bed.app.db, teacher.user.id))?.customerId ?? '';
    bed.stripe.customers.delete(customerId);
    const res = await openPortal(teacher.client);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(premiumMessages.subscriptionNotFound);
    expect(portalFailureToast(res.body.error).title).toBe('Subscription Issue');
  });

  it('needs a signed-in user', async () => {
    const res = await openPortal(bed.app.client());
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(authMessages.notSignedIn);
  });
});
