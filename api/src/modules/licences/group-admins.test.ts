import {
  type AdminLicenseGroup,
  type AuditListResponse,
  groupAdminMessages,
  type GroupAdminListResponse,
  type LicenseGroup,
  type PublicUser,
  termDay,
} from '@pd/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenseGroups } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { mailboxFor, signIn } from '../../test/auth-helpers.js';
import { buildUser } from '../../test/factories.js';
import { premiumCourse, signedInTeacher, type Teacher } from '../../test/learning.js';
import { createGroup, inviteCodeIn, sendInvites, signedInAs } from '../../test/licences.js';
import { totpAt } from '../../test/mfa.js';

/**
 * Who manages what (issue 28 part 1) and the audit of every licence admin's and super admin's
 * action (part 4), over real HTTP on PGlite: co-admins, a group of A closed to the admin of B on
 * every call, the super admin's view and hand-over, the term, and the filtered, paged, exported log.
 */

let app: TestApp;
let superadmin: Teacher;
const generous = {
  perIp: { limit: 10_000, windowMs: 60_000 },
  perAccount: { limit: 10_000, windowMs: 60_000 },
};

beforeAll(async () => {
  app = await startTestApp({ rateLimits: { login: generous, inviteLookup: generous } });
  superadmin = await signedInAs(app, 'superadmin');
});
afterAll(() => app.close());

const dayMs = 24 * 60 * 60 * 1000;
const day = (offsetDays: number) => termDay(new Date(app.clock.now().getTime() + offsetDays * dayMs));

async function adminWithGroup(name = 'Springfield District'): Promise<{ admin: Teacher; groupId: string }> {
  const admin = await signedInAs(app, 'license_admin', 'Dana Admin');
  const groupId = await createGroup(superadmin.client, admin.user.id, 30, name);
  return { admin, groupId };
}

/** A teacher who holds a seat of the group, through a real invitation. */
async function memberOf(admin: Teacher, groupId: string): Promise<Teacher> {
  const teacher = await signedInTeacher(app);
  const sent = await sendInvites(admin.client, groupId, [teacher.email]);
  expect(sent.status).toBe(201);
  const mails = await mailboxFor(app, teacher.email);
  const code = inviteCodeIn(mails.flatMap((m) => m.links));
  const accepted = await teacher.client.post('/api/invites/accept', { code });
  expect(accepted.status).toBe(200);
  return teacher;
}

const audit = (client: Teacher['client'], groupId: string, query = '') =>
  client.get<AuditListResponse & { error?: string }>(`/api/license-groups/${groupId}/audit${query}`);

const addAdmin = (client: Teacher['client'], groupId: string, body: Record<string, unknown>) =>
  client.post<GroupAdminListResponse & { error?: string }>(`/api/license-groups/${groupId}/admins`, body);

const premiumOpens = async (teacher: Teacher) =>
  (await teacher.client.get(`/api/content/courses/${premiumCourse}`)).status;

