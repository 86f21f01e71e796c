import { describe, expect, it } from 'vitest';
import {
  CreateCheckoutSessionRequest,
  discountedCents,
  formatUsd,
  launchPromotion,
  plans,
  portalFailureToast,
  premiumMessages,
  subscriptionGivesPremium,
} from './premium.js';

describe('premium plans and rules', () => {
  it('prices the plans as spec section 9 says, and the per-month labels agree', () => {
    expect(plans.quarterly).toMatchObject({
      amount: 30,
      amountCents: 3000,
      interval: 'month',
      intervalCount: 3,
    });
    expect(plans.annual).toMatchObject({ amount: 99, amountCents: 9900, interval: 'year', popular: true });
    expect(plans.annual.badge).toBe('Best value - Save 17%');
    expect(`${formatUsd(plans.quarterly.amountCents / 3)}/month`).toBe(plans.quarterly.monthlyLabel);
    expect(`${formatUsd(plans.annual.amountCents / 12)}/month`).toBe(plans.annual.monthlyLabel);
  });

  it('takes 30% off the first payment with LAUNCH30', () => {
    expect(discountedCents(plans.quarterly.amountCents, launchPromotion.percentOff)).toBe(2100);
    expect(discountedCents(plans.annual.amountCents, launchPromotion.percentOff)).toBe(6930);
  });

  it('picks the portal failure toast by message content (spec section 8)', () => {
    expect(portalFailureToast(premiumMessages.noActiveSubscription).title).toBe('No Active Subscription');
    expect(portalFailureToast(premiumMessages.portalBeingSetUp).title).toBe('Portal Setup in Progress');
    expect(portalFailureToast(premiumMessages.subscriptionNotFound).title).toBe('Subscription Issue');
    expect(portalFailureToast('500: boom')).toEqual({
      title: 'Portal Access Failed',
      description: '500: boom',
    });
    expect(portalFailureToast(undefined).description).toBe(premiumMessages.portalFailed);
  });

  it('gives premium while active, trialing or past_due, until the end of a cancelled period', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const end = new Date('2026-02-10T00:00:00Z');
    const sub = (status: string, cancelAtPeriodEnd = false, currentPeriodEnd = end) => ({
      status,
      cancelAtPeriodEnd,
      currentPeriodEnd,
    });
    for (const s of ['active', 'trialing', 'past_due'])
      expect(subscriptionGivesPremium(sub(s), now)).toBe(true);
    for (const s of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'])
      expect(subscriptionGivesPremium(sub(s), now)).toBe(false);
    expect(subscriptionGivesPremium(sub('active', true), now)).toBe(true);
    expect(subscriptionGivesPremium(sub('active', true), end)).toBe(false);
  });

  it('accepts only a path on this site as returnTo', () => {
    for (const returnTo of ['/', '/prompt-engineering', '/faq?x=1#y'])
      expect(CreateCheckoutSessionRequest.safeParse({ planType: 'annual', returnTo }).success).toBe(true);
    for (const returnTo of ['https://evil.example', '//evil.example', '/\\evil.example', 'relative', '/a b'])
      expect(CreateCheckoutSessionRequest.safeParse({ planType: 'annual', returnTo }).success).toBe(false);
    expect(CreateCheckoutSessionRequest.safeParse({ planType: 'monthly' }).success).toBe(false);
  });
});
