import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { Config } from '../../config.js';

/**
 * The short-lived state of an SSO sign-in kept in the browser between two requests (decision 100):
 * AES-256-GCM under a key derived from SESSION_SECRET, so the browser can neither read nor change
 * it, with its own end time. HttpOnly, SameSite=Lax (the provider's redirect back is a top-level
 * GET, which carries it), only for the SSO calls.
 */
const cookiePath = '/api/auth/sso';

function keyOf(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'pd-sso', `sso-cookie:${purpose}`, 32));
}

export interface SealedCookie<T> {
  write(ctx: Context, value: T): void;
  /** The value, while it lasts and when it is untouched; else undefined. */
  read(ctx: Context): T | undefined;
  clear(ctx: Context): void;
}

export function sealedCookie<T>(
  config: Pick<Config, 'sessionSecret' | 'isHttps'>,
  name: string,
  lifetimeMs: number,
  clock: () => Date,
): SealedCookie<T> {
  const key = keyOf(config.sessionSecret, name);
  const options = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.isHttps,
    path: cookiePath,
    signed: false,
  };
  return {
    write(ctx, value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(name));
      const plain = JSON.stringify({ until: clock().getTime() + lifetimeMs, value });
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const text = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
      ctx.cookies.set(name, text, { ...options, maxAge: lifetimeMs });
    },
    read(ctx) {
      const text = ctx.cookies.get(name);
      if (!text || text.length > 8000) return undefined;
      try {
        const bytes = Buffer.from(text, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
        decipher.setAAD(Buffer.from(name));
        decipher.setAuthTag(bytes.subarray(12, 28));
        const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
        const parsed = JSON.parse(plain) as { until: number; value: T };
        return parsed.until > clock().getTime() ? parsed.value : undefined;
      } catch {
        return undefined;
      }
    },
    clear(ctx) {
      ctx.cookies.set(name, null, options);
    },
  };
}
