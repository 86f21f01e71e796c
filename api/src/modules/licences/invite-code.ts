import { createHash, randomBytes } from 'node:crypto';

/** >= 128 random bits (here 256), in the link only; the database keeps its SHA-256. */
export const newInviteCode = (): string => randomBytes(32).toString('base64url');
export const hashInviteCode = (code: string): string => createHash('sha256').update(code).digest('hex');

/** A code longer than any we issue is refused before it is hashed. */
export const isPlausibleInviteCode = (code: string): boolean => code.length > 0 && code.length <= 200;
