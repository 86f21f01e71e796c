import { authMessages } from '@pd/domain';
import type { Context, Middleware } from 'koa';
import { createHmac } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { clear, hit, peek } from './store.js';

export interface RateRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

/** Above `limit` attempts in the window, one attempt per `slowMs`: slower, never locked. */
export interface CeilingRule extends RateRule {
  slowMs: number;
}

/**
 * Per bucket (issue 17): a rule per client address; a rule per account (the e-mail, or the token,
 * in the body) *and* address, so a stranger's bad passwords lock out only the stranger; and a
 * ceiling per account over every address, which slows a guesser spread over many addresses to one
 * attempt per `slowMs` rather than locking the owner out.
 */
export interface RateLimitPolicy {
  perIp: RateRule;
  /** Per account and client address. */
  perAccount: RateRule;
  /** Per account over all addresses; default: 5 x perAccount in its window, then one per 30 s. */
  accountCeiling?: CeilingRule;
}

export type RateBucket =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resendVerification'
  | 'resetPassword'
  | 'inviteLookup'
  | 'analyticsEvents'
  | 'mfa'
  | 'ssoLinkCode';
export type RateLimits = Record<RateBucket, RateLimitPolicy>;

const minutes = (n: number) => n * 60_000;

/**
 * Per-IP limits are generous: a whole school often shares one address. A flood guard, not the
 * account's protection (that is per account): 1,000 lets a 300-teacher school sign in, each on two
 * or three devices, within one window (decision 125).
 */
const schoolBurst = 1000;

export const defaultRateLimits: RateLimits = {
  /**
   * Password sign-ins (decision 124): per account and address only wrong passwords count, and a right
   * one clears them (`failureLimit`), so ten wrong passwords in a quarter hour lock that address out
   * of the account, while the owner's own sign-ins never add up. Per address every attempt counts.
   */
  login: {
    perIp: { limit: schoolBurst, windowMs: minutes(15) },
    perAccount: { limit: 10, windowMs: minutes(15) },
  },
  /** A PD morning: a school's teachers accept their invitations together (decision 125). */
  register: { perIp: { limit: 500, windowMs: minutes(60) }, perAccount: { limit: 5, windowMs: minutes(60) } },
  forgotPassword: {
    perIp: { limit: 100, windowMs: minutes(60) },
    perAccount: { limit: 5, windowMs: minutes(60) },
  },
  resendVerification: {
    perIp: { limit: 100, windowMs: minutes(60) },
    perAccount: { limit: 5, windowMs: minutes(60) },
  },
  resetPassword: {
    perIp: { limit: 100, windowMs: minutes(15) },
    perAccount: { limit: 10, windowMs: minutes(15) },
  },
  /** Invitation codes (issue 18): looked up and accepted; each teacher's page asks more than once. */
  inviteLookup: {
    perIp: { limit: 3 * schoolBurst, windowMs: minutes(15) },
    perAccount: { limit: 20, windowMs: minutes(15) },
  },
  /**
   * Analytics (issue 15; issue 30 item 1, decision 088). `perIp` counts *events* per address: 300
   * teachers behind one NAT at a generous 60 events a minute each is 18,000, so 20,000. `perAccount`
   * counts *batches* per page session (the batch's first event's): the pwa sends at most
   * `analyticsLimits.maxBatchesPerMinute` (10) in any 60 s per tab, so at most 20 in one fixed
   * minute; 60 leaves room for three tabs whose batches start with the same session's events.
   */
  analyticsEvents: {
    perIp: { limit: 20_000, windowMs: minutes(1) },
    perAccount: { limit: 60, windowMs: minutes(1) },
  },
  /**
   * Two-step sign-in codes (decision 077), per account (the user the code is for). Only wrong codes
   * (and wrong passwords) count per account, and a right one clears them (`failureLimit`): with the
   * five tries a half-done sign-in allows, a guesser who has the password gets ten wrong guesses of
   * a 6-digit code per quarter hour from one address, then one per 30 s over all; the owner signing
   * in many times a day never meets it. Per address every attempt counts (a flood guard).
   */
  mfa: { perIp: { limit: 300, windowMs: minutes(15) }, perAccount: { limit: 10, windowMs: minutes(15) } },
  /**
   * Codes e-mailed to link an SSO sign-in (decision 112), per the address they go to: besides the
   * 60 s between two codes of one pending link, so new sign-ins cannot fill an inbox.
   */
  ssoLinkCode: {
    perIp: { limit: 30, windowMs: minutes(60) },
    perAccount: { limit: 5, windowMs: minutes(60) },
  },
};

