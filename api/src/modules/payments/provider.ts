import type { PaymentProviderKind, PlanType } from '@pd/domain';

/**
 * What the payment code needs from a provider: Stripe (providers/stripe.ts) or the built-in demo
 * provider (providers/demo.ts, outside production, without STRIPE_SECRET_KEY). The service, the
 * fulfilment and the role rules are the same for both.
 */
export type ProviderKind = PaymentProviderKind;

/** A subscription as the provider holds it right now (always re-fetched, never taken from an event). */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: string;
  priceId: string;
  /** Null when the price is neither of ours nor recognisable by its interval. */
  plan: PlanType | null;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** The user id we put in the subscription's metadata at checkout, if any. */
  metadataUserId: string | null;
}

export interface CheckoutSnapshot {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  subscriptionId: string | null;
  clientReferenceId: string | null;
  /** What the customer is charged, in cents, after any promotion code (Stripe's amount_total). */
  amountTotalCents: number | null;
}

export interface NewCheckoutSession {
  userId: string;
  customerId: string;
  plan: PlanType;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** A verified webhook event, reduced to what we act on. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The event's object (a checkout session, a subscription or an invoice). */
  object: Record<string, unknown>;
}

export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** The price charged for a plan (STRIPE_PRICE_QUARTERLY / STRIPE_PRICE_ANNUAL). */
  priceIdFor(plan: PlanType): string;
  /** The plan a price id stands for, or null. */
  planOfPrice(priceId: string): PlanType | null;
  createCustomer(user: { id: string; email: string; name: string }, idempotencyKey: string): Promise<string>;
  createCheckoutSession(session: NewCheckoutSession): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSnapshot | null>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Cancels the subscription now (an account's deletion, issue 14); a missing one counts as cancelled. */
  cancelSubscription(id: string): Promise<void>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {}

/** A provider failure the service turns into a message a person can read. */
export class ProviderError extends Error {
  constructor(
    readonly reason: 'portal-not-configured' | 'customer-missing' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