describe('co-admins', () => {
  it('the purchaser adds a co-admin by e-mail, who then does what the purchaser can; all audited', async () => {
    const { admin, groupId } = await adminWithGroup();
    const co = await signedInAs(app, 'license_admin', 'Co Admin');
    // Before: the co-admin's page has no group, and the group answers 404.
    expect((await co.client.get<AdminLicenseGroup[]>('/api/license-groups/me')).body).toEqual([]);
    expect((await co.client.get(`/api/license-groups/${groupId}/members`)).status).toBe(404);

    const added = await addAdmin(admin.client, groupId, { email: co.email.toUpperCase() });
    expect(added.status).toBe(201);
    expect(added.body.admins).toEqual([
      { id: admin.user.id, name: 'Dana Admin', email: admin.email, purchaser: true },
      { id: co.user.id, name: 'Co Admin', email: co.email, purchaser: false },
    ]);
    const mine = await co.client.get<AdminLicenseGroup[]>('/api/license-groups/me');
    expect(mine.body.map((g) => [g.id, g.purchaser_email, g.admins?.length])).toEqual([
      [groupId, admin.email, 2],
    ]);

    // The co-admin invites, revokes, makes and revokes a join link, removes a member.
    const teacher = await memberOf(co, groupId);
    const other = await sendInvites(co.client, groupId, ['someone@school.test']);
    expect(other.status).toBe(201);
    const revoke = await co.client.post(`/api/invites/${other.invites[0]!.id}/revoke`, {});
    expect(revoke.status).toBe(200);
    app.clock.advance(61_000);
    const invite2 = await sendInvites(co.client, groupId, ['again@school.test']);
    app.clock.advance(61_000);
    expect((await co.client.post(`/api/invites/${invite2.invites[0]!.id}/resend`, {})).status).toBe(200);
    const link = await co.client.post<{ join_link: { id: string } }>(
      `/api/license-groups/${groupId}/join-links`,
      { max_uses: 5 },
    );
    expect(link.status).toBe(201);
    expect(
      (await co.client.post(`/api/license-groups/${groupId}/join-links/${link.body.join_link.id}/revoke`, {}))
        .status,
    ).toBe(200);
    const removed = await co.client.request(
      'DELETE',
      `/api/license-groups/${groupId}/members/${teacher.user.id}`,
    );
    expect(removed.status).toBe(200);

    // Every one of those is on the group's log, newest first, each in the action's transaction.
    const log = await audit(admin.client, groupId, '?limit=100');
    expect(log.status).toBe(200);
    expect(log.body.entries.map((e) => e.action).reverse()).toEqual([
      'license_group_created',
      'group_admin_added',
      'invites_sent',
      'invite_accepted',
      'invites_sent',
      'invite_revoked',
      'invites_sent',
      'invite_resent',
      'join_link_created',
      'join_link_revoked',
      'member_removed',
    ]);
    const accepted = log.body.entries.find((e) => e.action === 'invite_accepted')!;
    expect(accepted).toMatchObject({
      actorId: teacher.user.id,
      targetLabel: teacher.email,
      licenseGroupId: groupId,
    });
    const removal = log.body.entries.find((e) => e.action === 'member_removed')!;
    expect(removal).toMatchObject({
      actorId: co.user.id,
      targetId: teacher.user.id,
      targetLabel: teacher.email,
    });
  });

  it('refuses bad input with a clear 4xx and changes nothing; the purchaser and the last admin stay', async () => {
    const { admin, groupId } = await adminWithGroup();
    const teacher = await signedInTeacher(app);
    const co = await signedInAs(app, 'license_admin');
    const refusals: [Record<string, unknown>, number, string?][] = [
      [{}, 400, groupAdminMessages.emailOrUserId],
      [{ email: co.email, userId: co.user.id }, 400, groupAdminMessages.emailOrUserId],
      [{ email: 'nobody@school.test' }, 404, groupAdminMessages.userNotFound],
      [{ userId: 'not-a-uuid' }, 404, groupAdminMessages.userNotFound],
      [{ email: teacher.email }, 400, groupAdminMessages.notLicenseAdmin],
      [{ email: admin.email }, 409, groupAdminMessages.alreadyAdmin],
      [{ email: 42 }, 400],
    ];
    for (const [body, status, error] of refusals) {
      const res = await addAdmin(admin.client, groupId, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      if (error) expect(res.body.error).toBe(error);
    }
    expect((await addAdmin(admin.client, groupId, { userId: co.user.id })).status).toBe(201);
    expect((await addAdmin(admin.client, groupId, { userId: co.user.id })).status).toBe(409);
    // A teacher and another group's admin cannot touch the list.
    expect((await addAdmin(teacher.client, groupId, { email: co.email })).status).toBe(403);

    // The purchaser cannot be removed, by anyone; an unknown admin is a 404.
    const purchaserOut = await co.client.request(
      'DELETE',
      `/api/license-groups/${groupId}/admins/${admin.user.id}`,
    );
    expect(purchaserOut.status).toBe(409);
    expect(purchaserOut.body).toMatchObject({ error: groupAdminMessages.purchaserStays });
    const unknown = await co.client.request(
      'DELETE',
      `/api/license-groups/${groupId}/admins/${teacher.user.id}`,
    );
    expect(unknown.status).toBe(404);

    // A group whose purchaser's account is gone: its last co-admin stays.
    await app.db.update(licenseGroups).set({ purchaserId: null }).where(eq(licenseGroups.id, groupId));
    const last = await superadmin.client.request(
      'DELETE',
      `/api/license-groups/${groupId}/admins/${co.user.id}`,
    );
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ error: groupAdminMessages.lastAdmin });
    const log = await audit(superadmin.client, groupId, '?action=group_admin_removed');
    expect(log.body.total).toBe(0);
  });

  it('a removed co-admin loses the group at once (404), and the removal is audited', async () => {
    const { admin, groupId } = await adminWithGroup();
    const co = await signedInAs(app, 'license_admin');
    await addAdmin(admin.client, groupId, { email: co.email });
    expect((await co.client.get(`/api/license-groups/${groupId}/members`)).status).toBe(200);
    const out = await admin.client.request<GroupAdminListResponse>(
      'DELETE',
      `/api/license-groups/${groupId}/admins/${co.user.id}`,
    );
    expect(out.status).toBe(200);
    expect(out.body.admins.map((a) => a.id)).toEqual([admin.user.id]);
    expect((await co.client.get(`/api/license-groups/${groupId}/members`)).status).toBe(404);
    const log = await audit(admin.client, groupId, '?action=group_admin_removed');
    expect(log.body.entries).toMatchObject([{ actorId: admin.user.id, targetId: co.user.id }]);
  });
});

