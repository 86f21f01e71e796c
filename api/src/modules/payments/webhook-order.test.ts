import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completedCheckout,
  deliverEvent,
  type PaymentsTestBed,
  roleOf,
  startPaymentsTestBed,
} from '../../test/fake-stripe.js';
import { signedInTeacher } from '../../test/learning.js';
import * as store from './store.js';

let bed: PaymentsTestBed;
beforeAll(async () => {
  bed = await startPaymentsTestBed();
});
afterAll(() => bed.close());

async function paidCheckout() {
  const teacher = await signedInTeacher(bed.app);
  const { session, subscriptionId } = await completedCheckout(bed, teacher.client, 'quarterly');
  const subscription = bed.stripe.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error('no subscription');
  return { teacher, session, subscriptionId, subscription };
}

describe('POST /api/stripe/webhook: events in any order', () => {
  it('grants premium from an invoice.paid that arrives before checkout.session.completed', async () => {
    const { teacher, session, subscriptionId, subscription } = await paidCheckout();
    const created = bed.stripe.event('customer.subscription.created', subscription);
    await deliverEvent(bed.app.url, bed.stripe.invoiceEvent('invoice.paid', subscriptionId));
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');
    await deliverEvent(bed.app.url, bed.stripe.event('checkout.session.completed', session));
    await deliverEvent(bed.app.url, created);
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');
    const [stored] = await store.subscriptionsOf(bed.app.db, teacher.user.id);
    expect(stored).toMatchObject({ id: subscriptionId, status: 'active', plan: 'quarterly' });
  });

  it('ends free when the subscription was deleted, although the older "created" event comes last', async () => {
    const { teacher, subscriptionId, subscription } = await paidCheckout();
    const created = bed.stripe.event('customer.subscription.created', subscription); // says active
    const updated = bed.stripe.event('customer.subscription.updated', subscription); // says active
    bed.stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    const deleted = bed.stripe.event(
      'customer.subscription.deleted',
      bed.stripe.subscriptions.get(subscriptionId) ?? {},
    );

    for (const event of [deleted, updated, created]) {
      expect((await deliverEvent(bed.app.url, event)).status).toBe(200);
    }
    expect(await roleOf(bed.app, teacher.user.id)).toBe('free');
    const [stored] = await store.subscriptionsOf(bed.app.db, teacher.user.id);
    expect(stored?.status).toBe('canceled');
  });

  it('stays premium after a recovered payment even if the stale payment_failed event arrives last', async () => {
    const { teacher, session, subscriptionId } = await paidCheckout();
    await deliverEvent(bed.app.url, bed.stripe.event('checkout.session.completed', session));
    bed.stripe.updateSubscription(subscriptionId, { status: 'past_due' });
    const failed = bed.stripe.invoiceEvent('invoice.payment_failed', subscriptionId);
    bed.stripe.updateSubscription(subscriptionId, { status: 'active' });
    const paid = bed.stripe.invoiceEvent('invoice.paid', subscriptionId);
    await deliverEvent(bed.app.url, paid);
    await deliverEvent(bed.app.url, failed);
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');
    const [stored] = await store.subscriptionsOf(bed.app.db, teacher.user.id);
    expect(stored?.status).toBe('active');
  });

  it('settles on the final state when several events of one subscription are handled in parallel', async () => {
    const { teacher, subscriptionId, subscription } = await paidCheckout();
    const events = [
      bed.stripe.event('customer.subscription.created', subscription),
      bed.stripe.invoiceEvent('invoice.paid', subscriptionId),
      bed.stripe.event('customer.subscription.updated', subscription),
    ];
    bed.stripe.updateSubscription(subscriptionId, { status: 'unpaid' });
    await Promise.all(events.map((e) => deliverEvent(bed.app.url, e)));
    expect(await roleOf(bed.app, teacher.user.id)).toBe('free');
  });
});
