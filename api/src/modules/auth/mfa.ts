import { errorCodes, mfaMessages, mfaRequiredFor, mfaRules, type MfaStatusResponse } from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import * as audit from '../audit/service.js';
import { mailLinks, mfaCodesFailedMail } from '../mail/templates.js';
import { randomToken, verifyPassword } from './crypto.js';
import * as store from './store.js';
import {
  acceptedTimeStep,
  decryptSecret,
  encryptSecret,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
  recoveryCodeHash,
} from './totp.js';

/**
 * Two-step sign-in (issue 17 item 7, decision 077): the services behind the `mfa` routes. The
 * session carries the half-done sign-in and the secret being set up; the database holds only a
 * confirmed secret (encrypted) and the recovery codes' hashes.
 */

type MfaDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** What the sign-in asks for after the password: the code, its setup, or nothing more. */
export async function stepAfterPassword(deps: MfaDeps, user: UserRow): Promise<'verify' | 'enrol' | null> {
  if (await store.findMfa(deps.db, user.id)) return 'verify';
  return mfaRequiredFor(user.role) ? 'enrol' : null;
}

const invalidCode = () => new AppError(401, mfaMessages.codeInvalid, errorCodes.unauthorized);

/**
 * Checks a code for a user with two-step sign-in on: a TOTP code of a step later than the last one
 * accepted, or an unused recovery code (used up by this). With the row locked, in one transaction:
 * two requests with the same code cannot both pass. Throws 401 when the code is not good.
 */
export async function checkCode(
  deps: MfaDeps,
  userId: string,
  code: string,
): Promise<{ recoveryCodesLeft?: number }> {
  return deps.db.transaction(async (tx) => {
    const mfa = await store.lockMfa(tx, userId);
    if (!mfa) throw new AppError(400, mfaMessages.notEnabled, errorCodes.validation);
    const now = deps.clock();
    if (/^\d{6}$/.test(code)) {
      const secret = decryptSecret(mfa.secretEncrypted, deps.config.sessionSecret);
      // A secret stored under another SESSION_SECRET cannot be read: only a recovery code helps.
      const step = secret ? await acceptedTimeStep(secret, code, now, mfa.lastTimeStep) : null;
      if (step === null) throw invalidCode();
      await store.setMfaTimeStep(tx, userId, step);
      return {};
    }
    if (!(await store.useRecoveryCode(tx, userId, recoveryCodeHash(code), now))) throw invalidCode();
    return { recoveryCodesLeft: await store.countRecoveryCodesLeft(tx, userId) };
  });
}

/** A new secret to scan, not stored until its first code is confirmed (`enable`). */
export async function newSetup(
  deps: MfaDeps,
  email: string,
): Promise<{ secret: string; otpauthUri: string; qrCode: string; sealed: string }> {
  const secret = newTotpSecret();
  const uri = otpauthUri(secret, email);
  return {
    secret,
    otpauthUri: uri,
    qrCode: await qrCodeDataUrl(uri),
    sealed: encryptSecret(secret, deps.config.sessionSecret),
  };
}

/**
 * Confirms a setup with a code of the new secret and turns two-step sign-in on (or moves it to the
 * new authenticator): the secret is stored, and ten new recovery codes replace any old ones.
 * Returns the codes, shown once.
 */
export async function enable(deps: MfaDeps, userId: string, sealed: string, code: string): Promise<string[]> {
  const secret = decryptSecret(sealed, deps.config.sessionSecret);
  if (!secret) throw new AppError(400, mfaMessages.setupFirst, errorCodes.validation);
  const now = deps.clock();
  const step = await acceptedTimeStep(secret, code, now, null);
  if (step === null) throw new AppError(401, mfaMessages.setupCodeInvalid, errorCodes.unauthorized);
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    const before = await store.findUserById(tx, userId);
    await store.saveMfa(tx, userId, sealed, step, codes.map(recoveryCodeHash), now);
    if (before) await auditMfa(tx, before, 'mfa_enabled', now);
  });
  return codes;
}

/** Asks for the account's password again (the Account page's changes); 403 when it is wrong. */
export async function confirmPassword(user: UserRow, password: string | undefined): Promise<void> {
  if (!password || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(403, mfaMessages.passwordWrong, errorCodes.forbidden, {
      password: mfaMessages.passwordWrong,
    });
  }
}

/** Turns two-step sign-in off for a teacher (the password and a code again); never for an admin. */
export async function disable(deps: MfaDeps, user: UserRow, password: string, code: string): Promise<void> {
  if (mfaRequiredFor(user.role)) throw new AppError(403, mfaMessages.requiredForRole, errorCodes.forbidden);
  await confirmPassword(user, password);
  await checkCode(deps, user.id, code);
  await deps.db.transaction(async (tx) => {
    await store.deleteMfa(tx, user.id);
    await auditMfa(tx, user, 'mfa_disabled', deps.clock());
  });
}

