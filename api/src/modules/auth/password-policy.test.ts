import { authMessages } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { latestToken, signIn } from '../../test/auth-helpers.js';
import { buildUser, uniqueEmail } from '../../test/factories.js';
import { commonPasswordCount, passwordProblem } from './password-policy.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('new passwords (issue 17)', () => {
  it('ships at least 10,000 common passwords and refuses them whatever their case, and the own e-mail', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    expect(passwordProblem('Password', 'a@school.test')).toBe(authMessages.passwordTooCommon);
    expect(passwordProblem('iloveyou', 'a@school.test')).toBe(authMessages.passwordTooCommon);
    expect(passwordProblem('baseball1', 'a@school.test')).toBe(authMessages.passwordTooCommon);
    expect(passwordProblem('Ada.Lovelace@School.test', 'ada.lovelace@school.test')).toBe(
      authMessages.passwordIsEmail,
    );
    expect(passwordProblem('ada.lovelace', 'ada.lovelace@school.test')).toBe(authMessages.passwordIsEmail);
    expect(passwordProblem('correct horse battery staple', 'a@school.test')).toBeNull();
  });

  it('sign-up answers 400 on the password field and creates nothing', async () => {
    const email = uniqueEmail();
    const body = { name: 'Ada', email, acceptTerms: true };
    const common = await app.client().post('/api/auth/register', { ...body, password: 'password1' });
    expect(common.status).toBe(400);
    expect(common.body).toEqual({
      error: authMessages.passwordTooCommon,
      code: 'VALIDATION_ERROR',
      fields: { password: authMessages.passwordTooCommon },
    });
    const own = await app.client().post('/api/auth/register', { ...body, password: email });
    expect(own.body).toMatchObject({ fields: { password: authMessages.passwordIsEmail } });
    expect((await signIn(app.client(), email, 'password1')).status).toBe(401);
  });

  it('reset refuses a common password and keeps the link usable', async () => {
    const user = await buildUser(app.db);
    await app.client().post('/api/auth/forgot-password', { email: user.email });
    const token = await latestToken(app, user.email, '/reset-password');
    const refused = await app.client().post('/api/auth/reset-password', { token, newPassword: 'qwertyuiop' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fields: { newPassword: authMessages.passwordTooCommon } });
    const ok = await app
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'a much better passphrase' });
    expect(ok.status).toBe(200);
  });
});
