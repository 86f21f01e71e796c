import { authMessages, premiumMessages } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { signIn } from '../../test/auth-helpers.js';
import type { TestClient } from '../../test/client.js';
import { buildUser } from '../../test/factories.js';
import { paymentDeps } from '../../test/fake-stripe.js';
import { DemoProvider } from './providers/demo.js';

/** Production without STRIPE_SECRET_KEY: no payments, and never the demo provider. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { NODE_ENV: 'production' } });
});
afterAll(() => app.close());

describe('payments in production without a Stripe key', () => {
  const userCalls = (client: TestClient) => [
    () => client.post('/api/stripe/create-checkout-session', { planType: 'annual' }),
    () => client.post('/api/stripe/customer-portal'),
    () => client.get('/api/stripe/checkout-session/cs_test_1'),
  ];

  it("answers 503 'Payments are not configured.' to the payment calls, quietly: said once, at start", async () => {
    const client = app.client();
    const teacher = await buildUser(app.db, { role: 'free' });
    expect((await signIn(client, teacher.email, teacher.password)).status).toBe(200);
    const answers = [];
    for (const call of userCalls(client)) answers.push(await call());
    answers.push(await client.request('POST', '/api/stripe/webhook', { raw: '{}', origin: null }));
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: premiumMessages.paymentsNotConfigured });
    }
    // Issue 30.11: anyone could fill the error log with these; the start-up line says it once.
    expect(app.logs.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(app.logs.filter((entry) => /payments are not configured/i.test(entry.message))).toHaveLength(1);
  });

  it('asks an anonymous visitor to sign in first (401), as with payments configured', async () => {
    for (const call of userCalls(app.client())) {
      const res = await call();
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: authMessages.notSignedIn });
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
