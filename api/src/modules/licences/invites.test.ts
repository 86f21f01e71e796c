import {
  type Invite,
  type InviteLookupResponse,
  licenceMessages,
  limits,
  type LicenseGroup,
  type PublicUser,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { mailboxFor, signIn } from '../../test/auth-helpers.js';
import { buildManyUsers, buildUser, uniqueEmail } from '../../test/factories.js';
import { premiumCourse, signedInTeacher, type Teacher } from '../../test/learning.js';
import { createGroup, inviteCodeIn, sendInvites, signedInAs } from '../../test/licences.js';
import { testContent } from '../../test/app.js';
import { acceptInvite } from './redemption.js';

let app: TestApp;
let superadmin: Teacher;
let admin: Teacher;
let groupId: string;

beforeAll(async () => {
  app = await startTestApp({
    rateLimits: {
      register: { perIp: { limit: 1000, windowMs: 60_000 }, perAccount: { limit: 1000, windowMs: 60_000 } },
    },
  });
  superadmin = await signedInAs(app, 'superadmin');
  admin = await signedInAs(app, 'license_admin', 'Dana Admin');
  groupId = await createGroup(superadmin.client, admin.user.id, 30, 'Lincoln High School');
});
afterAll(() => app.close());

const register = (code: string, email: string, extra: Record<string, unknown> = {}) =>
  app.client().post<{ needsVerification: boolean }>(`/api/auth/register?invite=${encodeURIComponent(code)}`, {
    name: 'Ivy Invited',
    email,
    password: 'long enough password',
    acceptTerms: true,
    ...extra,
  });

/** Sends one invite through the api and answers its code, read from the mailed link. */
async function invited(
  email = uniqueEmail('invited'),
): Promise<{ email: string; code: string; invite: Invite }> {
  const sent = await sendInvites(admin.client, groupId, [email]);
  expect(sent.status).toBe(201);
  const [mail] = await mailboxFor(app, email);
  return { email, code: inviteCodeIn(mail?.links ?? []), invite: sent.invites[0]! };
}

async function seats(id = groupId): Promise<LicenseGroup> {
  const res = await superadmin.client.get<LicenseGroup[]>('/api/license-groups');
  return res.body.find((g) => g.id === id)!;
}

describe('POST /api/invites: the spec messages of section 5', () => {
  it("answers No License Group for a group that is not the admin's (or none)", async () => {
    const other = await signedInAs(app, 'license_admin');
    for (const id of [groupId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await other.client.post('/api/invites', {
        license_group_id: id,
        emails: ['a@school.test'],
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: licenceMessages.noLicenseGroup });
    }
  });

  it('answers No Emails Provided for no non-empty line', async () => {
    const res = await sendInvites(admin.client, groupId, ['', '   ']);
    expect(res.status).toBe(400);
    expect(res.error).toBe(licenceMessages.noEmailsText);
  });

  it('answers Too Many Emails above 10 addresses, and sends nothing', async () => {
    const before = await seats();
    const emails = Array.from({ length: 11 }, () => uniqueEmail('many'));
    const res = await sendInvites(admin.client, groupId, emails);
    expect(res.status).toBe(400);
    expect(res.error).toBe(licenceMessages.tooManyEmailsText);
    expect((await seats()).licenses_pending).toBe(before.licenses_pending);
  });

  it("asks before inviting administrators' addresses (their own, a super admin's, another licence admin's), and sends nothing until confirmed", async () => {
    const before = await seats();
    const otherAdmin = await signedInAs(app, 'license_admin');
    const teacher = uniqueEmail('plain');
    for (const staff of [admin.email, superadmin.email, otherAdmin.email]) {
      const res = await sendInvites(admin.client, groupId, [teacher, staff.toUpperCase()]);
      expect(res.status).toBe(409);
      expect(res.error).toBe(licenceMessages.staffAddresses([staff]));
      expect((await seats()).licenses_pending).toBe(before.licenses_pending);
    }
    const confirmed = await admin.client.post<{ invites: Invite[] }>('/api/invites', {
      license_group_id: groupId,
      emails: [teacher, otherAdmin.email],
      confirm_staff: true,
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.invites.map((i) => i.email).sort()).toEqual([teacher, otherAdmin.email].sort());
    expect((await seats()).licenses_pending).toBe(before.licenses_pending + 2);
  });

  it('names the invalid addresses', async () => {
    const res = await sendInvites(admin.client, groupId, ['ok@school.test', 'not-an-email', 'also bad']);
    expect(res.status).toBe(400);
    expect(res.error).toBe(licenceMessages.invalidEmails(['not-an-email', 'also bad']));
  });

  it('answers Not Enough Licenses with n and m, and sends nothing', async () => {
    const small = await createGroup(superadmin.client, admin.user.id, 10, 'Small School');
    expect(
      (
        await sendInvites(
          admin.client,
          small,
          Array.from({ length: 8 }, () => uniqueEmail()),
        )
      ).status,
    ).toBe(201);
    const res = await sendInvites(
      admin.client,
      small,
      Array.from({ length: 3 }, () => uniqueEmail()),
    );
    expect(res.status).toBe(400);
    expect(res.error).toBe(licenceMessages.notEnoughLicensesText(2, 3));
    expect((await seats(small)).licenses_pending).toBe(8);
  });

  it('folds duplicates, reports members and pending addresses instead of inviting them again', async () => {
    const first = await invited();
    const member = await invited();
    expect((await register(member.code, member.email)).status).toBe(201);
    const fresh = uniqueEmail('fresh');
    const res = await admin.client.post<{ invites: Invite[]; skipped: { email: string; reason: string }[] }>(
      '/api/invites',
      { license_group_id: groupId, emails: [fresh, fresh.toUpperCase(), ` ${first.email} `, member.email] },
    );
    expect(res.status).toBe(201);
    expect(res.body.invites.map((i) => i.email)).toEqual([fresh]);
    expect(res.body.skipped).toEqual([
      { email: first.email, reason: licenceMessages.skippedPending },
      { email: member.email, reason: licenceMessages.skippedMember },
    ]);
    expect(await mailboxFor(app, fresh)).toHaveLength(1);
  });

  it("is for the group's license admin only", async () => {
    for (const role of ['free', 'premium', 'superadmin'] as const) {
      const who = await signedInAs(app, role);
      const res = await sendInvites(who.client, groupId, ['x@school.test']);
      expect(res.status).toBe(403);
    }
    expect((await app.client().post('/api/invites', { license_group_id: groupId, emails: [] })).status).toBe(
      401,
    );
  });
});

describe('the invite e-mail over real SMTP', () => {
  it('carries the group, who invited, the expiry and a /signup?invite= link that works', async () => {
    const smtpApp = await startTestApp({ smtp: true });
    try {
      const sa = await signedInTeacher(smtpApp, { role: 'superadmin' });
      const la = await signedInTeacher(smtpApp, { role: 'license_admin', name: 'Dana Admin' });
      const id = await createGroup(sa.client, la.user.id, 10, 'Riverside Academy');
      const email = uniqueEmail('smtp');
      expect((await sendInvites(la.client, id, [email])).status).toBe(201);
      const mail = await smtpApp.smtp!.waitFor((m) => m.to === email);
      expect(mail.subject).toBe('Dana Admin invited you to AI Classroom Academy');
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('Riverside Academy');
        expect(body).toContain('Dana Admin');
        expect(body).toMatch(/expires on [A-Z][a-z]+ \d{1,2}, \d{4}/);
      }
      const link = /https?:\/\/\S+\/signup\?invite=[\w-]+/.exec(mail.text)?.[0];
      expect(link?.startsWith(`${smtpApp.url}/signup?invite=`)).toBe(true);
      expect(mail.html).toContain(link!);
      const code = new URL(link!).searchParams.get('invite')!;
      expect(code.length).toBeGreaterThanOrEqual(43);
      const lookup = await smtpApp.client().get<InviteLookupResponse>(`/api/invites/${code}`);
      expect(lookup.status).toBe(200);
      expect(lookup.body).toEqual({ email, license_group_name: 'Riverside Academy' });
      const client = smtpApp.client();
      const res = await client.post(`/api/auth/register?invite=${code}`, {
        name: 'Sam Smtp',
        email,
        password: 'long enough password',
        acceptTerms: true,
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ needsVerification: false });
      expect((await client.get(`/api/content/courses/${premiumCourse}`)).status).toBe(200);
      // The code is in no log line (request log, mail log).
      expect(JSON.stringify(smtpApp.logs)).not.toContain(code);
    } finally {
      await smtpApp.close();
    }
  });
});

describe('GET /api/invites/{code}', () => {
  it('tells an unknown code from a used, a revoked and an expired one, each with its sentence and next step', async () => {
    const used = await invited();
    expect((await register(used.code, used.email)).status).toBe(201);
    const revoked = await invited();
    expect((await admin.client.post(`/api/invites/${revoked.invite.id}/revoke`)).status).toBe(200);
    const answer = async (code: string) => {
      const res = await app.client().get(`/api/invites/${code}`);
      return [res.status, res.body];
    };
    const unknown = [404, { error: licenceMessages.invalidInviteCode, code: 'INVALID_INVITE' }];
    expect(await answer('x'.repeat(43))).toEqual(unknown);
    expect(await answer('short')).toEqual(unknown);
    expect(await answer(used.code)).toEqual([
      410,
      { error: licenceMessages.inviteUsed, code: 'INVITE_USED' },
    ]);
    expect(await answer(revoked.code)).toEqual([
      410,
      { error: licenceMessages.inviteRevoked, code: 'INVITE_REVOKED' },
    ]);
  });

  it('expires after 14 days (and frees the seat)', async () => {
    const soon = await invited();
    const pendingBefore = (await seats()).licenses_pending;
    app.clock.advance(14 * 24 * 60 * 60 * 1000 + 1000);
    try {
      // 14 days on, the admins' sessions have long ended (1 hour idle, decision 074): signed in again.
      for (const who of [admin, superadmin])
        expect((await signIn(who.client, who.email, who.password)).status).toBe(200);
      const res = await app.client().get(`/api/invites/${soon.code}`);
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ error: licenceMessages.inviteExpired, code: 'INVITE_EXPIRED' });
      expect((await register(soon.code, soon.email)).status).toBe(410);
      expect((await seats()).licenses_pending).toBeLessThan(pendingBefore);
      const history = await admin.client.get<{ id: string; invites: Invite[] }[]>('/api/license-groups/me');
      const row = history.body.flatMap((g) => g.invites).find((i) => i.id === soon.invite.id);
      expect(row?.status).toBe('expired');
    } finally {
      app.clock.reset();
    }
  });

  it('is rate limited', async () => {
    const limited = await startTestApp({
      rateLimits: {
        inviteLookup: { perIp: { limit: 3, windowMs: 60_000 }, perAccount: { limit: 3, windowMs: 60_000 } },
      },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.client().get(`/api/invites/code${i}`)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-up with an invitation', () => {
  it('makes an active premium account at once, signed in, the invite used and the seat taken', async () => {
    const { email, code } = await invited();
    const before = await seats();
    const client = app.client();
    const res = await client.post(`/api/auth/register?invite=${code}`, {
      name: 'Ivy Invited',
      email: email.toUpperCase(),
      password: 'long enough password',
      acceptTerms: true,
      marketingOptIn: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ needsVerification: false });
    const me = await client.get<PublicUser>('/api/auth/me');
    expect(me.body).toMatchObject({
      email,
      emailVerified: true,
      role: 'free',
      licence: { groupId, groupName: 'Lincoln High School', groupStatus: 'active' },
    });
    expect(await mailboxFor(app, email)).toHaveLength(1); // the invitation only, no verification mail
    const after = await seats();
    expect(after.licenses_used).toBe(before.licenses_used + 1);
    expect(after.licenses_pending).toBe(before.licenses_pending - 1);
    expect((await client.get(`/api/content/courses/${premiumCourse}`)).status).toBe(200);
    // The code works once; then it says it was used.
    const again = await register(code, uniqueEmail());
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ error: licenceMessages.inviteUsed });
    // A fresh sign-in works too (the account is verified), and answers the seat as /me does.
    const login = await signIn(app.client(), email, 'long enough password');
    expect(login.status).toBe(200);
    expect(login.body.licence).toEqual({
      groupId,
      groupName: 'Lincoln High School',
      groupStatus: 'active',
      live: true,
      endsOn: null,
    });
  });

  it("refuses another e-mail than the invite's, and an existing account, creating nothing", async () => {
    const { email, code } = await invited();
    const other = uniqueEmail('other');
    const res = await register(code, other);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: licenceMessages.inviteEmailMismatch });
    const taken = await buildUser(app.db, { email });
    const again = await register(code, email);
    expect(again.status).toBe(409);
    expect((await signIn(app.client(), other, 'long enough password')).status).toBe(401);
    expect(taken.user.email).toBe(email);
    expect((await app.client().get(`/api/invites/${code}`)).status).toBe(200);
  });

  it('answers the marketing join page to a newsletter opt-in when MARKETING_JOIN_URL is set', async () => {
    const withJoin = await startTestApp({ env: { MARKETING_JOIN_URL: 'https://news.example.org/join' } });
    try {
      const sa = await signedInTeacher(withJoin, { role: 'superadmin' });
      const la = await signedInTeacher(withJoin, { role: 'license_admin' });
      const id = await createGroup(sa.client, la.user.id);
      const emails = [uniqueEmail('news'), uniqueEmail('quiet')];
      expect((await sendInvites(la.client, id, emails)).status).toBe(201);
      const answers = [];
      for (const [i, email] of emails.entries()) {
        const [mail] = await mailboxFor(withJoin, email);
        const res = await withJoin
          .client()
          .post(`/api/auth/register?invite=${inviteCodeIn(mail?.links ?? [])}`, {
            name: 'Nia News',
            email,
            password: 'long enough password',
            acceptTerms: true,
            marketingOptIn: i === 0,
            marketing_opt_in: i === 0,
          });
        answers.push(res.body);
      }
      expect(answers).toEqual([
        { needsVerification: false, marketingJoinUrl: 'https://news.example.org/join' },
        { needsVerification: false },
      ]);
    } finally {
      await withJoin.close();
    }
  });

  it('still validates the form with the spec messages', async () => {
    const { email, code } = await invited();
    const res = await register(code, email, { acceptTerms: false });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'You must accept the Terms of Service and Privacy Policy' });
  });
});

