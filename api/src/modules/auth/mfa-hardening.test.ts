import { errorCodes, mfaMessages, mfaRules, type MfaSetupResponse } from '@pd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMfa } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { mailboxFor, postLogin, signIn } from '../../test/auth-helpers.js';
import type { TestClient } from '../../test/client.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { nextTotpCode, recoveryCodesOf, rememberAuthenticator, totpAt } from '../../test/mfa.js';

/**
 * Issue 30 points 2 and 4 (decisions 091, 092): a finished sign-in keeps nothing of the half-done
 * one, replacing the authenticator needs the password and a code of the current one, and the
 * wrong codes of one half-done sign-in are counted atomically. The real api on a real database.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const setupCall = (client: TestClient, body: Record<string, string>) =>
  client.post<MfaSetupResponse & { error?: string; code?: string }>('/api/auth/mfa/setup', body);

/** An admin's first sign-in, setting up two-step sign-in through the api: the client, signed in. */
async function enrolledAdmin(): Promise<{ admin: BuiltUser; client: TestClient; secret: string }> {
  const admin = await buildUser(app.db, { role: 'superadmin', mfa: false });
  const client = app.client();
  expect((await postLogin(client, admin.email, admin.password)).status).toBe(200);
  const setup = await setupCall(client, {});
  expect(setup.status).toBe(200);
  const enabled = await client.post<{ recoveryCodes: string[] }>('/api/auth/mfa/enable', {
    code: await totpAt(setup.body.secret, app.clock.now()),
  });
  expect(enabled.status).toBe(200);
  rememberAuthenticator(admin.email, setup.body.secret, enabled.body.recoveryCodes);
  // The step just used is spent: the next code the tests make is of a later one.
  await nextTotpCode(admin.email, app.clock.now());
  return { admin, client, secret: setup.body.secret };
}

const storedSecretOf = async (userId: string) =>
  (await app.db.select().from(userMfa).where(eq(userMfa.userId, userId)))[0]?.secretEncrypted;

describe('a finished sign-in holds nothing of the half-done one', () => {
  it('after the first sign-in, replacing the authenticator needs the password (no 10-minute window)', async () => {
    const { admin, client } = await enrolledAdmin();
    const before = await storedSecretOf(admin.user.id);
    const noPassword = await setupCall(client, {});
    expect(noPassword.status).toBe(403);
    expect(noPassword.body).toMatchObject({ error: mfaMessages.passwordWrong });
    // Nothing was set up: enabling has no secret to confirm, and the stored one is unchanged.
    const enable = await client.post('/api/auth/mfa/enable', { code: '123456' });
    expect(enable.status).toBe(400);
    expect(enable.body).toMatchObject({ error: mfaMessages.setupFirst });
    expect(await storedSecretOf(admin.user.id)).toBe(before);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('"Move to a new phone" after signing in with a code keeps the admin signed in, and needs a current code', async () => {
    const { admin } = await enrolledAdmin();
    app.clock.advance(30_000);
    const client = app.client();
    expect((await signIn(client, admin.email, admin.password)).status).toBe(200);
    const before = await storedSecretOf(admin.user.id);

    const noCode = await setupCall(client, { password: admin.password });
    expect(noCode.status).toBe(403);
    expect(noCode.body).toMatchObject({ error: mfaMessages.currentCodeRequired, code: errorCodes.forbidden });
    const wrongCode = await setupCall(client, { password: admin.password, code: '000000' });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body).toMatchObject({ error: mfaMessages.codeInvalid });
    const wrongPassword = await setupCall(client, {
      password: 'not the password',
      code: recoveryCodesOf(admin.email)[0]!,
    });
    expect(wrongPassword.status).toBe(403);
    // Still signed in after each refusal.
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect(await storedSecretOf(admin.user.id)).toBe(before);

    // A lost phone: a recovery code stands for the current authenticator.
    const setup = await setupCall(client, {
      password: admin.password,
      code: recoveryCodesOf(admin.email)[0]!,
    });
    expect(setup.status).toBe(200);
    const enabled = await client.post('/api/auth/mfa/enable', {
      code: await totpAt(setup.body.secret, app.clock.now()),
    });
    expect(enabled.status).toBe(200);
    expect(await storedSecretOf(admin.user.id)).not.toBe(before);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await client.get('/api/admin/users')).status).toBe(200);
  });
});

describe('the five-wrong-codes rule, on parallel requests', () => {
  it('checks at most five codes of one half-done sign-in, and tells the owner by e-mail', async () => {
    const admin = await buildUser(app.db, { role: 'license_admin' });
    // A slip or two before the right code is no news to anyone: no e-mail.
    const slips = app.client();
    expect((await postLogin(slips, admin.email, admin.password)).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await slips.post('/api/auth/mfa/verify', { code: '000000' })).status).toBe(401);
    const ok = await slips.post('/api/auth/mfa/verify', {
      code: await nextTotpCode(admin.email, app.clock.now()),
    });
    expect(ok.status).toBe(200);
    expect(await mailboxFor(app, admin.email)).toEqual([]);

    const client = app.client();
    expect((await postLogin(client, admin.email, admin.password)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post<{ error?: string }>('/api/auth/mfa/verify', { code: '000000' }),
      ),
    );
    const checkedWrong = answers.filter((r) => r.body.error === mfaMessages.codeInvalid);
    const ended = answers.filter((r) => r.body.error === mfaMessages.tooManyAttempts);
    expect(checkedWrong.length).toBeLessThanOrEqual(mfaRules.maxAttempts - 1);
    expect(ended.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect(r.status).toBeGreaterThanOrEqual(400);

    // The half-done sign-in is over: even the right code needs the password again.
    const right = await client.post('/api/auth/mfa/verify', {
      code: await nextTotpCode(admin.email, app.clock.now()),
    });
    expect(right.status).toBe(401);
    expect(right.body).toMatchObject({ code: errorCodes.signInAgain });

    const mails = await mailboxFor(app, admin.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Failed sign-in to your /)]);
    expect(mails[0]!.text).toContain('wrong two-step sign-in codes');
  });
});
