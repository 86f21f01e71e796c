import {
  authMessages,
  errorCodes,
  type ForgotPasswordRequest,
  type LoginRequest,
  mfaRequiredFor,
  type RegisterRequest,
  type ResendVerificationRequest,
  type ResetPasswordRequest,
  type Role,
  tokenLifetimes,
} from '@pd/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import {
  mailLinks,
  passwordChangedMail,
  passwordResetMail,
  signUpAttemptMail,
  verificationMail,
} from '../mail/templates.js';
import { dummyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from './crypto.js';
import { canSignIn, needsVerification } from './policy.js';
import { passwordProblem } from './password-policy.js';
import type { SessionData } from './session/store.js';
import * as store from './store.js';

type Parsed<T extends z.ZodType> = z.output<T>;
type ServiceDeps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config' | 'sessionCache'>;

async function issueToken(
  db: Db,
  deps: ServiceDeps,
  userId: string,
  purpose: store.TokenPurpose,
): Promise<string> {
  const token = randomToken();
  const lifetime =
    purpose === 'verification' ? tokenLifetimes.verificationMs : tokenLifetimes.passwordResetMs;
  const now = deps.clock();
  await store.insertToken(
    db,
    { tokenHash: sha256(token), userId, purpose, expiresAt: new Date(now.getTime() + lifetime) },
    now,
  );
  return token;
}

const verifyUrl = (deps: ServiceDeps, token: string, next?: string) =>
  mailLinks.verifyEmail(deps.config.publicUrl, token, next);
const resetUrl = (deps: ServiceDeps, token: string) => mailLinks.resetPassword(deps.config.publicUrl, token);

/** `next`: the page the teacher asked for; the link leads back to it once verified. */
async function sendVerification(db: Db, deps: ServiceDeps, user: UserRow, next?: string): Promise<void> {
  const token = await issueToken(db, deps, user.id, 'verification');
  await deps.mailer.enqueue(db, verificationMail(user.email, user.name, verifyUrl(deps, token, next)));
}

/**
 * Refuses a password easy to guess (zxcvbn-ts: decision 091) or the account's own e-mail (400 on
 * `field`, with a message that says what to change).
 */
export function assertGoodPassword(password: string, email: string, field = 'password', name?: string): void {
  const problem = passwordProblem(password, email, name);
  if (problem) throw new AppError(400, problem, errorCodes.validation, { [field]: problem });
}

/**
 * Creates an unverified account in `tx` and queues its verification e-mail; the new row, or null
 * when the address is taken. Sign-up as a whole (the password check, the transaction, the funnel's
 * step) is `signUp` in api/src/commands/sign-up.ts; with an invitation, `signUpWithInvite`.
 */
export async function createAccount(
  tx: Db,
  deps: ServiceDeps,
  input: Parsed<typeof RegisterRequest>,
  passwordHash: string,
): Promise<UserRow | null> {
  const user = await store.insertUser(
    tx,
    {
      name: input.name,
      email: input.email,
      passwordHash,
      marketingOptIn: input.marketing_opt_in ?? input.marketingOptIn,
    },
    deps.clock(),
  );
  if (user) {
    await sendVerification(tx, deps, user, input.next);
    return user;
  }
  // Issue 17: the same answer as for a new address; the owner hears about it by e-mail (a new
  // verification link if the account was never verified), and nothing else changes.
  const existing = await store.findUserByEmail(tx, input.email);
  if (!existing) return null;
  if (needsVerification(existing)) await sendVerification(tx, deps, existing, input.next);
  else
    await deps.mailer.enqueue(
      tx,
      signUpAttemptMail(existing.email, existing.name, mailLinks.forgotPassword(deps.config.publicUrl)),
    );
  return null;
}

/** Checks the password; unknown e-mail and wrong password answer alike and take as long. */
export async function authenticate(deps: ServiceDeps, input: Parsed<typeof LoginRequest>): Promise<UserRow> {
  const user = await store.findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash(deps.config.passwordHashCost)),
    input.password,
  );
  if (!user || !ok) throw new AppError(401, authMessages.invalidCredentials, errorCodes.unauthorized);
  if (canSignIn(user) === 'emailNotVerified') {
    throw new AppError(403, authMessages.emailNotVerified, errorCodes.emailNotVerified);
  }
  return user;
}

/**
 * The user a session names, whatever its two-step sign-in: only `sessionUser` below reads it, so no
 * other module can take an admin's session without the code for a signed-in one (issue 30.7).
 */
async function currentUser(
  deps: Pick<AppDeps, 'db' | 'sessionCache'>,
  userId: string | undefined,
): Promise<UserRow | null> {
  return userId ? store.findSessionUser(deps.db, deps.sessionCache, userId) : null;
}

