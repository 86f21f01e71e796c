import type { UserRow } from '../../db/schema.js';

export type SignInDecision = 'allowed' | 'emailNotVerified';

/** Who may open a session once the password matched. */
export function canSignIn(user: Pick<UserRow, 'emailVerified'>): SignInDecision {
  return user.emailVerified ? 'allowed' : 'emailNotVerified';
}

/** A verification link is only sent to an account that still needs it. */
export function needsVerification(user: Pick<UserRow, 'emailVerified'> | null): boolean {
  return user !== null && !user.emailVerified;
}
