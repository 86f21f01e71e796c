import {
  addDays,
  assignmentMessages,
  type AuditListResponse,
  type GroupAssignmentsResponse,
  localDate,
  type MyAssignment,
  pdHoursEarned,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers.js';
import { startTestApp, testContent, type TestApp } from '../../test/app.js';
import { uniqueEmail } from '../../test/factories.js';
import {
  completeModules,
  freeCourse,
  longFreeCourse,
  signedInTeacher,
  type Teacher,
} from '../../test/learning.js';
import { groupWithMembers, inviteCodeIn, sendInvites, signedInAs } from '../../test/licences.js';
import { runAssignmentNudges } from './nudges.js';

/** Assigned courses, due dates and nudges (issue 28, part 2), over real HTTP, PGlite and SMTP. */

let app: TestApp;
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await startTestApp({ smtp: true });
});
afterAll(() => app.close());

/** Housekeeping's run of the nudges, as server.ts makes it. */
const nudge = async () =>
  runAssignmentNudges({
    db: app.db,
    clock: app.clock.now,
    config: app.config,
    mailer: app.mailer,
    content: await testContent(),
    logger: { info() {}, warn() {}, error() {}, debug() {} },
  });
/** The audit log as a super admin signed in now reads it (admin sessions are short; the clock moves). */
async function auditEntries() {
  const superadmin = await signedInAs(app, 'superadmin');
  return (await superadmin.client.get<AuditListResponse>('/api/admin/audit?limit=100')).body.entries;
}
const mailsTo = (email: string) => app.smtp!.received.filter((m) => m.to === email);

interface School {
  admin: Teacher;
  groupId: string;
  members: Teacher[];
}

/** A licence admin (signed in now) and a group whose seats `n` signed-in teachers hold. */
async function school(n: number, name = 'Springfield Elementary'): Promise<School> {
  const admin = await signedInAs(app, 'license_admin', 'Dana Admin');
  const members: Teacher[] = [];
  for (let i = 0; i < n; i++)
    members.push(await signedInTeacher(app, { role: 'free', name: `Member ${i} ${name}` }));
  const groupId = await groupWithMembers(
    app.db,
    admin.user.id,
    members.map((m) => m.user.id),
    { name },
  );
  return { admin, groupId, members };
}

const assign = (s: School, body: unknown) =>
  s.admin.client.post<{ assignments: { id: string }[]; error?: string }>(
    `/api/license-groups/${s.groupId}/assignments`,
    body,
  );
const view = async (s: School, query = '') => {
  const res = await s.admin.client.get<GroupAssignmentsResponse>(
    `/api/license-groups/${s.groupId}/assignments${query}`,
  );
  expect(res.status).toBe(200);
  return res.body;
};
const today = () => localDate(app.clock.now(), 'UTC');

