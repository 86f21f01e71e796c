import { authMessages } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { uniqueEmail } from '../../test/factories.js';
import { defaultRateLimits } from './middleware.js';

let app: TestApp;
const windowMs = 15 * 60_000;
beforeAll(async () => {
  app = await startTestApp({
    rateLimits: {
      login: { perIp: { limit: 8, windowMs }, perAccount: { limit: 3, windowMs } },
      forgotPassword: { perIp: { limit: 4, windowMs }, perAccount: { limit: 10, windowMs } },
    },
  });
});
afterAll(() => app.close());

describe('rate limits (stored in PostgreSQL)', () => {
  it('limits login attempts per account with 429, the spec message and Retry-After', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) {
      expect((await app.client().post('/api/auth/login', { email, password: 'wrong password' })).status).toBe(
        401,
      );
    }
    const res = await app
      .client()
      .post('/api/auth/login', { email: email.toUpperCase(), password: 'wrong password' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: authMessages.tooManyRequests, code: 'RATE_LIMITED' });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
    // Another account from the same address is still allowed.
    expect((await app.client().post('/api/auth/login', { email: uniqueEmail(), password: 'x' })).status).toBe(
      401,
    );
  });

  it('opens again when the window has passed', async () => {
    app.clock.advance(windowMs + 1000);
    try {
      const email = uniqueEmail();
      for (let i = 0; i < 3; i++)
        await app.client().post('/api/auth/login', { email, password: 'wrong password' });
      expect((await app.client().post('/api/auth/login', { email, password: 'x' })).status).toBe(429);
      app.clock.advance(windowMs + 1000);
      expect((await app.client().post('/api/auth/login', { email, password: 'x' })).status).toBe(401);
    } finally {
      app.clock.reset();
    }
  });

  it('limits per IP across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await app.client().post('/api/auth/forgot-password', { email: uniqueEmail() })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('counts rejected (invalid) attempts too', async () => {
    app.clock.advance(2 * windowMs + 5000);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await app.client().post('/api/auth/forgot-password', { email: 'bad' })).status);
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
    } finally {
      app.clock.reset();
    }
  });

  it('stores keyed hashes only: no address, e-mail or reset token in rate_limits (issue 17)', async () => {
    const email = uniqueEmail();
    const token = 'a-live-looking-reset-token-0123456789';
    await app.client().post('/api/auth/login', { email, password: 'wrong password' });
    await app.client().post('/api/auth/reset-password', { token, password: 'a new long password' });
    const rows = await app.db.select().from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    const keys = JSON.stringify(rows.map((r) => r.key));
    for (const secret of [email, email.split('@')[0]!, token, '127.0.0.1'])
      expect(keys).not.toContain(secret);
  });

  it('lets a 300-teacher school behind one address through on a PD morning (decision 125)', () => {
    const school = 300;
    const quarterHour = 15 * 60_000;
    // Each teacher signs in on up to three devices within one quarter hour ...
    expect(
      defaultRateLimits.login.perIp.limit * (quarterHour / defaultRateLimits.login.perIp.windowMs),
    ).toBeGreaterThanOrEqual(3 * school);
    // ... accepts an invitation within the hour, opening its page a few times ...
    expect(
      defaultRateLimits.register.perIp.limit * ((60 * 60_000) / defaultRateLimits.register.perIp.windowMs),
    ).toBeGreaterThanOrEqual(school);
    expect(
      defaultRateLimits.inviteLookup.perIp.limit *
        (quarterHour / defaultRateLimits.inviteLookup.perIp.windowMs),
    ).toBeGreaterThanOrEqual(3 * school);
    // ... while one account's wrong passwords still lock within a quarter hour.
    expect(defaultRateLimits.login.perAccount.limit).toBeLessThanOrEqual(10);
  });

  it('covers login, register, forgot-password and resend-verification by default', () => {
    expect(Object.keys(defaultRateLimits)).toEqual(
      expect.arrayContaining(['login', 'register', 'forgotPassword', 'resendVerification']),
    );
  });
});
