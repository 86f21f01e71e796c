import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  errorCodes,
  limits,
  type SsoIdentityScope,
  ssoLinkCodeMessages,
  ssoLinkCodeRules,
  type SsoProviderId,
  ssoMessages,
} from '@pd/domain';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { SsoIdentityRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { SsoProviderConfig } from '../../sso-config.js';
import type { SsoProviders } from './providers.js';
import * as store from './store.js';

/**
 * Google, Microsoft and district sign-in (issue 27 part 3): the authorization code flow with PKCE
 * (S256), `state` and `nonce`, through `openid-client` (decision 100), which checks the ID token
 * (signature, issuer, audience, expiry, nonce). The accounts it leads to: api/src/commands/sso-sign-in.ts.
 */

/** What the browser keeps between the start and the callback (sealed, `sealed-cookie.ts`). */
export interface SsoFlow {
  provider: SsoProviderId;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo?: string;
}

/** Who the provider says signed in, once the ID token checked out. */
export interface SsoClaims extends SsoIdentityScope {
  provider: SsoProviderId;
  issuer: string;
  subject: string;
  name: string;
}

/** Microsoft's tenant of personal accounts (outlook.com...): never a school's. */
const microsoftConsumerTenant = '9188040d-6c67-4c5b-b112-36a304b66dad';

/** The authorization request: the provider's URL (PKCE S256, state, nonce) and the flow to keep. */
export async function startSignIn(
  providers: SsoProviders,
  provider: SsoProviderConfig,
  returnTo: string | undefined,
): Promise<{ url: string; flow: SsoFlow }> {
  const client = await discovered(providers, provider);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const flow: SsoFlow = {
    provider: provider.id,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier,
    ...(returnTo ? { returnTo } : {}),
  };
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: providers.redirectUri(provider.id),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
    // Google and Microsoft: let the teacher pick the account (a shared school computer).
    ...(provider.id === 'oidc' ? {} : { prompt: 'select_account' }),
  });
  return { url: url.href, flow };
}

const refused = () => new AppError(400, ssoMessages.providerRefused, errorCodes.validation);

async function discovered(providers: SsoProviders, provider: SsoProviderConfig): Promise<oidc.Configuration> {
  try {
    return await providers.client(provider);
  } catch {
    throw new AppError(503, ssoMessages.unavailable, errorCodes.unavailable);
  }
}

/**
 * The provider's redirect back (`callbackUrl`, with its `code` and `state`): the code is exchanged
 * with the PKCE verifier, and the ID token validated by openid-client (state and nonce included);
 * the claims of the identity. A wrong state, a used or wrong code or a refusal: 400.
 */
export async function finishSignIn(
  providers: SsoProviders,
  provider: SsoProviderConfig,
  flow: SsoFlow,
  callbackUrl: URL,
): Promise<SsoClaims> {
  const client = await discovered(providers, provider);
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    // The provider's or the response's fault (a replayed code, a wrong state, a bad token): a 4xx.
    if (error instanceof TypeError) throw new AppError(503, ssoMessages.unavailable, errorCodes.unavailable);
    throw refused();
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw refused();
  let claims: Record<string, unknown> = { ...idClaims };
  // Some providers (a district's) give the e-mail only at the userinfo endpoint.
  if (typeof claims.email !== 'string') {
    const info = await oidc.fetchUserInfo(client, tokens.access_token, idClaims.sub).catch(() => null);
    if (info) claims = { ...info, ...claims };
  }
  return claimsOf(provider.id, idClaims.iss, idClaims.sub, claims);
}

const Email = z.email().max(limits.emailMax);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The identity's claims. When an address counts as verified (decision 101): Google and a district's
 * provider when `email_verified` is true; Microsoft only for a work or school account (a `tid` that
 * is not the personal accounts' tenant) whose `xms_edov` (the e-mail's domain verified by its
 * organisation) is true, as Microsoft advises: its `email` claim alone is not verified.
 */
export function claimsOf(
  provider: SsoProviderId,
  issuer: string,
  subject: string,
  claims: Record<string, unknown>,
): SsoClaims {
  const email = text(claims.email)?.toLowerCase();
  if (!email || !Email.safeParse(email).success) {
    throw new AppError(400, ssoMessages.noEmail, errorCodes.validation);
  }
  const tenantId = provider === 'microsoft' ? (text(claims.tid) ?? null) : null;
  const emailVerified =
    provider === 'microsoft'
      ? tenantId !== null && tenantId !== microsoftConsumerTenant && claims.xms_edov === true
      : claims.email_verified === true;
  const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  const name = (text(claims.name) ?? (given || email.slice(0, email.indexOf('@')))).slice(0, limits.nameMax);
  return {
    provider,
    issuer,
    subject,
    email,
    emailVerified,
    name,
    hostedDomain: provider === 'google' ? (text(claims.hd)?.toLowerCase() ?? null) : null,
    tenantId,
  };
}

// ------------------------------------------------------------------------------------------------
// The identities, for the sign-in command and for other modules.

export function findIdentity(tx: Db, claims: Pick<SsoClaims, 'issuer' | 'subject'>) {
  return store.findIdentity(tx, claims.issuer, claims.subject);
}

