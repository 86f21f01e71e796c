import type { PublicUser } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../db/schema.js';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { latestToken, signIn } from '../../../test/auth-helpers.js';
import type { TestClient } from '../../../test/client.js';
import { buildUser } from '../../../test/factories.js';
import { changeRole } from '../service.js';
import { deleteUser, updateUser } from '../store.js';
import { SessionCache } from './cache.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A signed-in client whose session and user row are in the cache (two reads of /me). */
async function signedInAndCached(): Promise<{ client: TestClient; user: UserRow; password: string }> {
  const { user, email, password } = await buildUser(app.db);
  const client = app.client();
  expect((await signIn(client, email, password)).status).toBe(200);
  for (let i = 0; i < 2; i++) expect((await client.get('/api/auth/me')).status).toBe(200);
  expect(app.sessionCache.getUser(user.id)).toBeDefined();
  return { client, user, password };
}

/** Another client holding the same cookies (a request that still carries the old session id). */
function sameCookies(client: TestClient): TestClient {
  const copy = app.client();
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

describe('session micro-cache: a write in this process shows on the very next request', () => {
  it('a role change (auth store)', async () => {
    const { client, user } = await signedInAndCached();
    await updateUser(app.db, app.sessionCache, user.id, { role: 'premium' }, new Date());
    expect((await client.get<PublicUser>('/api/auth/me')).body.role).toBe('premium');
  });

  it('a role change another module asks for (payments: changeRole, in its transaction)', async () => {
    const { client, user } = await signedInAndCached();
    await app.db.transaction(async (tx) => {
      const changed = await changeRole(app, tx, user.id, () => 'premium', new Date());
      expect(changed).toEqual({ before: 'free', after: 'premium' });
    });
    expect((await client.get<PublicUser>('/api/auth/me')).body.role).toBe('premium');
  });

  it('a name change', async () => {
    const { client, user } = await signedInAndCached();
    await updateUser(app.db, app.sessionCache, user.id, { name: 'Renamed Teacher' }, new Date());
    expect((await client.get<PublicUser>('/api/auth/me')).body.name).toBe('Renamed Teacher');
  });

  it('a password reset ends every session at once', async () => {
    const { client: laptop, user, password } = await signedInAndCached();
    const phone = app.client();
    await signIn(phone, user.email, password);
    expect((await phone.get('/api/auth/me')).status).toBe(200);
    await app.client().post('/api/auth/forgot-password', { email: user.email });
    const token = await latestToken(app, user.email, '/reset-password');
    const res = await app
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'another new password' });
    expect(res.status).toBe(200);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
  });

  it('logout: the old session id is refused at once', async () => {
    const { client } = await signedInAndCached();
    const copy = sameCookies(client);
    expect((await copy.get('/api/auth/me')).status).toBe(200);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await copy.get('/api/auth/me')).status).toBe(401);
  });

  it('account deletion', async () => {
    const { client, user } = await signedInAndCached();
    const copy = sameCookies(client);
    expect(await deleteUser(app.db, app.sessionCache, user.id)).toBe(true);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await copy.get('/api/auth/me')).status).toBe(401);
  });

  it('an expired session is refused even while cached', async () => {
    const { client } = await signedInAndCached();
    app.clock.advance(31 * 24 * 60 * 60 * 1000);
    try {
      expect((await client.get('/api/auth/me')).status).toBe(401);
    } finally {
      app.clock.reset();
    }
  });
});

describe('SessionCache', () => {
  const row = (role: UserRow['role']) => ({ id: 'u1', role }) as UserRow;
  const session = (userId: string) => ({ data: { userId }, userId, expiresAt: Date.now() + 60_000 });

  it('bounds staleness by the TTL: a write it never heard of (another instance) shows after 2 s', () => {
    let now = 1_000;
    const cache = new SessionCache({ now: () => now });
    cache.putUser('u1', row('free'), cache.ticket());
    // Another instance made the user premium: this one serves the cached row until the TTL ends.
    now += 1_999;
    expect(cache.getUser('u1')?.role).toBe('free');
    now += 1;
    expect(cache.getUser('u1')).toBeUndefined();
  });

  it('drops an entry whose clock went backwards', () => {
    let now = 10_000;
    const cache = new SessionCache({ now: () => now });
    cache.putUser('u1', row('free'), cache.ticket());
    now = 5_000;
    expect(cache.getUser('u1')).toBeUndefined();
  });

  it('ignores a read that started before an invalidation', () => {
    const cache = new SessionCache({ now: () => 0 });
    const ticket = cache.ticket();
    cache.invalidateUser('u1');
    cache.putUser('u1', row('free'), ticket);
    expect(cache.getUser('u1')).toBeUndefined();
    cache.putUser('u1', row('premium'), cache.ticket());
    expect(cache.getUser('u1')?.role).toBe('premium');
  });

  it('caches nothing of a user written in an uncommitted transaction until the TTL has passed', () => {
    let now = 0;
    const cache = new SessionCache({ now: () => now });
    cache.invalidateUser('u1', true);
    cache.putUser('u1', row('free'), cache.ticket());
    cache.putSession('s1', session('u1'), cache.ticket());
    expect(cache.getUser('u1')).toBeUndefined();
    expect(cache.getSession('s1')).toBeUndefined();
    now += 2_000;
    cache.putUser('u1', row('premium'), cache.ticket());
    expect(cache.getUser('u1')?.role).toBe('premium');
  });

  it('ending a user drops every cached session of that user, and only those', () => {
    const cache = new SessionCache({ now: () => 0 });
    cache.putSession('a', session('u1'), cache.ticket());
    cache.putSession('b', session('u1'), cache.ticket());
    cache.putSession('c', session('u2'), cache.ticket());
    cache.invalidateUser('u1');
    expect(cache.getSession('a')).toBeUndefined();
    expect(cache.getSession('b')).toBeUndefined();
    expect(cache.getSession('c')?.userId).toBe('u2');
  });

  it('holds at most maxEntries, the oldest leaving first', () => {
    const cache = new SessionCache({ now: () => 0, maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) cache.putSession(id, session('u'), cache.ticket());
    expect(cache.size.sessions).toBe(2);
    expect(cache.getSession('a')).toBeUndefined();
    expect(cache.getSession('c')).toBeDefined();
  });

  it('hands out frozen rows', () => {
    const cache = new SessionCache({ now: () => 0 });
    cache.putUser('u1', row('free'), cache.ticket());
    expect(Object.isFrozen(cache.getUser('u1'))).toBe(true);
  });
});
