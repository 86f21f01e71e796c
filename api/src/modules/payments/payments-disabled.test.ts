import { premiumMessages } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { paymentDeps } from '../../test/fake-stripe.js';
import { DemoProvider } from './providers/demo.js';

/** Production without STRIPE_SECRET_KEY: no payments, and never the demo provider. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { NODE_ENV: 'production' } });
});
afterAll(() => app.close());

describe('payments in production without a Stripe key', () => {
  it("answers 503 'Payments are not configured.' to the payment calls", async () => {
    const client = app.client();
    for (const res of [
      await client.post('/api/stripe/create-checkout-session', { planType: 'annual' }),
      await client.post('/api/stripe/customer-portal'),
      await client.get('/api/stripe/checkout-session/cs_test_1'),
      await client.request('POST', '/api/stripe/webhook', { raw: '{}', origin: null }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: premiumMessages.paymentsNotConfigured });
    }
  });

  it('has no demo pages, and refuses to build a demo provider', async () => {
    expect((await app.client().get('/api/stripe/demo/portal')).status).toBe(404);
    expect((await app.client().get('/api/stripe/demo/checkout/demo_cs_1')).status).toBe(404);
    expect(() => new DemoProvider(paymentDeps(app))).toThrow(/production/);
    expect(app.config.paymentsMode).toBe('disabled');
  });

  it('names the missing Stripe variables when a key is set without them', () => {
    expect(() => parseConfig({ SESSION_SECRET: 's'.repeat(32), STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set[\s\S]*STRIPE_PRICE_QUARTERLY[\s\S]*STRIPE_PRICE_ANNUAL/,
    );
    expect(() => parseConfig({ SESSION_SECRET: 's'.repeat(32), STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() =>
      parseConfig({
        SESSION_SECRET: 's'.repeat(32),
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'secret',
        STRIPE_PRICE_QUARTERLY: 'price_q',
        STRIPE_PRICE_ANNUAL: 'price_a',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret/);
    const config = parseConfig({
      SESSION_SECRET: 's'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_QUARTERLY: 'price_q',
      STRIPE_PRICE_ANNUAL: 'price_a',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config.paymentsMode).toBe('stripe');
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      prices: { quarterly: 'price_q', annual: 'price_a' },
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(parseConfig({ SESSION_SECRET: 's'.repeat(32) }).paymentsMode).toBe('demo');
  });
});