const seenOf = (claims: SsoClaims) => ({
  email: claims.email,
  emailVerified: claims.emailVerified,
  hostedDomain: claims.hostedDomain,
  tenantId: claims.tenantId,
});

/** Keeps what the provider said at this sign-in on the identity. */
export function touchIdentity(tx: Db, identity: SsoIdentityRow, claims: SsoClaims, now: Date): Promise<void> {
  return store.touchIdentity(tx, identity.id, seenOf(claims), now);
}

/** Links the identity to the user; false when it is already someone's. */
export function linkIdentity(tx: Db, userId: string, claims: SsoClaims, now: Date): Promise<boolean> {
  return store.insertIdentity(
    tx,
    { userId, provider: claims.provider, issuer: claims.issuer, subject: claims.subject, ...seenOf(claims) },
    now,
  );
}

/**
 * The user's SSO identities as join links check them (issue 27 part 2): with `ssoIdentityInDomains`
 * of the domain, a link restricted to a district's domains accepts a teacher whose Google Workspace
 * (`hd`) or verified address is of them.
 */
export async function ssoScopesOf(deps: Pick<AppDeps, 'db'>, userId: string): Promise<SsoIdentityScope[]> {
  const rows = await store.identitiesOfUser(deps.db, userId);
  return rows.map((row) => ({
    email: row.email,
    emailVerified: row.emailVerified,
    hostedDomain: row.hostedDomain,
    tenantId: row.tenantId,
  }));
}

/**
 * Once the account's address is proven by e-mail (its verification or password reset link), its SSO
 * identities whose provider did not vouch for the address stop signing in to it (decision 118): one
 * who claimed the address at a lax provider first keeps no way in. In the caller's transaction.
 */
export function dropUnvouchedIdentities(tx: Db, userId: string): Promise<number> {
  return store.deleteUnvouchedIdentities(tx, userId);
}

// ------------------------------------------------------------------------------------------------
// The code e-mailed to prove the address before a link (decision 112).

const codeLifetimeMs = ssoLinkCodeRules.lifetimeMinutes * 60_000;
const resendAfterMs = ssoLinkCodeRules.resendAfterSeconds * 1000;

/**
 * A keyed hash of the code, bound to its pending link: the table alone (a backup, a leak) does not
 * give the code back, though a 6-digit code's plain SHA-256 would be found in a million tries.
 */
function linkCodeHash(secret: string, linkId: string, code: string): string {
  return createHmac('sha256', secret).update(`sso-link-code:${linkId}:${code}`).digest('base64url');
}

/**
 * A new code for the pending link (a right one is never sent twice): its 6 digits, to e-mail; only
 * its hash is kept. 429 when the one before was sent less than `resendAfterSeconds` ago.
 */
export async function issueLinkCode(
  tx: Db,
  secret: string,
  linkId: string,
  userId: string,
  now: Date,
): Promise<string> {
  const before = await store.findLinkCode(tx, linkId);
  if (before && now.getTime() - before.sentAt.getTime() < resendAfterMs) {
    const seconds = Math.max(1, Math.ceil((before.sentAt.getTime() + resendAfterMs - now.getTime()) / 1000));
    throw new AppError(429, ssoLinkCodeMessages.tooSoon(seconds), errorCodes.rateLimited, undefined, {
      'Retry-After': String(seconds),
    });
  }
  const code = String(randomInt(0, 10 ** ssoLinkCodeRules.digits)).padStart(ssoLinkCodeRules.digits, '0');
  await store.saveLinkCode(
    tx,
    {
      linkId,
      userId,
      codeHash: linkCodeHash(secret, linkId, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + codeLifetimeMs),
    },
    now,
  );
  return code;
}

/**
 * Checks the code given for the pending link, one try taken first (atomic): nothing when it is
 * right (the code is spent), else the refusal: 400 with the tries left, 410 once it expired, 429
 * when the tries are used up (each says to ask for a new code), 400 when none was sent.
 */
export async function checkLinkCode(
  db: Db,
  secret: string,
  linkId: string,
  userId: string,
  code: string,
  now: Date,
): Promise<void> {
  const row = await store.takeLinkCodeTry(db, linkId, ssoLinkCodeRules.maxTries, now);
  if (!row || row.userId !== userId) {
    const found = await store.findLinkCode(db, linkId);
    if (!found || found.userId !== userId) {
      throw new AppError(400, ssoLinkCodeMessages.noneSent, errorCodes.validation, {
        code: ssoLinkCodeMessages.noneSent,
      });
    }
    if (found.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(410, ssoLinkCodeMessages.expired, errorCodes.validation, {
        code: ssoLinkCodeMessages.expired,
      });
    }
    throw new AppError(429, ssoLinkCodeMessages.exhausted, errorCodes.rateLimited, {
      code: ssoLinkCodeMessages.exhausted,
    });
  }
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(linkCodeHash(secret, linkId, code));
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await store.deleteLinkCode(db, linkId);
    return;
  }
  const left = ssoLinkCodeRules.maxTries - row.tries;
  if (left <= 0) {
    throw new AppError(429, ssoLinkCodeMessages.exhausted, errorCodes.rateLimited, {
      code: ssoLinkCodeMessages.exhausted,
    });
  }
  throw new AppError(400, ssoLinkCodeMessages.wrong(left), errorCodes.validation, {
    code: ssoLinkCodeMessages.wrong(left),
  });
}