export function tooMany(resetAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new AppError(429, authMessages.tooManyRequests, 'RATE_LIMITED', undefined, {
    'Retry-After': String(seconds),
  });
}

/** The account an attempt is for: the body's e-mail or token unless the route says otherwise. */
export type AccountOf = (ctx: Context) => string | null | undefined;

/** The body's e-mail (or token), trimmed and in lower case: the account most buckets count by. */
export function accountInBody(ctx: Context): string | null {
  const body: unknown = ctx.request.body;
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const value = record.email ?? record.token;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase().slice(0, 300) : null;
}

/** The policy's ceiling per account over every address (default: 5 x perAccount, then one per 30 s). */
const ceilingOf = (policy: RateLimitPolicy): CeilingRule =>
  policy.accountCeiling ?? {
    limit: policy.perAccount.limit * 5,
    windowMs: policy.perAccount.windowMs,
    slowMs: 30_000,
  };

/**
 * The bucket's keys: keyed hashes, never an address, an e-mail, a page session or a reset token
 * (issue 17; issue 30 item 5, decision 047).
 */
export const keysOf =
  (deps: Pick<AppDeps, 'config'>, bucket: RateBucket) =>
  (kind: string, value: string): string =>
    `${bucket}:${kind}:${createHmac('sha256', deps.config.sessionSecret).update(value).digest('base64url')}`;

/**
 * Counts the attempt per address, per account and address, and per account before the handler
 * runs; 429 with Retry-After when over (see RateLimitPolicy).
 */
export function rateLimit(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  bucket: RateBucket,
  policy: RateLimitPolicy,
  accountOf: AccountOf = accountInBody,
): Middleware {
  const { db, clock } = deps;
  const ceiling = ceilingOf(policy);
  const key = keysOf(deps, bucket);
  return async (ctx, next) => {
    const now = clock();
    const byIp = await hit(db, key('ip', ctx.ip), policy.perIp.windowMs, now);
    if (byIp.count > policy.perIp.limit) throw tooMany(byIp.resetAt, now);
    const account = accountOf(ctx);
    if (account) {
      const pair = await hit(db, key('account-ip', `${account}\n${ctx.ip}`), policy.perAccount.windowMs, now);
      if (pair.count > policy.perAccount.limit) throw tooMany(pair.resetAt, now);
      const overall = await hit(db, key('account', account), ceiling.windowMs, now);
      if (overall.count > ceiling.limit) {
        const slow = await hit(db, key('account-slow', account), ceiling.slowMs, now);
        if (slow.count > 1) throw tooMany(slow.resetAt, now);
      }
    }
    return next();
  };
}

/**
 * Like `rateLimit`, but per account only failures count: the handler's refusal (by default a 401 or
 * 403, a wrong code or password) counts one, and a success clears the account's counts. Before the
 * handler the counts are read, not added to, so the owner's right code is never refused because of
 * their own earlier successes. Per address every attempt counts, as in `rateLimit`.
 */
export function failureLimit(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  bucket: RateBucket,
  policy: RateLimitPolicy,
  accountOf: AccountOf,
  isFailure: (error: unknown) => boolean = (error) =>
    error instanceof AppError && (error.status === 401 || error.status === 403),
): Middleware {
  const { db, clock } = deps;
  const ceiling = ceilingOf(policy);
  const key = keysOf(deps, bucket);
  return async (ctx, next) => {
    const now = clock();
    const byIp = await hit(db, key('ip', ctx.ip), policy.perIp.windowMs, now);
    if (byIp.count > policy.perIp.limit) throw tooMany(byIp.resetAt, now);
    const account = accountOf(ctx);
    if (!account) return next();
    const pairKey = key('account-ip', `${account}\n${ctx.ip}`);
    const overallKey = key('account', account);
    const slowKey = key('account-slow', account);
    const pair = await peek(db, pairKey, now);
    if (pair && pair.count >= policy.perAccount.limit) throw tooMany(pair.resetAt, now);
    const overall = await peek(db, overallKey, now);
    if (overall && overall.count >= ceiling.limit) {
      const slow = await hit(db, slowKey, ceiling.slowMs, now);
      if (slow.count > 1) throw tooMany(slow.resetAt, now);
    }
    try {
      await next();
    } catch (error) {
      if (isFailure(error)) {
        await hit(db, pairKey, policy.perAccount.windowMs, now);
        await hit(db, overallKey, ceiling.windowMs, now);
      }
      throw error;
    }
    await clear(db, [pairKey, overallKey, slowKey]);
  };
}
