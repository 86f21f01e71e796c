import { NetworkError } from '../lib/api-client';

/**
 * Network first, the device's copy when the network is unreachable: the answer of `fetchFresh` is
 * stored with `store` (not awaited); on a NetworkError `readCached` is tried, and the original error is raised if the
 * device holds nothing. Server answers (401, 403, 404...) are never replaced by a cached copy.
 */
export async function networkFirst<T>(
  fetchFresh: () => Promise<T>,
  store: (value: T) => Promise<unknown>,
  readCached: () => Promise<T | undefined>,
): Promise<T> {
  let fresh: T;
  try {
    fresh = await fetchFresh();
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const cached = await readCached().catch(() => undefined);
    if (cached === undefined) throw error;
    return cached;
  }
  // Kept on the device in the background: the page draws the answer without waiting for
  // IndexedDB (opening it is the slowest step of a first load), and a full or unavailable
  // IndexedDB does not break the page.
  void store(fresh).catch((error: unknown) => console.warn('Could not cache content on the device', error));
  return fresh;
}
