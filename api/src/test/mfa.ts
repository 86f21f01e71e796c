import { mfaRequiredFor, mfaRules, type Role } from '@pd/domain';
import { generate } from 'otplib';
import type { Db } from '../db/client.js';
import { saveMfa } from '../modules/auth/store.js';
import { encryptSecret, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from '../modules/auth/totp.js';

/** SESSION_SECRET of every test app (startTestApp): the key the stored TOTP secrets are sealed with. */
export const testSessionSecret = 'test-secret-test-secret-test-secret-0123';

/**
 * The authenticator app of the tests' accounts with two-step sign-in (decision 077): each account's
 * secret and recovery codes, and the last time step a code was made for. A code is good once, so
 * each sign-in takes the next step not used yet, from the step of `now` to the one after it (the
 * server's tolerance): two sign-ins of one account per 30 s. Never the step before: the server
 * reads the code a moment later, perhaps in the next step, when that one is out of its reach.
 */
interface Authenticator {
  secret: string;
  recoveryCodes: string[];
  lastStep: number;
}
const authenticators = new Map<string, Authenticator>();

export function rememberAuthenticator(email: string, secret: string, recoveryCodes: string[] = []): void {
  authenticators.set(email.toLowerCase(), { secret, recoveryCodes, lastStep: -1 });
}

export function hasAuthenticator(email: string): boolean {
  return authenticators.has(email.toLowerCase());
}

/** The recovery codes given when the account's two-step sign-in was set up. */
export function recoveryCodesOf(email: string): string[] {
  return authenticators.get(email.toLowerCase())?.recoveryCodes ?? [];
}

/** A TOTP code of `secret` for the step `now` is in (what the phone shows then). */
export function totpAt(secret: string, now: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}

/**
 * The next code the account's authenticator gives at `now` that the server has not seen; when a
 * test signs one account in more often than that (twice per 30 s), one of its recovery codes, from
 * the last (a person without a new code at hand), so `recoveryCodesOf(email)[0]` stays unused.
 */
export async function nextTotpCode(email: string, now: Date): Promise<string> {
  const app = authenticators.get(email.toLowerCase());
  if (!app) throw new Error(`no authenticator for ${email}: build it with buildUser or enrol it first`);
  const current = Math.floor(now.getTime() / 1000 / mfaRules.periodSeconds);
  const step = Math.max(app.lastStep + 1, current);
  if (step > current + mfaRules.toleranceSteps) {
    const recovery = app.recoveryCodes.length > 1 ? app.recoveryCodes.pop() : undefined;
    if (recovery) return recovery;
    throw new Error(`${email} signed in more often than its codes allow: move the test clock on 30 s`);
  }
  app.lastStep = step;
  return generate({ secret: app.secret, epoch: step * mfaRules.periodSeconds });
}

/** Sets up two-step sign-in straight in the database, as the user would have; remembers the app. */
export async function enrolMfa(db: Db, user: { id: string; email: string }): Promise<void> {
  const secret = newTotpSecret();
  const codes = newRecoveryCodes();
  await saveMfa(
    db,
    user.id,
    encryptSecret(secret, testSessionSecret),
    null,
    codes.map(recoveryCodeHash),
    new Date(),
  );
  rememberAuthenticator(user.email, secret, codes);
}

/** Admin roles must have two-step sign-in: their test accounts get it unless a test says not. */
export const mfaByDefault = (role: Role | undefined): boolean => mfaRequiredFor(role ?? 'free');

/**
 * The demo seed's two-step sign-in for a test app (decision 077): a fresh secret, remembered as the
 * authenticator of each demo admin, so `signIn` passes their code step.
 */
export function demoMfaForTest(adminEmails: string[]): { secret: string; sessionSecret: string } {
  const secret = newTotpSecret();
  for (const email of adminEmails) rememberAuthenticator(email, secret);
  return { secret, sessionSecret: testSessionSecret };
}
