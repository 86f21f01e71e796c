/**
 * LAUNCH30: 30% off the first payment of a subscription (spec section 9). A file of its own: the
 * first screen's premium banner names it, and nothing else of the plans is needed before a click
 * (premium-plans.ts, which re-exports it, goes with the upgrade screens).
 */
export const launchPromotion = {
  code: 'LAUNCH30',
  percentOff: 30,
  /** Stripe coupon duration: the first invoice only. */
  duration: 'once',
} as const;
