import { limits, SubscriptionResponse } from '@pd/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverEvent,
  paymentDeps,
  type PaymentsTestBed,
  roleOf,
  startPaymentsTestBed,
  subscribe,
} from '../../test/fake-stripe.js';
import { mailboxFor, signIn } from '../../test/auth-helpers.js';
import { signedInTeacher } from '../../test/learning.js';
import { expireEndedSubscriptions, remindUpcomingRenewals } from './service.js';

let bed: PaymentsTestBed;
beforeAll(async () => {
  bed = await startPaymentsTestBed();
});
afterAll(() => bed.close());
afterEach(() => bed.app.clock.reset());

const day = 24 * 60 * 60 * 1000;
const subscriptionOf = async (client: Parameters<typeof subscribe>[1]) =>
  SubscriptionResponse.parse((await client.get('/api/stripe/subscription')).body);

describe('the role follows the stored subscription', () => {
  it('gives the teacher a new session id once the payment made them premium (decision 074)', async () => {
    const teacher = await signedInTeacher(bed.app);
    const before = new Map(teacher.client.cookies);
    await subscribe(bed, teacher.client, 'annual');
    expect((await teacher.client.get('/api/auth/me')).body).toMatchObject({ role: 'premium' });
    expect(new Map(teacher.client.cookies)).not.toEqual(before);
    // The id from before the payment is worth nothing after it.
    const stale = bed.app.client();
    for (const [name, value] of before) stale.cookies.set(name, value);
    expect((await stale.get('/api/auth/me')).status).toBe(401);
  });

  it('keeps premium after a cancellation until Stripe ends the subscription at period end, then free', async () => {
    const teacher = await signedInTeacher(bed.app);
    const { subscriptionId } = await subscribe(bed, teacher.client, 'annual');
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');

    // Cancelled in the portal: cancel at period end.
    const cancelled = bed.stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    await deliverEvent(bed.app.url, bed.stripe.event('customer.subscription.updated', cancelled));
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');
    const summary = await subscriptionOf(teacher.client);
    expect(summary).toMatchObject({ status: 'active', plan: 'annual', cancelAtPeriodEnd: true });
    const periodEnd = new Date(summary?.currentPeriodEnd ?? 0);
    expect(periodEnd.getTime() - Date.now()).toBeGreaterThan(360 * day);
    // The premium course opens meanwhile.
    expect((await teacher.client.get('/api/content/courses/prompt-engineering')).status).toBe(200);

    // At period end Stripe deletes it.
    const ended = bed.stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    await deliverEvent(bed.app.url, bed.stripe.event('customer.subscription.deleted', ended));
    expect(await roleOf(bed.app, teacher.user.id)).toBe('free');
    // The downgrade ended the teacher's sessions (issue 17, decision 074); signed in again: free.
    expect((await teacher.client.get('/api/auth/me')).status).toBe(401);
    expect((await signIn(teacher.client, teacher.email, teacher.password)).body).toMatchObject({
      role: 'free',
    });
    expect(await subscriptionOf(teacher.client)).toMatchObject({ status: 'canceled' });
    expect((await teacher.client.get('/api/content/courses/prompt-engineering')).status).toBe(403);
  });

  it('turns free at period end even before the deleted event arrives (housekeeping)', async () => {
    const teacher = await signedInTeacher(bed.app);
    const { subscriptionId } = await subscribe(bed, teacher.client, 'quarterly');
    const cancelled = bed.stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    await deliverEvent(bed.app.url, bed.stripe.event('customer.subscription.updated', cancelled));

    bed.app.clock.advance(80 * day);
    expect(await expireEndedSubscriptions(paymentDeps(bed.app))).toBe(0);
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');

    bed.app.clock.advance(20 * day);
    expect(await expireEndedSubscriptions(paymentDeps(bed.app))).toBe(1);
    expect(await roleOf(bed.app, teacher.user.id)).toBe('free');
  });

  it('keeps premium while a payment has failed (past_due), and ends it when Stripe gives up (unpaid)', async () => {
    const teacher = await signedInTeacher(bed.app);
    const { subscriptionId } = await subscribe(bed, teacher.client);
    bed.stripe.updateSubscription(subscriptionId, { status: 'past_due' });
    await deliverEvent(bed.app.url, bed.stripe.invoiceEvent('invoice.payment_failed', subscriptionId));
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');
    expect(await subscriptionOf(teacher.client)).toMatchObject({ status: 'past_due' });

    const unpaid = bed.stripe.updateSubscription(subscriptionId, { status: 'unpaid' });
    await deliverEvent(bed.app.url, bed.stripe.event('customer.subscription.updated', unpaid));
    expect(await roleOf(bed.app, teacher.user.id)).toBe('free');

    // Paid after all: premium again.
    bed.stripe.updateSubscription(subscriptionId, { status: 'active' });
    await deliverEvent(bed.app.url, bed.stripe.invoiceEvent('invoice.paid', subscriptionId));
    expect(await roleOf(bed.app, teacher.user.id)).toBe('premium');
  });

  it('answers null to a teacher without a subscription, and 401 when signed out', async () => {
    const teacher = await signedInTeacher(bed.app);
    const res = await teacher.client.get('/api/stripe/subscription');
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect((await bed.app.client().get('/api/stripe/subscription')).status).toBe(401);
  });
});

