import { authMessages, forgotPasswordAnswer, resendVerificationAnswer, tokenLifetimes } from '@pd/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { latestToken, mailboxFor, signIn } from '../../test/auth-helpers.js';
import { buildUser, uniqueEmail } from '../../test/factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
afterEach(() => app.clock.reset());

const forgot = (email: string) => app.client().post('/api/auth/forgot-password', { email });
const reset = (token: string, newPassword: string) =>
  app.client().post('/api/auth/reset-password', { token, newPassword });

describe('POST /api/auth/forgot-password', () => {
  it('answers the same whether the account exists or not, and mails only a real account', async () => {
    const { email } = await buildUser(app.db);
    const stranger = uniqueEmail();
    const known = await forgot(email);
    const unknown = await forgot(stranger);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ ok: true, message: forgotPasswordAnswer });
    expect(unknown.body).toEqual(known.body);
    const [mail] = await mailboxFor(app, email);
    expect(mail?.links[0]).toMatch(new RegExp(`^${app.url}/reset-password\\?token=`));
    expect(mail?.text).toContain('1 hour');
    expect(await mailboxFor(app, stranger)).toEqual([]);
  });

  it.each([['not-an-email'], [''], [undefined]])('rejects %j with the spec message', async (email) => {
    const res = await app.client().post('/api/auth/forgot-password', { email });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: authMessages.forgotInvalidEmail });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session of the user and mails "password changed"', async () => {
    const user = await buildUser(app.db);
    const laptop = app.client();
    const phone = app.client();
    await signIn(laptop, user.email, user.password);
    await signIn(phone, user.email, user.password);
    await forgot(user.email);
    const token = await latestToken(app, user.email, '/reset-password');
    const res = await reset(token, 'a brand new password');
    expect(res.status).toBe(200);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await signIn(app.client(), user.email, user.password)).status).toBe(401);
    expect((await signIn(app.client(), user.email, 'a brand new password')).status).toBe(200);
    const [changed] = await mailboxFor(app, user.email);
    expect(changed?.subject).toMatch(/password was changed/);
  });

  it('accepts a token once: of two parallel uses exactly one succeeds', async () => {
    const user = await buildUser(app.db);
    await forgot(user.email);
    const token = await latestToken(app, user.email, '/reset-password');
    const results = await Promise.all([
      reset(token, 'first new password'),
      reset(token, 'second new password'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const failed = results.find((r) => r.status === 400);
    expect(failed?.body).toMatchObject({ error: authMessages.invalidOrExpiredToken });
    expect((await reset(token, 'third new password')).status).toBe(400);
  });

  it('refuses a token older than 1 hour', async () => {
    const user = await buildUser(app.db);
    await forgot(user.email);
    const token = await latestToken(app, user.email, '/reset-password');
    app.clock.advance(tokenLifetimes.passwordResetMs + 1000);
    const res = await reset(token, 'too late password');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: authMessages.invalidOrExpiredToken });
    app.clock.reset();
    expect((await signIn(app.client(), user.email, user.password)).status).toBe(200);
  });

  it('makes older reset links void once one is used', async () => {
    const user = await buildUser(app.db);
    await forgot(user.email);
    const older = await latestToken(app, user.email, '/reset-password');
    await forgot(user.email);
    const newer = await latestToken(app, user.email, '/reset-password');
    expect(newer).not.toBe(older);
    expect((await reset(newer, 'the newest password')).status).toBe(200);
    expect((await reset(older, 'an older link password')).status).toBe(400);
  });

  it.each([
    ['token missing', { newPassword: 'long enough' }, authMessages.resetTokenRequired],
    ['token empty', { token: '', newPassword: 'long enough' }, authMessages.resetTokenRequired],
    ['password short', { token: 'x', newPassword: 'short' }, authMessages.passwordTooShort],
    ['password missing', { token: 'x' }, authMessages.passwordTooShort],
  ])('rejects %s with the spec message', async (_label, body, message) => {
    const res = await app.client().post('/api/auth/reset-password', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
  });

  it('rejects an unknown token', async () => {
    const res = await reset('unknown-token', 'long enough password');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: authMessages.invalidOrExpiredToken });
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('mails a new link to an unverified account and answers neutrally for everyone', async () => {
    const pending = await buildUser(app.db, { verified: false });
    const verified = await buildUser(app.db);
    const stranger = uniqueEmail();
    for (const email of [pending.email, verified.email, stranger]) {
      const res = await app.client().post('/api/auth/resend-verification', { email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, message: resendVerificationAnswer });
    }
    expect(await mailboxFor(app, pending.email)).toHaveLength(1);
    expect(await mailboxFor(app, verified.email)).toHaveLength(0);
    expect(await mailboxFor(app, stranger)).toHaveLength(0);
  });

  it('verification links expire after 24 hours, and two parallel uses verify once', async () => {
    const pending = await buildUser(app.db, { verified: false });
    await app.client().post('/api/auth/resend-verification', { email: pending.email });
    const old = await latestToken(app, pending.email, '/api/auth/verify-email');
    app.clock.advance(tokenLifetimes.verificationMs + 1000);
    const expired = await app.client().get(`/api/auth/verify-email?token=${old}`);
    expect(expired.headers.get('location')).toBe('/verify-sent?error=invalid');
    app.clock.reset();

    await app.client().post('/api/auth/resend-verification', { email: pending.email });
    const fresh = await latestToken(app, pending.email, '/api/auth/verify-email');
    const results = await Promise.all(
      [1, 2].map(() => app.client().get(`/api/auth/verify-email?token=${fresh}`)),
    );
    expect(results.map((r) => r.headers.get('location')).sort()).toEqual([
      '/?verified=1',
      '/verify-sent?error=invalid',
    ]);
    expect((await signIn(app.client(), pending.email, pending.password)).status).toBe(200);
  });

  it.each([
    ['e-mail missing', {}, authMessages.emailNotProvided],
    ['e-mail empty', { email: '' }, authMessages.emailNotProvided],
    ['e-mail invalid', { email: 'nope' }, authMessages.invalidEmail],
  ])('rejects %s with the spec message', async (_label, body, message) => {
    const res = await app.client().post('/api/auth/resend-verification', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
  });
});
