import { authMessages } from '@pd/domain';
import type { Middleware } from 'koa';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { hit } from './store.js';

export interface RateRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

/** Per bucket: a rule per client IP and a rule per account (the e-mail in the body). */
export interface RateLimitPolicy {
  perIp: RateRule;
  perAccount: RateRule;
}

export type RateBucket =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resendVerification'
  | 'resetPassword'
  | 'inviteLookup'
  | 'analyticsEvents';
export type RateLimits = Record<RateBucket, RateLimitPolicy>;

const minutes = (n: number) => n * 60_000;

/** Per-IP limits are generous: a whole school often shares one address. */
export const defaultRateLimits: RateLimits = {
  login: { perIp: { limit: 100, windowMs: minutes(15) }, perAccount: { limit: 10, windowMs: minutes(15) } },
  register: { perIp: { limit: 30, windowMs: minutes(60) }, perAccount: { limit: 5, windowMs: minutes(60) } },
  forgotPassword: {
    perIp: { limit: 30, windowMs: minutes(60) },
    perAccount: { limit: 5, windowMs: minutes(60) },
  },
  resendVerification: {
    perIp: { limit: 30, windowMs: minutes(60) },
    perAccount: { limit: 5, windowMs: minutes(60) },
  },
  resetPassword: {
    perIp: { limit: 30, windowMs: minutes(15) },
    perAccount: { limit: 10, windowMs: minutes(15) },
  },
  /** Invitation codes (issue 18): looked up and accepted; generous per IP, a school shares one. */
  inviteLookup: {
    perIp: { limit: 120, windowMs: minutes(15) },
    perAccount: { limit: 20, windowMs: minutes(15) },
  },
  /**
   * Analytics batches (issue 15): per IP (a school shares one) and per page session (`perAccount`
   * counts the batch's session id). A device sends a batch every 30 s at most, more when catching up.
   */
  analyticsEvents: {
    perIp: { limit: 600, windowMs: minutes(1) },
    perAccount: { limit: 60, windowMs: minutes(1) },
  },
};

export function tooMany(resetAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new AppError(429, authMessages.tooManyRequests, 'RATE_LIMITED', undefined, {
    'Retry-After': String(seconds),
  });
}

function accountOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const value = record.email ?? record.token;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase().slice(0, 300) : null;
}

/** Counts the attempt per IP and per account before the handler runs; 429 with Retry-After when over. */
export function rateLimit(db: Db, clock: Clock, bucket: RateBucket, policy: RateLimitPolicy): Middleware {
  return async (ctx, next) => {
    const now = clock();
    const byIp = await hit(db, `${bucket}:ip:${ctx.ip}`, policy.perIp.windowMs, now);
    if (byIp.count > policy.perIp.limit) throw tooMany(byIp.resetAt, now);
    const account = accountOf(ctx.request.body);
    if (account) {
      const byAccount = await hit(db, `${bucket}:account:${account}`, policy.perAccount.windowMs, now);
      if (byAccount.count > policy.perAccount.limit) throw tooMany(byAccount.resetAt, now);
    }
    return next();
  };
}
