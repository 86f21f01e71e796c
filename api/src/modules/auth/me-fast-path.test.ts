import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { apiHeaders } from '../../middleware/security-headers.js';
import { cookieKeys, sessionMaxAgeMs } from '../../middleware/session.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { signIn } from '../../test/auth-helpers.js';
import { buildUser } from '../../test/factories.js';
import { meFastPath } from './me-fast-path.js';
import { presentUser } from './present.js';
import { sessionCache } from './session-cache.js';
import { sessionIdHash } from './session-store.js';

describe('GET /api/auth/me fast path: when it answers and when the full stack does', () => {
  const keys = cookieKeys(['current-key', 'previous-key']);
  let server: Server;
  let url: string;
  let clockMs = Date.now();
  const clock = () => new Date(clockMs);

  beforeAll(async () => {
    const app = new Koa();
    app.use(meFastPath({ cookieName: 'sid', keys, isHttps: false, clock }));
    // Stands in for koa-session, the router and the route: anything that reaches it says so.
    app.use((ctx) => {
      ctx.set('X-Answered-By', 'full stack');
      ctx.body = 'full stack';
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    sessionCache.clear();
    clockMs = Date.now();
  });

  function cachedUser(): UserRow {
    const now = new Date('2026-11-01T09:00:00Z');
    const user: UserRow = {
      id: randomUUID(),
      name: 'Ada Teacher',
      email: `ada-${randomUUID()}@school.test`,
      passwordHash: 'not-used',
      role: 'premium',
      emailVerified: true,
      marketingOptIn: false,
      inviteCode: null,
      createdAt: now,
      updatedAt: now,
    };
    sessionCache.putUser(user.id, user, sessionCache.ticket());
    return user;
  }

  function cachedSession(data: Record<string, unknown>, expiresAt = Date.now() + sessionMaxAgeMs): string {
    const id = randomUUID();
    const userId = typeof data.userId === 'string' ? data.userId : null;
    sessionCache.putSession(sessionIdHash(id), { data, userId, expiresAt }, sessionCache.ticket());
    return id;
  }

  const fresh = (userId: unknown) => ({
    userId,
    _expire: Date.now() + sessionMaxAgeMs,
    _maxAge: sessionMaxAgeMs,
  });
  const cookie = (id: string, signature = keys.sign(`sid=${id}`)) => `sid=${id}; sid.sig=${signature}`;
  const me = (cookieHeader?: string, init: RequestInit = {}) =>
    fetch(`${url}/api/auth/me`, {
      ...init,
      headers: cookieHeader ? { cookie: cookieHeader } : {},
    });

  it('answers from the cache with the route’s body and headers, and sets no cookie', async () => {
    const user = cachedUser();
    const res = await me(cookie(cachedSession(fresh(user.id))));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(presentUser(user));
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    for (const [name, value] of apiHeaders(false)) expect(res.headers.get(name)).toBe(value);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('x-answered-by')).toBeNull();
  });

  it('leaves every other case to the full stack', async () => {
    const user = cachedUser();
    const id = cachedSession(fresh(user.id));
    const now = Date.now();
    const cases: [string, () => Promise<Response>][] = [
      ['no cookie', () => me()],
      ['no signature', () => me(`sid=${id}`)],
      ['a wrong signature', () => me(cookie(id, keys.sign('sid=someone-else')))],
      [
        'a signature by the previous key (cookies re-signs it)',
        () => me(cookie(id, cookieKeys(['previous-key']).sign(`sid=${id}`))),
      ],
      ['a session not in the cache', () => me(cookie(randomUUID()))],
      ['a session without a user', () => me(cookie(cachedSession(fresh(undefined))))],
      ['a user not in the cache', () => me(cookie(cachedSession(fresh(randomUUID()))))],
      ['a session whose row has expired', () => me(cookie(cachedSession(fresh(user.id), now - 1)))],
      [
        'a session past its cookie expiry',
        () => me(cookie(cachedSession({ ...fresh(user.id), _expire: now - 1 }))),
      ],
      [
        'a session due for renewal (less than half its max age left)',
        () => me(cookie(cachedSession({ ...fresh(user.id), _expire: now + sessionMaxAgeMs / 2 - 60_000 }))),
      ],
      ['a session without koa-session’s expiry fields', () => me(cookie(cachedSession({ userId: user.id })))],
      ['a POST', () => me(cookie(id), { method: 'POST' })],
      ['a HEAD', () => me(cookie(id), { method: 'HEAD' })],
      ['another path', () => fetch(`${url}/api/auth/me/x`, { headers: { cookie: cookie(id) } })],
    ];
    for (const [name, request] of cases) {
      const res = await request();
      expect({ name, answeredBy: res.headers.get('x-answered-by') }).toEqual({
        name,
        answeredBy: 'full stack',
      });
    }
    // …and the same session, signed with the current key, is answered here.
    const answered = await me(cookie(id));
    expect(answered.headers.get('x-answered-by')).toBeNull();
    expect(await answered.json()).toEqual(presentUser(user));
  });

  it('checks the row’s expiry against the app clock', async () => {
    const user = cachedUser();
    const id = cachedSession(fresh(user.id), Date.now() + 60_000);
    expect((await me(cookie(id))).headers.get('x-answered-by')).toBeNull();
    clockMs += 61_000;
    expect((await me(cookie(id))).headers.get('x-answered-by')).toBe('full stack');
  });
});

describe('GET /api/auth/me on the app: the fast path and the full stack answer alike', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const comparable = (res: { status: number; headers: Headers; text: string }) => ({
    status: res.status,
    text: res.text,
    headers: [...res.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive'),
  });

  it('a cold cache (koa-session and the route) and a warm one give the same answer', async () => {
    const { email, password } = await buildUser(app.db, { role: 'premium' });
    const client = app.client();
    expect((await signIn(client, email, password)).status).toBe(200);
    sessionCache.clear();
    const cold = await client.get('/api/auth/me');
    const warm = await client.get('/api/auth/me');
    expect(cold.status).toBe(200);
    expect(comparable(warm)).toEqual(comparable(cold));
  });

  it('signing out is seen by the very next request, warm cache or not', async () => {
    const { email, password } = await buildUser(app.db);
    const client = app.client();
    expect((await signIn(client, email, password)).status).toBe(200);
    const cookies = new Map(client.cookies);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const replay = app.client();
    for (const [name, value] of cookies) replay.cookies.set(name, value);
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });
});
