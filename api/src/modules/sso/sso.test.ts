import { type PublicUser, ssoIdentityInDomains, ssoMessages, type SsoProvidersResponse } from '@pd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoIdentities, users } from '../../db/schema.js';
import {
  type LocalIdentity,
  type LocalOidcProvider,
  startLocalOidcProvider,
} from '../../demo/oidc-provider.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import type { TestClient } from '../../test/client.js';
import { buildUser, uniqueEmail } from '../../test/factories.js';
import { latestToken } from '../../test/auth-helpers.js';
import { nextTotpCode } from '../../test/mfa.js';
import {
  callbackPath,
  newIdentity as newIdentityAt,
  throughProvider as throughProviderOf,
} from '../../test/sso.js';
import { claimsOf } from './service.js';

/**
 * Google, Microsoft and district sign-in (issue 27 part 3) against a real OpenID provider started
 * here (oidc-provider, PKCE required), through the real api over HTTP on its own PGlite.
 */
let idp: LocalOidcProvider;
let app: TestApp;

beforeAll(async () => {
  idp = await startLocalOidcProvider({ identities: [] });
  app = await startTestApp({
    env: {
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_DISPLAY_NAME: 'Test district',
    },
  });
  await idp.registerClient([`${app.url}/api/auth/sso/oidc/callback`]);
});

afterAll(async () => {
  await app?.close();
  await idp?.close();
});

const newIdentity = (overrides: Partial<LocalIdentity> = {}) => newIdentityAt(idp, overrides);
const throughProvider = (client: TestClient, sub: string | null, returnTo?: string) =>
  throughProviderOf(app, idp, client, sub, { returnTo });

