import type { PlanType } from '@pd/domain';
import { plans } from '@pd/domain';
import Stripe from 'stripe';
import type { StripeConfig } from '../../../config.js';
import {
  type CheckoutSnapshot,
  type NewCheckoutSession,
  type PaymentProvider,
  type ProviderEvent,
  ProviderError,
  type SubscriptionSnapshot,
  WebhookSignatureError,
} from '../provider.js';

/** The Stripe SDK, pointed at api.stripe.com or (tests) at a local fake over loopback. */
export function createStripeClient(config: Pick<StripeConfig, 'secretKey' | 'api'>): Stripe {
  return new Stripe(config.secretKey, {
    ...(config.api ?? {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'ai-classroom-academy' },
  });
}

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return null;
};

const checkoutStatus = (s: string): CheckoutSnapshot['status'] =>
  s === 'complete' ? 'complete' : s === 'expired' ? 'expired' : 'open';
const paymentStatus = (s: string): CheckoutSnapshot['paymentStatus'] =>
  s === 'paid' ? 'paid' : s === 'no_payment_required' ? 'no_payment_required' : 'unpaid';

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';
}

/** Connection failures, rate limits and Stripe's own errors: 'try again', never Stripe's internals. */
function unavailable(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    throw new ProviderError('unavailable', `Stripe ${error.type}: ${error.message}`);
  }
  throw error;
}

export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = createStripeClient(config);
  }

  priceIdFor(plan: PlanType): string {
    return this.config.prices[plan];
  }

  planOfPrice(priceId: string): PlanType | null {
    if (priceId === this.config.prices.quarterly) return 'quarterly';
    if (priceId === this.config.prices.annual) return 'annual';
    return null;
  }

  /** Our price ids first; then the lookup_key or the interval (a price replaced in the dashboard). */
  private planOfStripePrice(price: Stripe.Price | undefined, metadata: Stripe.Metadata): PlanType | null {
    if (!price) return null;
    const known = this.planOfPrice(price.id);
    if (known) return known;
    for (const plan of Object.values(plans)) if (price.lookup_key === plan.lookupKey) return plan.id;
    const recurring = price.recurring;
    if (recurring?.interval === 'year' && recurring.interval_count === 1) return 'annual';
    if (recurring?.interval === 'month' && recurring.interval_count === 3) return 'quarterly';
    const fromMetadata = metadata.planType;
    return fromMetadata === 'quarterly' || fromMetadata === 'annual' ? fromMetadata : null;
  }

  async createCustomer(
    user: { id: string; email: string; name: string },
    idempotencyKey: string,
  ): Promise<string> {
    try {
      const customer = await this.stripe.customers.create(
        { email: user.email, name: user.name, metadata: { userId: user.id } },
        { idempotencyKey },
      );
      return customer.id;
    } catch (error) {
      return unavailable(error);
    }
  }

  async createCheckoutSession(session: NewCheckoutSession): Promise<{ id: string; url: string }> {
    const metadata = { userId: session.userId, planType: session.plan };
    try {
      const created = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: session.customerId,
          line_items: [{ price: session.priceId, quantity: 1 }],
          allow_promotion_codes: true,
          client_reference_id: session.userId,
          metadata,
          subscription_data: { metadata },
          success_url: session.successUrl,
          cancel_url: session.cancelUrl,
        },
        { idempotencyKey: session.idempotencyKey },
      );
      if (!created.url) throw new ProviderError('unavailable', 'Stripe answered a session without a url');
      return { id: created.id, url: created.url };
    } catch (error) {
      return unavailable(error);
    }
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSnapshot | null> {
    try {
      const s = await this.stripe.checkout.sessions.retrieve(id);
      return {
        id: s.id,
        status: checkoutStatus(s.status ?? 'open'),
        paymentStatus: paymentStatus(s.payment_status),
        subscriptionId: idOf(s.subscription),
        clientReferenceId: s.client_reference_id,
        amountTotalCents: s.amount_total ?? null,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      return unavailable(error);
    }
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    let sub: Stripe.Subscription;
    try {
      sub = await this.stripe.subscriptions.retrieve(id);
    } catch (error) {
      if (isMissing(error)) return null;
      return unavailable(error);
    }
    const item = sub.items.data[0];
    // Since API 2025-03-31 the period lives on the subscription item.
    const periodEnd =
      item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end ?? 0;
    return {
      id: sub.id,
      customerId: idOf(sub.customer) ?? '',
      status: sub.status,
      priceId: item?.price.id ?? '',
      plan: this.planOfStripePrice(item?.price, sub.metadata),
      currentPeriodEnd: new Date(periodEnd * 1000),
      // The portal may cancel with cancel_at (a date) instead of cancel_at_period_end.
      cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
      metadataUserId: sub.metadata.userId ?? null,
    };
  }

  async cancelSubscription(id: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(id);
    } catch (error) {
      if (isMissing(error)) return;
      unavailable(error);
    }
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    try {
      const portal = await this.stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: portal.url };
    } catch (error) {
      if (isMissing(error)) throw new ProviderError('customer-missing', 'customer not found at Stripe');
      if (error instanceof Stripe.errors.StripeInvalidRequestError && /configuration/i.test(error.message)) {
        throw new ProviderError('portal-not-configured', error.message);
      }
      return unavailable(error);
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
    }
    return {
      id: event.id,
      type: event.type,
      object: event.data.object as unknown as Record<string, unknown>,
    };
  }
}
