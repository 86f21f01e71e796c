import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** 256 random bits, URL-safe: used for e-mail tokens and session ids. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Only this is stored: a leaked table gives no usable token or session id. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, { type: argon2.argon2id });

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** A real argon2id hash to verify against when the e-mail is unknown, so both cases take as long. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
}