describe('assigning courses', () => {
  it('to the whole group with a due date: each member hears once, the view and the teacher list say where each stands, the invited appear', async () => {
    const s = await school(3);
    const [done, started, idle] = s.members as [Teacher, Teacher, Teacher];
    await completeModules(done.client, freeCourse, 'all');
    await completeModules(started.client, freeCourse, [1]);
    const invitee = uniqueEmail('invited');
    expect((await sendInvites(s.admin.client, s.groupId, [invitee])).status).toBe(201);
    const due = addDays(today(), 30);

    const res = await assign(s, { courseSlugs: [freeCourse], dueDate: due });
    expect(res.status).toBe(201);
    expect(res.body.assignments).toHaveLength(1);
    await app.mailer.idle();
    // The assigned e-mail: to those not finished, once; never to the one who completed it.
    expect(mailsTo(started.email)).toHaveLength(1);
    expect(mailsTo(idle.email)).toHaveLength(1);
    expect(mailsTo(idle.email)[0]!.subject).toBe('New course assigned by Springfield Elementary');
    expect(mailsTo(done.email)).toHaveLength(0);

    const body = await view(s);
    expect(body.time_zone).toBe('UTC');
    expect(body.assignments[0]).toMatchObject({
      course_slug: freeCourse,
      due_date: due,
      whole_group: true,
      assignees: 4,
      counts: { completed: 1, in_progress: 1, not_started: 1, overdue: 0, invited: 1 },
    });
    const statusOf = (email: string) => body.rows.find((r) => r.email === email)?.status;
    expect(statusOf(done.email)).toBe('completed');
    // The completion's time, as the server recorded it (the assignees are read as one JSON array).
    const doneRow = body.rows.find((r) => r.email === done.email)!;
    expect(Math.abs(Date.parse(doneRow.completed_at!) - app.clock.now().getTime())).toBeLessThan(60_000);
    expect(doneRow.completed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.rows.find((r) => r.email === idle.email)?.completed_at).toBeNull();
    expect(statusOf(started.email)).toBe('in_progress');
    expect(statusOf(idle.email)).toBe('not_started');
    expect(body.rows.find((r) => r.email === invitee)).toMatchObject({ joined: false, user_id: null });
    // Filters: by status, by name, invited only.
    expect((await view(s, '?status=completed')).rows.map((r) => r.email)).toEqual([done.email]);
    expect((await view(s, '?status=invited')).rows.map((r) => r.email)).toEqual([invitee]);
    expect((await view(s, `?q=${encodeURIComponent(idle.user.name.toUpperCase())}`)).matching).toBe(1);

    const mine = await idle.client.get<MyAssignment[]>('/api/assignments');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({
        course_slug: freeCourse,
        group_name: 'Springfield Elementary',
        due_date: due,
        status: 'not_started',
      }),
    ]);
    // Past the due date the one not finished is overdue; the completed one stays completed.
    app.clock.advance(31 * day);
    await signIn(s.admin.client, s.admin.email, s.admin.password); // an admin's session is short
    const later = await view(s);
    expect(later.assignments[0]!.counts).toMatchObject({ completed: 1, overdue: 2 });
    app.clock.advance(-31 * day);

    // The audit log has it.
    expect(
      (await auditEntries()).find((e) => e.action === 'assignments_created' && e.targetId === s.groupId),
    ).toMatchObject({ after: { courses: [freeCourse], dueDate: due, members: 'whole group' } });
  });

  it('to chosen members only; a member who joins later gets a whole-group assignment (and its e-mail), not a chosen one', async () => {
    const s = await school(2, 'Shelbyville High');
    const [chosen, other] = s.members as [Teacher, Teacher];
    expect((await assign(s, { courseSlugs: [longFreeCourse], userIds: [chosen.user.id] })).status).toBe(201);
    expect((await assign(s, { courseSlugs: [freeCourse] })).status).toBe(201);
    expect(
      (await chosen.client.get<MyAssignment[]>('/api/assignments')).body.map((a) => a.course_slug).sort(),
    ).toEqual([freeCourse, longFreeCourse].sort());
    expect(
      (await other.client.get<MyAssignment[]>('/api/assignments')).body.map((a) => a.course_slug),
    ).toEqual([freeCourse]);

    // A newcomer joins through an invitation after both assignments were made.
    app.clock.advance(60_000);
    const newcomer = await signedInTeacher(app, { role: 'free', name: 'New Comer' });
    await sendInvites(s.admin.client, s.groupId, [newcomer.email]);
    await app.mailer.idle();
    const code = inviteCodeIn(mailsTo(newcomer.email)[0]!.text.match(/https?:\/\/\S+/g) ?? []);
    expect((await newcomer.client.post('/api/invites/accept', { code })).status).toBe(200);
    expect(
      (await newcomer.client.get<MyAssignment[]>('/api/assignments')).body.map((a) => a.course_slug),
    ).toEqual([freeCourse]);
    const [a, b] = await Promise.all([nudge(), nudge()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    await app.mailer.idle();
    expect(mailsTo(newcomer.email).filter((m) => m.subject.startsWith('New course assigned'))).toHaveLength(
      1,
    );
    expect(await nudge()).toBe(0);
  });

  it("refuses, changing nothing: an unknown course, someone not in the group, a past or malformed date; another group's admin and a teacher", async () => {
    const s = await school(1, 'Ogdenville');
    const b = await school(1, 'North Haverbrook');
    const before = (await view(s)).assignments.length;
    const cases: [unknown, number, string][] = [
      [{ courseSlugs: ['no-such-course'] }, 400, assignmentMessages.unknownCourse('no-such-course')],
      [{ courseSlugs: [] }, 400, assignmentMessages.noCourses],
      [{ courseSlugs: [freeCourse], userIds: [b.members[0]!.user.id] }, 400, assignmentMessages.notMember],
      [{ courseSlugs: [freeCourse], userIds: ['not-a-uuid'] }, 400, assignmentMessages.notMember],
      [
        { courseSlugs: [freeCourse], dueDate: addDays(today(), -1) },
        400,
        assignmentMessages.pastDate(today()),
      ],
      [{ courseSlugs: [freeCourse], dueDate: '2027-02-30' }, 400, assignmentMessages.badDate],
      [{ courseSlugs: [freeCourse], dueDate: '03/01/2027' }, 400, assignmentMessages.badDate],
      [{ courseSlugs: freeCourse }, 400, assignmentMessages.noCourses],
    ];
    for (const [body, status, error] of cases) {
      const res = await assign(s, body);
      expect([res.status, res.body.error]).toEqual([status, error]);
    }
    expect((await view(s)).assignments).toHaveLength(before);
    // Group B's admin sees nothing of group A, and a teacher cannot call the admin's calls at all.
    const other = await b.admin.client.post(`/api/license-groups/${s.groupId}/assignments`, {
      courseSlugs: [freeCourse],
    });
    expect(other.status).toBe(404);
    expect((await b.admin.client.get(`/api/license-groups/${s.groupId}/assignments`)).status).toBe(404);
    const teacher = s.members[0]!;
    expect(
      (
        await teacher.client.post(`/api/license-groups/${s.groupId}/assignments`, {
          courseSlugs: [freeCourse],
        })
      ).status,
    ).toBe(403);
    expect((await app.client().get('/api/assignments')).status).toBe(401);
    expect((await view(s)).assignments).toHaveLength(before);
  });

  it("removes an assignment (audited); another group's admin cannot", async () => {
    const s = await school(1, 'Capital City');
    const b = await school(0, 'Cypress Creek');
    const id = (await assign(s, { courseSlugs: [freeCourse] })).body.assignments[0]!.id;
    expect(
      (await b.admin.client.request('DELETE', `/api/license-groups/${s.groupId}/assignments/${id}`)).status,
    ).toBe(404);
    expect(
      (await b.admin.client.request('DELETE', `/api/license-groups/${b.groupId}/assignments/${id}`)).status,
    ).toBe(404);
    expect(
      (await s.admin.client.request('DELETE', `/api/license-groups/${s.groupId}/assignments/${id}`)).status,
    ).toBe(200);
    expect((await view(s)).assignments).toHaveLength(0);
    expect((await s.members[0]!.client.get<MyAssignment[]>('/api/assignments')).body).toEqual([]);
    expect(
      (await s.admin.client.request('DELETE', `/api/license-groups/${s.groupId}/assignments/${id}`)).status,
    ).toBe(404);
    expect(
      (await auditEntries()).find((e) => e.action === 'assignment_removed' && e.targetId === s.groupId),
    ).toMatchObject({
      before: { assignmentId: id, course: freeCourse },
    });
  });
});

