import { hasPremiumAccess, type Role, subscriptionGivesPremium } from '@pd/domain';

/** Payments only ever move a user between free and premium. */
const paymentRoles: readonly Role[] = ['free', 'premium'];

/** Who may open a checkout: nobody who already has premium access (premium, license_admin, superadmin). */
export function canStartCheckout(role: Role): boolean {
  return !hasPremiumAccess(role);
}

/**
 * The role after a subscription change: premium while a stored subscription gives premium, else
 * free. license_admin and superadmin are never changed by payments.
 */
export function roleAfterPayments(
  current: Role,
  subscriptions: readonly { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date }[],
  now: Date,
): Role {
  if (!paymentRoles.includes(current)) return current;
  return subscriptions.some((s) => subscriptionGivesPremium(s, now)) ? 'premium' : 'free';
}