describe('a licence admin of group A gets 403 or 404 on every call of group B', () => {
  it('loops over the licence endpoints and finds group B unchanged', async () => {
    const a = await adminWithGroup('Group A');
    const b = await adminWithGroup('Group B');
    const bTeacher = await memberOf(b.admin, b.groupId);
    const bInvite = await sendInvites(b.admin.client, b.groupId, ['pending-b@school.test']);
    const bLink = await b.admin.client.post<{ join_link: { id: string } }>(
      `/api/license-groups/${b.groupId}/join-links`,
      { max_uses: 5 },
    );
    const bCo = await signedInAs(app, 'license_admin');
    await addAdmin(b.admin.client, b.groupId, { email: bCo.email });
    const before = {
      group: (await b.admin.client.get(`/api/license-groups/${b.groupId}`)).body,
      log: (await audit(b.admin.client, b.groupId, '?limit=100')).body.total,
    };
    const g = `/api/license-groups/${b.groupId}`;
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', g],
      ['GET', `${g}/members`],
      ['GET', `${g}/members.csv`],
      ['DELETE', `${g}/members/${bTeacher.user.id}`],
      ['PATCH', `${g}/license-count`, { license_count: 50 }],
      ['POST', '/api/invites', { license_group_id: b.groupId, emails: ['x@school.test'] }],
      ['POST', `/api/invites/${bInvite.invites[0]!.id}/resend`, {}],
      ['POST', `/api/invites/${bInvite.invites[0]!.id}/revoke`, {}],
      ['POST', `${g}/roster`, { rows: [{ email: 'y@school.test' }], dryRun: false }],
      ['GET', `${g}/roster-imports`],
      ['POST', `${g}/join-links`, { max_uses: 5 }],
      ['GET', `${g}/join-links`],
      ['POST', `${g}/join-links/${bLink.body.join_link.id}/revoke`, {}],
      ['PATCH', `${g}/invite-reminders`, { enabled: false }],
      ['GET', `${g}/admins`],
      ['POST', `${g}/admins`, { email: a.admin.email }],
      ['DELETE', `${g}/admins/${bCo.user.id}`],
      ['PATCH', `${g}/term`, { starts_on: null, ends_on: day(-1) }],
      ['PATCH', `${g}/purchaser`, { purchaser_id: a.admin.user.id }],
      ['GET', `${g}/audit`],
      ['GET', `${g}/audit.csv`],
      ['POST', `${g}/assignments`, { courseSlugs: [premiumCourse] }],
      ['GET', `${g}/assignments`],
    ];
    for (const [method, path, json] of calls) {
      const res = await a.admin.client.request(method, path, json ? { json } : undefined);
      expect([method, path, [403, 404].includes(res.status)]).toEqual([method, path, true]);
    }
    const after = {
      group: (await b.admin.client.get(`/api/license-groups/${b.groupId}`)).body,
      log: (await audit(b.admin.client, b.groupId, '?limit=100')).body.total,
    };
    expect(after).toEqual(before);
    expect(await premiumOpens(bTeacher)).toBe(200);
  });
});

