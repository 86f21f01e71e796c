import {
  authMessages,
  errorCodes,
  licenceErrorCodes,
  licenceMessages,
  type RegisterRequest,
} from '@pd/domain';
import type { z } from 'zod';
import { addressProven } from './address-proven.js';
import type { UserRow } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { recordSignup, recordVerified } from '../modules/analytics/service.js';
import * as auth from '../modules/auth/service.js';
import { redeemInvite } from '../modules/licences/redemption.js';

type Parsed<T extends z.ZodType> = z.output<T>;
type Deps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config' | 'sessionCache'>;

/**
 * Sign-up (POST /api/auth/register) without an invitation: an unverified account and its
 * verification e-mail (auth), and the device's first-touch attribution and the funnel's sign-up
 * step (analytics, issue 15), in one transaction. A taken address gets the same answer, and its
 * owner an e-mail (issue 17).
 */
export async function signUp(
  deps: Deps,
  input: Parsed<typeof RegisterRequest>,
): Promise<{ needsVerification: true }> {
  auth.assertGoodPassword(input.password, input.email, 'password', input.name);
  // Hashed whether or not the address is taken: both answers take as long.
  const passwordHash = await auth.hashPassword(input.password, deps.config.passwordHashCost);
  await deps.db.transaction(async (tx) => {
    const user = await auth.createAccount(tx, deps, input, passwordHash);
    if (user) await recordSignup(tx, user.id, input.attribution, deps.clock());
  });
  deps.mailer.kick();
  return { needsVerification: true };
}

/**
 * Sign-up with an invitation (POST /api/auth/register?invite=CODE, issue 18): the e-mail must be
 * the invite's; the link proved the address, so the account is active at once (auth), holds a seat
 * and the invite is used (licences), all in one transaction.
 */
export async function signUpWithInvite(
  deps: Deps,
  input: Parsed<typeof RegisterRequest>,
  code: string,
): Promise<UserRow> {
  auth.assertGoodPassword(input.password, input.email, 'password', input.name);
  const passwordHash = await auth.hashPassword(input.password, deps.config.passwordHashCost);
  let created: UserRow | null = null;
  await deps.db.transaction(async (tx) => {
    await redeemInvite(
      tx,
      deps,
      code,
      input.email,
      () =>
        new AppError(400, licenceMessages.inviteEmailMismatch, licenceErrorCodes.inviteForOtherEmail, {
          email: licenceMessages.inviteEmailMismatch,
        }),
      async () => {
        created = await auth.createVerifiedAccount(tx, deps, { ...input, passwordHash });
        if (!created) throw new AppError(409, authMessages.emailTaken, errorCodes.conflict);
        return created.id;
      },
    );
  });
  if (!created) throw new Error('invited account not created');
  return created;
}

/**
 * The link in the verification e-mail: the token is consumed and the e-mail verified (auth), and
 * the funnel's verified step counted (analytics), in one transaction; true when verified now.
 */
export async function verifyEmail(deps: Deps, token: string | undefined): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const userId = await auth.consumeVerification(tx, deps, token, now);
    if (!userId) return false;
    await addressProven(tx, userId);
    await recordVerified(tx, userId, now);
    return true;
  });
}
