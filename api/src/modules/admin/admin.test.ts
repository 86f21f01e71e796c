import {
  adminMessages,
  type AdminUserListResponse,
  type AuditListResponse,
  type LicenseGroup,
  type PublicUser,
  type Role,
  roles,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { mailboxFor, postLogin, signIn } from '../../test/auth-helpers.js';
import type { TestClient } from '../../test/client.js';
import { buildUser } from '../../test/factories.js';
import { createMemoryLogger } from '../../test/logger.js';
import { completeModules, freeCourse, signedInTeacher, type Teacher } from '../../test/learning.js';
import { startPaymentsTestBed, subscribe } from '../../test/fake-stripe.js';
import { createGroup, inviteCodeIn, sendInvites, signedInAs } from '../../test/licences.js';
import { changeRole } from './service.js';

let app: TestApp;
let superadmin: Teacher;
let clients: Record<Role, Teacher>;

beforeAll(async () => {
  app = await startTestApp();
  superadmin = await signedInAs(app, 'superadmin', 'Sam Super');
  clients = {} as Record<Role, Teacher>;
  for (const role of roles) clients[role] = await signedInAs(app, role);
});
afterAll(() => app.close());

const patch = (client: TestClient, path: string, json: unknown) => client.request('PATCH', path, { json });
const del = (client: TestClient, path: string) => client.request('DELETE', path);

const audit = async (limit = 100) =>
  (await superadmin.client.get<AuditListResponse>(`/api/admin/audit?limit=${limit}`)).body;

describe('every admin call is for superadmins only', () => {
  const calls = (id: string) =>
    [
      ['get', '/api/admin/users', undefined],
      ['get', '/api/admin/audit', undefined],
      ['patch', `/api/admin/users/${id}/role`, { role: 'premium' }],
      ['post', `/api/admin/users/${id}/verify-email`, undefined],
      ['post', `/api/admin/users/${id}/reset-mfa`, undefined],
      ['delete', `/api/admin/users/${id}`, undefined],
    ] as const;

  it.each(['free', 'premium', 'license_admin'] as const)(
    'answers 403 to %s and changes nothing',
    async (role) => {
      const target = await buildUser(app.db, { verified: false });
      const before = (await audit()).total;
      for (const [method, path, body] of calls(target.user.id)) {
        const res = await clients[role].client.request(method.toUpperCase(), path, { json: body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body).toMatchObject({ error: adminMessages.onlySuperadmins });
      }
      const user = await superadmin.client.get<AdminUserListResponse>(
        `/api/admin/users?search=${encodeURIComponent(target.email)}`,
      );
      expect(user.body.users).toEqual([expect.objectContaining({ role: 'free', emailVerified: false })]);
      expect((await audit()).total).toBe(before);
    },
  );

  it('answers 401 when signed out', async () => {
    const target = await buildUser(app.db);
    for (const [method, path, body] of calls(target.user.id)) {
      expect((await app.client().request(method.toUpperCase(), path, { json: body })).status, path).toBe(401);
    }
  });
});

describe('GET /api/admin/users', () => {
  it('searches name or e-mail case-insensitively, filters role and verified, sorts and pages, with the total', async () => {
    const tag = `zq${Math.random().toString(36).slice(2, 8)}`;
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await buildUser(app.db, {
          name: `${tag.toUpperCase()} Teacher ${i}`,
          email: `${tag}-${i}@school.test`,
          verified: i % 2 === 0,
          role: i === 4 ? 'premium' : 'free',
        }),
      );
    }
    const byName = await superadmin.client.get<AdminUserListResponse>(`/api/admin/users?search=${tag}`);
    expect(byName.status).toBe(200);
    expect(byName.body.total).toBe(5);
    expect(byName.body.users[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      email: expect.stringContaining(tag),
      role: expect.any(String),
      emailVerified: expect.any(Boolean),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      mfaEnabled: false,
      licence: null,
    });
    const byEmail = await superadmin.client.get<AdminUserListResponse>(
      `/api/admin/users?search=${tag.toUpperCase()}-3@`,
    );
    expect(byEmail.body.users.map((u) => u.email)).toEqual([`${tag}-3@school.test`]);
    const unverified = await superadmin.client.get<AdminUserListResponse>(
      `/api/admin/users?search=${tag}&verified=no`,
    );
    expect(unverified.body.total).toBe(2);
    const premium = await superadmin.client.get<AdminUserListResponse>(
      `/api/admin/users?search=${tag}&role=premium`,
    );
    expect(premium.body.users.map((u) => u.email)).toEqual([`${tag}-4@school.test`]);
    // Paging: 2 per page, oldest first; the pages together are every match once.
    const pages = [];
    for (const offset of [0, 2, 4]) {
      const page = await superadmin.client.get<AdminUserListResponse>(
        `/api/admin/users?search=${tag}&sort=joined_asc&limit=2&offset=${offset}`,
      );
      expect(page.body).toMatchObject({ total: 5, limit: 2, offset });
      pages.push(...page.body.users.map((u) => u.id));
    }
    expect(new Set(pages).size).toBe(5);
    const newest = await superadmin.client.get<AdminUserListResponse>(
      `/api/admin/users?search=${tag}&limit=5`,
    );
    const oldest = await superadmin.client.get<AdminUserListResponse>(
      `/api/admin/users?search=${tag}&limit=5&sort=joined_asc`,
    );
    expect(newest.body.users.map((u) => u.id)).toEqual([...oldest.body.users.map((u) => u.id)].reverse());
    // A wildcard is a letter.
    const wildcard = await superadmin.client.get<AdminUserListResponse>(`/api/admin/users?search=%25`);
    expect(wildcard.body.total).toBe(0);
  });

  it.each([
    ['role=owner', 'Role must be one of'],
    ['verified=maybe', 'Verified must be yes or no'],
    ['limit=1000', 'Limit must be between 1 and 100'],
    ['offset=-1', 'Offset cannot be negative'],
    ['sort=name', 'Sort must be'],
  ])('refuses %s with a message', async (query, message) => {
    const res = await superadmin.client.get<{ error: string }>(`/api/admin/users?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });
});

describe('PATCH /api/admin/users/{userId}/role', () => {
  it('changes the role, ends every session of that user, and writes one audit row', async () => {
    const teacher = await signedInTeacher(app, { role: 'free' });
    const before = (await audit()).total;
    const res = await patch(superadmin.client, `/api/admin/users/${teacher.user.id}/role`, {
      role: 'premium',
    });
    expect(res.status).toBe(200);
    // The teacher's open session has ended: the next request is signed out.
    expect((await teacher.client.get('/api/auth/me')).status).toBe(401);
    const again = await signIn(app.client(), teacher.email, teacher.password);
    expect(again.body).toMatchObject({ role: 'premium' });
    const log = await audit();
    expect(log.total).toBe(before + 1);
    expect(log.entries[0]).toMatchObject({
      action: 'role_changed',
      actorId: superadmin.user.id,
      actorEmail: superadmin.email,
      targetType: 'user',
      targetId: teacher.user.id,
      targetLabel: teacher.email,
      before: { role: 'free' },
      after: { role: 'premium' },
    });
  });

  it('refuses one’s own account and an unknown role, and changes nothing', async () => {
    const own = await patch(superadmin.client, `/api/admin/users/${superadmin.user.id}/role`, {
      role: 'free',
    });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ error: adminMessages.notOwnAccount });
    const target = await buildUser(app.db);
    const bad = await patch(superadmin.client, `/api/admin/users/${target.user.id}/role`, { role: 'owner' });
    expect(bad.status).toBe(400);
    expect((await superadmin.client.get<PublicUser>('/api/auth/me')).body.role).toBe('superadmin');
  });

  it('answers 404 for an unknown user', async () => {
    const res = await patch(superadmin.client, '/api/admin/users/00000000-0000-4000-8000-000000000000/role', {
      role: 'free',
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: adminMessages.userNotFound });
  });

  it('never removes the last superadmin: two demoting each other at once leave one', async () => {
    const fresh = await startTestApp();
    try {
      const a = await signedInAs(fresh, 'superadmin');
      const b = await signedInAs(fresh, 'superadmin');
      const [ra, rb] = await Promise.all([
        patch(a.client, `/api/admin/users/${b.user.id}/role`, { role: 'free' }),
        patch(b.client, `/api/admin/users/${a.user.id}/role`, { role: 'free' }),
      ]);
      const statuses = [ra.status, rb.status].sort();
      expect(statuses[0]).toBe(200);
      // The loser's answer depends on where its request was when the winner's change committed:
      // its session already ended (401), its role already read as free (403), or waiting on the
      // lock, then refused as demoted (403) or as the last superadmin's demotion (409).
      expect([401, 403, 409]).toContain(statuses[1]);
      const loser = ra.status === 200 ? rb : ra;
      if (loser.status === 409) expect(loser.body).toMatchObject({ error: adminMessages.lastSuperadmin });
      if (loser.status === 403) expect(loser.body).toMatchObject({ error: adminMessages.onlySuperadmins });
      const roleOf = async (t: Teacher) => (await signIn(fresh.client(), t.email, t.password)).body.role;
      expect([await roleOf(a), await roleOf(b)].filter((r) => r === 'superadmin')).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('a superadmin demoted while a request of theirs was on its way changes nothing with it (403)', async () => {
    const fresh = await startTestApp();
    try {
      const a = await signedInAs(fresh, 'superadmin');
      const b = await signedInAs(fresh, 'superadmin');
      const target = await buildUser(fresh.db);
      // b's request passed the door as a superadmin; a demotes b before it takes the lock.
      expect((await patch(a.client, `/api/admin/users/${b.user.id}/role`, { role: 'free' })).status).toBe(
        200,
      );
      const deps = {
        db: fresh.db,
        clock: fresh.clock.now,
        config: fresh.config,
        logger: createMemoryLogger(),
        mailer: fresh.mailer,
        sessionCache: fresh.sessionCache,
      };
      const stale = { id: b.user.id, email: b.email, role: 'superadmin' as const };
      await expect(changeRole(deps, stale, target.user.id, 'superadmin')).rejects.toMatchObject({
        status: 403,
        message: adminMessages.onlySuperadmins,
      });
      expect((await signIn(fresh.client(), target.email, target.password)).body.role).toBe(target.user.role);
    } finally {
      await fresh.close();
    }
  });

  it('refuses to demote a license admin who purchases a group (hand it over), and writes no audit row', async () => {
    const admin = await signedInAs(app, 'license_admin');
    await createGroup(superadmin.client, admin.user.id, 10, 'Cedar Elementary');
    const before = (await audit()).total;
    const res = await patch(superadmin.client, `/api/admin/users/${admin.user.id}/role`, { role: 'free' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: adminMessages.purchaserOfGroups(['Cedar Elementary']) });
    expect((res.body as { error: string }).error).toContain('Hand the group over to another license admin');
    expect((await admin.client.get<PublicUser>('/api/auth/me')).body.role).toBe('license_admin');
    expect((await audit()).total).toBe(before);
  });
});

describe('POST /api/admin/users/{userId}/verify-email', () => {
  it('verifies an unverified address (the user can sign in) and audits it once', async () => {
    const target = await buildUser(app.db, { verified: false });
    expect((await signIn(app.client(), target.email, target.password)).status).toBe(403);
    const res = await superadmin.client.post(`/api/admin/users/${target.user.id}/verify-email`);
    expect(res.status).toBe(200);
    expect((await signIn(app.client(), target.email, target.password)).status).toBe(200);
    expect((await audit()).entries[0]).toMatchObject({
      action: 'email_verified',
      targetId: target.user.id,
      before: { emailVerified: false },
      after: { emailVerified: true },
    });
    const again = await superadmin.client.post(`/api/admin/users/${target.user.id}/verify-email`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: adminMessages.alreadyVerified });
  });

  it('refuses one’s own account', async () => {
    const res = await superadmin.client.post(`/api/admin/users/${superadmin.user.id}/verify-email`);
    expect(res.status).toBe(400);
  });
});

describe('POST /api/admin/users/{userId}/reset-mfa (decision 077)', () => {
  it("resets a license admin's lost two-step sign-in: signed out everywhere, set up again at the next sign-in, audited", async () => {
    const target = await buildUser(app.db, { role: 'license_admin' });
    const device = app.client();
    expect((await signIn(device, target.email, target.password)).status).toBe(200);
    const listed = async () =>
      (
        await superadmin.client.get<AdminUserListResponse>(
          `/api/admin/users?search=${encodeURIComponent(target.email)}`,
        )
      ).body.users[0];
    expect((await listed())?.mfaEnabled).toBe(true);

    const res = await superadmin.client.post(`/api/admin/users/${target.user.id}/reset-mfa`);
    expect(res.status).toBe(200);
    expect((await listed())?.mfaEnabled).toBe(false);
    expect((await device.get('/api/auth/me')).status).toBe(401);
    const again = await postLogin(app.client(), target.email, target.password);
    expect(again.body).toMatchObject({ mfa: 'enrol' });
    expect((await audit()).entries[0]).toMatchObject({
      action: 'mfa_reset',
      targetId: target.user.id,
      before: { mfaEnabled: true },
      after: { mfaEnabled: false },
    });

    const twice = await superadmin.client.post(`/api/admin/users/${target.user.id}/reset-mfa`);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: adminMessages.mfaNotOn });
  });

  it('refuses one’s own account and an unknown id', async () => {
    expect((await superadmin.client.post(`/api/admin/users/${superadmin.user.id}/reset-mfa`)).status).toBe(
      400,
    );
    expect(
      (await superadmin.client.post('/api/admin/users/00000000-0000-4000-8000-000000000000/reset-mfa'))
        .status,
    ).toBe(404);
  });
});

describe('DELETE /api/admin/users/{userId}', () => {
  it('removes the personal data, ends sessions, frees the seat and keeps the certificate verifiable', async () => {
    const admin = await signedInAs(app, 'license_admin');
    const groupId = await createGroup(superadmin.client, admin.user.id, 10, 'Birch Academy');
    const email = `leaving-${Math.random().toString(16).slice(2)}@school.test`;
    await sendInvites(admin.client, groupId, [email]);
    const [mail] = await mailboxFor(app, email);
    const teacher = app.client();
    const signup = await teacher.post(`/api/auth/register?invite=${inviteCodeIn(mail?.links ?? [])}`, {
      name: 'Zoë Leaving',
      email,
      password: 'long enough password',
      acceptTerms: true,
    });
    expect(signup.status).toBe(201);
    const me = (await teacher.get<PublicUser>('/api/auth/me')).body;
    await completeModules(teacher, freeCourse, 'all');
    const cert = await teacher.post<{ url: string }>(`/api/certificates/${freeCourse}`, {});
    expect(cert.status).toBe(200);
    const list = await teacher.get<{ id: string }[]>('/api/certificates');
    const certificateId = list.body[0]!.id;
    const used = async () =>
      (await superadmin.client.get<LicenseGroup[]>('/api/license-groups')).body.find((g) => g.id === groupId)!
        .licenses_used;
    expect(await used()).toBe(1);

    const res = await del(superadmin.client, `/api/admin/users/${me.id}`);
    expect(res.status).toBe(200);

    expect((await teacher.get('/api/auth/me')).status).toBe(401);
    expect((await signIn(app.client(), email, 'long enough password')).status).toBe(401);
    expect(await used()).toBe(0);
    expect(await mailboxFor(app, email)).toEqual([]);
    const found = await superadmin.client.get<AdminUserListResponse>(`/api/admin/users?search=${email}`);
    expect(found.body.total).toBe(0);
    const verify = await app
      .client()
      .get<Record<string, unknown>>(`/api/certificates/verify/${certificateId}`);
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ valid: true, teacherName: 'Zoë Leaving' });
    expect(JSON.stringify(verify.body)).not.toContain(email);
    const log = await audit();
    expect(log.entries[0]).toMatchObject({
      action: 'user_deleted',
      targetId: me.id,
      targetLabel: 'Deleted user',
      actorEmail: superadmin.email,
    });
    expect(JSON.stringify(log.entries)).not.toContain(email);
  });

  it('refuses one’s own account, an unknown user and a purchasing license admin', async () => {
    expect((await del(superadmin.client, `/api/admin/users/${superadmin.user.id}`)).status).toBe(400);
    expect((await del(superadmin.client, '/api/admin/users/not-an-id')).status).toBe(404);
    const admin = await signedInAs(app, 'license_admin');
    await createGroup(superadmin.client, admin.user.id, 10, 'Willow High');
    const res = await del(superadmin.client, `/api/admin/users/${admin.user.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: adminMessages.purchaserOfGroups(['Willow High']) });
    expect((await admin.client.get('/api/auth/me')).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('records the licence actions with before and after, newest first; a refused edit writes none', async () => {
    const admin = await signedInAs(app, 'license_admin');
    const groupId = await createGroup(superadmin.client, admin.user.id, 10, 'Aspen School');
    await sendInvites(admin.client, groupId, ['one@aspen.test', 'two@aspen.test']);
    const edited = await patch(superadmin.client, `/api/license-groups/${groupId}/license-count`, {
      license_count: 12,
    });
    expect(edited.status).toBe(200);
    const log = await audit();
    const ofGroup = log.entries.filter((e) => e.targetId === groupId);
    expect(ofGroup.map((e) => e.action)).toEqual([
      'license_count_edited',
      'invites_sent',
      'license_group_created',
    ]);
    expect(ofGroup[0]).toMatchObject({ before: { licenseCount: 10 }, after: { licenseCount: 12 } });
    expect(ofGroup[1]).toMatchObject({
      actorId: admin.user.id,
      after: { invites: 2 },
    });
    expect(ofGroup[2]).toMatchObject({
      targetLabel: 'Aspen School',
      after: { licenseCount: 10, purchaserEmail: admin.email },
    });

    const invites = (await admin.client.get<{ invites: { id: string }[] }[]>('/api/license-groups/me'))
      .body[0]!.invites;
    expect((await admin.client.post(`/api/invites/${invites[0]!.id}/revoke`)).status).toBe(200);
    expect((await audit()).entries[0]).toMatchObject({ action: 'invite_revoked', targetId: invites[0]!.id });

    // A refused action writes nothing (the row would have been in its transaction).
    const before = (await audit()).total;
    await completeModules(clients.free.client, freeCourse, [1]);
    const refused = await patch(superadmin.client, `/api/license-groups/${groupId}/license-count`, {
      license_count: 0,
    });
    expect(refused.status).toBe(400);
    expect((await audit()).total).toBe(before);
  });

  it('pages newest first', async () => {
    const first = await superadmin.client.get<AuditListResponse>('/api/admin/audit?limit=2&offset=0');
    const second = await superadmin.client.get<AuditListResponse>('/api/admin/audit?limit=2&offset=2');
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.total).toBeGreaterThan(3);
    const times = [...first.body.entries, ...second.body.entries].map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set([...first.body.entries, ...second.body.entries].map((e) => e.id)).size).toBe(4);
  });
});

describe('deleting a subscriber (Stripe over loopback)', () => {
  it('cancels the subscription at Stripe first; when Stripe refuses, nothing is deleted and the admin is told', async () => {
    const bed = await startPaymentsTestBed();
    try {
      const admin = await signedInAs(bed.app, 'superadmin');
      const refused = await signedInTeacher(bed.app);
      const { subscriptionId: refusedSub } = await subscribe(bed, refused.client);
      bed.stripe.refuseCancellation = true;
      const before = (await admin.client.get<AuditListResponse>('/api/admin/audit')).body.total;
      const res = await del(admin.client, `/api/admin/users/${refused.user.id}`);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ error: adminMessages.subscriptionCancelFailed });
      expect((await refused.client.get<PublicUser>('/api/auth/me')).body.role).toBe('premium');
      expect(bed.stripe.subscriptions.get(refusedSub)?.status).toBe('active');
      expect((await admin.client.get<AuditListResponse>('/api/admin/audit')).body.total).toBe(before);

      bed.stripe.refuseCancellation = false;
      const ok = await del(admin.client, `/api/admin/users/${refused.user.id}`);
      expect(ok.status).toBe(200);
      expect(bed.stripe.subscriptions.get(refusedSub)?.status).toBe('canceled');
      expect((await refused.client.get('/api/auth/me')).status).toBe(401);
    } finally {
      await bed.close();
    }
  });
});
