import { discountedCents, launchPromotion, plans } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import * as store from './store.js';

/**
 * What the server's own records say of checkouts and purchases in [from, to) (issue 30 item 1,
 * decision 088): the usage dashboard's money and purchase steps, never a device's claim. A purchase
 * is a checkout session the provider completed (its webhook, or the demo page); its worth is the
 * plan's price, less LAUNCH30 when the demo page took the code (a Stripe promotion code is applied
 * at Stripe, which this report does not ask: it counts the list price).
 */
export interface PurchaseReport {
  /** Teachers who started a checkout. */
  checkoutTeachers: number;
  /** Completed checkouts, and the teachers who made them. */
  purchases: number;
  purchasers: number;
  /** USD. */
  revenue: number;
}

export async function purchaseReport(
  deps: Pick<AppDeps, 'db'>,
  from: Date,
  to: Date,
): Promise<PurchaseReport> {
  const sessions = await store.checkoutSessionsBetween(deps.db, from, to);
  const complete = sessions.filter((s) => s.status === 'complete');
  const cents = complete.reduce(
    (sum, s) =>
      sum +
      (s.promotionCode
        ? discountedCents(plans[s.plan].amountCents, launchPromotion.percentOff)
        : plans[s.plan].amountCents),
    0,
  );
  return {
    checkoutTeachers: new Set(sessions.map((s) => s.userId)).size,
    purchases: complete.length,
    purchasers: new Set(complete.map((s) => s.userId)).size,
    revenue: cents / 100,
  };
}
