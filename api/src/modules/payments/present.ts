import {
  type CheckoutSessionStatusResponse,
  hasPremiumAccess,
  type PlanType,
  type Role,
  SubscriptionStatus,
  type SubscriptionSummary,
} from '@pd/domain';
import type { SubscriptionRow } from '../../db/schema.js';
import type { CheckoutSnapshot, ProviderKind } from './provider.js';

/** The subscription as the pwa sees it: no provider ids, no customer. */
export function presentSubscription(row: SubscriptionRow): SubscriptionSummary {
  const status = SubscriptionStatus.safeParse(row.status);
  return {
    status: status.success ? status.data : 'incomplete',
    plan: row.plan,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

export function presentCheckoutStatus(
  session: Pick<CheckoutSnapshot, 'status' | 'paymentStatus' | 'amountTotalCents'>,
  planType: PlanType,
  role: Role,
  provider: ProviderKind,
): CheckoutSessionStatusResponse {
  return {
    provider,
    status: session.status,
    paymentStatus: session.paymentStatus,
    planType,
    premium: hasPremiumAccess(role, null, null),
    amountCharged:
      session.paymentStatus === 'paid' && session.amountTotalCents !== null
        ? session.amountTotalCents / 100
        : null,
  };
}
