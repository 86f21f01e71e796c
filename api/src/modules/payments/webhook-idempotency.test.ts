import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverEvent,
  type PaymentsTestBed,
  roleOf,
  startPaymentsTestBed,
  subscribe,
} from '../../test/fake-stripe.js';
import { signedInTeacher } from '../../test/learning.js';
import * as store from './store.js';

let bed: PaymentsTestBed;
beforeAll(async () => {
  bed = await startPaymentsTestBed();
});
afterAll(() => bed.close());

describe('POST /api/stripe/webhook: each event has one effect', () => {
  it('answers 200 to a redelivered event without applying it again (no re-fetch, no change)', async () => {
    const teacher = await signedInTeacher(bed.app);
    const { subscriptionId } = await subscribe(bed, teacher.client);
    const subscription = bed.stripe.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error('no subscription');
    const paid = bed.stripe.invoiceEvent('invoice.paid', subscriptionId);

    const first = await deliverEvent(bed.app.url, paid);
    expect(first).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    const fetchesAfterFirst = bed.stripe.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).length;

    // Stripe's state moves on; a redelivery of the same event must not apply it (a new event would).
    bed.stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    const again = await deliverEvent(bed.app.url, paid);
    expect(again).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect(bed.stripe.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(
      fetchesAfterFirst,
    );
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');
    expect(await store.countEvents(bed.app.db, paid.id as string)).toBe(1);
    const [stored] = await store.subscriptionsOf(bed.app.db, teacher.user.id);
    expect(stored?.status).toBe('active');
  });

  it('applies one of several parallel deliveries of the same event', async () => {
    const teacher = await signedInTeacher(bed.app);
    const { subscriptionId } = await subscribe(bed, teacher.client);
    bed.stripe.updateSubscription(subscriptionId, { status: 'past_due' });
    const failed = bed.stripe.invoiceEvent('invoice.payment_failed', subscriptionId);
    const results = await Promise.all([1, 2, 3, 4].map(() => deliverEvent(bed.app.url, failed)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.body.outcome === 'applied')).toHaveLength(1);
    expect(results.filter((r) => r.body.outcome === 'duplicate')).toHaveLength(3);
    expect(await store.countEvents(bed.app.db, failed.id as string)).toBe(1);
    const applied = bed.app.logs.filter(
      (l) => l.message === 'payment event' && l.fields?.eventId === failed.id,
    );
    expect(applied.filter((l) => l.fields?.outcome === 'applied')).toHaveLength(1);
  });

  it('logs each payment event without card data, and ignores (200) event types it does not handle', async () => {
    const teacher = await signedInTeacher(bed.app);
    const { subscriptionId } = await subscribe(bed, teacher.client);
    const log = bed.app.logs.find(
      (l) => l.message === 'payment event' && l.fields?.subscriptionId === subscriptionId,
    );
    expect(log?.fields).toMatchObject({
      provider: 'stripe',
      type: 'checkout.session.completed',
      outcome: 'applied',
      userId: teacher.user.id,
      role: 'premium',
      status: 'active',
    });
    const other = await deliverEvent(
      bed.app.url,
      bed.stripe.event('charge.succeeded', { id: 'ch_1', object: 'charge' }),
    );
    expect(other).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
  });
});
