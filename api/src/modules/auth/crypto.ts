import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { type PasswordHashCost, standardPasswordHashCost } from '../../config.js';

/** 256 random bits, URL-safe: used for e-mail tokens and session ids. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Only this is stored: a leaked table gives no usable token or session id. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A new argon2id hash at `cost` (config.passwordHashCost); a hash records its cost, so any verifies. */
export const hashPassword = (
  password: string,
  cost: PasswordHashCost = standardPasswordHashCost,
): Promise<string> => argon2.hash(password, { type: argon2.argon2id, ...cost });

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<string, Promise<string>>();
/**
 * A real argon2id hash, at the cost of the accounts' own, to verify against when the e-mail is
 * unknown, so both cases take as long. Made once per cost (a process has one).
 */
export function dummyPasswordHash(cost: PasswordHashCost = standardPasswordHashCost): Promise<string> {
  const key = JSON.stringify(cost);
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(randomToken(), cost);
    dummyHashes.set(key, hash);
  }
  return hash;
}
