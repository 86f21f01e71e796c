import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { type RateBucket, type RateLimitPolicy, tooMany } from './middleware.js';
import { hit } from './store.js';

/**
 * For other modules whose second key is not an e-mail in the body: counts one attempt per IP and
 * one per `key` (a page session, say) in `bucket`, and throws the 429 with Retry-After when over.
 */
export async function consumeAttempt(
  deps: { db: Db; clock: Clock },
  bucket: RateBucket,
  policy: RateLimitPolicy,
  ip: string,
  key: string | null,
): Promise<void> {
  const now = deps.clock();
  const byIp = await hit(deps.db, `${bucket}:ip:${ip}`, policy.perIp.windowMs, now);
  if (byIp.count > policy.perIp.limit) throw tooMany(byIp.resetAt, now);
  if (key) {
    const byKey = await hit(deps.db, `${bucket}:key:${key.slice(0, 300)}`, policy.perAccount.windowMs, now);
    if (byKey.count > policy.perAccount.limit) throw tooMany(byKey.resetAt, now);
  }
}
