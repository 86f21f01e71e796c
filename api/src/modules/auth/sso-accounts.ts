import type { PasswordHashCost } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { hashPassword, randomToken, verifyPassword } from './crypto.js';
import * as store from './store.js';

/**
 * The accounts side of Google, Microsoft and district sign-in (issue 27 part 3, decision 101), for
 * the `sso` module and its command: the auth module stays the only writer of `users`.
 */

/** The account of an address (stored lower-case), or null. */
export function findAccountByEmail(db: Db, email: string): Promise<UserRow | null> {
  return store.findUserByEmail(db, email);
}

/**
 * The password hash of an account made by SSO: of 256 random bits nobody keeps, so no password
 * signs in to it until its owner sets one with "Forgot password?" (the link proves the address).
 */
export function unusablePasswordHash(cost?: PasswordHashCost): Promise<string> {
  return hashPassword(randomToken(), cost);
}

/**
 * A free teacher account made at a first SSO sign-in, in the caller's transaction: verified only
 * when the provider vouched for the address (decision 101). Null when the address is taken.
 */
export function createSsoAccount(
  tx: Db,
  deps: Pick<AppDeps, 'clock'>,
  account: { name: string; email: string; emailVerified: boolean; passwordHash: string },
): Promise<UserRow | null> {
  return store.insertUser(
    tx,
    {
      name: account.name,
      email: account.email,
      passwordHash: account.passwordHash,
      emailVerified: account.emailVerified,
      marketingOptIn: false,
    },
    deps.clock(),
  );
}

/** Whether `password` is the account's (linking an SSO identity to it); as slow for every answer. */
export function passwordMatches(user: Pick<UserRow, 'passwordHash'>, password: string): Promise<boolean> {
  return verifyPassword(user.passwordHash, password);
}
