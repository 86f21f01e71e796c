import { describe, expect, it } from 'vitest';
import { canStartCheckout, roleAfterPayments } from './policy.js';

const now = new Date('2026-03-01T00:00:00Z');
const later = new Date('2026-06-01T00:00:00Z');
const earlier = new Date('2026-02-01T00:00:00Z');
const sub = (status: string, cancelAtPeriodEnd = false, currentPeriodEnd = later) => ({
  status,
  cancelAtPeriodEnd,
  currentPeriodEnd,
});

describe('payment policy', () => {
  it('lets only free users start a checkout', () => {
    expect(canStartCheckout('free')).toBe(true);
    for (const role of ['premium', 'license_admin', 'superadmin'] as const)
      expect(canStartCheckout(role)).toBe(false);
  });

  it.each([
    ['active', 'premium'],
    ['trialing', 'premium'],
    ['past_due', 'premium'],
    ['canceled', 'free'],
    ['unpaid', 'free'],
    ['incomplete_expired', 'free'],
    ['incomplete', 'free'],
    ['paused', 'free'],
  ] as const)('a %s subscription makes a free or premium user %s', (status, role) => {
    expect(roleAfterPayments('free', [sub(status)], now)).toBe(role);
    expect(roleAfterPayments('premium', [sub(status)], now)).toBe(role);
  });

  it('keeps premium while set to cancel, until the period end', () => {
    expect(roleAfterPayments('premium', [sub('active', true, later)], now)).toBe('premium');
    expect(roleAfterPayments('premium', [sub('active', true, earlier)], now)).toBe('free');
    expect(roleAfterPayments('premium', [sub('active', false, earlier)], now)).toBe('premium');
  });

  it('gives premium when any subscription does, free when none', () => {
    expect(roleAfterPayments('free', [sub('canceled'), sub('active')], now)).toBe('premium');
    expect(roleAfterPayments('premium', [], now)).toBe('free');
  });

  it('never changes license_admin or superadmin', () => {
    for (const role of ['license_admin', 'superadmin'] as const) {
      expect(roleAfterPayments(role, [sub('active')], now)).toBe(role);
      expect(roleAfterPayments(role, [sub('canceled')], now)).toBe(role);
    }
  });
});
