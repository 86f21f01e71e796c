import { type GroupMember, type LicenseGroup, licenceMessages, type Role, roles } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testContent } from '../../test/app.js';
import { mailboxFor } from '../../test/auth-helpers.js';
import { setRole } from '../../test/factories.js';
import { completeModules, freeCourse, premiumCourse, type Teacher } from '../../test/learning.js';
import { createGroup, inviteCodeIn, sendInvites, signedInAs } from '../../test/licences.js';

let app: TestApp;
let superadmin: Teacher;
let admin: Teacher;
let otherAdmin: Teacher;
let clients: Record<Role, Teacher>;

beforeAll(async () => {
  app = await startTestApp();
  superadmin = await signedInAs(app, 'superadmin');
  admin = await signedInAs(app, 'license_admin', 'Dana Admin');
  otherAdmin = await signedInAs(app, 'license_admin');
  clients = {} as Record<Role, Teacher>;
  for (const role of roles) clients[role] = await signedInAs(app, role);
});
afterAll(() => app.close());

/** A teacher who joined `groupId` through an invitation and signed up from the mailed link. */
async function joinedTeacher(groupId: string, name = 'Mia Member'): Promise<Teacher> {
  const email = `member-${Math.random().toString(16).slice(2)}@school.test`;
  expect((await sendInvites(admin.client, groupId, [email])).status).toBe(201);
  const [mail] = await mailboxFor(app, email);
  const code = inviteCodeIn(mail?.links ?? []);
  const client = app.client();
  const res = await client.post(`/api/auth/register?invite=${code}`, {
    name,
    email,
    password: 'long enough password',
    acceptTerms: true,
  });
  expect(res.status).toBe(201);
  const me = await client.get<{ id: string }>('/api/auth/me');
  return { client, email, password: 'long enough password', user: { id: me.body.id } as Teacher['user'] };
}

