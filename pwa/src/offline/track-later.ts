import type { AnalyticsEventName, AnalyticsProps } from '@pd/domain';
import type * as Analytics from './analytics';
import { useEffect } from 'react';

/**
 * Screens record analytics through here: the queue (Dexie) is loaded on demand, so a page that
 * records an event does not carry IndexedDB code in its first load. Never throws.
 */
export function trackLater<N extends AnalyticsEventName>(name: N, props: AnalyticsProps<N>): void {
  void import('./analytics').then((m) => m.track(name, props)).catch(() => {});
}

/** feature_discovered, the first time this device uses `feature` (remembered in localStorage). */
export function trackDiscovered(feature: string): void {
  const key = `pd-discovered-${feature}`;
  try {
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, '1');
  } catch {
    return;
  }
  trackLater('feature_discovered', { feature });
}

/** Runs `use` with the device's analytics module once it is loaded (on demand). Never throws. */
export function withAnalytics(use: (analytics: typeof Analytics) => unknown): void {
  void import('./analytics')
    .then(async (m) => {
      await use(m);
    })
    .catch(() => {});
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
