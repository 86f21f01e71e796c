import { authMessages } from '@pd/domain';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpsRequiredMessage } from '../../middleware/https-only.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { hashPassword } from './crypto.js';
import { signIn } from '../../test/auth-helpers.js';
import { buildUser, type BuiltUser, uniqueEmail } from '../../test/factories.js';

let app: TestApp;
let teacher: BuiltUser;
beforeAll(async () => {
  app = await startTestApp();
  // Made as the api makes an account's hash (config.passwordHashCost): the stand-in must match it.
  const password = 'correct horse battery staple';
  teacher = await buildUser(app.db, {
    role: 'premium',
    name: 'Zoë Núñez',
    password,
    passwordHash: await hashPassword(password, app.config.passwordHashCost),
  });
});
afterAll(() => app.close());

describe('POST /api/auth/login', () => {
  it('signs in and answers the public user (no hash, no internal columns)', async () => {
    const res = await signIn(app.client(), teacher.email.toUpperCase(), teacher.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: teacher.user.id,
      name: 'Zoë Núñez',
      email: teacher.email,
      role: 'premium',
      emailVerified: true,
      createdAt: teacher.user.createdAt.toISOString(),
      licence: null,
    });
  });

  it('answers an unknown e-mail and a wrong password alike, each after verifying one argon2id hash of the same cost', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const unknown = await signIn(app.client(), uniqueEmail(), 'wrong password!');
      const unknownCalls = [...verify.mock.calls];
      verify.mockClear();
      const wrong = await signIn(app.client(), teacher.email, 'wrong password!');
      const wrongCalls = [...verify.mock.calls];

      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body).toMatchObject({ error: authMessages.invalidCredentials });
      // The account's own hash for a wrong password; a stand-in hash for an unknown e-mail.
      expect(wrongCalls).toEqual([[teacher.user.passwordHash, 'wrong password!']]);
      expect(unknownCalls).toEqual([[expect.stringMatching(/^\$argon2id\$/), 'wrong password!']]);
      const [[standIn = '']] = unknownCalls;
      expect(standIn).not.toBe(teacher.user.passwordHash);
      // Same algorithm, version and cost (memory, iterations, lanes): the same work on both paths.
      const cost = (hash: string) => hash.split('$').slice(1, 4);
      expect(cost(standIn)).toEqual(cost(teacher.user.passwordHash));
    } finally {
      verify.mockRestore();
    }
  });

  it('refuses an unverified account with EMAIL_NOT_VERIFIED (only once the password matched)', async () => {
    const pending = await buildUser(app.db, { verified: false });
    const res = await signIn(app.client(), pending.email, pending.password);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'EMAIL_NOT_VERIFIED', code: 'EMAIL_NOT_VERIFIED' });
    const wrong = await signIn(app.client(), pending.email, 'not the password');
    expect(wrong.status).toBe(401);
  });

  it.each([
    ['e-mail invalid', { email: 'nope', password: 'x' }, authMessages.invalidEmail],
    ['password missing', { email: 'a@b.org', password: '' }, authMessages.passwordRequired],
    ['password absent', { email: 'a@b.org' }, authMessages.passwordRequired],
  ])('rejects %s with the spec message', async (_label, body, message) => {
    const res = await app.client().post('/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
  });
});

describe('sessions', () => {
  it('GET /api/auth/me is 401 {error} when signed out, the user when signed in', async () => {
    const client = app.client();
    const anonymous = await client.get('/api/auth/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: authMessages.notSignedIn });
    await signIn(client, teacher.email, teacher.password);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: teacher.user.id, role: 'premium' });
  });

  it('sets an HttpOnly, SameSite=Lax cookie carrying a long random id, not Secure over http', async () => {
    const client = app.client();
    const res = await signIn(client, teacher.email, teacher.password);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/secure/i);
    expect(client.cookies.get('sid')).toMatch(/^[\w-]{43}$/);
  });

  it('gives a new session id on login (rotation) and the old id no longer works', async () => {
    const client = app.client();
    await signIn(client, teacher.email, teacher.password);
    const first = client.cookies.get('sid');
    const firstSig = client.cookies.get('sid.sig');
    await signIn(client, teacher.email, teacher.password);
    const second = client.cookies.get('sid');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const stale = app.client();
    stale.cookies.set('sid', first ?? '');
    stale.cookies.set('sid.sig', firstSig ?? '');
    expect((await stale.get('/api/auth/me')).status).toBe(401);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('POST /api/auth/logout ends the session, with an empty body allowed', async () => {
    const client = app.client();
    await signIn(client, teacher.email, teacher.password);
    const copy = app.client();
    for (const [k, v] of client.cookies) copy.cookies.set(k, v);
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    // The stolen cookie is dead too: the row is gone from the table.
    expect((await copy.get('/api/auth/me')).status).toBe(401);
  });

  it('rejects a tampered cookie', async () => {
    const client = app.client();
    await signIn(client, teacher.email, teacher.password);
    client.cookies.set('sid', 'A'.repeat(43));
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });
});

describe('sessions over https', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await startTestApp({ publicUrl: 'https://academy.example.org', env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => secure.close());

  it('uses a Secure __Host- cookie', async () => {
    const user = await buildUser(secure.db);
    const res = await secure.client().post(
      '/api/auth/login',
      { email: user.email, password: user.password },
      {
        origin: 'https://academy.example.org',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'academy.example.org' },
      },
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='));
    expect(cookie).toMatch(/; secure/i);
    expect(cookie).toMatch(/path=\//i);
    expect(cookie).not.toMatch(/domain=/i);
  });

  it('answers a 400 saying what the proxy must send when X-Forwarded-Proto is missing (issue 30.6), not a 500', async () => {
    const user = await buildUser(secure.db);
    const res = await secure
      .client()
      .post<{ error: string; code: string }>(
        '/api/auth/login',
        { email: user.email, password: user.password },
        { origin: 'https://academy.example.org', headers: { 'x-forwarded-host': 'academy.example.org' } },
      );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: httpsRequiredMessage, code: 'HTTPS_REQUIRED' });
    expect(res.body.error).toContain('X-Forwarded-Proto: https');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(secure.logs.filter((entry) => entry.level === 'error')).toEqual([]);
    // A load balancer's probe, straight over plain HTTP, still gets its answer.
    expect((await secure.client().get('/api/health')).status).toBe(200);
  });
});
