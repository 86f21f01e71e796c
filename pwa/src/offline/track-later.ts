import type { AnalyticsEventName, AnalyticsProps } from '@pd/domain';
import { useEffect } from 'react';

/**
 * Screens record analytics through here: the queue (Dexie) is loaded on demand, so a page that
 * records an event does not carry IndexedDB code in its first load. Never throws.
 */
export function trackLater<N extends AnalyticsEventName>(name: N, props: AnalyticsProps<N>): void {
  void import('./analytics').then((m) => m.track(name, props)).catch(() => {});
}

/** Records `name` once when the screen mounts (and again when `key` changes). */
export function useTrackOnMount<N extends AnalyticsEventName>(
  name: N,
  props: AnalyticsProps<N>,
  key = '',
): void {
  useEffect(() => {
    trackLater(name, props);
    // Props are read at mount: the event describes what was shown then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, key]);
}
