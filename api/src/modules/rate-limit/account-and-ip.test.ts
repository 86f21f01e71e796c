import { authMessages } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';

/**
 * Issue 17, item 5: rate limits that cannot be turned against users. One proxy in front of the api
 * (TRUST_PROXY=1): it appends the address it saw to X-Forwarded-For, which is all the api trusts.
 */
let app: TestApp;
const windowMs = 15 * 60_000;
const perAccount = { limit: 5, windowMs };
beforeAll(async () => {
  app = await startTestApp({
    env: { TRUST_PROXY: '1' },
    rateLimits: {
      login: {
        perIp: { limit: 20, windowMs },
        perAccount,
        accountCeiling: { limit: 12, windowMs, slowMs: 30_000 },
      },
    },
  });
});
afterAll(() => app.close());

/** A login as it reaches the api through the proxy, from `address` (and what the client forged). */
const login = (email: string, password: string, address: string, forged?: string) =>
  app.client().post(
    '/api/auth/login',
    { email, password },
    {
      headers: { 'x-forwarded-for': forged ? `${forged}, ${address}` : address },
    },
  );

describe('rate limits by account and address', () => {
  it('a stranger with bad passwords is stopped; the owner, elsewhere, still signs in', async () => {
    const owner = await buildUser(app.db);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await login(owner.email, 'wrong password', '198.51.100.7')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await login(owner.email, owner.password, '203.0.113.20')).status).toBe(200);
  });

  it("counts only wrong passwords, and a right one clears them: the owner's sign-ins and slips never add up within one window (decision 124)", async () => {
    const owner = await buildUser(app.db);
    const address = '198.51.100.40';
    const { limit } = perAccount;
    // More sign-ins in a row than the limit.
    for (let i = 0; i <= limit; i++)
      expect((await login(owner.email, owner.password, address)).status).toBe(200);
    // Twice one slip short of the limit, each time followed by the right password: without the
    // clearing, the wrong ones would add up past the limit and the later tries be refused.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < limit - 1; i++)
        expect((await login(owner.email, 'wrong password', address)).status).toBe(401);
      expect((await login(owner.email, owner.password, address)).status).toBe(200);
    }
    // Wrong passwords still lock an address out of the account for the rest of the window, the
    // right one too, and the owner elsewhere still signs in.
    const guesser = '198.51.100.41';
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++)
      statuses.push((await login(owner.email, 'wrong password', guesser)).status);
    expect(statuses).toEqual([...Array<number>(limit).fill(401), 429]);
    const locked = await login(owner.email, owner.password, guesser);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect((await login(owner.email, owner.password, address)).status).toBe(200);
  });

  it('takes the address from the trusted proxy only: a made-up X-Forwarded-For does not reset the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await login(`nobody-${i}@school.test`, 'wrong password', '198.51.100.99', `10.9.${i}.1`);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('over the per-account ceiling, slows a guesser spread over many addresses to one try per 30 s without locking the owner', async () => {
    const owner = await buildUser(app.db);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++)
      statuses.push((await login(owner.email, 'wrong password', `192.0.2.${i + 1}`)).status);
    // 12 within the ceiling, the 13th is the one allowed in its 30 s, the 14th waits.
    expect(statuses).toEqual([...Array<number>(13).fill(401), 429]);
    const slowed = await login(owner.email, owner.password, '203.0.113.50');
    expect(slowed.status).toBe(429);
    expect(slowed.body).toEqual({ error: authMessages.tooManyRequests, code: 'RATE_LIMITED' });
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    app.clock.advance(30_000);
    try {
      expect((await login(owner.email, owner.password, '203.0.113.50')).status).toBe(200);
    } finally {
      app.clock.reset();
    }
  });
});
