// Zod-free on purpose: the pwa's first screen imports these without pulling in the schemas (premium.ts).
import { paths } from './paths.js';
import { brand } from './brand.js';
import { launchPromotion } from './launch-promotion.js';

export { launchPromotion };

export const planTypes = ['quarterly', 'annual'] as const;
/** A plan name (the same type as `PlanType` of premium.ts). */
type PlanName = (typeof planTypes)[number];

export interface Plan {
  id: PlanName;
  /** Price in whole US dollars per billing period. */
  amount: number;
  /** The same in cents (what Stripe is given). */
  amountCents: number;
  currency: 'usd';
  interval: 'month' | 'year';
  intervalCount: number;
  displayName: string;
  /** e.g. '$30 every 3 months'. */
  priceLabel: string;
  /** The per-month figure shown on the plan card. */
  monthlyLabel: string;
  badge?: string;
  popular?: boolean;
  /** The Stripe price's lookup_key (`npm run stripe:setup`). */
  lookupKey: string;
}

export const plans: Record<PlanName, Plan> = {
  quarterly: {
    id: 'quarterly',
    amount: 30,
    amountCents: 3000,
    currency: 'usd',
    interval: 'month',
    intervalCount: 3,
    displayName: 'Quarterly',
    priceLabel: '$30 every 3 months',
    monthlyLabel: '$10.00/month',
    lookupKey: 'premium_quarterly',
  },
  annual: {
    id: 'annual',
    amount: 99,
    amountCents: 9900,
    currency: 'usd',
    interval: 'year',
    intervalCount: 1,
    displayName: 'Annual',
    priceLabel: '$99 per year',
    monthlyLabel: '$8.25/month',
    badge: 'Best value - Save 17%',
    popular: true,
    lookupKey: 'premium_annual',
  },
};

/** The upgrade modal's initial selection (spec section 4). */
export const defaultPlanType: PlanName = 'annual';
/** The success page's plan when the address carries none (spec section 2). */
export const defaultSuccessPlanType: PlanName = 'quarterly';

/** Cents after a percentage discount, rounded to the cent as Stripe does. */
export function discountedCents(amountCents: number, percentOff: number): number {
  return Math.round((amountCents * (100 - percentOff)) / 100);
}

/** '$21.00' from 2100. */
export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export const premiumMessages = {
  alreadyPremium: 'You already have premium access.',
  alreadySubscribed: 'You already have an active subscription, so this checkout was not charged.',
  noActiveSubscription: 'No active subscription found. Subscribe first or contact support.',
  portalBeingSetUp: 'The subscription portal is being set up. Please contact support.',
  subscriptionNotFound: 'We could not find your subscription. Please contact support.',
  paymentsNotConfigured: 'Payments are not configured.',
  paymentProviderUnavailable: `${brand.paymentProviderName} could not be reached. Please try again in a moment.`,
  checkoutSessionNotFound: 'Checkout session not found.',
  returnToInvalid: 'returnTo must be a path on this site.',
  demoMode: 'Demo mode - no real payment',
  demoPromoInvalid: 'This promotion code is not valid.',
  demoCheckoutClosed: 'This checkout session is no longer open.',
  // Client-side texts (spec sections 4 and 8).
  checkoutFailedTitle: 'Checkout Failed',
  checkoutFailed: 'Failed to create checkout session',
  noCheckoutUrl: `No checkout URL received from ${brand.paymentProviderName}`,
  portalFailed: 'Failed to access customer portal',
  noPortalUrl: `No portal URL received from ${brand.paymentProviderName}`,
  paymentSuccessful: 'Payment Successful!',
  upgradeModalTitle: 'Choose Your Premium Plan',
  cancelAnytime: 'Cancel anytime. Your access continues until the end of the paid period.',
  launchPromoNote: `Use code ${launchPromotion.code} at checkout for ${launchPromotion.percentOff}% off your first payment.`,
} as const;

/** Spec section 8: the portal failure toast, chosen by the message's content. */
export function portalFailureToast(message: string | undefined): { title: string; description: string } {
  const text = message || premiumMessages.portalFailed;
  if (text.includes('No active subscription'))
    return {
      title: 'No Active Subscription',
      description: 'You need an active subscription to manage billing. Subscribe first or contact support.',
    };
  if (text.includes('portal is being set up'))
    return {
      title: 'Portal Setup in Progress',
      description: 'The subscription portal is being set up. Please contact support for help.',
    };
  if (text.includes('contact support'))
    return {
      title: 'Subscription Issue',
      description: 'We could not find your subscription. Please contact support.',
    };
  return { title: 'Portal Access Failed', description: text };
}

/** Stripe's subscription statuses. */
export const subscriptionStatuses = [
  'active',
  'trialing',
  'past_due',
  'incomplete',
  'incomplete_expired',
  'canceled',
  'unpaid',
  'paused',
] as const;
/**
 * Whether a stored subscription gives premium: active, trialing and past_due do (Stripe is still
 * retrying a failed payment), until a subscription set to cancel reaches its period end.
 */
export function subscriptionGivesPremium(
  subscription: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date },
  now: Date,
): boolean {
  const live =
    subscription.status === 'active' ||
    subscription.status === 'trialing' ||
    subscription.status === 'past_due';
  if (!live) return false;
  return !(subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd.getTime() <= now.getTime());
}

/** The pwa's payment-success route and its query (spec section 2). */
export const paymentSuccessPath = paths.paymentSuccess();