describe('nudges', () => {
  it('not started after 7 days, due in 7 days and in 1 day: once each under two instances, never after completion, never to a removed member', async () => {
    const s = await school(3, 'Brockway');
    const [finisher, removed, idle] = s.members as [Teacher, Teacher, Teacher];
    const due = addDays(today(), 20);
    expect((await assign(s, { courseSlugs: [freeCourse], dueDate: due })).status).toBe(201);
    await app.mailer.idle();
    const count = (t: Teacher) => mailsTo(t.email).length;
    expect([count(finisher), count(removed), count(idle)]).toEqual([1, 1, 1]);

    await completeModules(finisher.client, freeCourse, 'all');
    expect(
      (await s.admin.client.request('DELETE', `/api/license-groups/${s.groupId}/members/${removed.user.id}`))
        .status,
    ).toBe(200);

    // Each step: two instances' housekeeping at the same moment, then a later run: one e-mail.
    const twoInstancesThenOne = async () => {
      await Promise.all([nudge(), nudge()]);
      await nudge();
      await app.mailer.idle();
    };
    app.clock.advance(6 * day);
    await twoInstancesThenOne();
    expect(count(idle)).toBe(1);
    app.clock.advance(1 * day); // day 7: not started
    await twoInstancesThenOne();
    expect(count(idle)).toBe(2);
    app.clock.advance(6 * day); // day 13: due in 7 days
    await twoInstancesThenOne();
    expect(count(idle)).toBe(3);
    app.clock.advance(6 * day); // day 19: due tomorrow
    await twoInstancesThenOne();
    expect(count(idle)).toBe(4);
    expect(mailsTo(idle.email).map((m) => m.subject)).toEqual([
      'New course assigned by Brockway',
      'Reminder: a course from Brockway is waiting for you',
      'Due in a week: your course from Brockway',
      'Due tomorrow: your course from Brockway',
    ]);
    // Never after completion, never to a removed member.
    expect(count(finisher)).toBe(1);
    expect(count(removed)).toBe(1);
  });

  it('each e-mail is editable and can be turned off per group; bad settings are refused', async () => {
    const s = await school(2, 'Springfield Heights');
    const url = `/api/license-groups/${s.groupId}/assignment-mails`;
    const edited = await s.admin.client.request('PATCH', `${url}/assigned`, {
      json: {
        enabled: true,
        subject: 'Please take this course, {group}',
        intro: 'Our PD plan for this year.',
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      kind: 'assigned',
      subject: 'Please take this course, {group}',
      is_default: false,
    });
    expect(
      (await s.admin.client.request('PATCH', `${url}/not_started`, { json: { enabled: false } })).status,
    ).toBe(200);
    expect(
      (await s.admin.client.request('PATCH', `${url}/nonsense`, { json: { enabled: false } })).status,
    ).toBe(404);
    expect(
      (await s.admin.client.request('PATCH', `${url}/assigned`, { json: { enabled: 'yes' } })).status,
    ).toBe(400);
    expect(
      (await s.admin.client.request('PATCH', `${url}/assigned`, { json: { enabled: true, subject: '' } }))
        .status,
    ).toBe(400);
    const b = await school(0, 'Other Town');
    expect(
      (await b.admin.client.request('PATCH', `${url}/assigned`, { json: { enabled: false } })).status,
    ).toBe(404);
    const settings = await s.admin.client.get<{ kind: string; enabled: boolean }[]>(url);
    expect(settings.body.find((x) => x.kind === 'not_started')?.enabled).toBe(false);
    expect(settings.body.find((x) => x.kind === 'assigned')?.enabled).toBe(true);

    expect((await assign(s, { courseSlugs: [freeCourse] })).status).toBe(201);
    await app.mailer.idle();
    const member = s.members[0]!;
    expect(mailsTo(member.email).map((m) => m.subject)).toEqual([
      'Please take this course, Springfield Heights',
    ]);
    expect(mailsTo(member.email)[0]!.text).toContain('Our PD plan for this year.');
    app.clock.advance(8 * day);
    await nudge();
    await app.mailer.idle();
    expect(mailsTo(member.email)).toHaveLength(1);
  });

  it("the weekly digest names who finished in the last 7 days and the PD hours they earned, not last week's finishers", async () => {
    const s = await school(3, 'East Shelbyville');
    const [early, finisher, idle] = s.members as [Teacher, Teacher, Teacher];
    expect((await assign(s, { courseSlugs: [freeCourse], dueDate: addDays(today(), 30) })).status).toBe(201);
    await completeModules(early.client, freeCourse, 'all');
    await nudge();
    app.clock.advance(8 * day); // the next week: the early finisher's completion is 8 days old
    await completeModules(finisher.client, freeCourse, 'all');
    await nudge();
    await app.mailer.idle();
    const [digest] = mailsTo(s.admin.email).filter(
      (m) => m.subject === 'This week in East Shelbyville: assigned courses',
    );
    const course = (await testContent()).courses.find((c) => c.slug === freeCourse)!;
    expect(digest!.text).toContain(`Finished this week: ${finisher.user.name}.`);
    expect(digest!.text).toContain(`Never started: ${idle.user.name}.`);
    expect(digest!.text).toContain('2 of 3 completed, 0 overdue, 1 not started');
    expect(digest!.text).toContain(`PD hours earned this week: ${pdHoursEarned(course.totalMinutes)}.`);
  });

  it('the weekly digest reaches every licence admin of the group (co-admins too) once a week; a completion note when turned on', async () => {
    const s = await school(2, 'West Springfield');
    const [finisher, idle] = s.members as [Teacher, Teacher];
    // Two co-admins added by the purchaser; the second is removed again and hears nothing.
    const coAdmin = await signedInAs(app, 'license_admin', 'Cole Coadmin');
    const formerCoAdmin = await signedInAs(app, 'license_admin', 'Fay Former');
    for (const a of [coAdmin, formerCoAdmin]) {
      const added = await s.admin.client.post(`/api/license-groups/${s.groupId}/admins`, { email: a.email });
      expect(added.status).toBe(201);
    }
    const removed = await s.admin.client.request(
      'DELETE',
      `/api/license-groups/${s.groupId}/admins/${formerCoAdmin.user.id}`,
    );
    expect(removed.status).toBe(200);
    await s.admin.client.request(
      'PATCH',
      `/api/license-groups/${s.groupId}/assignment-mails/completed_note`,
      {
        json: { enabled: true },
      },
    );
    expect((await assign(s, { courseSlugs: [freeCourse], dueDate: addDays(today(), 3) })).status).toBe(201);
    await completeModules(finisher.client, freeCourse, 'all');
    await nudge();
    await app.mailer.idle();
    for (const a of [s.admin, coAdmin]) {
      expect(mailsTo(a.email).map((m) => m.subject)).toEqual([
        `${finisher.user.name} completed an assigned course`,
      ]);
    }
    expect(mailsTo(coAdmin.email)[0]!.text).toContain('Hello Cole Coadmin,');

    app.clock.advance(8 * day); // the next week: the digest, once under two instances
    await Promise.all([nudge(), nudge()]);
    await app.mailer.idle();
    const digests = mailsTo(s.admin.email).filter(
      (m) => m.subject === 'This week in West Springfield: assigned courses',
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain(`Behind (past the due date): ${idle.user.name}.`);
    expect(digests[0]!.text).toContain(`Never started: ${idle.user.name}.`);
    expect(digests[0]!.text).toContain('1 of 2 completed, 1 overdue, 1 not started');
    const coDigests = mailsTo(coAdmin.email).filter((m) => m.subject.startsWith('This week'));
    expect(coDigests).toHaveLength(1);
    expect(coDigests[0]!.text).toContain('Hello Cole Coadmin,');
    expect(coDigests[0]!.text).toContain('1 of 2 completed, 1 overdue, 1 not started');
    await nudge();
    await app.mailer.idle();
    for (const a of [s.admin, coAdmin])
      expect(mailsTo(a.email).filter((m) => m.subject.startsWith('This week'))).toHaveLength(1);
    expect(mailsTo(formerCoAdmin.email)).toEqual([]);
  });
});
