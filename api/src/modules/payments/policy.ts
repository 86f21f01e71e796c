import { hasPremiumAccess, type Role, subscriptionGivesPremium } from '@pd/domain';

/** Payments only ever move a user between free and premium. */
const paymentRoles: readonly Role[] = ['free', 'premium'];

/**
 * Who may open a checkout: nobody whose role already gives premium (premium, license_admin,
 * superadmin). A licence member may still buy a subscription of their own (it keeps them premium
 * when they leave the group), so the seat is not asked here.
 */
export function canStartCheckout(role: Role): boolean {
  return !hasPremiumAccess(role, null, null);
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
