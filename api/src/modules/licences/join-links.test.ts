import {
  type AuditListResponse,
  type CreateJoinLinkResponse,
  districtErrorCodes,
  districtMessages,
  formatJoinCode,
  type JoinLink,
  type JoinLinkLookupResponse,
} from '@pd/domain';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { signIn } from '../../test/auth-helpers.js';
import { buildUser, sharedPasswordHash, uniqueEmail } from '../../test/factories.js';
import { signedInTeacher, type Teacher } from '../../test/learning.js';
import { createGroup, myGroup, signedInAs } from '../../test/licences.js';

/** Join links (issue 27): made, listed, revoked by the licence admin; used by signed-in teachers. */

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

async function adminWithGroup(seats = 50): Promise<{ admin: Teacher; groupId: string }> {
  const admin = await signedInAs(app, 'license_admin', 'Dana Admin');
  const groupId = await createGroup(superadmin.client, admin.user.id, 50, 'Springfield District');
  if (seats !== 50) {
    await superadmin.client.request('PATCH', `/api/license-groups/${groupId}/license-count`, {
      json: { license_count: seats },
    });
  }
  return { admin, groupId };
}

const createLink = (admin: Teacher, groupId: string, body: Record<string, unknown>) =>
  admin.client.post<CreateJoinLinkResponse & { error?: string }>(
    `/api/license-groups/${groupId}/join-links`,
    body,
  );

const join = (client: Teacher['client'], code: string) =>
  client.post<{ licence?: { groupName: string }; error?: string; code?: string }>(
    `/api/join/${encodeURIComponent(code)}`,
    {},
  );

const teacherAt = (domain: string, verified = true) =>
  signedInTeacher(app, { email: `t-${randomBytes(5).toString('hex')}@${domain}`, verified });

