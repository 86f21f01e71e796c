import { authMessages } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { latestToken, signIn } from '../../test/auth-helpers.js';
import { buildUser, uniqueEmail } from '../../test/factories.js';
import { passwordProblem } from './password-policy.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('new passwords (issue 17, issue 30.8)', () => {
  it('refuses the policy-shaped variants of common passwords, and the own e-mail', () => {
    const variants = [
      'P@ssw0rd',
      'Password123!',
      'Welcome1!',
      'Summer2024!',
      'Passw0rd!',
      'Qwerty123!',
      'Iloveyou1!',
      'Letmein1!',
      'Football1!',
      'Admin123!',
      'Monkey123!',
      'Abc12345!',
      'Password',
      'baseball1',
    ];
    const passed = variants.filter((password) => passwordProblem(password, 'a@school.test') === null);
    expect(passed).toEqual([]);
    expect(passwordProblem('Ada.Lovelace@School.test', 'ada.lovelace@school.test')).toBe(
      authMessages.passwordIsEmail,
    );
    expect(passwordProblem('ada.lovelace', 'ada.lovelace@school.test')).toBe(authMessages.passwordIsEmail);
    // The account's own name is a word an attacker knows.
    expect(passwordProblem('Okafor2024', 'zoe@school.test', 'Zoë Okafor')).not.toBeNull();
  });

  it('accepts passphrases and random strings', () => {
    for (const password of [
      'correct horse battery staple',
      'a much better passphrase',
      'teacher-passphrase',
      'kq8#Vz!m2Lp',
      'x'.repeat(20) + 'Jq7!vLm2#pR9',
    ]) {
      expect(passwordProblem(password, 'a@school.test'), password).toBeNull();
    }
  });

  it("says what to change: the estimator's warning and suggestions", () => {
    const message = passwordProblem('P@ssw0rd', 'a@school.test');
    expect(message).toMatch(/^This password would be easy to guess\. /);
    expect(message).toContain('This is similar to a commonly used password.');
    expect(message).toContain("Avoid predictable letter substitutions like '@' for 'a'.");
  });

  it('sign-up answers 400 on the password field and creates nothing', async () => {
    const email = uniqueEmail();
    const body = { name: 'Ada', email, acceptTerms: true };
    const common = await app.client().post('/api/auth/register', { ...body, password: 'Summer2024!' });
    expect(common.status).toBe(400);
    const message = passwordProblem('Summer2024!', email, 'Ada');
    expect(message).toMatch(/^This password would be easy to guess\./);
    expect(common.body).toEqual({ error: message, code: 'VALIDATION_ERROR', fields: { password: message } });
    const own = await app.client().post('/api/auth/register', { ...body, password: email });
    expect(own.body).toMatchObject({ fields: { password: authMessages.passwordIsEmail } });
    expect((await signIn(app.client(), email, 'Summer2024!')).status).toBe(401);
  });

  it('reset refuses a common password and keeps the link usable', async () => {
    const user = await buildUser(app.db);
    await app.client().post('/api/auth/forgot-password', { email: user.email });
    const token = await latestToken(app, user.email, '/reset-password');
    const refused = await app.client().post('/api/auth/reset-password', { token, newPassword: 'Welcome1!' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fields: { newPassword: expect.stringMatching(/easy to guess/) } });
    const ok = await app
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'a much better passphrase' });
    expect(ok.status).toBe(200);
  });
});
