import { launchPromotion } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, fakeSecretKey, startFakeStripe } from '../../test/fake-stripe.js';
import { stripeApiTarget } from '../../config.js';
import { premiumProductId, setupReport, setupStripe } from './setup.js';
import { createStripeClient } from './providers/stripe.js';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  // An empty account: no prices yet.
  fake.prices.clear();
});
afterAll(() => fake.close());

describe('npm run stripe:setup', () => {
  it('creates the product, both prices and LAUNCH30 once; a second run creates nothing', async () => {
    const stripe = createStripeClient({ secretKey: fakeSecretKey, api: stripeApiTarget(fake.url) });
    const first = await setupStripe(stripe);
    expect(first.created).toHaveLength(5);
    expect(fake.products.get(premiumProductId)).toMatchObject({ name: 'AI Classroom Academy Premium' });
    expect(fake.prices.get(first.prices.quarterly)).toMatchObject({
      unit_amount: 3000,
      currency: 'usd',
      recurring: { interval: 'month', interval_count: 3 },
      lookup_key: 'premium_quarterly',
      product: premiumProductId,
    });
    expect(fake.prices.get(first.prices.annual)).toMatchObject({
      unit_amount: 9900,
      recurring: { interval: 'year', interval_count: 1 },
      lookup_key: 'premium_annual',
    });
    expect(fake.coupons.get('LAUNCH30')).toMatchObject({ percent_off: 30, duration: 'once' });
    expect([...fake.promotionCodes.values()]).toEqual([
      expect.objectContaining({ code: launchPromotion.code, active: true }),
    ]);

    const second = await setupStripe(stripe);
    expect(second.created).toEqual([]);
    expect(second.prices).toEqual(first.prices);
    expect(fake.prices.size).toBe(2);
    expect(fake.promotionCodes.size).toBe(1);

    const report = setupReport(second, 'https://academy.example.org');
    expect(report).toContain(`STRIPE_PRICE_QUARTERLY=${first.prices.quarterly}`);
    expect(report).toContain(`STRIPE_PRICE_ANNUAL=${first.prices.annual}`);
    expect(report).toContain('https://academy.example.org/api/stripe/webhook');
    expect(report).toContain('invoice.payment_failed');
  });

  it('replaces a price whose amount changed, moving its lookup_key', async () => {
    const stripe = createStripeClient({ secretKey: fakeSecretKey, api: stripeApiTarget(fake.url) });
    const before = await setupStripe(stripe);
    const old = fake.prices.get(before.prices.annual);
    if (!old) throw new Error('no annual price');
    old.unit_amount = 10000;
    const after = await setupStripe(stripe);
    expect(after.prices.annual).not.toBe(before.prices.annual);
    expect(after.prices.quarterly).toBe(before.prices.quarterly);
    expect(fake.prices.get(after.prices.annual)).toMatchObject({
      unit_amount: 9900,
      lookup_key: 'premium_annual',
    });
    expect(old.lookup_key).toBeNull();
  });
});
