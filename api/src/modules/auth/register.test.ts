import { authMessages, type PublicUser } from '@pd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { latestToken, mailboxFor, signIn } from '../../test/auth-helpers.js';
import { uniqueEmail } from '../../test/factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const valid = () => ({
  name: 'Ada Teacher',
  email: uniqueEmail(),
  password: 'long enough password',
  acceptTerms: true,
});
const userByEmail = async (email: string) =>
  (await app.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/auth/register', () => {
  it('creates an unverified account, answers needsVerification and mails a verification link', async () => {
    const body = valid();
    const res = await app.client().post('/api/auth/register', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ needsVerification: true });
    const row = await userByEmail(body.email);
    expect(row).toMatchObject({
      name: 'Ada Teacher',
      role: 'free',
      emailVerified: false,
      marketingOptIn: false,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const [mail] = await mailboxFor(app, body.email);
    expect(mail?.subject).toContain('AI Classroom Academy');
    expect(mail?.links[0]).toMatch(new RegExp(`^${app.url}/api/auth/verify-email\\?token=[\\w-]{43}$`));
  });

  it('lower-cases and trims the e-mail', async () => {
    const email = uniqueEmail();
    const res = await app
      .client()
      .post('/api/auth/register', { ...valid(), email: `  ${email.toUpperCase()} ` });
    expect(res.status).toBe(201);
    expect(await userByEmail(email)).toBeDefined();
  });

  it('stores marketingOptIn and marketing_opt_in', async () => {
    const a = { ...valid(), marketingOptIn: true };
    const b = { ...valid(), marketing_opt_in: true };
    await app.client().post('/api/auth/register', a);
    await app.client().post('/api/auth/register', b);
    expect((await userByEmail(a.email))?.marketingOptIn).toBe(true);
    expect((await userByEmail(b.email))?.marketingOptIn).toBe(true);
  });

  it('refuses an unknown ?invite= code with the invite message and creates nothing (licences.test.ts has the rest)', async () => {
    const body = valid();
    const res = await app.client().post('/api/auth/register?invite=INV-123', body);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Invalid invite code' });
    expect(await userByEmail(body.email)).toBeUndefined();
  });

  it('answers a taken e-mail exactly as a new one (no enumeration, issue 17); the owner is told by e-mail', async () => {
    const body = valid();
    const first = await app.client().post('/api/auth/register', body);
    const signedUp = await signIn(app.client(), body.email, body.password);
    expect(signedUp.status).toBe(403); // not verified yet
    await app.db.update(users).set({ emailVerified: true }).where(eq(users.email, body.email));
    const again = await app
      .client()
      .post('/api/auth/register', { ...body, name: 'Someone Else', password: 'another password' });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect((await userByEmail(body.email))?.name).toBe('Ada Teacher');
    expect((await signIn(app.client(), body.email, 'another password')).status).toBe(401);
    const [notice] = await mailboxFor(app, body.email);
    expect(notice?.subject).toBe('Someone tried to sign up for AI Classroom Academy with your email');
    expect(notice?.text).toContain('nothing was changed');
  });

  it('sends a new verification link when the taken e-mail was never verified', async () => {
    const body = valid();
    await app.client().post('/api/auth/register', body);
    const again = await app.client().post('/api/auth/register', body);
    expect(again.status).toBe(201);
    const mails = await mailboxFor(app, body.email);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.links.some((l) => l.includes('verify-email')))).toBe(true);
  });

  it.each([
    ['name missing', { name: '' }, authMessages.nameRequired, 'name'],
    ['name too long', { name: 'x'.repeat(121) }, authMessages.nameTooLong, 'name'],
    ['e-mail invalid', { email: 'not-an-email' }, authMessages.invalidEmail, 'email'],
    ['e-mail too long', { email: `${'a'.repeat(250)}@x.org` }, authMessages.emailTooLong, 'email'],
    ['password short', { password: 'short' }, authMessages.passwordTooShort, 'password'],
    ['terms not accepted', { acceptTerms: false }, authMessages.acceptTerms, 'acceptTerms'],
  ])('rejects %s with the spec message and creates nothing', async (_label, patch, message, field) => {
    const body = { ...valid(), ...patch };
    const res = await app.client().post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, fields: { [field]: message } });
    if (typeof body.email === 'string') expect(await userByEmail(body.email.toLowerCase())).toBeUndefined();
  });
});

