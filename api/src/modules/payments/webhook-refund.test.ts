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

/** A signed `charge.refunded` event of the subscription's customer, as Stripe sends it. */
function refundEvent(subscriptionId: string, { full }: { full: boolean }) {
  const subscription = bed.stripe.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error('no subscription');
  return bed.stripe.event('charge.refunded', {
    id: `ch_${subscriptionId}`,
    object: 'charge',
    customer: subscription.customer,
    amount: 9900,
    amount_refunded: full ? 9900 : 2000,
    refunded: full,
    status: 'succeeded',
  });
}

describe('POST /api/stripe/webhook: a refund ends premium (the Terms, decision 095)', () => {
  it('cancels the subscription at Stripe and makes the teacher free on a full refund, once', async () => {
    const teacher = await signedInTeacher(bed.app);
    const { subscriptionId } = await subscribe(bed, teacher.client, 'annual');
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');

    const refunded = refundEvent(subscriptionId, { full: true });
    const res = await deliverEvent(bed.app.url, refunded);
    expect(res).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect(bed.stripe.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(await roleOf(bed.app, teacher.user.id)).toBe('free');
    const [stored] = await store.subscriptionsOf(bed.app.db, teacher.user.id);
    expect(stored?.status).toBe('canceled');
    // The premium course no longer opens: the downgrade ended the session (decision 074).
    expect((await teacher.client.get('/api/auth/me')).status).toBe(401);

    // Stripe redelivers the same event: answered 200, nothing more happens.
    expect(await deliverEvent(bed.app.url, refunded)).toMatchObject({ status: 200 });
    expect(await roleOf(bed.app, teacher.user.id)).toBe('free');
  });

  it('keeps premium after a partial refund (a goodwill credit)', async () => {
    const teacher = await signedInTeacher(bed.app);
    const { subscriptionId } = await subscribe(bed, teacher.client, 'quarterly');
    const res = await deliverEvent(bed.app.url, refundEvent(subscriptionId, { full: false }));
    expect(res).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    expect(bed.stripe.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(0);
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');
  });

  it('refuses an unsigned refund event like any other', async () => {
    const teacher = await signedInTeacher(bed.app);
    const { subscriptionId } = await subscribe(bed, teacher.client, 'annual');
    const res = await deliverEvent(bed.app.url, refundEvent(subscriptionId, { full: true }), {
      signature: null,
    });
    expect(res.status).toBe(400);
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');
  });
});