describe('the licence admin makes, lists and revokes join links', () => {
  it('makes a link with a 28-character code (shown once), 14 days by default, and audits it', async () => {
    const { admin, groupId } = await adminWithGroup();
    const res = await createLink(admin, groupId, {
      max_uses: 30,
      allowed_domains: ['@District.org', 'district.org', 'k12.district.org'],
    });
    expect(res.status).toBe(201);
    expect(res.body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{28}$/);
    expect(res.body.url).toBe(`${app.config.publicUrl}/join/${res.body.code}`);
    expect(res.body.join_link).toMatchObject({
      status: 'active',
      max_uses: 30,
      uses: 0,
      allowed_domains: ['district.org', 'k12.district.org'],
    });
    const days = (Date.parse(res.body.join_link.expires_at) - app.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(14, 3);
    const list = await admin.client.get<JoinLink[]>(`/api/license-groups/${groupId}/join-links`);
    expect(list.body).toEqual([res.body.join_link]);
    expect(JSON.stringify(list.body)).not.toContain(res.body.code);
    const audit = await superadmin.client.get<AuditListResponse>('/api/admin/audit');
    expect(
      audit.body.entries.find(
        (e) => e.action === 'join_link_created' && e.targetId === res.body.join_link.id,
      ),
    ).toBeTruthy();
  });

  it('refuses bad settings with a sentence, and makes nothing', async () => {
    const { admin, groupId } = await adminWithGroup();
    const cases: [Record<string, unknown>, string][] = [
      [{ max_uses: 0 }, districtMessages.joinMaxUses],
      [{ max_uses: 1.5 }, districtMessages.joinMaxUses],
      [{ max_uses: 5, expires_in_days: 0 }, districtMessages.joinExpiryDays],
      [{ max_uses: 5, allowed_domains: ['not a domain'] }, districtMessages.joinDomain('not a domain')],
    ];
    for (const [body, error] of cases) {
      const res = await createLink(admin, groupId, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const list = await admin.client.get<JoinLink[]>(`/api/license-groups/${groupId}/join-links`);
    expect(list.body).toEqual([]);
    const other = await signedInAs(app, 'license_admin');
    expect((await createLink(other, groupId, { max_uses: 5 })).status).toBe(404);
  });

  it('revokes: the link then says it was withdrawn; a second revoke is refused; audited', async () => {
    const { admin, groupId } = await adminWithGroup();
    const { body } = await createLink(admin, groupId, { max_uses: 5 });
    const revoke = () =>
      admin.client.post<JoinLink & { error?: string }>(
        `/api/license-groups/${groupId}/join-links/${body.join_link.id}/revoke`,
        {},
      );
    const res = await revoke();
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('revoked');
    expect((await revoke()).status).toBe(409);
    const teacher = await signedInAs(app, 'free');
    const refused = await join(teacher.client, body.code);
    expect(refused.status).toBe(410);
    expect(refused.body).toMatchObject({
      error: districtMessages.joinRevoked,
      code: districtErrorCodes.joinRevoked,
    });
    const audit = await superadmin.client.get<AuditListResponse>('/api/admin/audit');
    expect(
      audit.body.entries.find((e) => e.action === 'join_link_revoked' && e.targetId === body.join_link.id),
    ).toBeTruthy();
  });
});

describe('GET and POST /api/join/{code}', () => {
  it('tells the group and what is needed, for the code as printed or typed in lower case', async () => {
    const { admin, groupId } = await adminWithGroup();
    const { body } = await createLink(admin, groupId, { max_uses: 5, allowed_domains: ['district.org'] });
    for (const code of [body.code, formatJoinCode(body.code).toLowerCase()]) {
      const res = await app.client().get<JoinLinkLookupResponse>(`/api/join/${code}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        license_group_name: 'Springfield District',
        allowed_domains: ['district.org'],
        needs_verified_email: true,
      });
    }
    for (const code of ['0'.repeat(28), 'nope', 'x'.repeat(500)]) {
      const res = await app.client().get<{ error: string }>(`/api/join/${code}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(districtMessages.joinUnknown);
    }
  });

  it('a signed-in teacher joins once; the link counts the use', async () => {
    const { admin, groupId } = await adminWithGroup();
    const { body } = await createLink(admin, groupId, { max_uses: 5 });
    const teacher = await signedInAs(app, 'free');
    expect((await app.client().post(`/api/join/${body.code}`, {})).status).toBe(401);
    const res = await join(teacher.client, body.code);
    expect(res.status).toBe(200);
    expect(res.body.licence?.groupName).toBe('Springfield District');
    const again = await join(teacher.client, body.code);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(districtMessages.joinAlreadyMember);
    const [link] = (await admin.client.get<JoinLink[]>(`/api/license-groups/${groupId}/join-links`)).body;
    expect(link).toMatchObject({ uses: 1, last_used_at: expect.any(String) });
    expect((await myGroup(admin.client)).licenses_used).toBe(1);
  });

  it('a domain-restricted link takes only a verified address of its domains', async () => {
    const { admin, groupId } = await adminWithGroup();
    const { body } = await createLink(admin, groupId, {
      max_uses: 5,
      allowed_domains: ['district.org', 'schools.district.org'],
    });
    const outsider = await teacherAt('gmail.com');
    const wrong = await join(outsider.client, body.code);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      error: districtMessages.joinWrongDomain(['district.org', 'schools.district.org']),
      code: districtErrorCodes.joinWrongDomain,
    });
    const sub = await teacherAt('other.district.org');
    expect((await join(sub.client, body.code)).status).toBe(403);
    // An unverified account cannot sign in; it is refused all the same if it has a session.
    const unverified = await buildUser(app.db, {
      email: `u-${randomBytes(4).toString('hex')}@district.org`,
      verified: false,
    });
    const client = app.client();
    await signIn(client, unverified.email, unverified.password);
    const res = await join(client, body.code);
    expect([401, 403]).toContain(res.status);
    const inDomain = await teacherAt('schools.district.org');
    expect((await join(inDomain.client, body.code)).status).toBe(200);
  });

  it('50 teachers joining at once into 10 free seats: exactly 10 members, the rest told the group is full', async () => {
    const { admin, groupId } = await adminWithGroup(10);
    const { body } = await createLink(admin, groupId, { max_uses: 100 });
    const passwordHash = await sharedPasswordHash('correct horse battery staple');
    const teachers = await Promise.all(
      Array.from({ length: 50 }, () => signedInTeacher(app, { email: uniqueEmail('rush'), passwordHash })),
    );
    const answers = await Promise.all(teachers.map((t) => join(t.client, body.code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(40);
    for (const r of refused)
      expect(r.body).toMatchObject({
        error: districtMessages.joinGroupFull,
        code: districtErrorCodes.joinGroupFull,
      });
    const group = await myGroup(admin.client);
    expect(group.licenses_used).toBe(10);
    const [link] = (await admin.client.get<JoinLink[]>(`/api/license-groups/${groupId}/join-links`)).body;
    expect(link?.uses).toBe(10);
    const lookup = await app.client().get<{ error: string }>(`/api/join/${body.code}`);
    expect(lookup.status).toBe(409);
    expect(lookup.body.error).toBe(districtMessages.joinGroupFull);
  });
  it('used up, expired: each its own sentence', async () => {
    const { admin, groupId } = await adminWithGroup();
    const { body } = await createLink(admin, groupId, { max_uses: 1, expires_in_days: 2 });
    expect((await join((await signedInAs(app, 'free')).client, body.code)).status).toBe(200);
    const late = await signedInAs(app, 'free');
    const usedUp = await join(late.client, body.code);
    expect(usedUp.status).toBe(410);
    expect(usedUp.body).toMatchObject({
      error: districtMessages.joinUsedUp,
      code: districtErrorCodes.joinUsedUp,
    });
    const other = await createLink(admin, groupId, { max_uses: 5, expires_in_days: 1 });
    app.clock.advance(24 * 60 * 60 * 1000);
    const expired = await join(late.client, other.body.code);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      error: districtMessages.joinExpired,
      code: districtErrorCodes.joinExpired,
    });
    expect((await app.client().get<{ error: string }>(`/api/join/${other.body.code}`)).body.error).toBe(
      districtMessages.joinExpired,
    );
  });
});

describe('probing codes', () => {
  it('is rate-limited per address (429 with Retry-After)', async () => {
    const limited = await startTestApp({
      rateLimits: {
        inviteLookup: { perIp: { limit: 3, windowMs: 60_000 }, perAccount: { limit: 3, windowMs: 60_000 } },
      },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await limited.client().get(`/api/join/${'0'.repeat(27)}${i}`)).status);
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