describe("the super admin's view of any group", () => {
  it('opens any group and its members, and hands the group to another licence admin (audited)', async () => {
    const { admin, groupId } = await adminWithGroup('Demo Unified School District');
    await memberOf(admin, groupId);
    const page = await superadmin.client.get<AdminLicenseGroup>(`/api/license-groups/${groupId}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: groupId, name: 'Demo Unified School District', licenses_used: 1 });
    const members = await superadmin.client.get<{ members: { email: string }[] }>(
      `/api/license-groups/${groupId}/members`,
    );
    expect(members.status).toBe(200);
    expect(members.body.members).toHaveLength(1);

    const teacher = await signedInTeacher(app);
    const next = await signedInAs(app, 'license_admin', 'Next Owner');
    const toTeacher = await superadmin.client.request('PATCH', `/api/license-groups/${groupId}/purchaser`, {
      json: { purchaser_id: teacher.user.id },
    });
    expect(toTeacher.status).toBe(400);
    // A licence admin cannot hand a group over, not even their own.
    const byAdmin = await admin.client.request('PATCH', `/api/license-groups/${groupId}/purchaser`, {
      json: { purchaser_id: next.user.id },
    });
    expect(byAdmin.status).toBe(403);
    const handed = await superadmin.client.request<LicenseGroup>(
      'PATCH',
      `/api/license-groups/${groupId}/purchaser`,
      { json: { purchaser_id: next.user.id } },
    );
    expect(handed.status).toBe(200);
    expect(handed.body).toMatchObject({ purchaser_id: next.user.id, purchaser_email: next.email });
    expect((await admin.client.get(`/api/license-groups/${groupId}/members`)).status).toBe(404);
    expect((await next.client.get(`/api/license-groups/${groupId}/members`)).status).toBe(200);
    const log = await audit(superadmin.client, groupId, '?action=group_owner_changed');
    expect(log.body.entries).toMatchObject([
      {
        actorId: superadmin.user.id,
        before: { purchaserEmail: admin.email },
        after: { purchaserEmail: next.email },
      },
    ]);
    // The users table filters by group and shows the seat ('Premium · group' is drawn from it).
    const users = await superadmin.client.get<{ users: { licence: { groupName: string; live: boolean } }[] }>(
      `/api/admin/users?group=${groupId}`,
    );
    expect(users.body.users).toMatchObject([
      { licence: { groupName: 'Demo Unified School District', live: true } },
    ]);
    expect((await superadmin.client.get('/api/admin/users?group=nope')).status).toBe(400);
  });
});

describe("a group's term", () => {
  it('the end date removes premium with a notice; renewal restores it; suspension too; audited', async () => {
    const { admin, groupId } = await adminWithGroup('Term District');
    const teacher = await memberOf(admin, groupId);
    expect(await premiumOpens(teacher)).toBe(200);
    const setTerm = (client: Teacher['client'], json: Record<string, unknown>) =>
      client.request<LicenseGroup & { error?: string }>('PATCH', `/api/license-groups/${groupId}/term`, {
        json,
      });

    // Bad input: 400, nothing changed; a licence admin: 403.
    expect((await setTerm(superadmin.client, { starts_on: day(5), ends_on: day(1) })).status).toBe(400);
    expect((await setTerm(superadmin.client, { starts_on: null, ends_on: '2026-02-30' })).status).toBe(400);
    expect((await setTerm(superadmin.client, { starts_on: null, ends_on: 'tomorrow' })).status).toBe(400);
    expect((await setTerm(superadmin.client, { ends_on: day(1) })).status).toBe(400);
    expect((await setTerm(admin.client, { starts_on: null, ends_on: day(-1) })).status).toBe(403);
    expect(await premiumOpens(teacher)).toBe(200);
    expect((await audit(superadmin.client, groupId, '?action=group_term_changed')).body.total).toBe(0);

    // The term ends today: premium goes, and the account says so.
    const ended = await setTerm(superadmin.client, { starts_on: day(-30), ends_on: day(0) });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ starts_on: day(-30), ends_on: day(0) });
    expect(await premiumOpens(teacher)).toBe(403);
    const me = await teacher.client.get<PublicUser>('/api/auth/me');
    expect(me.body.licence).toMatchObject({ groupName: 'Term District', live: false, endsOn: day(0) });

    // Renewal: a later end date, premium is back.
    expect((await setTerm(superadmin.client, { starts_on: day(-30), ends_on: day(365) })).status).toBe(200);
    expect(await premiumOpens(teacher)).toBe(200);
    expect((await teacher.client.get<PublicUser>('/api/auth/me')).body.licence).toMatchObject({ live: true });

    // Suspension, then resumed.
    expect(
      (await setTerm(superadmin.client, { starts_on: day(-30), ends_on: day(365), status: 'suspended' }))
        .status,
    ).toBe(200);
    expect(await premiumOpens(teacher)).toBe(403);
    expect(
      (await setTerm(superadmin.client, { starts_on: day(-30), ends_on: day(365), status: 'active' })).status,
    ).toBe(200);
    expect(await premiumOpens(teacher)).toBe(200);

    const log = await audit(admin.client, groupId, '?action=group_term_changed&limit=10');
    expect(log.body.entries.map((e) => e.after).reverse()).toEqual([
      { startsOn: day(-30), endsOn: day(0), status: 'active' },
      { startsOn: day(-30), endsOn: day(365), status: 'active' },
      { startsOn: day(-30), endsOn: day(365), status: 'suspended' },
      { startsOn: day(-30), endsOn: day(365), status: 'active' },
    ]);
  });

  it('an ended, not yet begun or suspended group takes no one in, by invitation or link, each with its sentence', async () => {
    const { admin, groupId } = await adminWithGroup('Closed District');
    const setTerm = async (json: Record<string, unknown>) =>
      expect(
        (await superadmin.client.request('PATCH', `/api/license-groups/${groupId}/term`, { json })).status,
      ).toBe(200);
    const teacher = await signedInTeacher(app);
    const newcomer = `new-${teacher.email}`;
    expect((await sendInvites(admin.client, groupId, [teacher.email, newcomer])).status).toBe(201);
    const code = inviteCodeIn((await mailboxFor(app, teacher.email)).flatMap((m) => m.links));
    const newcomerCode = inviteCodeIn((await mailboxFor(app, newcomer)).flatMap((m) => m.links));
    const link = await admin.client.post<{ code: string }>(`/api/license-groups/${groupId}/join-links`, {
      max_uses: 10,
    });
    expect(link.status).toBe(201);
    const joiner = await signedInTeacher(app);

    type Refusal = { error?: string; code?: string };
    const tries = async () => ({
      lookup: await app.client().get<Refusal>(`/api/invites/${code}`),
      accept: await teacher.client.post<Refusal>('/api/invites/accept', { code }),
      register: await app
        .client()
        .post<Refusal>(`/api/auth/register?invite=${encodeURIComponent(newcomerCode)}`, {
          name: 'Nell Newcomer',
          email: newcomer,
          password: 'long enough password',
          acceptTerms: true,
        }),
      linkLookup: await app.client().get<Refusal>(`/api/join/${link.body.code}`),
      join: await joiner.client.post<Refusal>(`/api/join/${link.body.code}`, {}),
    });
    const expectRefused = async (status: number, code: string, error: string) => {
      for (const [call, res] of Object.entries(await tries())) {
        expect({ call, status: res.status, code: res.body.code, error: res.body.error }).toEqual({
          call,
          status,
          code,
          error,
        });
      }
      const members = await admin.client.get<{ total: number }>(`/api/license-groups/${groupId}/members`);
      expect(members.body.total).toBe(0);
    };

    // Ended today (the first day without access): refused, saying when and what to do.
    await setTerm({ starts_on: day(-300), ends_on: day(0) });
    await expectRefused(
      409,
      'GROUP_TERM_ENDED',
      `This license group's term ended on ${day(0)}. Please ask your license administrator to renew it.`,
    );
    // Not begun: refused, saying from when.
    await setTerm({ starts_on: day(3), ends_on: day(300) });
    await expectRefused(
      409,
      'GROUP_TERM_NOT_STARTED',
      `This license group's term starts on ${day(3)}. Please use this link again from that day.`,
    );
    // Suspended within its term: the suspension's sentence.
    await setTerm({ starts_on: day(-3), ends_on: day(300), status: 'suspended' });
    await expectRefused(
      409,
      'GROUP_SUSPENDED',
      'This license group is suspended. Please ask your license administrator.',
    );

    // Live again: the same invitation and link take the teachers in.
    await setTerm({ starts_on: day(-3), ends_on: day(300), status: 'active' });
    const ok = await tries();
    expect(ok.lookup.status).toBe(200);
    expect(ok.accept.status).toBe(200);
    expect(ok.register.status).toBe(201);
    expect(ok.join.status).toBe(200);
    const members = await admin.client.get<{ total: number }>(`/api/license-groups/${groupId}/members`);
    expect(members.body.total).toBe(3);
  });
});