describe('an existing account accepts an invitation', () => {
  it('takes the seat when signed in as the invited e-mail; another account is told which e-mail', async () => {
    const teacher = await signedInTeacher(app, { role: 'free' });
    const sent = await sendInvites(admin.client, groupId, [teacher.email]);
    const [mail] = await mailboxFor(app, teacher.email);
    const code = inviteCodeIn(mail?.links ?? []);
    expect(sent.status).toBe(201);
    const stranger = await signedInTeacher(app, { role: 'free' });
    const wrong = await stranger.client.post('/api/invites/accept', { code });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: licenceMessages.inviteForOtherEmail(teacher.email) });
    expect((await teacher.client.get(`/api/content/courses/${premiumCourse}`)).status).toBe(403);
    const ok = await teacher.client.post('/api/invites/accept', { code });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ licence: { groupId, groupName: 'Lincoln High School' } });
    expect((await teacher.client.get(`/api/content/courses/${premiumCourse}`)).status).toBe(200);
    expect((await teacher.client.post('/api/invites/accept', { code })).status).toBe(410);
    expect((await app.client().post('/api/invites/accept', { code })).status).toBe(401);
  });
});

describe('resend and revoke', () => {
  it('resend mails a new link; the earlier ones keep working until one is used, and the seat is taken once', async () => {
    const { email, code, invite } = await invited();
    const before = await seats();
    for (let i = 0; i < 2; i++) {
      app.clock.advance(limits.inviteResendGapMs);
      const res = await admin.client.post<Invite>(`/api/invites/${invite.id}/resend`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: invite.id, status: 'pending' });
    }
    const mails = await mailboxFor(app, email);
    expect(mails).toHaveLength(3);
    const codes = mails.map((m) => inviteCodeIn(m.links));
    expect(new Set(codes).size).toBe(3);
    expect(codes).toContain(code);
    // Every link the teacher was sent works (a resend does not kill the one they are about to click)...
    for (const c of codes) expect((await app.client().get(`/api/invites/${c}`)).status).toBe(200);
    expect((await seats()).licenses_pending).toBe(before.licenses_pending);
    // ...until one is used: then each says so.
    expect((await register(code, email)).status).toBe(201);
    for (const c of codes) {
      const res = await app.client().get(`/api/invites/${c}`);
      expect([res.status, res.body]).toEqual([
        410,
        { error: licenceMessages.inviteUsed, code: 'INVITE_USED' },
      ]);
    }
    expect((await seats()).licenses_used).toBe(before.licenses_used + 1);
  });

  it('sends one e-mail for a double click: a resend within a minute of the last is refused with the wait', async () => {
    const { email, invite } = await invited();
    app.clock.advance(limits.inviteResendGapMs);
    const first = admin.client.post<Invite>(`/api/invites/${invite.id}/resend`);
    const second = admin.client.post<Invite>(`/api/invites/${invite.id}/resend`);
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toMatchObject({ error: licenceMessages.resendTooSoon, code: 'RESEND_TOO_SOON' });
    expect(Number(refused.headers.get('retry-after'))).toBe(60);
    expect(await mailboxFor(app, email)).toHaveLength(2);
    app.clock.advance(limits.inviteResendGapMs);
    expect((await admin.client.post(`/api/invites/${invite.id}/resend`)).status).toBe(200);
    expect(await mailboxFor(app, email)).toHaveLength(3);
  });

  it('revoke frees the seat; neither works on a used or revoked invite; other admins get 404', async () => {
    const { code, invite } = await invited();
    const before = await seats();
    const other = await signedInAs(app, 'license_admin');
    expect((await other.client.post(`/api/invites/${invite.id}/revoke`)).status).toBe(404);
    expect((await other.client.post(`/api/invites/${invite.id}/resend`)).status).toBe(404);
    const res = await admin.client.post<Invite>(`/api/invites/${invite.id}/revoke`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('revoked');
    expect((await seats()).licenses_pending).toBe(before.licenses_pending - 1);
    expect((await app.client().get(`/api/invites/${code}`)).status).toBe(410);
    for (const action of ['revoke', 'resend']) {
      const again = await admin.client.post(`/api/invites/${invite.id}/${action}`);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: licenceMessages.inviteNotPending });
    }
    expect((await admin.client.post('/api/invites/not-an-id/revoke')).status).toBe(404);
  });
});

