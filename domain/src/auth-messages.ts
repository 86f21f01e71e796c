// Zod-free on purpose: the pwa's first screen imports these without pulling in the schemas.
import { accountNotices } from './account-notices.js';

/** The spec's messages (section 5 and 8), written once for the api and the forms. */
export const authMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name too long',
  nameOneLine: 'Name must be on one line, without line breaks or control characters.',
  invalidEmail: 'Invalid email address',
  emailTooLong: 'Email too long',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  /**
   * A new password the api's strength estimate refuses (issue 30.8, decision 091), with the
   * estimator's own warning and suggestions, so the person knows what to change.
   */
  passwordTooWeak: (hints: readonly string[]) =>
    [
      'This password would be easy to guess.',
      ...hints,
      'Three or four unrelated words make a strong one.',
    ].join(' '),
  passwordIsEmail: 'Your password cannot be your email address. Choose another.',
  passwordRequired: 'Password is required',
  acceptTerms: 'You must accept the Terms of Service and Privacy Policy',
  nextInvalid: 'next must be a page of this site.',
  forgotInvalidEmail: 'Please enter a valid email address',
  passwordsDontMatch: "Passwords don't match",
  emailNotProvided: 'Email address not provided',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  emailNotVerifiedTitle: 'Email not verified',
  emailNotVerifiedText: 'Please check your email and verify your account before signing in.',
  emailTaken: 'An account with this email already exists. Sign in or reset your password.',
  invalidOrExpiredToken: 'This link is invalid or has expired. Please request a new one.',
  resetTokenRequired: 'Reset token is required',
  /** The wait itself is the Retry-After header, which the app names (issue 26: said once). */
  tooManyRequests: 'Too many attempts.',
  notSignedIn: 'Please sign in to continue.',
  // Client-side toasts and screens (section 8).
  registrationFailed: 'Registration failed',
  pleaseTryAgain: 'Please try again',
  signInFailed: 'Sign in failed',
  checkCredentials: 'Please check your credentials',
  forgotFailed: 'Failed to send reset email. Please try again.',
  resetFailed: 'Failed to reset password. The link may be expired or invalid.',
  resetNoToken: 'Invalid reset link. Please request a new password reset.',
  resendFailed: 'Failed to resend verification email. Please try again.',
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account Created Successfully',
  verificationSent: 'Verification email sent',
  ...accountNotices,
} as const;

export const forgotPasswordAnswer =
  'If an account exists for that email, we have sent a link to reset the password. The link expires in 1 hour.';
export const resendVerificationAnswer = 'If that account still needs verification, a new link is on its way.';