/** What `sessionUser` reads of a request's session (another module passes `ctx.session` as it is). */
export type RequestSession = Pick<SessionData, 'userId' | 'mfa'> | null | undefined;

/**
 * The session's signed-in user. An admin role's session counts only when it passed two-step sign-in
 * (decision 077): one from before it was required, or of a teacher made an admin since, is signed
 * out and the next sign-in asks for the code or its setup.
 */
export async function sessionUser(
  deps: Pick<AppDeps, 'db' | 'sessionCache'>,
  session: RequestSession,
): Promise<UserRow | null> {
  const user = await currentUser(deps, session?.userId);
  if (user && mfaRequiredFor(user.role) && session?.mfa !== true) return null;
  return user;
}

/** Sends a new link when the account exists and is unverified; the answer never tells which. */
export async function resendVerification(
  deps: ServiceDeps,
  input: Parsed<typeof ResendVerificationRequest>,
): Promise<void> {
  // Queued: the answer does not wait for the lookup, so it takes as long for every address.
  deps.mailer.later(async () => {
    const user = await store.findUserByEmail(deps.db, input.email);
    if (!needsVerification(user) || !user) return;
    await deps.db.transaction((tx) => sendVerification(tx, deps, user, input.next));
  });
}

/** Sends a reset link when the account exists; the answer never tells which. */
export async function forgotPassword(
  deps: ServiceDeps,
  input: Parsed<typeof ForgotPasswordRequest>,
): Promise<void> {
  // Queued: the answer does not wait for the lookup, so it takes as long for every address.
  deps.mailer.later(async () => {
    const user = await store.findUserByEmail(deps.db, input.email);
    if (!user) return;
    await deps.db.transaction(async (tx) => {
      const token = await issueToken(tx, deps, user.id, 'password_reset');
      await deps.mailer.enqueue(tx, passwordResetMail(user.email, user.name, resetUrl(deps, token)));
    });
  });
}

/**
 * Sets a new password with a single-use reset token, ends every session of the user and tells
 * them by e-mail. The link came by e-mail, so it also proves the address: mark it verified, and
 * `addressProven` (what other modules do then, api/src/commands/address-proven.ts) in the same transaction.
 */
export async function resetPassword(
  deps: ServiceDeps,
  input: Parsed<typeof ResetPasswordRequest>,
  addressProven?: (tx: Db, userId: string) => Promise<void>,
): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordHashCost);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const userId = await store.consumeToken(tx, sha256(input.token), 'password_reset', now);
    if (!userId) throw new AppError(400, authMessages.invalidOrExpiredToken, 'INVALID_TOKEN');
    const owner = await store.findUserById(tx, userId);
    // Refused before anything changes: the transaction rolls back and the link still works.
    if (owner) assertGoodPassword(input.newPassword, owner.email, 'newPassword', owner.name);
    const user = await store.updateUser(
      tx,
      deps.sessionCache,
      userId,
      { passwordHash, emailVerified: true },
      now,
    );
    if (!user) throw new AppError(400, authMessages.invalidOrExpiredToken, 'INVALID_TOKEN');
    await store.revokeTokens(tx, userId, 'password_reset', now);
    await addressProven?.(tx, userId);
    await store.endAllSessionsOfUser(tx, deps.sessionCache, userId);
    await deps.mailer.enqueue(
      tx,
      passwordChangedMail(user.email, user.name, mailLinks.forgotPassword(deps.config.publicUrl)),
    );
  });
  deps.mailer.kick();
}

/**
 * Consumes a verification token in `tx`; the id of the user whose e-mail is now verified, or null.
 * The link's whole flow (with the funnel's step) is `verifyEmail` in api/src/commands/sign-up.ts.
 */
export async function consumeVerification(
  tx: Db,
  deps: ServiceDeps,
  token: string | undefined,
  now: Date,
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const userId = await store.consumeToken(tx, sha256(token), 'verification', now);
  if (!userId) return null;
  await store.markEmailVerified(tx, deps.sessionCache, userId, now);
  return userId;
}

// ------------------------------------------------------------------------------------------------
// For other modules: the auth module is the only writer of `users` (decision 020).

/** A user by id, read from the database (not the session cache). */
export function findUser(deps: Pick<AppDeps, 'db'>, userId: string): Promise<UserRow | null> {
  return store.findUserById(deps.db, userId);
}

/** A user by normalised e-mail (a licence group's co-admin is added by address, issue 28). */
export function findUserByEmail(deps: Pick<AppDeps, 'db'>, email: string): Promise<UserRow | null> {
  return store.findUserByEmail(deps.db, email);
}

