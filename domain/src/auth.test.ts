import { describe, expect, it } from 'vitest';
import {
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResendVerificationRequest,
  ResetPasswordForm,
  ResetPasswordRequest,
} from './auth.js';
import { describeZodError } from './errors.js';
import { hasPremiumAccess, roleLabels } from './roles.js';

function messages(result: { success: boolean; error?: unknown }) {
  if (result.success) return {};
  return describeZodError(result.error as Parameters<typeof describeZodError>[0]).fields;
}

const valid = { name: 'Zoë Okafor', email: 'zoe@school.test', password: 'longenough', acceptTerms: true };

describe('sign-up validation (spec section 5)', () => {
  it('accepts a valid registration, trims and lower-cases the e-mail, defaults the newsletter to off', () => {
    const r = RegisterRequest.parse({ ...valid, email: '  Zoe@School.TEST ' });
    expect(r.email).toBe('zoe@school.test');
    expect(r.marketingOptIn).toBe(false);
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: '\u202E\u202C ' }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(121) }, 'name', 'Name too long'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@x.org` }, 'email', 'Email too long'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ acceptTerms: false }, 'acceptTerms', 'You must accept the Terms of Service and Privacy Policy'],
  ])('%o gives %s: %s', (patch, field, message) => {
    expect(messages(RegisterRequest.safeParse({ ...valid, ...patch }))[field]).toBe(message);
  });

  it('keeps a name without its directional formatting characters (issue 17)', () => {
    expect(RegisterRequest.parse({ ...valid, name: ' Ann \u202ETsop\u202C ' }).name).toBe('Ann Tsop');
    expect(RegisterRequest.parse({ ...valid, name: 'علي حسن' }).name).toBe('علي حسن');
  });

  it('accepts 120-character names and 8-character passwords exactly at the limits', () => {
    expect(RegisterRequest.safeParse({ ...valid, name: 'x'.repeat(120), password: '12345678' }).success).toBe(
      true,
    );
  });

  it('a missing acceptTerms is refused with the terms message', () => {
    const { acceptTerms: _, ...rest } = valid;
    expect(messages(RegisterRequest.safeParse(rest)).acceptTerms).toBe(
      'You must accept the Terms of Service and Privacy Policy',
    );
  });
});

describe('other account forms', () => {
  it('sign-in needs a valid e-mail and a password', () => {
    expect(messages(LoginRequest.safeParse({ email: 'x', password: '' }))).toEqual({
      email: 'Invalid email address',
      password: 'Password is required',
    });
  });

  it('forgot-password uses its own e-mail message', () => {
    expect(messages(ForgotPasswordRequest.safeParse({ email: 'nope' })).email).toBe(
      'Please enter a valid email address',
    );
  });

  it('resend-verification needs an e-mail', () => {
    expect(messages(ResendVerificationRequest.safeParse({ email: '' })).email).toBe(
      'Email address not provided',
    );
  });

  it('reset needs a token and an 8-character password; the form needs matching confirmation', () => {
    expect(messages(ResetPasswordRequest.safeParse({ token: 't', newPassword: 'short' })).newPassword).toBe(
      'Password must be at least 8 characters',
    );
    expect(
      messages(ResetPasswordForm.safeParse({ newPassword: 'longenough', confirmPassword: 'different' }))
        .confirmPassword,
    ).toBe("Passwords don't match");
    expect(
      ResetPasswordForm.safeParse({ newPassword: 'longenough', confirmPassword: 'longenough' }).success,
    ).toBe(true);
  });
});

describe('roles', () => {
  it('labels each role as the badge does and opens premium to three of them', () => {
    expect(roleLabels).toEqual({
      superadmin: 'Super Admin',
      license_admin: 'License Admin',
      premium: 'Premium',
      free: 'Free',
    });
    expect(
      (['free', 'premium', 'license_admin', 'superadmin'] as const).map((r) =>
        hasPremiumAccess(r, null, null),
      ),
    ).toEqual([false, true, true, true]);
    expect(hasPremiumAccess(null, null, null)).toBe(false);
  });
});
