import { z } from 'zod';
import { Attribution } from './analytics.js';
import { limits } from './limits.js';
import { authMessages } from './auth-messages.js';
import { withoutBidiControls } from './input-rules.js';
import { returnPath } from './paths.js';

const email = z
  .string({ message: authMessages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(limits.emailMax, authMessages.emailTooLong)
  .pipe(z.email({ message: authMessages.invalidEmail }));

/**
 * Line breaks (LF, CR, NEL, U+2028, U+2029) and other control characters: a name printed on a
 * certificate is one line, and "Line1\nCertified by Harvard" must not add lines of claim (issue 30.9).
 */
export const nameBreaksAndControls = /[\p{Cc}\u2028\u2029]/u;

/** A person's name: trimmed, without directional formatting characters (`withoutBidiControls`). */
const name = z
  .string({ message: authMessages.nameRequired })
  .transform((text) => withoutBidiControls(text).trim())
  .pipe(
    z
      .string()
      .min(1, authMessages.nameRequired)
      .max(limits.nameMax, authMessages.nameTooLong)
      .refine((text) => !nameBreaksAndControls.test(text), authMessages.nameOneLine),
  );

const newPassword = z
  .string({ message: authMessages.passwordTooShort })
  .min(limits.passwordMin, authMessages.passwordTooShort)
  .max(limits.passwordMax, authMessages.passwordTooLong);

/** Registration payload of spec section 3; marketing_opt_in is sent as well as marketingOptIn. */
/** The page the teacher asked for before signing up: the verification link leads back to it (issue 16). */
const nextPage = z
  .string()
  .refine((value) => returnPath(value) !== undefined, authMessages.nextInvalid)
  .optional();

export const RegisterRequest = z.object({
  name,
  email,
  password: newPassword,
  acceptTerms: z.literal(true, { message: authMessages.acceptTerms }),
  marketingOptIn: z.boolean().optional().default(false),
  marketing_opt_in: z.boolean().optional(),
  inviteCode: z.string().trim().min(1).max(200).optional(),
  next: nextPage,
  /** The device's first-touch attribution (issue 15); kept on the new account by the analytics module. */
  attribution: Attribution.optional(),
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const RegisterResponse = z.object({
  needsVerification: z.boolean(),
  /**
   * An account active at sign-up (an invitation) whose teacher opted in to the newsletter: the
   * marketing join page to go to after the toast (spec section 4), when the server has one.
   */
  marketingJoinUrl: z.string().optional(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const LoginRequest = z.object({
  email,
  password: z
    .string({ message: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(limits.passwordMax, authMessages.passwordTooLong),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const ForgotPasswordRequest = z.object({
  email: z
    .string({ message: authMessages.forgotInvalidEmail })
    .trim()
    .toLowerCase()
    .max(limits.emailMax, authMessages.emailTooLong)
    .pipe(z.email({ message: authMessages.forgotInvalidEmail })),
});
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

export const ResendVerificationRequest = z.object({
  email: z
    .string({ message: authMessages.emailNotProvided })
    .trim()
    .toLowerCase()
    .min(1, authMessages.emailNotProvided)
    .max(limits.emailMax, authMessages.emailTooLong)
    .pipe(z.email({ message: authMessages.invalidEmail })),
  /** A new link leads back to the same page as the first (issue 16). */
  next: nextPage,
});
export type ResendVerificationRequest = z.input<typeof ResendVerificationRequest>;

/** What the api receives on reset: the token from the link and the new password. */
export const ResetPasswordRequest = z.object({
  token: z
    .string({ message: authMessages.resetTokenRequired })
    .min(1, authMessages.resetTokenRequired)
    .max(200),
  newPassword,
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

/** The reset form: new password and its confirmation. */
export const ResetPasswordForm = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof ResetPasswordForm>;

export { OkResponse, PublicUser } from './first-load-contracts.js';

// The zod-free texts live in auth-messages.ts (the app's first screen needs them without zod).
export { accountNotices } from './account-notices.js';
export { authMessages, forgotPasswordAnswer, resendVerificationAnswer } from './auth-messages.js';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/**
 * How long a session lives (issue 17, decision 074): it ends after `idleMs` without a request, and
 * `absoluteMs` after the sign-in whatever happens. Admin roles, who can change other accounts, get
 * the short pair.
 */
export const sessionLifetimes = {
  teacher: { idleMs: 14 * dayMs, absoluteMs: 30 * dayMs },
  admin: { idleMs: hourMs, absoluteMs: 12 * hourMs },
} as const;

export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
}

/** The lifetimes of a session signed in with `role`. */
export function sessionLifetimeFor(
  role: 'free' | 'premium' | 'license_admin' | 'superadmin',
): SessionLifetime {
  return role === 'superadmin' || role === 'license_admin'
    ? sessionLifetimes.admin
    : sessionLifetimes.teacher;
}

/**
 * When a live session's idle deadline is pushed on: once less than this is left of a full idle
 * period's head start (one twelfth of it: 5 minutes for admins, 28 hours for teachers), so an
 * active session writes its row rarely and the idle timeout is kept to within that much.
 */
export function sessionTouchMs(idleMs: number): number {
  return Math.round(idleMs / 12);
}
