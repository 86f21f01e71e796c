import { z } from 'zod';
import { PublicUser } from './first-load-contracts.js';
import type { RoleName } from './roles-core.js';

/**
 * Two-step sign-in (issue 17 item 7, decision 077): a TOTP code (RFC 6238: 6 digits, 30 s, SHA-1,
 * what every authenticator app reads from the QR code) after the password, or one of ten single-use
 * recovery codes. Required for the admin roles, optional for teachers.
 */
export const mfaRules = {
  digits: 6,
  periodSeconds: 30,
  /** A code of the step before or after is accepted too (a phone's clock a little off). */
  toleranceSteps: 1,
  recoveryCodeCount: 10,
  /** Between the password and the code: how long the half-done sign-in waits, and how many tries. */
  pendingMs: 10 * 60 * 1000,
  maxAttempts: 5,
} as const;

/** The roles that must use two-step sign-in (they can change other people's accounts and data). */
export function mfaRequiredFor(role: RoleName): boolean {
  return role === 'superadmin' || role === 'license_admin';
}

export const mfaMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  codeInvalid:
    "That code did not work. Check that your phone's clock is right and enter the newest code, or use a recovery code.",
  /** At set-up no recovery code exists yet (issue 26): the wrong code's message does not offer one. */
  setupCodeInvalid:
    "That code did not work. Check that your phone's clock is right and enter the newest code your authenticator app shows for this account.",
  tooManyAttempts: 'Too many wrong codes. Sign in again with your password.',
  noPendingSignIn: 'Your sign-in has timed out. Sign in again with your password.',
  setupFirst: 'Start the setup again: scan the new QR code, then enter its code.',
  passwordWrong: 'That password is not right.',
  requiredForRole: 'Two-step sign-in is required for admin accounts and cannot be turned off.',
  notEnabled: 'Two-step sign-in is not turned on for this account.',
  /** Moving to a new phone (issue 30.2): the old authenticator's code, or a recovery code. */
  currentCodeRequired:
    'Enter a code from the authenticator app you use now, or one of your recovery codes if you lost that phone.',
  enrolRequired:
    'Admin accounts need two-step sign-in. Set it up now with an authenticator app on your phone.',
  enabled: 'Two-step sign-in is on',
  disabled: 'Two-step sign-in is off',
  recoveryCodeUsed: (left: number) =>
    left === 0
      ? 'You used your last recovery code. Make new ones on the Account page now.'
      : `Recovery code used. ${left} left; make new ones on the Account page when you run low.`,
} as const;

/** A 6-digit TOTP code or a recovery code (`xxxxx-xxxxx`); spaces and case are forgiven. */
const MfaCode = z
  .string({ message: mfaMessages.codeRequired })
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, mfaMessages.codeRequired)
      .max(32, mfaMessages.codeInvalid)
      .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, mfaMessages.codeInvalid),
  );

/** The sign-in's answer: the user, or the step still to take (the code, or setting it up). */
export const LoginResponse = z.union([
  PublicUser,
  z.object({ mfa: z.enum(['verify', 'enrol']), message: z.string() }),
]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const MfaVerifyRequest = z.object({ code: MfaCode });
export type MfaVerifyRequest = z.input<typeof MfaVerifyRequest>;

/** The code's sign-in: the user, and when a recovery code was used, how many are left. */
export const MfaVerifyResponse = z.intersection(
  PublicUser,
  z.object({ recoveryCodesLeft: z.number().int().nonnegative().optional() }),
);
export type MfaVerifyResponse = z.infer<typeof MfaVerifyResponse>;

/**
 * Setting up: during an admin's first sign-in (no password again) or from the Account page (the
 * password again, so an unattended signed-in laptop cannot be given someone else's authenticator;
 * and, when it replaces one, a code of the current authenticator or a recovery code: issue 30.2).
 */
export const MfaSetupRequest = z.object({
  password: z.string().max(256).optional(),
  code: z.optional(MfaCode),
});
export type MfaSetupRequest = z.input<typeof MfaSetupRequest>;

export const MfaSetupResponse = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as an SVG QR code (a data: URL). */
  qrCode: z.string(),
});
export type MfaSetupResponse = z.infer<typeof MfaSetupResponse>;

export const MfaEnableRequest = z.object({
  code: z
    .string({ message: mfaMessages.codeRequired })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, mfaMessages.codeRequired)),
});
export type MfaEnableRequest = z.input<typeof MfaEnableRequest>;

/** Shown once: the recovery codes; with the user when this also finished a sign-in. */
export const MfaEnableResponse = z.object({
  recoveryCodes: z.array(z.string()),
  user: z.optional(PublicUser),
});
export type MfaEnableResponse = z.infer<typeof MfaEnableResponse>;

export const MfaDisableRequest = z.object({
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(256),
  code: MfaCode,
});
export type MfaDisableRequest = z.input<typeof MfaDisableRequest>;

export const MfaRecoveryCodesRequest = z.object({ code: MfaCode });
export type MfaRecoveryCodesRequest = z.input<typeof MfaRecoveryCodesRequest>;

export const MfaRecoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

/** The Account page's view of the signed-in user's two-step sign-in. */
export const MfaStatusResponse = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type MfaStatusResponse = z.infer<typeof MfaStatusResponse>;
