import {
  type CreateJoinLinkResponse,
  districtErrorCodes,
  districtMessages,
  type PublicUser,
} from '@pd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../db/schema.js';
import { type LocalOidcProvider, startLocalOidcProvider } from '../../demo/oidc-provider.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import type { TestClient } from '../../test/client.js';
import { signedInTeacher, type Teacher } from '../../test/learning.js';
import { createGroup, signedInAs } from '../../test/licences.js';
import { callbackPath, newIdentity, throughProvider } from '../../test/sso.js';

/**
 * A domain-restricted join link and SSO (issue 27 part 2): it takes a verified address of its
 * domains, or an SSO identity of them (Google's `hd`, an address the provider vouched for). A real
 * OpenID provider started here plays both a district's service and Google (its `hd` claim).
 */
let idp: LocalOidcProvider;
let app: TestApp;
let superadmin: Teacher;
let code: string;

beforeAll(async () => {
  idp = await startLocalOidcProvider({ identities: [] });
  app = await startTestApp({
    env: {
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_DISPLAY_NAME: 'Test district',
    },
    ssoProviders: [
      {
        id: 'google',
        displayName: 'Google',
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      },
    ],
  });
  await idp.registerClient([
    `${app.url}/api/auth/sso/oidc/callback`,
    `${app.url}/api/auth/sso/google/callback`,
  ]);
  superadmin = await signedInAs(app, 'superadmin');
  const admin = await signedInAs(app, 'license_admin', 'Dana Admin');
  const groupId = await createGroup(superadmin.client, admin.user.id, 50, 'Springfield District');
  const res = await admin.client.post<CreateJoinLinkResponse>(`/api/license-groups/${groupId}/join-links`, {
    max_uses: 20,
    allowed_domains: ['district.org'],
  });
  expect(res.status).toBe(201);
  code = res.body.code;
});

afterAll(async () => {
  await app?.close();
  await idp?.close();
});

const join = (client: TestClient) =>
  client.post<{ licence?: { groupName: string }; error?: string; code?: string }>(`/api/join/${code}`, {});

/** A teacher signed in by SSO at `provider` as a new identity of the provider. */
async function ssoTeacher(
  provider: 'oidc' | 'google',
  identity: Parameters<typeof newIdentity>[1],
): Promise<TestClient> {
  const { sub } = newIdentity(idp, identity);
  const client = app.client();
  const back = await throughProvider(app, idp, client, sub, { provider, returnTo: `/join/${code}` });
  const res = await client.get(callbackPath(back));
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(`/join/${code}`);
  expect((await client.get<PublicUser>('/api/auth/me')).status).toBe(200);
  return client;
}

describe('a join link restricted to district.org', () => {
  it('takes a verified address of the domain', async () => {
    const teacher = await signedInTeacher(app, { email: 'ana.ng@district.org', verified: true });
    const res = await join(teacher.client);
    expect(res.status).toBe(200);
    expect(res.body.licence?.groupName).toBe('Springfield District');
  });

  it('refuses an address of the domain its provider did not vouch for, with its sentence', async () => {
    const client = await ssoTeacher('oidc', { email: 'bo.li@district.org', emailVerified: false });
    const [row] = await app.db.select().from(users).where(eq(users.email, 'bo.li@district.org'));
    expect(row?.emailVerified).toBe(false);
    const res = await join(client);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: districtMessages.joinNeedsVerifiedEmail,
      code: districtErrorCodes.joinNeedsVerifiedEmail,
    });
  });

  it('takes a district SSO identity whose provider vouched for an address of the domain; no e-mail needed', async () => {
    const client = await ssoTeacher('oidc', { email: 'cy.po@district.org', emailVerified: true });
    expect((await join(client)).status).toBe(200);
    // A new account whose provider vouched for the address is verified: no verification e-mail.
    expect(await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'cy.po@district.org'))).toEqual(
      [],
    );
  });

  it('takes a Google Workspace identity of the domain (its hd), whatever its address looks like', async () => {
    const client = await ssoTeacher('google', {
      email: 'robin.k.1987@mailbox.example',
      emailVerified: true,
      hd: 'district.org',
    });
    const res = await join(client);
    expect(res.status).toBe(200);
    expect(res.body.licence?.groupName).toBe('Springfield District');
  });

  it('refuses an SSO identity of another domain, with the sentence naming the domain', async () => {
    const client = await ssoTeacher('google', {
      email: 'olu@elsewhere.org',
      emailVerified: true,
      hd: 'elsewhere.org',
    });
    const res = await join(client);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: districtMessages.joinWrongDomain(['district.org']),
      code: districtErrorCodes.joinWrongDomain,
    });
  });
});
