import { errorCodes, ssoLinkCodeRules, ssoMessages } from '@pd/domain';
import type { UserRow } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { recordSignup, recordVerified } from '../modules/analytics/service.js';
import * as auth from '../modules/auth/service.js';
import {
  createSsoAccount,
  findAccountByEmail,
  passwordMatches,
  unusablePasswordHash,
} from '../modules/auth/sso-accounts.js';
import * as sso from '../modules/sso/service.js';

import { ssoLinkCodeMail } from '../modules/mail/templates.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * What an SSO sign-in leads to (issue 27 part 3, decision 101): the account of a known identity; a
 * new free teacher account for an identity whose address no account has; or, when an account has the
 * address, nothing yet: its password must prove the address is the teacher's (`linkWithPassword`).
 */
export type SsoOutcome =
  { kind: 'signedIn'; user: UserRow } | { kind: 'link'; userId: string; email: string };

/**
 * Finds or makes the account of an identity whose ID token openid-client has checked (sso, auth and
 * analytics in one transaction). Accounts are keyed on (issuer, subject), never on the e-mail.
 */
export async function signInWithSso(deps: Deps, claims: sso.SsoClaims): Promise<SsoOutcome> {
  // Hashed before the transaction (argon2 takes a while): the new account's unusable password.
  const passwordHash = await unusablePasswordHash(deps.config.passwordHashCost);
  return deps.db.transaction(async (tx): Promise<SsoOutcome> => {
    const now = deps.clock();
    const identity = await sso.findIdentity(tx, claims);
    if (identity) {
      const user = await auth.findUser({ db: tx }, identity.userId);
      if (!user) throw new Error('an identity without its user');
      await sso.touchIdentity(tx, identity, claims, now);
      return { kind: 'signedIn', user };
    }
    const existing = await findAccountByEmail(tx, claims.email);
    // Never linked silently: the address could be claimed by a provider that is not its owner's.
    if (existing) return { kind: 'link', userId: existing.id, email: existing.email };
    const user = await createSsoAccount(tx, deps, { ...claims, passwordHash });
    // Taken between the two reads (a sign-up at the same moment): link it like any existing account.
    if (!user) throw new AppError(409, ssoMessages.flowExpired, errorCodes.conflict);
    if (!(await sso.linkIdentity(tx, user.id, claims, now))) {
      throw new AppError(409, ssoMessages.flowExpired, errorCodes.conflict);
    }
    await recordSignup(tx, user.id, undefined, now);
    if (user.emailVerified) await recordVerified(tx, user.id, now);
    return { kind: 'signedIn', user };
  });
}

/**
 * Links the identity to the account with that address once its password is given (the teacher owns
 * it); 403 when the password is wrong, 409 when the identity became someone's meanwhile.
 */
export async function linkWithPassword(
  deps: Deps,
  userId: string,
  claims: sso.SsoClaims,
  password: string,
): Promise<UserRow> {
  const user = await accountToLink(deps, userId, claims);
  if (!(await passwordMatches(user, password))) {
    throw new AppError(403, ssoMessages.passwordWrong, errorCodes.forbidden, {
      password: ssoMessages.passwordWrong,
    });
  }
  return link(deps, user, claims);
}

/** A pending link (its sealed cookie): its id, the account it waits for, and the identity. */
export interface PendingLinkOf {
  linkId: string;
  userId: string;
  claims: sso.SsoClaims;
}

/**
 * E-mails a code to the address of the pending link's account (decision 112), the other proof that
 * the address is the teacher's: queued in the outbox in the transaction that keeps its hash. 429 when
 * the one before was sent less than a minute ago. The account's address (to show the teacher).
 */
export async function sendLinkCode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>,
  pending: PendingLinkOf,
  providerName: string,
): Promise<string> {
  const user = await accountToLink(deps, pending.userId, pending.claims);
  await deps.db.transaction(async (tx) => {
    const code = await sso.issueLinkCode(
      tx,
      deps.config.sessionSecret,
      pending.linkId,
      user.id,
      deps.clock(),
    );
    await deps.mailer.enqueue(
      tx,
      ssoLinkCodeMail(user.email, user.name, providerName, code, ssoLinkCodeRules.lifetimeMinutes),
    );
  });
  deps.mailer.kick();
  return user.email;
}

/**
 * Links the identity once the code e-mailed to the account's address is given (decision 112); the
 * code's refusals (`checkLinkCode`), 409 when the identity became someone's meanwhile.
 */
export async function linkWithCode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  pending: PendingLinkOf,
  code: string,
): Promise<UserRow> {
  const user = await accountToLink(deps, pending.userId, pending.claims);
  await sso.checkLinkCode(deps.db, deps.config.sessionSecret, pending.linkId, user.id, code, deps.clock());
  return link(deps, user, pending.claims);
}

/** The account a pending link waits for, while its address is still the identity's. */
async function accountToLink(deps: Deps, userId: string, claims: sso.SsoClaims): Promise<UserRow> {
  const user = await auth.findUser(deps, userId);
  if (!user || user.email !== claims.email) {
    throw new AppError(400, ssoMessages.noPendingLink, errorCodes.validation);
  }
  return user;
}

async function link(deps: Deps, user: UserRow, claims: sso.SsoClaims): Promise<UserRow> {
  const linked = await deps.db.transaction((tx) => sso.linkIdentity(tx, user.id, claims, deps.clock()));
  if (!linked) throw new AppError(409, ssoMessages.flowExpired, errorCodes.conflict);
  return user;
}
