import type { AnalyticsEventName, AnalyticsProps } from '@pd/domain';
import { useEffect } from 'react';
import type * as Analytics from './analytics';

/**
 * The one entry point to record an analytics event (decision 083): screens, features and the app
 * record through this module, never through the device's queue (`./analytics`, kept to offline/ by
 * lint). The queue (Dexie) is loaded on demand, so a screen that records an event does not carry
 * IndexedDB code in its first load (decision 079). Nothing here throws: a failure never breaks the
 * screen.
 */

let loading: Promise<typeof Analytics> | undefined;

/**
 * Runs `use` with the device's queue once it is loaded. Calls made while it loads share that one
 * load (two imports of a module in the same moment from one importer are one too many: Vitest's
 * unisolated module graph answered the second with the real module where a test had mocked it);
 * once it settles, the next call imports it again (a cached module, or a new try after a failure).
 */
function withQueue(use: (queue: typeof Analytics) => Promise<void>): Promise<void> {
  loading ??= import('./analytics').finally(() => {
    loading = undefined;
  });
  return loading.then(use).catch(() => {});
}

/** Records one event of spec section 7 (typed by the domain's schemas); resolves once it is queued. */
export function recordEvent<N extends AnalyticsEventName>(name: N, props: AnalyticsProps<N>): Promise<void> {
  return withQueue((queue) => queue.track(name, props));
}

/** Records `name` once when the screen mounts (and again when `key` changes). */
export function useRecordOnMount<N extends AnalyticsEventName>(
  name: N,
  props: AnalyticsProps<N>,
  key = '',
): void {
  useEffect(() => {
    void recordEvent(name, props);
    // Props are read at mount: the event describes what was shown then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, key]);
}

/** The moments that record several events with what the queue knows (analytics.ts). */
export type Moments = Pick<
  typeof Analytics,
  'recordModuleStarted' | 'recordQuizSubmitted' | 'recordPurchase' | 'recordFeatureDiscovered'
>;

/**
 * Records a moment of several events once the queue is loaded: `recordMoment((m) =>
 * m.recordPurchase(plan, charged))`. The moments are written in analytics.ts, beside the queue they
 * read (the page session's conversions, the teacher's courses on the device, the features used
 * here), so their code stays out of the first load: this is `withQueue` itself, offering only the moments.
 */
export const recordMoment: (run: (moments: Moments) => Promise<void>) => Promise<void> = withQueue;
