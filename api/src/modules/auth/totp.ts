import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { brand, mfaRules } from '@pd/domain';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { sha256 } from './crypto.js';

/**
 * RFC 6238 codes through otplib (decision 077): 6 digits, 30-second steps, SHA-1, the defaults
 * every authenticator app reads from an otpauth URI. Secrets are 160 random bits.
 */

export const newTotpSecret = (): string => generateSecret({ length: 20 });

export function otpauthUri(secret: string, email: string): string {
  return generateURI({ issuer: brand.productName, label: email, secret });
}

/** The otpauth URI as a QR code: an SVG data URL (the page's CSP allows data: images). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step a 6-digit `code` belongs to, within one step of `now`, and later than
 * `afterTimeStep` (a code is good once: RFC 6238 section 5.2); null when it is not good.
 */
export async function acceptedTimeStep(
  secret: string,
  code: string,
  now: Date,
  afterTimeStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: mfaRules.toleranceSteps * mfaRules.periodSeconds,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// Recovery codes: ten of `xxxxx-xxxxx` from 31 letters and digits with no look-alikes (no i, l,
// o, 0, 1): about 49.5 random bits each.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: mfaRules.recoveryCodeCount }, () => {
    const letters = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** A recovery code as stored: the hash of its letters, whatever the case, spaces or dash typed. */
export const recoveryCodeHash = (code: string): string =>
  sha256(`mfa-recovery:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`);

// Secrets at rest: AES-256-GCM under a key derived from SESSION_SECRET (HKDF), so a copy of the
// database alone does not give anyone the codes.
function keyFrom(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'totp-secret', 'ai-academy mfa v1', 32));
}

export function encryptSecret(secret: string, sessionSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(sessionSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** The secret, or null when it cannot be read (SESSION_SECRET changed since it was stored). */
export function decryptSecret(stored: string, sessionSecret: string): string | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(sessionSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
