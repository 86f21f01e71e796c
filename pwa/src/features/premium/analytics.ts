/** The analytics events of the upgrade flow (spec section 7). */
export type PremiumEventName =
  'upgrade_modal_opened' | 'plan_selected' | 'checkout_initiated' | 'checkout_failed' | 'payment_success';

/** Writes the event to the local analytics queue (sent later by the analytics issue); never throws. */
export function recordPremiumEvent(name: PremiumEventName, props: Record<string, unknown> = {}): void {
  // The local queue (Dexie) is loaded on demand.
  void import('../../offline/analytics')
    .then(({ queueAnalyticsEvent }) => queueAnalyticsEvent(name, props))
    .catch(() => {});
}

/** Revenue recorded by payment_success (spec section 9: the analytics table says 39 for quarterly). */
export const planAnalyticsValue = { quarterly: 39, annual: 99 } as const;
