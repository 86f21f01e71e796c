import { CheckoutSessionStatusResponse } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverEvent,
  type PaymentsTestBed,
  roleOf,
  sessionIdOfUrl,
  startPaymentsTestBed,
} from '../../test/fake-stripe.js';
import { signedInTeacher, type Teacher } from '../../test/learning.js';
import * as store from './store.js';

let bed: PaymentsTestBed;
beforeAll(async () => {
  bed = await startPaymentsTestBed();
});
afterAll(() => bed.close());

async function startCheckout(teacher: Teacher, planType: 'quarterly' | 'annual'): Promise<string> {
  const res = await teacher.client.post<{ url: string }>('/api/stripe/create-checkout-session', { planType });
  return sessionIdOfUrl(res.body.url);
}
const statusOf = (teacher: Teacher, id: string) =>
  teacher.client.get<CheckoutSessionStatusResponse>(`/api/stripe/checkout-session/${id}`);

describe('GET /api/stripe/checkout-session/:id', () => {
  it('tells the owner an unpaid session is open', async () => {
    const teacher = await signedInTeacher(bed.app);
    const id = await startCheckout(teacher, 'quarterly');
    const res = await statusOf(teacher, id);
    expect(res.status).toBe(200);
    expect(CheckoutSessionStatusResponse.parse(res.body)).toEqual({
      provider: 'stripe',
      status: 'open',
      paymentStatus: 'unpaid',
      planType: 'quarterly',
      premium: false,
      amountCharged: null,
    });
  });

  it('tells the amount charged after a promotion code once paid (the purchase conversion is worth it)', async () => {
    const teacher = await signedInTeacher(bed.app);
    const id = await startCheckout(teacher, 'quarterly');
    bed.stripe.completeCheckout(id, { percentOff: 30 });
    const res = await statusOf(teacher, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'complete', paymentStatus: 'paid', amountCharged: 21 });
  });

  it('fulfils a paid session whose webhook has not arrived yet; the late webhook changes nothing more', async () => {
    const teacher = await signedInTeacher(bed.app);
    const id = await startCheckout(teacher, 'annual');
    const session = bed.stripe.completeCheckout(id);
    const res = await statusOf(teacher, id);
    expect(res.body).toEqual({
      provider: 'stripe',
      status: 'complete',
      paymentStatus: 'paid',
      planType: 'annual',
      premium: true,
      amountCharged: 99,
    });
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');

    const late = await deliverEvent(bed.app.url, bed.stripe.event('checkout.session.completed', session));
    expect(late.status).toBe(200);
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');
    expect(await store.subscriptionsOf(bed.app.db, teacher.user.id)).toHaveLength(1);
    expect((await statusOf(teacher, id)).body.premium).toBe(true);
  });

  it("answers 404 for another user's session and for an unknown one, 401 when signed out", async () => {
    const owner = await signedInTeacher(bed.app);
    const other = await signedInTeacher(bed.app);
    const id = await startCheckout(owner, 'annual');
    bed.stripe.completeCheckout(id);
    expect((await statusOf(other, id)).status).toBe(404);
    expect(await roleOf(bed.app, other.user.id)).toBe('free');
    expect(await roleOf(bed.app, owner.user.id)).toBe('free');
    expect((await statusOf(other, 'cs_test_unknown')).status).toBe(404);
    expect((await bed.app.client().get(`/api/stripe/checkout-session/${id}`)).status).toBe(401);
  });
});
