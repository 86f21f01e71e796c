import { normaliseJoinCode } from '@pd/domain';
import { createHash, randomBytes } from 'node:crypto';

/**
 * Join link codes (issue 27): 140 random bits as 28 characters of Crockford's base 32 (no I, L, O,
 * U), short enough to read out or type from a slide (`ABCD-EFGH-...`), in the link, the printed
 * code and the QR code; the database keeps only the SHA-256 of the normalised code.
 */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const joinCodeLength = 28;

export function newJoinCode(): string {
  const bytes = randomBytes(joinCodeLength);
  // 256 is a multiple of 32: each byte's low 5 bits are uniform.
  return Array.from(bytes, (b) => alphabet[b & 31]).join('');
}

export const hashJoinCode = (code: string): string =>
  createHash('sha256').update(normaliseJoinCode(code)).digest('hex');

/** Only something that could be a code we issued is hashed and looked up. */
export function isPlausibleJoinCode(code: string): boolean {
  if (code.length > 100) return false;
  const normal = normaliseJoinCode(code);
  return normal.length === joinCodeLength && [...normal].every((c) => alphabet.includes(c));
}