export function userExists(tx: Db, userId: string): Promise<boolean> {
  return store.userExists(tx, userId);
}

/**
 * Sets the user's role to what `decide` makes of the current one, with the user's row locked
 * until `tx` ends (run it in a transaction), and drops the user from the session cache when it
 * changed. Null when there is no such user.
 */
export async function changeRole(
  deps: Pick<AppDeps, 'sessionCache'>,
  tx: Db,
  userId: string,
  decide: (before: Role) => Role | Promise<Role>,
  now: Date,
): Promise<{ before: Role; after: Role } | null> {
  const before = await store.lockUserRole(tx, userId);
  if (!before) return null;
  const after = await decide(before);
  if (after !== before) await store.setUserRole(tx, deps.sessionCache, userId, after, now);
  return { before, after };
}

/** Every session of the user ends (a downgrade, decision 074); in the caller's transaction. */
export async function endSessions(
  deps: Pick<AppDeps, 'sessionCache'>,
  tx: Db,
  userId: string,
): Promise<void> {
  await store.endAllSessionsOfUser(tx, deps.sessionCache, userId);
}

// ------------------------------------------------------------------------------------------------
// The super admin's changes of an account (issue 14): each runs in the admin service's transaction.

/** The user's row, locked until `tx` ends; null when there is no such user. */
export function lockUser(tx: Db, userId: string): Promise<UserRow | null> {
  return store.lockUser(tx, userId);
}

/** The ids of every superadmin, locked until `tx` ends (the last one is never demoted or deleted). */
export function lockSuperadmins(tx: Db): Promise<string[]> {
  return store.lockSuperadmins(tx);
}

/**
 * Sets the role an admin chose and ends every session of the user (docs/ARCHITECTURE.md, P4): their
 * next request is signed out and the new role is what they sign in with. `check` may refuse (throw)
 * on the role before. Null when there is no such user.
 */
export async function setRoleByAdmin(
  deps: Pick<AppDeps, 'sessionCache'>,
  tx: Db,
  userId: string,
  role: Role,
  check: (before: Role) => void | Promise<void>,
  now: Date,
): Promise<{ before: Role; after: Role } | null> {
  const changed = await changeRole(
    deps,
    tx,
    userId,
    async (before) => {
      await check(before);
      return role;
    },
    now,
  );
  if (changed && changed.before !== changed.after) {
    await store.endAllSessionsOfUser(tx, deps.sessionCache, userId);
  }
  return changed;
}

/**
 * Turns the user's two-step sign-in off and ends every session (an admin's reset, decision 077);
 * false when it was not on. In the admin service's transaction.
 */
export async function resetMfaByAdmin(
  deps: Pick<AppDeps, 'sessionCache'>,
  tx: Db,
  userId: string,
): Promise<boolean> {
  if (!(await store.findMfa(tx, userId))) return false;
  await store.deleteMfa(tx, userId);
  await store.endAllSessionsOfUser(tx, deps.sessionCache, userId);
  return true;
}

/** Marks the address verified by hand (the admin vouches for it); outstanding links stop working. */
export async function verifyEmailByAdmin(
  deps: Pick<AppDeps, 'sessionCache'>,
  tx: Db,
  userId: string,
  now: Date,
): Promise<void> {
  await store.markEmailVerified(tx, deps.sessionCache, userId, now);
  await store.revokeTokens(tx, userId, 'verification', now);
}

/**
 * Deletes the account inside `tx`: its sessions end, its mails leave the outbox, and the row goes
 * with its tokens, progress, receipts and payment records (ON DELETE CASCADE). Certificates keep
 * their id and printed name (their `user_id` becomes null). False when there is no such user.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'sessionCache' | 'mailer'>,
  tx: Db,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<boolean> {
  await store.endAllSessionsOfUser(tx, deps.sessionCache, user.id);
  await deps.mailer.forgetRecipient(tx, user.email);
  return store.deleteUser(tx, deps.sessionCache, user.id);
}

/**
 * An account whose address is already proven (an invitation link came to it, issue 18): active at
 * once, no verification mail. Runs inside the caller's transaction; null when the e-mail is taken.
 */
export async function createVerifiedAccount(
  tx: Db,
  deps: Pick<AppDeps, 'clock'>,
  input: Parsed<typeof RegisterRequest> & { passwordHash: string },
): Promise<UserRow | null> {
  return store.insertUser(
    tx,
    {
      name: input.name,
      email: input.email,
      passwordHash: input.passwordHash,
      emailVerified: true,
      marketingOptIn: input.marketing_opt_in ?? input.marketingOptIn,
    },
    deps.clock(),
  );
}

/** Hashes a password for an account a caller creates through `createVerifiedAccount`. */
export { hashPassword } from './crypto.js';
