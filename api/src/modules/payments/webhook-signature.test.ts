import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completedCheckout,
  deliverEvent,
  type PaymentsTestBed,
  roleOf,
  signPayload,
  startPaymentsTestBed,
} from '../../test/fake-stripe.js';
import { signedInTeacher } from '../../test/learning.js';
import * as store from './store.js';

let bed: PaymentsTestBed;
beforeAll(async () => {
  bed = await startPaymentsTestBed();
});
afterAll(() => bed.close());

/** A teacher whose checkout Stripe has completed, and the (not yet delivered) event saying so. */
async function paidButNotDelivered() {
  const teacher = await signedInTeacher(bed.app);
  const { session } = await completedCheckout(bed, teacher.client, 'annual');
  return { teacher, event: bed.stripe.event('checkout.session.completed', session) };
}

async function expectNoEffect(userId: string, eventId: string) {
  expect(await roleOf(bed.app, userId)).toBe('free');
  expect(await store.subscriptionsOf(bed.app.db, userId)).toEqual([]);
  expect(await store.countEvents(bed.app.db, eventId)).toBe(0);
}

describe('POST /api/stripe/webhook signature', () => {
  it('rejects with 400 and no effect: no signature, a wrong secret, a tampered body, an old timestamp', async () => {
    const { teacher, event } = await paidButNotDelivered();
    const payload = JSON.stringify(event);
    const cases: { name: string; signature: string | null; body?: string }[] = [
      { name: 'no signature', signature: null },
      { name: 'garbage', signature: 'not-a-signature' },
      { name: 'wrong secret', signature: signPayload(payload, 'whsec_someone_else') },
      {
        name: 'tampered body',
        signature: signPayload(payload),
        body: payload.replace('"livemode":false', '"livemode":true'),
      },
      {
        name: 'replayed an hour later',
        signature: signPayload(payload, undefined, Math.floor(Date.now() / 1000) - 3600),
      },
    ];
    for (const c of cases) {
      const res = await fetch(`${bed.app.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(c.signature ? { 'stripe-signature': c.signature } : {}),
        },
        body: c.body ?? payload,
      });
      expect(res.status, c.name).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'Invalid webhook signature.' });
    }
    await expectNoEffect(teacher.user.id, event.id as string);
    expect(bed.app.logs.filter((l) => l.message === 'payment webhook rejected')).toHaveLength(cases.length);
  });

  it('verifies the raw bytes: a body signed as sent (any formatting) is accepted and applied', async () => {
    const { teacher, event } = await paidButNotDelivered();
    // deliverEvent sends pretty-printed JSON: re-serializing it would break the signature.
    const res = await deliverEvent(bed.app.url, event);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: true, outcome: 'applied' });
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');
    expect(await store.countEvents(bed.app.db, event.id as string)).toBe(1);
  });

  it('needs no Origin or cookie (Stripe sends neither) and refuses a body over the limit with 413', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const res = await fetch(`${bed.app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(big) },
      body: big,
    });
    expect(res.status).toBe(413);
  });
});
