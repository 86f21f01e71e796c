import { trackLater } from '../../offline/track-later';

/** The analytics events of the upgrade flow (spec section 7). */
export type PremiumEventName =
  'upgrade_modal_opened' | 'plan_selected' | 'checkout_initiated' | 'checkout_failed' | 'payment_success';

/** Writes the event to the device's analytics queue (sent by the drain and the tracker); never throws. */
export function recordPremiumEvent(name: PremiumEventName, props: Record<string, unknown> = {}): void {
  trackLater(name, props as never);
}
