import type { AppDeps } from '../../deps.js';
import { keysOf, type RateBucket, type RateLimitPolicy, tooMany } from './middleware.js';
import { hit } from './store.js';

/**
 * For other modules whose second key is not an e-mail in the body: counts `ipWeight` attempts (one
 * by default; the analytics count a batch's events) per IP and one per `key` (a page session, say)
 * in `bucket`, and throws the 429 with Retry-After when over. Both keys are stored as keyed hashes,
 * never the address or the key itself (decision 047).
 */
export async function consumeAttempt(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  bucket: RateBucket,
  policy: RateLimitPolicy,
  ip: string,
  key: string | null,
  ipWeight = 1,
): Promise<void> {
  const now = deps.clock();
  const keyOf = keysOf(deps, bucket);
  const byIp = await hit(deps.db, keyOf('ip', ip), policy.perIp.windowMs, now, Math.max(1, ipWeight));
  if (byIp.count > policy.perIp.limit) throw tooMany(byIp.resetAt, now);
  if (key) {
    const byKey = await hit(deps.db, keyOf('key', key.slice(0, 300)), policy.perAccount.windowMs, now);
    if (byKey.count > policy.perAccount.limit) throw tooMany(byKey.resetAt, now);
  }
}