describe('seats under concurrency', () => {
  it('50 parallel redemptions into a 10-seat group give exactly 10 members', async () => {
    const group = await createGroup(superadmin.client, admin.user.id, 50, 'Race School');
    const teachers = await buildManyUsers(app.db, 50, 'race');
    const codes: string[] = [];
    for (let i = 0; i < 50; i += 10) {
      const batch = teachers.slice(i, i + 10).map((t) => t.email);
      expect((await sendInvites(admin.client, group, batch)).status).toBe(201);
      for (const email of batch) codes.push(inviteCodeIn((await mailboxFor(app, email))[0]!.links));
    }
    const down = await superadmin.client.request('PATCH', `/api/license-groups/${group}/license-count`, {
      json: { license_count: 10 },
    });
    expect(down.status).toBe(200);
    const deps = { ...app, clock: app.clock.now, content: await testContent() };
    const results = await Promise.allSettled(teachers.map((t, i) => acceptInvite(deps, t, codes[i]!)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(new Set(refused.map((r) => (r.reason as Error).message))).toEqual(
      new Set([licenceMessages.groupFull]),
    );
    const after = await seats(group);
    expect(after.licenses_used).toBe(10);
    expect(after.licenses_available).toBe(0);
  });

  it('parallel sends never promise more seats than there are', async () => {
    const group = await createGroup(superadmin.client, admin.user.id, 10, 'Parallel School');
    const sends = await Promise.all(
      Array.from({ length: 4 }, () =>
        sendInvites(
          admin.client,
          group,
          Array.from({ length: 4 }, () => uniqueEmail()),
        ),
      ),
    );
    expect(sends.filter((s) => s.status === 201)).toHaveLength(2);
    for (const s of sends.filter((x) => x.status !== 201)) {
      expect(s.error).toBe(licenceMessages.notEnoughLicensesText(2, 4));
    }
    expect((await seats(group)).licenses_pending).toBe(8);
  });
});
