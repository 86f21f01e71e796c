import { randomBytes } from 'node:crypto';
import { discountedCents, endpoints, endpointUrl, launchPromotion, type PlanType, plans } from '@pd/domain';
import type { CheckoutSessionRow, SubscriptionRow } from '../../../db/schema.js';
import type { AppDeps } from '../../../deps.js';
import {
  type CheckoutSnapshot,
  type NewCheckoutSession,
  type PaymentProvider,
  type ProviderEvent,
  type SubscriptionSnapshot,
  WebhookSignatureError,
} from '../provider.js';
import * as store from '../store.js';

const demoId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The demo provider's pages (HTML, served by demo-routes.ts), from the endpoint table. */
export const demoPaths = {
  checkout: (id: string) => endpointUrl(endpoints.demoCheckoutPage, { id }),
  portal: endpointUrl(endpoints.demoPortalPage),
} as const;

/** The end of a plan's first period: 3 calendar months or 1 year after `from`. */
export function periodEndAfter(plan: PlanType, from: Date): Date {
  const end = new Date(from);
  const { interval, intervalCount } = plans[plan];
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + intervalCount);
  else end.setUTCMonth(end.getUTCMonth() + intervalCount);
  return end;
}

export function toSnapshot(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    priceId: row.priceId,
    plan: row.plan,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    metadataUserId: row.userId,
  };
}

/**
 * The built-in payment provider for keyless runs outside production (docs/ARCHITECTURE.md, P9):
 * its checkout and portal are pages of this api (demo-routes.ts), and the provider's own records are
 * our tables. Never created in production.
 */
export class DemoProvider implements PaymentProvider {
  readonly kind = 'demo' as const;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'config' | 'clock'>) {
    if (deps.config.isProduction) throw new Error('the demo payment provider does not exist in production');
  }

  priceIdFor(plan: PlanType): string {
    return `demo_price_${plan}`;
  }

  planOfPrice(priceId: string): PlanType | null {
    if (priceId === 'demo_price_quarterly') return 'quarterly';
    if (priceId === 'demo_price_annual') return 'annual';
    return null;
  }

  async createCustomer(): Promise<string> {
    return demoId('demo_cus');
  }

  async createCheckoutSession(_session: NewCheckoutSession): Promise<{ id: string; url: string }> {
    const id = demoId('demo_cs');
    return { id, url: `${this.deps.config.publicUrl}${demoPaths.checkout(id)}` };
  }

  /** A demo session is the row the service stored; open past its expiry reads as expired. */
  checkoutSnapshot(row: CheckoutSessionRow): CheckoutSnapshot {
    const expired = row.status === 'open' && row.expiresAt.getTime() <= this.deps.clock().getTime();
    return {
      id: row.id,
      status: expired ? 'expired' : row.status,
      paymentStatus: row.status === 'complete' ? 'paid' : 'unpaid',
      subscriptionId: row.subscriptionId,
      clientReferenceId: row.userId,
      // The plan's price, less LAUNCH30 when it was entered on the page (as on the page's total).
      amountTotalCents: row.promotionCode
        ? discountedCents(plans[row.plan].amountCents, launchPromotion.percentOff)
        : plans[row.plan].amountCents,
    };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSnapshot | null> {
    const row = await store.findCheckoutSession(this.deps.db, id);
    return row && row.provider === 'demo' ? this.checkoutSnapshot(row) : null;
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    const row = await store.findSubscription(this.deps.db, id);
    return row && row.provider === 'demo' ? toSnapshot(row) : null;
  }

  /** The demo provider's subscriptions live in our own table: the service marks the row cancelled. */
  async cancelSubscription(): Promise<void> {}

  async createPortalSession(): Promise<{ url: string }> {
    return { url: `${this.deps.config.publicUrl}${demoPaths.portal}` };
  }

  verifyWebhook(): ProviderEvent {
    throw new WebhookSignatureError('the demo payment provider sends no webhooks');
  }

  /** What 'Pay' creates: an active subscription whose first period starts now. */
  newSubscription(session: CheckoutSessionRow, customerId: string, now: Date): SubscriptionSnapshot {
    return {
      id: demoId('demo_sub'),
      customerId,
      status: 'active',
      priceId: session.priceId,
      plan: session.plan,
      currentPeriodEnd: periodEndAfter(session.plan, now),
      cancelAtPeriodEnd: false,
      metadataUserId: session.userId,
    };
  }

  newEventId(): string {
    return demoId('demo_evt');
  }
}