describe('the audit log: filters, pages, CSV, two-step sign-in', () => {
  it('filters by actor, action, target, days and a search, pages on the server, refuses bad filters', async () => {
    const { admin, groupId } = await adminWithGroup('=Formula District');
    for (let i = 0; i < 5; i++) await sendInvites(admin.client, groupId, [`p${i}@filter.test`]);
    const all = await superadmin.client.get<AuditListResponse>(`/api/admin/audit?actor=${admin.user.id}`);
    expect(all.body.total).toBe(5);
    const byEmail = await superadmin.client.get<AuditListResponse>(
      `/api/admin/audit?actor=${encodeURIComponent(admin.email.toUpperCase())}&action=invites_sent`,
    );
    expect(byEmail.body.total).toBe(5);
    const page2 = await superadmin.client.get<AuditListResponse>(
      `/api/admin/audit?actor=${admin.user.id}&limit=2&offset=2`,
    );
    expect(page2.body.entries.map((e) => e.id)).toEqual(all.body.entries.slice(2, 4).map((e) => e.id));
    const byTarget = await superadmin.client.get<AuditListResponse>(`/api/admin/audit?target=${groupId}`);
    expect(byTarget.body.entries.map((e) => e.action)).toContain('license_group_created');
    const search = await superadmin.client.get<AuditListResponse>(`/api/admin/audit?q=formula%20district`);
    expect(search.body.total).toBe(6);
    const today = day(0);
    const inDays = await superadmin.client.get<AuditListResponse>(
      `/api/admin/audit?actor=${admin.user.id}&from=${today}&to=${today}`,
    );
    expect(inDays.body.total).toBe(5);
    const before = await superadmin.client.get<AuditListResponse>(
      `/api/admin/audit?actor=${admin.user.id}&to=${day(-1)}`,
    );
    expect(before.body.total).toBe(0);
    for (const bad of [
      'action=nope',
      'from=2026-13-01',
      `from=${today}&to=${day(-1)}`,
      'limit=0',
      'q=' + 'x'.repeat(201),
    ]) {
      const res = await superadmin.client.get<{ error?: string }>(`/api/admin/audit?${bad}`);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(res.body.error).toBeTruthy();
    }
    // Only the super admin reads the whole log; a licence admin reads their group's.
    expect((await admin.client.get('/api/admin/audit')).status).toBe(403);
    expect((await audit(admin.client, groupId)).body.total).toBe(6);
  });

  it('counts a total exactly up to 10,000, then says there are more (capped)', async () => {
    const actor = 'bulk-actor@cap.test';
    await app.db.execute(
      sql`insert into audit_log (at, action, actor_email, target_type, target_id, target_label)
          select now() - (i || ' seconds')::interval, 'email_verified', ${actor}, 'user', i::text, 'x'
          from generate_series(1, 10001) as i`,
    );
    const res = await superadmin.client.get<AuditListResponse>(`/api/admin/audit?actor=${actor}&limit=5`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 10_000, capped: true });
    expect(res.body.entries).toHaveLength(5);
    const exact = await superadmin.client.get<AuditListResponse>(
      `/api/admin/audit?actor=${actor}&target=10001`,
    );
    expect(exact.body).toMatchObject({ total: 1, capped: false });
  });

  it('exports the filtered log as CSV, every cell through the shared escaper', async () => {
    const { admin, groupId } = await adminWithGroup('=HYPERLINK("x")');
    await sendInvites(admin.client, groupId, ['csv@school.test']);
    const res = await superadmin.client.get(`/api/admin/audit.csv?target=${groupId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,Action,What,Target,Target id,Before,After');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    const own = await admin.client.get(`/api/license-groups/${groupId}/audit.csv`);
    expect(own.status).toBe(200);
    expect(own.text.trim().split('\r\n')).toHaveLength(3);
    expect((await admin.client.get('/api/admin/audit.csv')).status).toBe(403);
  });

  it('records two-step sign-in turned on and off in the same transaction', async () => {
    const teacher = await buildUser(app.db, { role: 'free' });
    const client = app.client();
    expect((await signIn(client, teacher.email, teacher.password)).status).toBe(200);
    const setup = await client.post<{ secret: string }>('/api/auth/mfa/setup', {
      password: teacher.password,
    });
    expect(setup.status).toBe(200);
    const on = await client.post<{ recoveryCodes: string[] }>('/api/auth/mfa/enable', {
      code: await totpAt(setup.body.secret, app.clock.now()),
    });
    expect(on.status).toBe(200);
    const wrong = await client.post('/api/auth/mfa/disable', {
      password: 'not it',
      code: on.body.recoveryCodes[0],
    });
    expect(wrong.status).toBe(403);
    const off = await client.post('/api/auth/mfa/disable', {
      password: teacher.password,
      code: on.body.recoveryCodes[0],
    });
    expect(off.status).toBe(200);
    const log = await superadmin.client.get<AuditListResponse>(`/api/admin/audit?actor=${teacher.user.id}`);
    expect(log.body.entries.map((e) => e.action)).toEqual(['mfa_disabled', 'mfa_enabled']);
  });
});