describe('POST /api/license-groups', () => {
  it('creates a group for a license admin (superadmin), trimmed name, default 10', async () => {
    const res = await superadmin.client.post<{ license_group: unknown }>('/api/license-groups', {
      name: '  Oak Primary  ',
      purchaser_id: admin.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.license_group).toEqual({
      id: expect.any(String),
      name: 'Oak Primary',
      license_count: 10,
    });
  });

  it.each([
    [{ name: '   ' }, licenceMessages.nameRequiredText],
    [{ purchaser_id: '' }, licenceMessages.purchaserRequiredText],
    [{ license_count: 20 }, licenceMessages.licenseCountChoice],
    [{ purchaser_id: 'not-a-user' }, licenceMessages.purchaserNotLicenseAdmin],
  ])('refuses %o with a message', async (patch, message) => {
    const res = await superadmin.client.post('/api/license-groups', {
      name: 'School',
      purchaser_id: admin.user.id,
      license_count: 30,
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
  });

  it('refuses a purchaser who is not a license admin', async () => {
    const res = await superadmin.client.post('/api/license-groups', {
      name: 'School',
      purchaser_id: clients.premium.user.id,
      license_count: 10,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: licenceMessages.purchaserNotLicenseAdmin });
  });

  it.each(['free', 'premium', 'license_admin'] as const)(
    'answers 403 to %s and creates nothing',
    async (role) => {
      const before = (await superadmin.client.get<LicenseGroup[]>('/api/license-groups')).body.length;
      const res = await clients[role].client.post('/api/license-groups', {
        name: 'Sneaky',
        purchaser_id: admin.user.id,
        license_count: 50,
      });
      expect(res.status).toBe(403);
      expect((await superadmin.client.get<LicenseGroup[]>('/api/license-groups')).body.length).toBe(before);
    },
  );

  it('answers 401 when signed out', async () => {
    expect((await app.client().post('/api/license-groups', {})).status).toBe(401);
  });
});

describe('GET /api/license-groups and /me', () => {
  it('lists every group with used, available, pending, created and status to a superadmin only', async () => {
    const id = await createGroup(superadmin.client, otherAdmin.user.id, 30, 'Maple Middle');
    await sendInvites(otherAdmin.client, id, ['a@school.test', 'b@school.test']);
    const res = await superadmin.client.get<LicenseGroup[]>('/api/license-groups');
    expect(res.status).toBe(200);
    expect(res.body.find((g) => g.id === id)).toMatchObject({
      name: 'Maple Middle',
      purchaser_id: otherAdmin.user.id,
      purchaser_email: otherAdmin.email,
      license_count: 30,
      licenses_used: 0,
      licenses_pending: 2,
      licenses_available: 28,
      status: 'active',
      created_at: expect.any(String),
    });
    for (const role of ['free', 'premium', 'license_admin'] as const) {
      expect((await clients[role].client.get('/api/license-groups')).status).toBe(403);
    }
  });

  it("answers the license admin's own groups with their invitations, nobody else's", async () => {
    const res =
      await otherAdmin.client.get<{ id: string; invites: { email: string; status: string }[] }[]>(
        '/api/license-groups/me',
      );
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    const emails = res.body.flatMap((g) => g.invites.map((i) => i.email));
    expect(emails).toEqual(expect.arrayContaining(['a@school.test', 'b@school.test']));
    expect(res.body.flatMap((g) => g.invites.map((i) => i.status))).toContain('pending');
    const fresh = await signedInAs(app, 'license_admin');
    expect((await fresh.client.get('/api/license-groups/me')).body).toEqual([]);
    expect((await clients.free.client.get('/api/license-groups/me')).status).toBe(403);
  });
});

describe('members, their progress and the CSV', () => {
  let groupId: string;
  let member: Teacher;

  beforeAll(async () => {
    groupId = await createGroup(superadmin.client, admin.user.id, 10, 'Progress School');
    member = await joinedTeacher(groupId, 'Zoë Member');
    await completeModules(member.client, freeCourse, 'all');
    await completeModules(member.client, premiumCourse, [1]);
  });

  it("answers the spec's member shape with per-course stats, PD hours and certificates", async () => {
    const res = await admin.client.get<{ members: GroupMember[] }>(`/api/license-groups/${groupId}/members`);
    expect(res.status).toBe(200);
    expect(res.body.members).toHaveLength(1);
    const [m] = res.body.members;
    expect(m).toMatchObject({
      id: member.user.id,
      name: 'Zoë Member',
      email: member.email,
      emailVerified: true,
      createdAt: expect.any(String),
      joinedAt: expect.any(String),
      certificates: 0,
      // The free course's 40 minutes (issue 29's re-timing).
      pdHours: 0.7,
    });
    expect(m?.progress.completedModules).toBe(4);
    expect(m?.progress.totalModules).toBeGreaterThan(20);
    expect(m?.progress.lastActivity).toEqual(expect.any(String));
    expect(m?.progress.courseStats[freeCourse]).toEqual({ completed: 3, total: 3 });
    expect(m?.progress.courseStats[premiumCourse]).toMatchObject({ completed: 1 });
    expect(Object.keys(m?.progress.courseStats ?? {}).sort()).toEqual([freeCourse, premiumCourse].sort());
  });

  it("lets a superadmin read them; another group's admin, an unknown id and a malformed id get the same 404", async () => {
    expect((await superadmin.client.get(`/api/license-groups/${groupId}/members`)).status).toBe(200);
    const other = await otherAdmin.client.get(`/api/license-groups/${groupId}/members`);
    const unknown = await admin.client.get(
      '/api/license-groups/00000000-0000-4000-8000-000000000000/members',
    );
    const malformed = await admin.client.get('/api/license-groups/nope/members');
    for (const res of [other, unknown, malformed]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: licenceMessages.groupNotFound, code: 'NOT_FOUND' });
    }
    for (const role of ['free', 'premium'] as const) {
      expect((await clients[role].client.get(`/api/license-groups/${groupId}/members`)).status).toBe(403);
    }
    expect((await member.client.get(`/api/license-groups/${groupId}/members`)).status).toBe(403);
  });

  it("downloads the members as CSV: dates in the admin's time zone, a column per course, the group and day in its name", async () => {
    const res = await admin.client.get(`/api/license-groups/${groupId}/members.csv?tz=America/Chicago`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(app.clock.now());
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="progress-school-members-${day}.csv"`,
    );
    const [header, row] = res.text.trim().split('\r\n');
    const counted = (await testContent()).courses.filter((c) => !c.isComingSoon);
    expect(header).toBe(
      [
        'Name,Email,Verified,Joined (America/Chicago),Completed Modules,Total Modules,Percent,PD Hours,Certificates,Last Activity (America/Chicago)',
        ...counted.map((c) => `${c.title} (modules of ${c.modules.length})`),
        // Issue 28 part 3: per course its completion, certificate id and PD hours.
        ...counted.flatMap((c) => [
          `${c.title}: Completed (America/Chicago)`,
          `${c.title}: Certificate ID`,
          `${c.title}: PD Hours`,
        ]),
      ].join(','),
    );
    const cells = row!.split(',');
    expect(cells.slice(0, 3)).toEqual(['Zoë Member', member.email, 'Yes']);
    // A local date and time a spreadsheet reads, not ISO-8601 with milliseconds.
    expect(cells[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cells).toHaveLength(10 + 4 * counted.length);
    // The member's completed modules per course add up to the total.
    expect(cells.slice(10, 10 + counted.length).reduce((sum, n) => sum + Number(n), 0)).toBe(
      Number(cells[4]),
    );

    const utc = await admin.client.get(`/api/license-groups/${groupId}/members.csv`);
    expect(utc.text.split('\r\n')[0]).toContain('Joined (UTC)');
    const bad = await admin.client.get(`/api/license-groups/${groupId}/members.csv?tz=Mars/Olympus`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: licenceMessages.csvTimeZone });
    expect((await otherAdmin.client.get(`/api/license-groups/${groupId}/members.csv`)).status).toBe(404);
  });

  it('gives a member premium access through the group, kept when their own subscription ends', async () => {
    const me = await member.client.get<{ role: string; licence: unknown }>('/api/auth/me');
    expect(me.body).toMatchObject({
      role: 'free',
      licence: { groupId, groupName: 'Progress School', groupStatus: 'active' },
    });
    expect((await member.client.get(`/api/content/courses/${premiumCourse}`)).status).toBe(200);
    expect((await member.client.get('/api/templates')).status).toBe(200);
    // Their own subscription starts and ends (payments move the role premium -> free): the seat stays.
    await setRole(app, member.user.id, 'premium');
    await setRole(app, member.user.id, 'free');
    expect((await member.client.get(`/api/content/courses/${premiumCourse}`)).status).toBe(200);
    const prompts = await member.client.get<{ categories: { isPremium: boolean; prompts: unknown[] }[] }>(
      '/api/prompts',
    );
    const premiumCategory = prompts.body.categories.find((c) => c.isPremium);
    expect(premiumCategory?.prompts.length).toBeGreaterThan(0);
  });

  it('removing a member frees the seat and returns them to free; their progress stays theirs', async () => {
    const leaver = await joinedTeacher(groupId, 'Leo Leaver');
    await completeModules(leaver.client, premiumCourse, [1]);
    const usedOf = async () =>
      (await admin.client.get<LicenseGroup[]>('/api/license-groups/me')).body.find((g) => g.id === groupId)
        ?.licenses_used;
    const before = await usedOf();
    expect(
      (await otherAdmin.client.request('DELETE', `/api/license-groups/${groupId}/members/${leaver.user.id}`))
        .status,
    ).toBe(404);
    const res = await admin.client.request(
      'DELETE',
      `/api/license-groups/${groupId}/members/${leaver.user.id}`,
    );
    expect(res.status).toBe(200);
    expect(await usedOf()).toBe((before ?? 0) - 1);
    expect((await leaver.client.get(`/api/content/courses/${premiumCourse}`)).status).toBe(403);
    const progress = await leaver.client.get<{ courseSlug: string; completed: boolean }[]>('/api/progress');
    expect(progress.body.some((p) => p.courseSlug === premiumCourse && p.completed)).toBe(true);
    const again = await admin.client.request(
      'DELETE',
      `/api/license-groups/${groupId}/members/${leaver.user.id}`,
    );
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: licenceMessages.memberNotFound });
  });
});

describe('GET /api/license-groups/{groupId}/members: search, order and pages on the server', () => {
  type Page = { members: GroupMember[]; total: number; matching: number; page: number; pageSize: number };
  let groupId: string;
  const names = (page: Page) => page.members.map((m) => m.name);
  const read = async (query: string) =>
    admin.client.get<Page>(`/api/license-groups/${groupId}/members${query}`);

  beforeAll(async () => {
    groupId = await createGroup(superadmin.client, admin.user.id, 10, 'Paging School');
    // Completed free modules: bob 3, Di_Dunn 2, Ann 1, Cy and 'Eve 100%' none.
    const ann = await joinedTeacher(groupId, 'Ann Able');
    await joinedTeacher(groupId, 'Cy Cole');
    const di = await joinedTeacher(groupId, 'Di_Dunn');
    const bob = await joinedTeacher(groupId, 'bob Baker');
    await joinedTeacher(groupId, 'Eve 100%');
    await completeModules(ann.client, freeCourse, [1]);
    await completeModules(di.client, freeCourse, [1, 2]);
    await completeModules(bob.client, freeCourse, 'all');
  });

  it('answers the first 20 by progress (most first, then by name), with the counts', async () => {
    const res = await read('');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 5, matching: 5, page: 1, pageSize: 20 });
    expect(names(res.body)).toEqual(['bob Baker', 'Di_Dunn', 'Ann Able', 'Cy Cole', 'Eve 100%']);
    expect(res.body.members.map((m) => m.progress.completedModules)).toEqual([3, 2, 1, 0, 0]);
  });

  it('cuts the list into pages by name, any case; a page past the end is empty', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((p) => read(`?sort=name&pageSize=2&page=${p}`)));
    expect(pages.map((p) => names(p.body))).toEqual([
      ['Ann Able', 'bob Baker'],
      ['Cy Cole', 'Di_Dunn'],
      ['Eve 100%'],
      [],
    ]);
    expect(pages.map((p) => [p.body.page, p.body.matching])).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
    ]);
  });

  it('orders by last activity, newest first, members who never started last', async () => {
    const res = await read('?sort=lastActivity');
    const active = res.body.members.slice(0, 3);
    expect(active.map((m) => m.name).sort()).toEqual(['Ann Able', 'Di_Dunn', 'bob Baker']);
    const times = active.map((m) => m.progress.lastActivity ?? '');
    expect(times).toEqual([...times].sort().reverse());
    expect(names(res.body).slice(3)).toEqual(['Cy Cole', 'Eve 100%']);
  });

  it('searches names and e-mails; % and _ are plain characters', async () => {
    const byName = await read('?q=%20dUNN%20');
    expect(names(byName.body)).toEqual(['Di_Dunn']);
    expect(byName.body).toMatchObject({ total: 5, matching: 1 });
    expect(names((await read('?q=_')).body)).toEqual(['Di_Dunn']);
    expect(names((await read(`?q=${encodeURIComponent('%')}`)).body)).toEqual(['Eve 100%']);
    const email = (await read('?q=@school.test&sort=name&pageSize=1')).body;
    expect(email).toMatchObject({ total: 5, matching: 5 });
    expect(names(email)).toEqual(['Ann Able']);
    expect((await read('?q=nobody-here')).body).toMatchObject({ members: [], total: 5, matching: 0 });
  });

  it.each([
    ['?sort=age', licenceMessages.memberSortChoice],
    ['?page=0', licenceMessages.memberPageNumber],
    ['?page=two', licenceMessages.memberPageNumber],
    ['?pageSize=101', licenceMessages.memberPageSize],
    [`?q=${'x'.repeat(201)}`, licenceMessages.memberSearchTooLong],
    ['?q=a&q=b', licenceMessages.memberSearchText],
  ])('refuses %s with a message', async (query, error) => {
    const res = await read(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error });
  });
});

describe('PATCH /api/license-groups/{groupId}/license-count', () => {
  it('changes the count (superadmin), refuses one below the seats used with a message, and other roles', async () => {
    const groupId = await createGroup(superadmin.client, admin.user.id, 10, 'Count School');
    await joinedTeacher(groupId);
    await joinedTeacher(groupId);
    const up = await superadmin.client.request<LicenseGroup>(
      'PATCH',
      `/api/license-groups/${groupId}/license-count`,
      {
        json: { license_count: 12 },
      },
    );
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ license_count: 12, licenses_used: 2, licenses_available: 10 });
    const low = await superadmin.client.request('PATCH', `/api/license-groups/${groupId}/license-count`, {
      json: { license_count: 1 },
    });
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({ error: licenceMessages.licenseCountBelowUsed(2) });
    const exact = await superadmin.client.request<LicenseGroup>(
      'PATCH',
      `/api/license-groups/${groupId}/license-count`,
      {
        json: { license_count: 2 },
      },
    );
    expect(exact.body).toMatchObject({ license_count: 2, licenses_available: 0 });
    const bad = await superadmin.client.request('PATCH', `/api/license-groups/${groupId}/license-count`, {
      json: { license_count: 'ten' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: licenceMessages.licenseCountNumber });
    const byAdmin = await admin.client.request('PATCH', `/api/license-groups/${groupId}/license-count`, {
      json: { license_count: 50 },
    });
    expect(byAdmin.status).toBe(403);
    const unknown = await superadmin.client.request(
      'PATCH',
      '/api/license-groups/00000000-0000-4000-8000-000000000000/license-count',
      { json: { license_count: 50 } },
    );
    expect(unknown.status).toBe(404);
  });
});

describe('the members CSV and formulas (issue 30 item 10)', () => {
  it("defuses a name a spreadsheet would run as a formula, whether it splits on ',' or ';'", async () => {
    const groupId = await createGroup(superadmin.client, admin.user.id, 10, 'Formula School');
    await joinedTeacher(groupId, 'Smith;=1+1');
    await joinedTeacher(groupId, '@SUM(A1)');
    const res = await admin.client.get(`/api/license-groups/${groupId}/members.csv`);
    expect(res.status).toBe(200);
    const rows = res.text.trim().split('\r\n').slice(1);
    const names = rows.map((r) => r.slice(0, r.indexOf(',', r.startsWith('"') ? r.indexOf('"', 1) : 0)));
    expect(names.sort()).toEqual([`"Smith;'=1+1"`, `'@SUM(A1)`].sort());
    // No cell, or part of one after a ';', starts like a formula.
    for (const cell of res.text.split(/[,;\r\n]/)) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+@]/);
  });
});
