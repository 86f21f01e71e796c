// A module of its own: the app's first load carries only these, not every form's messages (a
// bundle places whole modules).

/**
 * The spec's notices the app's first screen shows itself (a failed sign-out, a verified e-mail):
 * apart, so the first load carries these four and not every form's messages. Part of `authMessages`.
 */
export const accountNotices = {
  signOutError: 'Error signing out',
  signOutErrorText: 'Please try again.',
  emailVerified: 'Email verified successfully',
  emailVerifiedText: 'Your account has been verified. You can now access all courses.',
} as const;