describe('the renewal reminder (the Terms promise it; decision 095)', () => {
  const remind = () => remindUpcomingRenewals({ ...paymentDeps(bed.app), mailer: bed.app.mailer });
  const reminders = async (email: string) =>
    (await mailboxFor(bed.app, email)).filter((m) => m.subject.includes('subscription renews on'));

  it(`is e-mailed ${limits.renewalReminderDays.annual} days before an annual renewal (inside the 30-40 days the California, Colorado and Delaware windows share), once per period, with the date and the amount`, async () => {
    const teacher = await signedInTeacher(bed.app);
    const { subscriptionId } = await subscribe(bed, teacher.client, 'annual');
    const periodEnd = new Date((await subscriptionOf(teacher.client))?.currentPeriodEnd ?? 0);
    const untilEnd = periodEnd.getTime() - bed.app.clock.now().getTime();

    expect(limits.renewalReminderDays.annual).toBeGreaterThanOrEqual(30);
    expect(limits.renewalReminderDays.annual).toBeLessThanOrEqual(40);
    bed.app.clock.advance(untilEnd - (limits.renewalReminderDays.annual + 1) * day);
    await remind();
    expect(await reminders(teacher.email)).toHaveLength(0);

    bed.app.clock.advance(2 * day);
    expect(await remind()).toBeGreaterThanOrEqual(1);
    const [mail] = await reminders(teacher.email);
    const date = periodEnd.toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(mail?.subject).toBe(`Your AI Classroom Academy subscription renews on ${date}`);
    expect(mail?.text).toContain('annual Premium subscription');
    expect(mail?.text).toContain('charged $99.00 (USD) for another year');
    expect(mail?.text).toContain('Manage Subscription');
    // Housekeeping runs again (and on another instance): no second reminder for this period.
    await remind();
    await remind();
    expect(await reminders(teacher.email)).toHaveLength(1);

    // Stripe renews it for a year: the next period gets its own reminder.
    const nextEnd = new Date(periodEnd.getTime() + 365 * day);
    const renewed = bed.stripe.updateSubscription(subscriptionId, { current_period_end: nextEnd });
    await deliverEvent(bed.app.url, bed.stripe.event('customer.subscription.updated', renewed));
    bed.app.clock.advance(365 * day);
    await remind();
    expect(await reminders(teacher.email)).toHaveLength(2);
  });

  it(`is e-mailed ${limits.renewalReminderDays.quarterly} days before a quarterly renewal, with the quarterly amount`, async () => {
    const teacher = await signedInTeacher(bed.app);
    await subscribe(bed, teacher.client, 'quarterly');
    const periodEnd = new Date((await subscriptionOf(teacher.client))?.currentPeriodEnd ?? 0);
    const untilEnd = periodEnd.getTime() - bed.app.clock.now().getTime();

    bed.app.clock.advance(untilEnd - (limits.renewalReminderDays.quarterly + 1) * day);
    await remind();
    expect(await reminders(teacher.email)).toHaveLength(0);

    bed.app.clock.advance(2 * day);
    await remind();
    const sent = await reminders(teacher.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('quarterly Premium subscription');
    expect(sent[0]?.text).toContain('charged $30.00 (USD) for another 3 months');
  });

  it('is not sent for a subscription set to cancel', async () => {
    const cancelling = await signedInTeacher(bed.app);
    const { subscriptionId } = await subscribe(bed, cancelling.client, 'annual');
    const cancelled = bed.stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    await deliverEvent(bed.app.url, bed.stripe.event('customer.subscription.updated', cancelled));

    for (const days of [85, 340, 360]) {
      bed.app.clock.reset();
      bed.app.clock.advance(days * day);
      await remind();
    }
    expect(await reminders(cancelling.email)).toHaveLength(0);
  });
});
