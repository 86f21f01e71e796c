import type { Attribution } from '@pd/domain';

/**
 * The session-scoped attribution record of spec section 3 (sessionStorage) and the device's first
 * touch (localStorage). No IndexedDB here: the sign-up form reads it without loading the queue.
 */

const attributionKey = 'pd-attribution';
const firstTouchKey = 'pd-first-touch';

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** The session-scoped attribution record (spec section 3), or null before the first page view. */
export const sessionAttribution = (): Attribution | null =>
  readJson<Attribution>(sessionStorage, attributionKey);
/** The device's first attribution ever (first touch). */
export const firstTouchAttribution = (): Attribution | null =>
  readJson<Attribution>(localStorage, firstTouchKey);

const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** Paths a payment provider returns to: they never overwrite the source. */
const providerReturns = ['/payment-success'];

/**
 * Reads the address's utm values and the referrer (its origin only, and not our own) into the
 * session's attribution record. A new campaign in the same session replaces it; a payment provider's
 * return never does. Answers the record and whether it is new for this session.
 */
export function captureAttribution(
  location: { pathname: string; search: string },
  referrer: string,
  now = new Date(),
) {
  const known = sessionAttribution();
  const params = new URLSearchParams(location.search);
  const utm: Attribution = {};
  for (const key of utmKeys) {
    const value = params.get(key)?.trim().slice(0, 100);
    if (value) utm[key] = value;
  }
  let referrerOrigin: string | undefined;
  try {
    const origin = referrer ? new URL(referrer).origin : undefined;
    referrerOrigin = origin && origin !== window.location.origin ? origin : undefined;
  } catch {
    referrerOrigin = undefined;
  }
  const fromProvider = providerReturns.includes(location.pathname);
  const hasCampaign = Object.keys(utm).length > 0;
  if (known && (fromProvider || !hasCampaign)) return { attribution: known, isNew: false };
  const attribution: Attribution = {
    ...(fromProvider ? {} : utm),
    ...(referrerOrigin && !fromProvider ? { referrer: referrerOrigin } : {}),
    timestamp: now.toISOString(),
  };
  try {
    sessionStorage.setItem(attributionKey, JSON.stringify(attribution));
    if (!localStorage.getItem(firstTouchKey))
      localStorage.setItem(firstTouchKey, JSON.stringify(attribution));
  } catch {
    // Storage refused (private mode): the record lives for this call only.
  }
  return { attribution, isNew: !known };
}
