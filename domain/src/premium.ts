import { z } from 'zod';
import { planTypes, premiumMessages, subscriptionStatuses } from './premium-plans.js';

/**
 * Premium plans, the LAUNCH30 promotion and the payment calls (spec sections 2, 3, 4, 7, 8, 9;
 * docs/ARCHITECTURE.md, P9). Written once for the api, the pwa and the demo checkout page.
 */

export const PlanType = z.enum(planTypes, { message: 'Please choose the quarterly or annual plan.' });
export type PlanType = z.infer<typeof PlanType>;

/** A path on this site (not `//host`, not a URL): where 'Cancel' on the checkout page returns. */
export const ReturnToPath = z
  .string()
  .max(500, premiumMessages.returnToInvalid)
  .refine(
    (p) => p.startsWith('/') && !p.startsWith('//') && !/[\\\s]/.test(p),
    premiumMessages.returnToInvalid,
  );

/**
 * POST /api/stripe/create-checkout-session. Spec section 3: planType and priceId are both optional
 * in the shared helper. The server charges the price it has configured for the plan; a priceId is
 * only used to tell the plan when planType is missing. returnTo defaults to '/'.
 */
export const CreateCheckoutSessionRequest = z.object({
  planType: PlanType.optional(),
  priceId: z.string().max(200).optional(),
  returnTo: ReturnToPath.optional(),
});
export type CreateCheckoutSessionRequest = z.infer<typeof CreateCheckoutSessionRequest>;

/** Both the checkout and the portal answer a URL for the browser to go to. */
export const RedirectUrlResponse = z.object({ url: z.string() });
export type RedirectUrlResponse = z.infer<typeof RedirectUrlResponse>;

/** The card payment providers the api can run with (the demo one outside production, without a key). */
export const PaymentProviderKind = z.enum(['stripe', 'demo']);
export type PaymentProviderKind = z.infer<typeof PaymentProviderKind>;

/** How the pages name the active provider (issue 16: the demo mode does not claim to be Stripe). */
export const paymentProviderNames: Record<PaymentProviderKind, string> = {
  stripe: 'Stripe',
  demo: 'the demo checkout',
};

/** GET /api/stripe/checkout-session/:id, for the success page. */
export const CheckoutSessionStatusResponse = z.object({
  /** The provider that holds the session, named on the page. */
  provider: PaymentProviderKind,
  status: z.enum(['complete', 'open', 'expired']),
  paymentStatus: z.enum(['paid', 'unpaid', 'no_payment_required']),
  planType: PlanType,
  /** True once the signed-in user's role gives premium access. */
  premium: z.boolean(),
  /** USD charged once paid, after any promotion code (the purchase conversion's value); else null. */
  amountCharged: z.number().min(0).nullable(),
});
export type CheckoutSessionStatusResponse = z.infer<typeof CheckoutSessionStatusResponse>;

export const SubscriptionStatus = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** GET /api/stripe/subscription: the signed-in user's subscription, or null. */
export const SubscriptionSummary = z.object({
  status: SubscriptionStatus,
  plan: PlanType,
  /** ISO time; after cancelling, premium lasts until then. */
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummary>;
export const SubscriptionResponse = SubscriptionSummary.nullable();
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

// The zod-free plans, texts and rules live in premium-plans.ts (the app's first screen needs them without zod).
export {
  planTypes,
  plans,
  defaultPlanType,
  defaultSuccessPlanType,
  launchPromotion,
  discountedCents,
  formatUsd,
  premiumMessages,
  portalFailureToast,
  subscriptionStatuses,
  subscriptionGivesPremium,
  paymentSuccessPath,
} from './premium-plans.js';
export type { Plan } from './premium-plans.js';
