import type { Db } from '../db/client.js';
import { dropUnvouchedIdentities } from '../modules/sso/service.js';

/**
 * What follows when an account's address is proven by e-mail, by its verification link or a
 * password reset link (auth), in that change's transaction: the SSO identities whose provider did
 * not vouch for the address are dropped (sso; decision 118, the takeover decision 101 left open).
 */
export async function addressProven(tx: Db, userId: string): Promise<void> {
  await dropUnvouchedIdentities(tx, userId);
}