describe('the providers offered', () => {
  it('lists only the configured provider, by the name the district gave it', async () => {
    const res = await app.client().get<SsoProvidersResponse>('/api/auth/sso');
    expect(res.status).toBe(200);
    expect(res.body.providers).toEqual([{ id: 'oidc', displayName: 'Test district' }]);
  });

  it('answers 404 for a provider without configuration, at the start and the callback', async () => {
    const client = app.client();
    expect((await client.get('/api/auth/sso/google/start')).status).toBe(404);
    expect((await client.get('/api/auth/sso/microsoft/callback?code=x&state=y')).status).toBe(404);
    expect((await client.get('/api/auth/sso/github/start')).status).toBe(404);
  });

  it('shows no button when nothing is configured', async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.client().get<SsoProvidersResponse>('/api/auth/sso');
      expect(res.body.providers).toEqual([]);
      expect((await bare.client().get('/api/auth/sso/oidc/start')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('the start', () => {
  it('redirects to the provider with PKCE (S256), state and nonce, and comes back only to a page of this site', async () => {
    const client = app.client();
    const res = await client.get(
      `/api/auth/sso/oidc/start?returnTo=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location') ?? '');
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(to.searchParams.get('redirect_uri')).toBe(`${app.url}/api/auth/sso/oidc/callback`);
    // Nothing of the flow is readable in the address or the cookie.
    expect(client.cookies.get('sso_flow')).toBeDefined();
    expect(client.cookies.get('sso_flow')).not.toContain(to.searchParams.get('state'));
  });
});

describe('the callback', () => {
  it('signs a new teacher in: a verified free account with no usable password, keyed on the identity', async () => {
    const identity = newIdentity();
    const client = app.client();
    const back = await throughProvider(client, identity.sub, '/prompts');
    const res = await client.get(callbackPath(back));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/prompts');
    const me = await client.get<PublicUser>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: identity.email, name: identity.name, role: 'free' });
    const [row] = await app.db.select().from(users).where(eq(users.email, identity.email));
    expect(row?.emailVerified).toBe(true);
    const [linked] = await app.db
      .select()
      .from(ssoIdentities)
      .where(eq(ssoIdentities.userId, row?.id ?? ''));
    expect(linked).toMatchObject({ issuer: idp.issuer, subject: identity.sub, provider: 'oidc' });
    // No password signs in to it.
    const login = await app.client().post('/api/auth/login', { email: identity.email, password: '' });
    expect(login.status).toBe(400);

    // The next time, the same identity is the same account, whatever its e-mail became.
    identity.email = uniqueEmail('renamed');
    const again = app.client();
    expect(
      (await again.get(callbackPath(await throughProvider(again, identity.sub)))).headers.get('location'),
    ).toBe('/');
    expect((await again.get<PublicUser>('/api/auth/me')).body.id).toBe(me.body.id);
  });

  it('refuses a wrong state with 400 and signs nobody in', async () => {
    const identity = newIdentity();
    const client = app.client();
    const back = await throughProvider(client, identity.sub);
    back.searchParams.set('state', 'not-the-state-sent');
    const res = await client.get(callbackPath(back));
    expect(res.status).toBe(400);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(await app.db.select().from(users).where(eq(users.email, identity.email))).toEqual([]);
  });

  it('refuses a replayed code, even with the flow cookie kept', async () => {
    const identity = newIdentity();
    const client = app.client();
    const back = await throughProvider(client, identity.sub);
    const flow = client.cookies.get('sso_flow') ?? '';
    expect((await client.get(callbackPath(back))).status).toBe(302);
    // The same browser again: the flow was good once.
    expect((await client.get(callbackPath(back))).status).toBe(400);
    // An attacker who kept the cookie: the provider refuses the used code.
    const attacker = app.client();
    attacker.cookies.set('sso_flow', flow);
    const replay = await attacker.get(callbackPath(back));
    expect(replay.status).toBe(400);
    expect((await attacker.get('/api/auth/me')).status).toBe(401);
  });

  it('does not mark an address the provider did not verify as verified', async () => {
    const identity = newIdentity({ emailVerified: false });
    const client = app.client();
    expect((await client.get(callbackPath(await throughProvider(client, identity.sub)))).status).toBe(302);
    const [row] = await app.db.select().from(users).where(eq(users.email, identity.email));
    expect(row?.emailVerified).toBe(false);
  });
});

describe('a sign-in that does not finish, in a browser (decision 119)', () => {
  const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('a wrong state: the page that says why, with the way back; nobody signed in', async () => {
    const identity = newIdentity();
    const client = app.client();
    const back = await throughProvider(client, identity.sub, '/faq');
    back.searchParams.set('state', 'not-the-state-sent');
    const res = await client.get(callbackPath(back), browser);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sign-in/sso?error=refused&next=%2Ffaq');
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('cancelled at the provider: its own sentence; a non-browser client gets the 400 with it', async () => {
    const client = app.client();
    const back = await throughProvider(client, null, '/faq');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await client.get(callbackPath(back), browser);
    expect(res.headers.get('location')).toBe('/sign-in/sso?error=cancelled&next=%2Ffaq');

    const api = app.client();
    const again = await throughProvider(api, null);
    const answer = await api.get<{ error: string }>(callbackPath(again));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(ssoMessages.cancelled);
  });

  it('no flow (expired, or the back button), and an unconfigured provider', async () => {
    const res = await app.client().get('/api/auth/sso/oidc/callback?code=x&state=y', browser);
    expect(res.headers.get('location')).toBe('/sign-in/sso?error=expired');
    const start = await app.client().get('/api/auth/sso/google/start?returnTo=%2Ffaq', browser);
    expect(start.headers.get('location')).toBe('/sign-in/sso?error=not_configured&next=%2Ffaq');
  });
});

describe('an address that already has a password account', () => {
  it('is not linked until its password is given, then signs in with one click', async () => {
    const owner = await buildUser(app.db);
    const identity = newIdentity({ email: owner.email });
    const client = app.client();
    const res = await client.get(callbackPath(await throughProvider(client, identity.sub, '/faq')));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sign-in/sso?step=link&next=%2Ffaq');
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(await app.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, owner.user.id))).toEqual(
      [],
    );
    expect((await client.get('/api/auth/sso/link')).body).toEqual({
      email: owner.email,
      providerName: 'Test district',
    });

    const wrong = await client.post('/api/auth/sso/link', { password: 'not the password' });
    expect(wrong.status).toBe(403);
    expect(await app.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, owner.user.id))).toEqual(
      [],
    );
    expect((await client.post('/api/auth/sso/link', {})).status).toBe(400);

    const linked = await client.post<PublicUser>('/api/auth/sso/link', { password: owner.password });
    expect(linked.status).toBe(200);
    expect(linked.body.id).toBe(owner.user.id);
    expect((await client.get<PublicUser>('/api/auth/me')).body.id).toBe(owner.user.id);
    // Used once.
    expect((await client.post('/api/auth/sso/link', { password: owner.password })).status).toBe(400);

    const next = app.client();
    const again = await next.get(callbackPath(await throughProvider(next, identity.sub)));
    expect(again.headers.get('location')).toBe('/');
    expect((await next.get<PublicUser>('/api/auth/me')).body.id).toBe(owner.user.id);
  });

  it('refuses a link without the pending sign-in', async () => {
    const res = await app.client().post('/api/auth/sso/link', { password: 'anything at all' });
    expect(res.status).toBe(400);
  });
});

describe('an address proven by e-mail (decision 118)', () => {
  /** An SSO account whose provider did not vouch for its address: unverified, with one identity. */
  async function unvouchedAccount() {
    const identity = newIdentity({ emailVerified: false });
    const client = app.client();
    expect((await client.get(callbackPath(await throughProvider(client, identity.sub)))).status).toBe(302);
    const [row] = await app.db.select().from(users).where(eq(users.email, identity.email));
    if (!row) throw new Error('no account');
    return { identity, userId: row.id };
  }
  const identitiesOf = (userId: string) =>
    app.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, userId));

  it('by a password reset: the identities whose provider did not vouch for it stop signing in', async () => {
    const { identity, userId } = await unvouchedAccount();
    expect(await identitiesOf(userId)).toHaveLength(1);

    await app.client().post('/api/auth/forgot-password', { email: identity.email });
    const token = await latestToken(app, identity.email, '/reset-password');
    const reset = await app.client().post('/api/auth/reset-password', {
      token,
      newPassword: 'a brand new password 47',
    });
    expect(reset.status).toBe(200);
    expect(await identitiesOf(userId)).toEqual([]);
    // The lax provider's identity now meets an account it must prove it owns.
    const again = app.client();
    const res = await again.get(callbackPath(await throughProvider(again, identity.sub)));
    expect(res.headers.get('location')).toBe('/sign-in/sso?step=link');
    expect((await again.get('/api/auth/me')).status).toBe(401);
  });

  it('by the verification link: the same', async () => {
    const { identity, userId } = await unvouchedAccount();
    expect(await identitiesOf(userId)).toHaveLength(1);
    await app.client().post('/api/auth/resend-verification', { email: identity.email });
    const token = await latestToken(app, identity.email, '/api/auth/verify-email');
    const res = await app.client().get(`/api/auth/verify-email?token=${token}`);
    expect(res.status).toBe(302);
    const [row] = await app.db.select().from(users).where(eq(users.id, userId));
    expect(row?.emailVerified).toBe(true);
    expect(await identitiesOf(userId)).toEqual([]);
  });

  it('keeps the identities of a provider that vouched for the address', async () => {
    const identity = newIdentity({ emailVerified: true });
    const client = app.client();
    await client.get(callbackPath(await throughProvider(client, identity.sub)));
    const [row] = await app.db.select().from(users).where(eq(users.email, identity.email));
    await app.client().post('/api/auth/forgot-password', { email: identity.email });
    const token = await latestToken(app, identity.email, '/reset-password');
    expect(
      (await app.client().post('/api/auth/reset-password', { token, newPassword: 'another new password 58' }))
        .status,
    ).toBe(200);
    expect(await identitiesOf(row?.id ?? '')).toHaveLength(1);
  });
});

describe('an admin', () => {
  it('is asked for the two-step code after SSO, as after a password', async () => {
    const admin = await buildUser(app.db, { role: 'license_admin' });
    const identity = newIdentity({ email: admin.email });
    const client = app.client();
    await client.get(callbackPath(await throughProvider(client, identity.sub)));
    const linked = await client.post('/api/auth/sso/link', { password: admin.password });
    expect(linked.body).toMatchObject({ mfa: 'verify' });
    expect((await client.get('/api/auth/me')).status).toBe(401);

    const next = app.client();
    const res = await next.get(callbackPath(await throughProvider(next, identity.sub, '/license-admin')));
    expect(res.headers.get('location')).toBe('/sign-in/sso?step=verify&next=%2Flicense-admin');
    expect((await next.get('/api/auth/me')).status).toBe(401);
    const code = await nextTotpCode(admin.email, next.now());
    const verified = await next.post<PublicUser>('/api/auth/mfa/verify', { code });
    expect(verified.status).toBe(200);
    expect((await next.get<PublicUser>('/api/auth/me')).body).toMatchObject({
      id: admin.user.id,
      role: 'license_admin',
    });
  });
});

describe('which addresses count as verified (decision 101)', () => {
  it('Google and a district when email_verified; Microsoft only for a work account whose domain is verified', () => {
    const google = claimsOf('google', 'https://accounts.google.com', 's', {
      email: 'A@District.org',
      email_verified: true,
      hd: 'district.org',
    });
    expect(google).toMatchObject({
      email: 'a@district.org',
      emailVerified: true,
      hostedDomain: 'district.org',
    });
    expect(claimsOf('oidc', 'i', 's', { email: 'a@b.org' }).emailVerified).toBe(false);
    const work = { email: 'a@district.org', tid: '11111111-2222-3333-4444-555555555555' };
    expect(claimsOf('microsoft', 'i', 's', { ...work, xms_edov: true })).toMatchObject({
      emailVerified: true,
      tenantId: work.tid,
    });
    expect(claimsOf('microsoft', 'i', 's', work).emailVerified).toBe(false);
    expect(claimsOf('microsoft', 'i', 's', { ...work, email_verified: true }).emailVerified).toBe(false);
    const personal = { ...work, tid: '9188040d-6c67-4c5b-b112-36a304b66dad', xms_edov: true };
    expect(claimsOf('microsoft', 'i', 's', personal).emailVerified).toBe(false);
    expect(() => claimsOf('oidc', 'i', 's', { email: 'not an address' })).toThrow();
  });

  it('lets a join link check an identity against its domains', () => {
    const scope = { email: 'a@district.org', emailVerified: false, hostedDomain: null, tenantId: null };
    expect(ssoIdentityInDomains(scope, ['district.org'])).toBe(false);
    expect(ssoIdentityInDomains({ ...scope, emailVerified: true }, ['District.org'])).toBe(true);
    expect(ssoIdentityInDomains({ ...scope, hostedDomain: 'district.org' }, ['district.org'])).toBe(true);
    expect(ssoIdentityInDomains({ ...scope, tenantId: 't-1' }, ['other.org'], ['t-1'])).toBe(true);
  });
});
