import { type PublicUser, ssoLinkCodeMessages, ssoLinkCodeRules } from '@pd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, ssoIdentities, ssoLinkCodes } from '../../db/schema.js';
import {
  type LocalIdentity,
  type LocalOidcProvider,
  startLocalOidcProvider,
} from '../../demo/oidc-provider.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import type { TestClient } from '../../test/client.js';
import { buildUser } from '../../test/factories.js';
import { nextTotpCode } from '../../test/mfa.js';
import {
  callbackPath,
  newIdentity as newIdentityAt,
  throughProvider as throughProviderOf,
} from '../../test/sso.js';

/**
 * The code e-mailed to an existing account's address, the other proof before an SSO sign-in is
 * linked to it (issue 27 part 3, decision 112): a real OpenID provider, the real api over HTTP and
 * a real SMTP server.
 */
let idp: LocalOidcProvider;
let app: TestApp;

beforeAll(async () => {
  idp = await startLocalOidcProvider({ identities: [] });
  app = await startTestApp({
    smtp: true,
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

afterEach(() => app.clock.reset());

const newIdentity = (overrides: Partial<LocalIdentity> = {}) => newIdentityAt(idp, overrides);

/** A browser back from the provider with an identity whose address has a password account. */
async function atTheLinkStep(role?: 'license_admin') {
  const owner = await buildUser(app.db, role ? { role } : {});
  const identity = newIdentity({ email: owner.email });
  const client = app.client();
  const res = await client.get(callbackPath(await throughProviderOf(app, idp, client, identity.sub, {})));
  expect(res.headers.get('location')).toBe('/sign-in/sso?step=link');
  return { owner, identity, client };
}

/** Asks for a code; the code, read from the mail that reached the SMTP server. */
async function askForCode(client: TestClient, email: string): Promise<string> {
  const before = app.smtp!.received.filter((m) => m.to === email).length;
  const res = await client.post<{ message: string; resendAfterSeconds: number }>('/api/auth/sso/link/code');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: ssoLinkCodeMessages.sent(email), resendAfterSeconds: 60 });
  const mail = await app.smtp!.waitFor(
    (m) => m.to === email && app.smtp!.received.filter((r) => r.to === email).indexOf(m) >= before,
  );
  const code = /^\d{6}$/m.exec(mail.text)?.[0];
  if (!code) throw new Error('no code in the mail');
  return code;
}

const identitiesOf = (userId: string) =>
  app.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, userId));

