import type * as Analytics from './analytics';
import { trackLater } from './track-later';

/**
 * The analytics calls of screens past the first one (the module page, a course download, the
 * payment's success): kept out of track-later.ts, which the first screen loads.
 */

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