/**
 * Two-step sign-in turned on (or moved to a new authenticator) or off is on the audit log, in the
 * change's transaction (issue 28 part 4): the account is its own actor and target.
 */
function auditMfa(
  tx: Db,
  user: Pick<UserRow, 'id' | 'email'>,
  action: 'mfa_enabled' | 'mfa_disabled',
  at: Date,
): Promise<void> {
  return audit.record(tx, user, { action, target: { type: 'user', id: user.id, label: user.email } }, at);
}

/** Ten new recovery codes after a good code; the old ones stop working. */
export async function renewRecoveryCodes(deps: MfaDeps, userId: string, code: string): Promise<string[]> {
  await checkCode(deps, userId, code);
  const codes = newRecoveryCodes();
  await deps.db.transaction((tx) => store.replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash)));
  return codes;
}

export async function status(deps: MfaDeps, user: UserRow): Promise<MfaStatusResponse> {
  const mfa = await store.findMfa(deps.db, user.id);
  return {
    enabled: mfa !== null,
    required: mfaRequiredFor(user.role),
    enabledAt: mfa ? mfa.enabledAt.toISOString() : null,
    recoveryCodesLeft: mfa ? await store.countRecoveryCodesLeft(deps.db, user.id) : 0,
  };
}

/** The user of a half-done sign-in, still able to sign in (not deleted meanwhile); else 401. */
export async function pendingUser(deps: Pick<AppDeps, 'db'>, userId: string): Promise<UserRow> {
  const user = await store.findUserById(deps.db, userId);
  if (!user) throw new AppError(401, mfaMessages.noPendingSignIn, errorCodes.unauthorized);
  return user;
}

/**
 * A half-done sign-in begins (decision 092): its id, under which the database counts the codes
 * tried on it. The id goes into the session; the count stays in one row all requests share.
 */
export async function beginSignInAttempts(deps: MfaDeps, userId: string): Promise<string> {
  const id = randomToken();
  const now = deps.clock();
  await store.startSignInAttempts(deps.db, id, userId, new Date(now.getTime() + mfaRules.pendingMs), now);
  return id;
}

/** What became of a code tried on a half-done sign-in. */
export type TriedCode<T> = { ok: true; value: T } | { ok: false; error: unknown; lockedOut: boolean };

/**
 * Checks a code of a half-done sign-in, counting it first with one atomic update (decision 092):
 * of any number of parallel requests, at most `mfaRules.maxAttempts` codes are ever checked. The
 * try that uses up the last one, when its code is wrong too, ends the sign-in (`lockedOut`) and
 * tells the account's owner by e-mail. A right code ends the count; a request refused for another
 * reason than a wrong code gives its try back.
 */
export async function tryPendingCode<T>(
  deps: MfaDeps & Pick<AppDeps, 'mailer'>,
  attemptsId: string,
  userId: string,
  check: () => Promise<T>,
): Promise<TriedCode<T>> {
  const tryNumber = await store.takeSignInAttempt(deps.db, attemptsId, mfaRules.maxAttempts, deps.clock());
  if (tryNumber === null) return { ok: false, error: null, lockedOut: true };
  try {
    const value = await check();
    await store.endSignInAttempts(deps.db, attemptsId);
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 401) {
      await store.returnSignInAttempt(deps.db, attemptsId);
      throw error;
    }
    if (tryNumber < mfaRules.maxAttempts) return { ok: false, error, lockedOut: false };
    await store.endSignInAttempts(deps.db, attemptsId);
    await tellOwnerOfFailedCodes(deps, userId);
    return { ok: false, error, lockedOut: true };
  }
}

/** The mail to the owner of an account whose half-done sign-in ran out of codes (issue 30.4). */
async function tellOwnerOfFailedCodes(deps: MfaDeps & Pick<AppDeps, 'mailer'>, userId: string) {
  const user = await store.findUserById(deps.db, userId);
  if (!user) return;
  await deps.mailer.enqueue(
    deps.db,
    mfaCodesFailedMail(user.email, user.name, mailLinks.forgotPassword(deps.config.publicUrl)),
  );
  deps.mailer.kick();
}

/**
 * Replacing the authenticator from the Account page (issue 30.2): besides the password, a code of
 * the current one (or a recovery code, when the phone is lost) while two-step sign-in is on.
 */
export async function confirmCurrentCode(deps: MfaDeps, userId: string, code: string | undefined) {
  if (!(await store.findMfa(deps.db, userId))) return;
  if (!code) {
    throw new AppError(403, mfaMessages.currentCodeRequired, errorCodes.forbidden, {
      code: mfaMessages.currentCodeRequired,
    });
  }
  await checkCode(deps, userId, code);
}