/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a code e-mailed instead of the password', () => {
  it('is sent once over SMTP, kept only as a hash, never logged, and links the identity', async () => {
    const { owner, identity, client } = await atTheLinkStep();
    const code = await askForCode(client, owner.email);
    await app.mailer.idle();
    const mails = app.smtp!.received.filter((m) => m.to === owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).not.toContain(code);
    expect(mails[0]?.text).toContain('Test district');
    expect(mails[0]?.html).toContain(code);

    // At rest: neither the code row nor the sent mail's row holds the code.
    const rows = await app.db.select().from(ssoLinkCodes).where(eq(ssoLinkCodes.userId, owner.user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    const [sent] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, owner.email));
    expect(sent?.status).toBe('sent');
    expect(JSON.stringify(sent)).not.toContain(code);

    const linked = await client.post<PublicUser>('/api/auth/sso/link', { code });
    expect(linked.status).toBe(200);
    expect(linked.body.id).toBe(owner.user.id);
    expect((await client.get<PublicUser>('/api/auth/me')).body.id).toBe(owner.user.id);
    expect(await identitiesOf(owner.user.id)).toHaveLength(1);
    // Spent: the row is gone, the pending link too.
    expect(await app.db.select().from(ssoLinkCodes).where(eq(ssoLinkCodes.userId, owner.user.id))).toEqual(
      [],
    );
    expect((await client.post('/api/auth/sso/link', { code })).status).toBe(400);

    // The next sign-in is one click.
    const next = app.client();
    const again = await next.get(callbackPath(await throughProviderOf(app, idp, next, identity.sub, {})));
    expect(again.headers.get('location')).toBe('/');

    expect(JSON.stringify(app.logs)).not.toContain(code);
  });

  it('a wrong code: 400 with the tries left; the fifth wrong one spends the code (429), even the right one then', async () => {
    const { owner, client } = await atTheLinkStep();
    const code = await askForCode(client, owner.email);
    for (let left = ssoLinkCodeRules.maxTries - 1; left >= 1; left--) {
      const wrong = await client.post<{ error: string }>('/api/auth/sso/link', { code: otherThan(code) });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe(ssoLinkCodeMessages.wrong(left));
    }
    const last = await client.post<{ error: string }>('/api/auth/sso/link', { code: otherThan(code) });
    expect(last.status).toBe(429);
    expect(last.body.error).toBe(ssoLinkCodeMessages.exhausted);
    const right = await client.post<{ error: string }>('/api/auth/sso/link', { code });
    expect(right.status).toBe(429);
    expect(right.body.error).toBe(ssoLinkCodeMessages.exhausted);
    expect(await identitiesOf(owner.user.id)).toEqual([]);
    expect((await client.get('/api/auth/me')).status).toBe(401);

    // A new code (a minute later) has its own five tries.
    app.clock.advance(61_000);
    const fresh = await askForCode(client, owner.email);
    expect((await client.post('/api/auth/sso/link', { code: fresh })).status).toBe(200);
    expect(JSON.stringify(app.logs)).not.toContain(fresh);
  });

  it('expired after 15 minutes: 410, ask for a new code', async () => {
    const { owner, client } = await atTheLinkStep();
    const code = await askForCode(client, owner.email);
    app.clock.advance(ssoLinkCodeRules.lifetimeMinutes * 60_000 + 1000);
    const late = await client.post<{ error: string }>('/api/auth/sso/link', { code });
    expect(late.status).toBe(410);
    expect(late.body.error).toBe(ssoLinkCodeMessages.expired);
    expect(await identitiesOf(owner.user.id)).toEqual([]);
  });

  it('a new code no sooner than 60 s (429 with the wait); the new one replaces the old', async () => {
    const { owner, client } = await atTheLinkStep();
    const first = await askForCode(client, owner.email);
    app.clock.advance(20_000);
    const soon = await client.post<{ error: string }>('/api/auth/sso/link/code');
    expect(soon.status).toBe(429);
    expect(soon.body.error).toBe(ssoLinkCodeMessages.tooSoon(40));
    expect(soon.headers.get('retry-after')).toBe('40');
    await app.mailer.idle();
    expect(app.smtp!.received.filter((m) => m.to === owner.email)).toHaveLength(1);

    app.clock.advance(41_000);
    const second = await askForCode(client, owner.email);
    if (second !== first) {
      const old = await client.post<{ error: string }>('/api/auth/sso/link', { code: first });
      expect(old.status).toBe(400);
      expect(old.body.error).toBe(ssoLinkCodeMessages.wrong(ssoLinkCodeRules.maxTries - 1));
    }
    expect((await client.post('/api/auth/sso/link', { code: second })).status).toBe(200);
  });

  it('refuses a code when none was sent, a malformed code, and a code without a pending link', async () => {
    const { client } = await atTheLinkStep();
    const none = await client.post<{ error: string }>('/api/auth/sso/link', { code: '123456' });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(ssoLinkCodeMessages.noneSent);
    expect((await client.post('/api/auth/sso/link', { code: '12345' })).status).toBe(400);
    expect((await client.post('/api/auth/sso/link', { code: '123456', password: 'x' })).status).toBe(400);
    expect((await app.client().post('/api/auth/sso/link/code')).status).toBe(400);
    expect((await app.client().post('/api/auth/sso/link', { code: '123456' })).status).toBe(400);
  });

  it('an admin: the right code asks for the two-step code, as the password does', async () => {
    const { owner, client } = await atTheLinkStep('license_admin');
    const code = await askForCode(client, owner.email);
    const linked = await client.post('/api/auth/sso/link', { code });
    expect(linked.body).toMatchObject({ mfa: 'verify' });
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const verified = await client.post<PublicUser>('/api/auth/mfa/verify', {
      code: await nextTotpCode(owner.email, client.now()),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.id).toBe(owner.user.id);
  });
});