describe('GET /api/auth/verify-email', () => {
  it('verifies the account through the mailed link and redirects to /?verified=1; the link works once', async () => {
    const body = valid();
    const client = app.client();
    await client.post('/api/auth/register', body);
    expect((await signIn(client, body.email, body.password)).status).toBe(403);
    const token = await latestToken(app, body.email, '/api/auth/verify-email');
    const res = await client.get(`/api/auth/verify-email?token=${token}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?verified=1');
    const login = await signIn(client, body.email, body.password);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      email: body.email,
      emailVerified: true,
      role: 'free',
    } satisfies Partial<PublicUser>);
    const again = await client.get(`/api/auth/verify-email?token=${token}`);
    expect(again.headers.get('location')).toBe('/verify-sent?error=invalid');
  });

  it('leads back to the page asked for before signing up, never to another site (issue 16)', async () => {
    const body = { ...valid(), next: '/prompt-engineering/module/2' };
    const client = app.client();
    expect((await client.post('/api/auth/register', body)).status).toBe(201);
    const [mail] = await mailboxFor(app, body.email);
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe('/api/auth/verify-email');
    expect(link.searchParams.get('next')).toBe('/prompt-engineering/module/2');
    const res = await client.get(`${link.pathname}${link.search}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?verified=1&next=%2Fprompt-engineering%2Fmodule%2F2');

    // A link altered to lead elsewhere verifies, and stays on this site.
    const other = valid();
    await client.post('/api/auth/register', other);
    const token = await latestToken(app, other.email, '/api/auth/verify-email');
    const evil = await client.get(
      `/api/auth/verify-email?token=${token}&next=${encodeURIComponent('//evil.example/x')}`,
    );
    expect(evil.headers.get('location')).toBe('/?verified=1');
  });

  it('a resent link, and the page of a used link, lead back to the same page (issue 16)', async () => {
    const next = '/prompt-engineering/module/2';
    const body = { ...valid(), next };
    const client = app.client();
    expect((await client.post('/api/auth/register', body)).status).toBe(201);
    const first = new URL((await mailboxFor(app, body.email))[0]!.links[0]!);
    const resent = await client.post('/api/auth/resend-verification', { email: body.email, next });
    expect(resent.status).toBe(200);
    const mails = await mailboxFor(app, body.email);
    expect(mails).toHaveLength(2);
    const links = mails.map((m) => new URL(m.links[0]!));
    const second = links.find((l) => l.searchParams.get('token') !== first.searchParams.get('token'))!;
    expect(second.searchParams.get('next')).toBe(next);
    const ok = await client.get(`${second.pathname}${second.search}`);
    expect(ok.headers.get('location')).toBe(`/?verified=1&next=${encodeURIComponent(next)}`);
    // A used link's page offers a new link that still knows the way back.
    const used = await client.get(`${second.pathname}${second.search}`);
    expect(used.headers.get('location')).toBe(`/verify-sent?error=invalid&next=${encodeURIComponent(next)}`);
    const evil = await client.post('/api/auth/resend-verification', {
      email: body.email,
      next: '//evil.example',
    });
    expect(evil.status).toBe(400);
    expect(evil.body).toMatchObject({ error: authMessages.nextInvalid });
  });

  it('refuses a registration whose next is not a page of this site, and creates nothing', async () => {
    const body = { ...valid(), next: 'https://evil.example/' };
    const res = await app.client().post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: authMessages.nextInvalid });
    expect(await userByEmail(body.email)).toBeUndefined();
  });

  it('redirects an unknown or missing token to /verify-sent?error=invalid', async () => {
    for (const path of ['/api/auth/verify-email?token=nope', '/api/auth/verify-email']) {
      const res = await app.client().get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/verify-sent?error=invalid');
    }
  });
});
