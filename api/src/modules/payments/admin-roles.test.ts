import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverEvent,
  paymentDeps,
  type PaymentsTestBed,
  roleOf,
  startPaymentsTestBed,
} from '../../test/fake-stripe.js';
import { buildUser } from '../../test/factories.js';
import { ensureCustomer, createProvider } from './service.js';

let bed: PaymentsTestBed;
beforeAll(async () => {
  bed = await startPaymentsTestBed();
});
afterAll(() => bed.close());

describe('payments never change license_admin or superadmin', () => {
  it.each(['license_admin', 'superadmin'] as const)(
    'keeps %s through a subscription starting, failing and ending',
    async (role) => {
      // e.g. a teacher who subscribed and was later made an administrator.
      const { user } = await buildUser(bed.app.db, { role });
      const provider = createProvider(paymentDeps(bed.app));
      if (!provider) throw new Error('no provider');
      const customer = await ensureCustomer(paymentDeps(bed.app), provider, user);
      const sub = bed.stripe.createSubscription({ customer, priceId: 'price_fake_annual' });
      const id = sub.id as string;

      await deliverEvent(bed.app.url, bed.stripe.event('customer.subscription.created', sub));
      expect(await roleOf(bed.app, user.id)).toBe(role);
      bed.stripe.updateSubscription(id, { status: 'past_due' });
      await deliverEvent(bed.app.url, bed.stripe.invoiceEvent('invoice.payment_failed', id));
      expect(await roleOf(bed.app, user.id)).toBe(role);
      const ended = bed.stripe.updateSubscription(id, { status: 'canceled' });
      const res = await deliverEvent(bed.app.url, bed.stripe.event('customer.subscription.deleted', ended));
      expect(res.body).toMatchObject({ outcome: 'applied' });
      expect(await roleOf(bed.app, user.id)).toBe(role);
    },
  );
});
