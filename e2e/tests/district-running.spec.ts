import { readFile } from 'node:fs/promises';
import {
  type Browser,
  type BrowserContext,
  type Download,
  expect as baseExpect,
  type Page,
  test,
} from '@playwright/test';
import { generate } from 'otplib';
import {
  fetchCourse,
  seriousA11yViolations,
  signInDemoAccount,
  signUpTeacher,
  uniqueEmail,
  waitForMail,
  widthProblems,
} from './support';

// Issue 28, done means: running a district works end to end in Chromium on a phone and a laptop.
// Four journeys, each at 390 px and at 1366 px, each making its own group through the real calls:
//   a. co-admins: added, managing the same group, switching groups, removed (no access after); the
//      super admin opens any group's License Management and hands the group over;
//   b. assignments: a course assigned to the whole group with a due date, the e-mail, the teachers'
//      "Assigned by" lines and list, completion and the admin's assignment view with its filters;
//   c. the PD transcript: the teacher's page, its PDF, its public verification page, the group's CSV;
//   d. audit: those actions in the group's Activity and in the super admin's, filtered by action.
// Every screen visited is checked for width (nothing wider than the window; a wide table inside a
// box that scrolls sideways is inside) and with axe (nothing serious or critical). The checks of a
// screen are soft, so one run names every screen that fails.

// Each journey has five or six people on one server on a shared 2-core machine: a screen may take
// more than the suite's 10 s to settle when the machine is busy.
const expect = baseExpect.configure({ timeout: 20_000 });

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;
type Viewport = (typeof viewports)[number];

const demoGroupName = 'Demo Unified School District';
const teacherPassword = 'teacher-passphrase';

const originOf = (page: Page) => ({ Origin: new URL(page.url()).origin });
// Every context blocks the service worker: these journeys are not about offline (offline.spec.ts
// is), and each of their five or six people would otherwise install it and precache every asset
// beside the journey, on a shared 2-core machine. Each is closed after its journey.
const opened: BrowserContext[] = [];
async function newContext(browser: Browser, viewport: Viewport): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  opened.push(context);
  return context;
}
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

const suffix = () => Date.now().toString(36).slice(-5);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function signedIn(browser: Browser, email: string, viewport: Viewport): Promise<Page> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await page.goto('/');
  await signInDemoAccount(context, email, new URL(page.url()).origin);
  return page;
}

async function idOf(page: Page): Promise<string> {
  const me = await page.request.get('/api/auth/me');
  expect(me.status(), await me.text()).toBe(200);
  return ((await me.json()) as { id: string }).id;
}

/** The screen as it is now: axe finds nothing serious or critical, and nothing is wider than the window. */
async function checkScreen(page: Page, label: string): Promise<void> {
  // Axe first: it waits for the page's transitions to end, so the widths are those of the settled page.
  const axe = await seriousA11yViolations(page);
  expect.soft(axe, `axe on ${label}`).toEqual([]);
  expect.soft(await widthProblems(page), `width of ${label}`).toEqual([]);
}

/** A licence group for `purchaserId`, made by the super admin through the api; its id. */
async function createGroup(superadmin: Page, name: string, purchaserId: string, seats = 10): Promise<string> {
  const created = await superadmin.request.post('/api/license-groups', {
    data: { name, purchaser_id: purchaserId, license_count: seats },
    headers: originOf(superadmin),
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { license_group: { id: string } }).license_group.id;
}

interface Person {
  page: Page;
  email: string;
  id: string;
  name: string;
}

/** A new teacher, signed up, verified and signed in through the real calls, in a context of its own. */
async function newTeacher(browser: Browser, name: string, viewport: Viewport): Promise<Person> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const email = await signUpTeacher(page, name, teacherPassword);
  return { page, email, id: await idOf(page), name };
}

/**
 * A new licence-admin account: a teacher the super admin makes a licence admin (their session ends
 * with the role change), who signs in again and sets up two-step sign-in, as an admin must.
 */
async function newLicenceAdmin(
  browser: Browser,
  superadmin: Page,
  name: string,
  viewport: Viewport,
): Promise<Person> {
  const person = await newTeacher(browser, name, viewport);
  const promoted = await superadmin.request.patch(`/api/admin/users/${person.id}/role`, {
    data: { role: 'license_admin' },
    headers: originOf(superadmin),
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  const headers = originOf(person.page);
  const login = await person.page.request.post('/api/auth/login', {
    data: { email: person.email, password: teacherPassword },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  expect(((await login.json()) as { mfa?: string }).mfa).toBe('enrol');
  const setup = await person.page.request.post('/api/auth/mfa/setup', { data: {}, headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  const enabled = await person.page.request.post('/api/auth/mfa/enable', { data: { code }, headers });
  expect(enabled.status(), await enabled.text()).toBe(200);
  await person.page.goto('/');
  return person;
}

/** The admin invites the teachers (and any address only invited); the teachers accept from their mail. */
async function joinGroup(
  admin: Page,
  groupId: string,
  teachers: readonly Person[],
  onlyInvited: readonly string[] = [],
) {
  const sent = await admin.request.post('/api/invites', {
    data: { license_group_id: groupId, emails: [...teachers.map((t) => t.email), ...onlyInvited] },
    headers: originOf(admin),
  });
  expect(sent.status(), await sent.text()).toBe(201);
  for (const teacher of teachers) {
    const link = (await waitForMail(teacher.page.request, teacher.email, /invited you/)).links.find((l) =>
      l.includes('/signup?invite='),
    );
    const code = new URL(link!).searchParams.get('invite');
    const accepted = await teacher.page.request.post('/api/invites/accept', {
      data: { code },
      headers: originOf(teacher.page),
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }
}

interface CourseSummary {
  slug: string;
  title: string;
  isComingSoon?: boolean;
  modules: unknown[];
}

/** The course with the fewest modules (a quick one to complete), from the public catalogue. */
async function shortestCourse(page: Page): Promise<CourseSummary> {
  const res = await page.request.get('/api/content/catalogue');
  expect(res.status()).toBe(200);
  const { courses } = (await res.json()) as { courses: CourseSummary[] };
  return courses
    .filter((c) => !c.isComingSoon && c.modules.length > 0)
    .sort((a, b) => a.modules.length - b.modules.length)[0]!;
}

/** Passes the first `count` modules of the course (all by default) through the sync call, as a device would. */
async function passModules(page: Page, slug: string, count?: number): Promise<void> {
  const course = await fetchCourse(page, slug);
  const ops = course.modules.slice(0, count ?? course.modules.length).map((m) => ({
    opId: crypto.randomUUID(),
    type: 'quiz-submitted',
    courseSlug: slug,
    moduleId: m.id,
    answers: m.quiz.map((q) => q.answer),
  }));
  const res = await page.request.post('/api/progress/sync', { data: { ops }, headers: originOf(page) });
  expect(res.status(), await res.text()).toBe(200);
  const { results } = (await res.json()) as { results: { status: string }[] };
  expect(results.map((r) => r.status)).toEqual(ops.map(() => 'applied'));
}

/** A calendar day `days` from today (UTC, the groups' zone) and how the app writes it. */
function dayFromToday(days: number): { iso: string; text: string } {
  const iso = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const text = new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return { iso, text };
}

async function downloaded(download: Download): Promise<Buffer> {
  return readFile((await download.path())!);
}

for (const viewport of viewports) {
  const at = `on a ${viewport.name}`;

  test.describe(`running a district ${at} (${viewport.width} px)`, () => {
    test(`co-admins manage the same group; a licence admin switches groups; the super admin opens any group and hands it over (${viewport.name})`, async ({
      browser,
    }) => {
      // Three admins' sign-ins (two with two-step setup) and nine screens with axe, on a 2-core machine.
      test.setTimeout(240_000);
      const owner = await signedIn(browser, 'license-admin@demo.test', viewport);
      const superadmin = await signedIn(browser, 'superadmin@demo.test', viewport);
      const groupName = `Co-admin Academy ${suffix()}`;
      const groupId = await createGroup(superadmin, groupName, await idOf(owner));
      const co = await newLicenceAdmin(browser, superadmin, 'Cora Co-Admin', viewport);
      const heir = await newLicenceAdmin(browser, superadmin, 'Hugo Heir', viewport);
      type MyGroup = { id: string; name: string };
      const groupsOf = async (page: Page) => {
        const res = await page.request.get('/api/license-groups/me');
        expect(res.status(), await res.text()).toBe(200);
        return (await res.json()) as MyGroup[];
      };
      const demoGroup = (await groupsOf(owner)).find((g) => g.name === demoGroupName)!;
      expect(demoGroup).toBeTruthy();

      // The owner has two groups at least (the demo district's and this one): the switcher.
      await owner.goto(`/license-admin?group=${groupId}`);
      await expect(owner.getByRole('heading', { level: 1, name: 'License Management' })).toBeVisible();
      const switcher = owner.getByRole('combobox', { name: 'License group' });
      await expect(switcher).toHaveText(groupName);
      await checkScreen(owner, `License Management with the group switcher ${at}`);
      await switcher.click();
      await owner.getByRole('option', { name: demoGroupName, exact: true }).click();
      await expect(switcher).toHaveText(demoGroupName);
      await expect(owner).toHaveURL(new RegExp(`[?&]group=${demoGroup.id}$`));
      await expect(owner.getByRole('region', { name: 'Member Progress' })).toContainText('zoe@demo.test');
      await switcher.click();
      await owner.getByRole('option', { name: groupName, exact: true }).click();
      await expect(switcher).toHaveText(groupName);
      await expect(owner).toHaveURL(new RegExp(`[?&]group=${groupId}$`));

      // The owner adds a co-admin by e-mail (a licence-admin account).
      const admins = owner.getByRole('list', { name: 'License admins' });
      await expect(admins.getByRole('listitem')).toHaveCount(1);
      await owner.getByLabel("Add a co-admin (a license admin's e-mail)").fill(co.email);
      await owner.getByRole('button', { name: 'Add co-admin' }).click();
      const coItem = admins.getByRole('listitem').filter({ hasText: co.email });
      await expect(coItem).toBeVisible();
      await expect(admins.getByRole('listitem')).toHaveCount(2);
      await checkScreen(owner, `License Management with a co-admin ${at}`);

      // The co-admin sees the same group and manages it: an invitation, which reaches the teacher.
      await co.page.goto('/license-admin');
      await expect(co.page.getByRole('heading', { level: 1, name: 'License Management' })).toBeVisible();
      await expect(co.page.getByText(groupName, { exact: true })).toBeVisible();
      const coAdmins = co.page.getByRole('list', { name: 'License admins' });
      await expect(
        coAdmins.getByRole('listitem').filter({ hasText: 'license-admin@demo.test' }),
      ).toContainText('Purchaser');
      await expect(coAdmins.getByRole('listitem').filter({ hasText: co.email })).toBeVisible();
      const invitee = uniqueEmail('coinvitee');
      await co.page.getByLabel('Teacher emails (one per line)').fill(invitee);
      await co.page.getByRole('button', { name: 'Send Invites' }).click();
      await expect(co.page.getByText('Invites Sent Successfully')).toBeVisible();
      await expect(co.page.getByRole('region', { name: 'Invitation History' })).toContainText(invitee);
      await checkScreen(co.page, `License Management for the co-admin ${at}`);
      expect((await waitForMail(co.page.request, invitee, /invited you/)).text).toContain(groupName);

      // The owner sees the co-admin's invitation, then removes the co-admin...
      await owner.reload();
      await expect(owner.getByRole('region', { name: 'Invitation History' })).toContainText(invitee);
      await coItem.getByRole('button', { name: 'Remove' }).click();
      await expect(coItem).toHaveCount(0);
      await expect(admins.getByRole('listitem')).toHaveCount(1);

      // ...who then has no access to the group: no group on the page, 404 from the api.
      await co.page.goto(`/license-admin?group=${groupId}`);
      await expect(co.page.getByText('No License Group')).toBeVisible();
      await expect(co.page.getByText(groupName, { exact: true })).toHaveCount(0);
      await checkScreen(co.page, `License Management for the removed co-admin ${at}`);
      expect((await co.page.request.get(`/api/license-groups/${groupId}`)).status()).toBe(404);
      expect((await co.page.request.get(`/api/license-groups/${groupId}/members`)).status()).toBe(404);
      expect(await groupsOf(co.page)).toEqual([]);

      // The super admin opens the group's License Management from the dashboard.
      await superadmin.goto('/admin');
      await superadmin.getByRole('tab', { name: 'License Groups' }).click();
      const row = superadmin
        .getByRole('table', { name: 'License groups' })
        .getByRole('row')
        .filter({ hasText: groupName });
      await row.getByRole('link', { name: 'Open License Management' }).click();
      await expect(superadmin).toHaveURL(new RegExp(`/license-admin\\?group=${groupId}$`));
      await expect(superadmin.getByRole('heading', { level: 1, name: 'License Management' })).toBeVisible();
      await expect(superadmin.getByText(groupName, { exact: true })).toBeVisible();
      const back = superadmin.getByRole('link', { name: 'Back to the admin dashboard' });
      await expect(back).toBeVisible();
      await expect(superadmin.getByRole('region', { name: 'Invitation History' })).toContainText(invitee);
      await checkScreen(superadmin, `License Management for the super admin ${at}`);

      // It hands the group to another licence admin: first a co-admin, then the purchaser.
      const superAdmins = superadmin.getByRole('list', { name: 'License admins' });
      await superadmin.getByLabel("Add a co-admin (a license admin's e-mail)").fill(heir.email);
      await superadmin.getByRole('button', { name: 'Add co-admin' }).click();
      await expect(superAdmins.getByRole('listitem').filter({ hasText: heir.email })).toBeVisible();
      await superadmin.getByRole('combobox', { name: 'New purchaser' }).click();
      await superadmin.getByRole('option', { name: `${heir.name} (${heir.email})` }).click();
      await superadmin.getByRole('button', { name: 'Hand over', exact: true }).click();
      const confirm = superadmin.getByRole('dialog', { name: `Hand ${groupName} over?` });
      await expect(confirm).toContainText(
        `${heir.name} (${heir.email}) becomes the purchaser and manages the group; Lars License-Admin (license-admin@demo.test) no longer manages it.`,
      );
      await checkScreen(superadmin, `the hand-over confirmation ${at}`);
      await confirm.getByRole('button', { name: 'Hand over' }).click();
      await expect(superadmin.getByText('License group handed over')).toBeVisible();
      await expect(superAdmins.getByRole('listitem')).toHaveCount(1);
      await expect(superAdmins.getByRole('listitem')).toContainText(heir.email);
      await expect(superAdmins.getByRole('listitem')).toContainText('Purchaser');
      await checkScreen(superadmin, `License Management after the hand-over ${at}`);

      // The heir manages the group; the old owner no longer does.
      await heir.page.goto('/license-admin');
      await expect(heir.page.getByText(groupName, { exact: true })).toBeVisible();
      await expect(heir.page.getByRole('list', { name: 'License admins' })).toContainText('Purchaser');
      expect((await groupsOf(owner)).map((g) => g.id)).not.toContain(groupId);
      expect((await owner.request.get(`/api/license-groups/${groupId}`)).status()).toBe(404);

      // And back to the dashboard.
      await back.click();
      await expect(superadmin).toHaveURL(/\/admin$/);
      await expect(
        superadmin.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' }),
      ).toBeVisible();
    });

    test(`a course assigned to the whole group with a due date: the e-mail, the teachers' lines and list, the admin's assignment view (${viewport.name})`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const admin = await signedIn(browser, 'license-admin@demo.test', viewport);
      const superadmin = await signedIn(browser, 'superadmin@demo.test', viewport);
      const groupName = `Assignment Middle School ${suffix()}`;
      const groupId = await createGroup(superadmin, groupName, await idOf(admin));
      const finisher = await newTeacher(browser, 'Fay Finisher', viewport);
      const starter = await newTeacher(browser, 'Stan Starter', viewport);
      const waiter = await newTeacher(browser, 'Nia Notyet', viewport);
      const invited = uniqueEmail('invited');
      await joinGroup(admin, groupId, [finisher, starter, waiter], [invited]);
      const course = await shortestCourse(admin);
      const due = dayFromToday(14);

      // The admin assigns the course to the whole group, due in two weeks.
      await admin.goto(`/license-admin?group=${groupId}`);
      const assigned = admin.getByRole('region', { name: 'Assigned courses' });
      await assigned.getByRole('combobox', { name: 'Courses to assign' }).click();
      await admin.getByRole('option', { name: course.title, exact: true }).click();
      await admin.keyboard.press('Escape');
      await expect(admin.getByRole('listbox')).toHaveCount(0);
      await assigned.getByLabel('Due date (optional)').fill(due.iso);
      await expect(assigned.getByRole('switch', { name: /The whole group/ })).toBeChecked();
      await checkScreen(admin, `the assignment form ${at}`);
      await assigned.getByRole('button', { name: 'Assign', exact: true }).click();
      await expect(assigned.getByText('Assigned. Members are told by e-mail.')).toBeVisible();
      const card = assigned
        .getByRole('list', { name: 'Assignments' })
        .getByRole('listitem')
        .filter({ hasText: course.title });
      await expect(card).toContainText(`Whole group · due ${due.text}`);
      await expect(card.getByTestId('assignment-counts')).toHaveText(
        '0 completed · 0 in progress · 3 not started · 0 overdue · 1 invited',
      );

      // The assignment e-mail reaches each member.
      for (const teacher of [finisher, starter, waiter]) {
        const mail = await waitForMail(admin.request, teacher.email, /^New course assigned by /);
        expect(mail.subject).toBe(`New course assigned by ${groupName}`);
        expect(mail.text).toContain(`"${course.title}", due ${due.text}.`);
        expect(mail.links.some((l) => l.endsWith(`/${course.slug}`))).toBe(true);
      }

      // A member sees it on the catalogue (the card's line and the list of what is assigned)...
      const line = `Assigned by ${groupName}, due ${due.text}`;
      const teacher = finisher.page;
      await teacher.goto('/');
      const list = teacher.getByRole('region', { name: 'Assigned to you' });
      await expect(list.getByRole('link', { name: course.title })).toBeVisible();
      await expect(list).toContainText(`— ${groupName}, due ${due.text} · Not started`);
      await expect(teacher.getByText(line, { exact: true })).toBeVisible();
      await checkScreen(teacher, `the catalogue with an assigned course ${at}`);
      // ...and on the course page.
      await list.getByRole('link', { name: course.title }).click();
      await expect(teacher).toHaveURL(new RegExp(`/${course.slug}$`));
      // The course page's own line (the catalogue's is gone with it), before any progress.
      await expect(teacher.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
      await expect(list).toHaveCount(0);
      await expect(teacher.getByText(line, { exact: true })).toBeVisible();
      await checkScreen(teacher, `the course page of an assigned course ${at}`);

      // One member completes it, one starts it, one has not begun.
      await passModules(teacher, course.slug);
      await passModules(starter.page, course.slug, 1);
      await teacher.goto('/');
      await expect(list).toContainText('You have completed every assigned course. Well done!');

      // The admin's assignment view: the counts, then each filter, as the server answers them.
      await admin.reload();
      await expect(card.getByTestId('assignment-counts')).toHaveText(
        '1 completed · 1 in progress · 1 not started · 0 overdue · 1 invited',
      );
      const rows = assigned.locator('tbody tr');
      await expect(rows).toHaveCount(4);
      await checkScreen(admin, `the assignment view ${at}`);
      const status = assigned.getByRole('combobox', { name: 'Status' });
      const filterBy = async (label: string, expected: string[]) => {
        await status.click();
        await admin.getByRole('option', { name: label, exact: true }).click();
        await expect(status).toHaveText(label);
        await expect(assigned.getByText(/^\d+ rows?$/)).toHaveText(
          `${expected.length} ${expected.length === 1 ? 'row' : 'rows'}`,
        );
        await expect(rows).toHaveCount(expected.length);
        // Whatever the order of the rows, each expected person has one.
        for (const who of expected) await expect(rows.filter({ hasText: who })).toHaveCount(1);
      };
      await filterBy('Completed', [finisher.email]);
      await expect(rows.first()).toContainText('Completed');
      await filterBy('In progress', [starter.email]);
      await expect(rows.first()).toContainText(`1/${course.modules.length}`);
      await filterBy('Not started', [waiter.email]);
      await filterBy('Overdue', []);
      await filterBy('Invited, not joined', [invited]);
      await filterBy('Everyone', [finisher.email, starter.email, waiter.email, invited]);
      // The course filter and the search narrow it too.
      await assigned.getByRole('combobox', { name: 'Course', exact: true }).click();
      await admin.getByRole('option', { name: `${course.title} (due ${due.iso})` }).click();
      await expect(rows).toHaveCount(4);
      await assigned.getByLabel('Search by name or e-mail').fill('Stan Starter');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(starter.email);
      await checkScreen(admin, `the assignment view, filtered ${at}`);
    });

    test(`a teacher's PD transcript: the page, the PDF, the public verification page; the group's transcripts CSV (${viewport.name})`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const admin = await signedIn(browser, 'license-admin@demo.test', viewport);
      const superadmin = await signedIn(browser, 'superadmin@demo.test', viewport);
      const groupName = `Transcript Elementary ${suffix()}`;
      const groupId = await createGroup(superadmin, groupName, await idOf(admin));
      const person = await newTeacher(browser, 'Tia Transcript', viewport);
      await joinGroup(admin, groupId, [person]);
      const course = await shortestCourse(admin);
      await passModules(person.page, course.slug);

      // The teacher opens the transcript from the account menu.
      const teacher = person.page;
      await teacher.goto('/');
      await teacher.getByRole('button', { name: /^Account menu for/ }).click();
      await teacher.getByRole('menuitem', { name: 'PD transcript' }).click();
      await expect(teacher).toHaveURL(/\/account\/transcript$/);
      await expect(teacher.getByRole('heading', { level: 1, name: 'PD transcript' })).toBeVisible();
      // What the page shows is the server's transcript: the course, its hours and its certificate id.
      const timeZone = await teacher.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const answer = await teacher.request.get(`/api/transcript?tz=${encodeURIComponent(timeZone)}`);
      expect(answer.status(), await answer.text()).toBe(200);
      const transcript = (await answer.json()) as {
        id: string;
        courses: { courseTitle: string; pdHours: number; certificateId: string }[];
      };
      expect(transcript.courses.map((c) => c.courseTitle)).toEqual([course.title]);
      const [line] = transcript.courses;
      const table = teacher.getByRole('table', { name: /^Courses of the school year / });
      const row = table.getByRole('row').filter({ hasText: course.title });
      await expect(row).toContainText(line!.certificateId);
      await expect(row.getByRole('cell').nth(3)).toHaveText(String(line!.pdHours));
      await expect(teacher.getByText(/^Total: /)).toBeVisible();
      await checkScreen(teacher, `the PD transcript ${at}`);

      // The PDF: a real one, served as a PDF.
      const pdfLink = teacher.getByRole('link', { name: 'Download PDF' });
      const [pdf] = await Promise.all([teacher.waitForEvent('download'), pdfLink.click()]);
      expect(pdf.suggestedFilename()).toMatch(/^pd-transcript-[0-9a-f]{8}\.pdf$/);
      expect((await downloaded(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const served = await teacher.request.get((await pdfLink.getAttribute('href'))!);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe('application/pdf');
      expect((await served.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The public verification page shows it to anyone, signed out.
      const verifyHref = await teacher.getByRole('link', { name: 'Verification page' }).getAttribute('href');
      expect(verifyHref).toBe(`/transcripts/verify/${transcript.id}`);
      const visitorContext = await newContext(browser, viewport);
      const visitor = await visitorContext.newPage();
      await visitor.goto(verifyHref!);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Transcript Verification' })).toBeVisible();
      await expect(visitor.getByText('Valid transcript')).toBeVisible();
      await expect(visitor.getByRole('status')).toContainText(
        `to ${person.name}. Transcript ID ${transcript.id}.`,
      );
      await expect(visitor.getByRole('row').filter({ hasText: course.title })).toContainText(
        line!.certificateId,
      );
      await expect(visitor.locator('body')).not.toContainText(person.email);
      expect((await visitor.request.get('/api/auth/me')).status()).toBe(401);
      await checkScreen(visitor, `the transcript's verification page, signed out, ${at}`);

      // The licence admin downloads the group's transcripts as one CSV.
      await admin.goto(`/license-admin?group=${groupId}`);
      const section = admin.getByRole('region', { name: 'PD Transcripts' });
      const csvLink = section.getByRole('link', { name: 'Transcripts (CSV)' });
      await expect(csvLink).toBeVisible();
      await checkScreen(admin, `License Management's PD Transcripts ${at}`);
      const [file] = await Promise.all([admin.waitForEvent('download'), csvLink.click()]);
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      const csv = (await downloaded(file)).toString('utf8').replace(/^\uFEFF/, '');
      const [header, ...lines] = csv.trim().split('\r\n');
      expect(header).toMatch(
        /^Name,Email,Course,Started \(.+\),Completed \(.+\),PD Hours,Certificate ID,School Year,Transcript ID$/,
      );
      expect(lines.filter((l) => l.includes(person.email))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^${escapeRegExp(person.name)},${escapeRegExp(person.email)},${escapeRegExp(course.title)},.*,${line!.pdHours},${line!.certificateId},`,
          ),
        ),
      ]);
    });

    test(`the admins' actions in the group's Activity and the super admin's, filtered by action (${viewport.name})`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const admin = await signedIn(browser, 'license-admin@demo.test', viewport);
      const superadmin = await signedIn(browser, 'superadmin@demo.test', viewport);
      const groupName = `Audit High School ${suffix()}`;
      const groupId = await createGroup(superadmin, groupName, await idOf(admin));
      const co = await newLicenceAdmin(browser, superadmin, 'Cole Co-Admin', viewport);
      const heir = await newLicenceAdmin(browser, superadmin, 'Hana Heir', viewport);
      const invitee = uniqueEmail('audited');
      const course = await shortestCourse(admin);
      const headers = originOf(admin);

      // The licence admin's actions, through the real calls: a co-admin added and removed, an
      // invitation, a course assigned.
      const added = await admin.request.post(`/api/license-groups/${groupId}/admins`, {
        data: { email: co.email },
        headers,
      });
      expect(added.status(), await added.text()).toBe(201);
      const removed = await admin.request.delete(`/api/license-groups/${groupId}/admins/${co.id}`, {
        headers,
      });
      expect(removed.status(), await removed.text()).toBe(200);
      const invited = await admin.request.post('/api/invites', {
        data: { license_group_id: groupId, emails: [invitee] },
        headers,
      });
      expect(invited.status(), await invited.text()).toBe(201);
      const assignedCall = await admin.request.post(`/api/license-groups/${groupId}/assignments`, {
        data: { courseSlugs: [course.slug], dueDate: dayFromToday(30).iso },
        headers,
      });
      expect(assignedCall.status(), await assignedCall.text()).toBe(201);

      // The group's Activity on License Management: every entry, then one action at a time.
      await admin.goto(`/license-admin?group=${groupId}`);
      const activity = admin.getByRole('region', { name: 'Activity', exact: true });
      const entries = activity.getByRole('table', { name: 'Group activity' }).locator('tbody tr');
      for (const what of ['Co-admin added', 'Co-admin removed', 'Invites sent', 'Courses assigned']) {
        await expect(entries.filter({ hasText: what })).toHaveCount(1);
      }
      await checkScreen(admin, `the group's Activity ${at}`);
      const action = activity.getByRole('combobox', { name: 'Action' });
      const onlyAction = async (page: Page, label: string) => {
        await action.click();
        await page.getByRole('option', { name: label, exact: true }).click();
        await expect(action).toHaveText(label);
      };
      await onlyAction(admin, 'Co-admin added');
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText('license-admin@demo.test');
      await expect(entries.first()).toContainText(co.email);
      await onlyAction(admin, 'Courses assigned');
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText(course.slug);
      await checkScreen(admin, `the group's Activity filtered by action ${at}`);

      // The super admin's own action on the group: handing it over (to a co-admin it adds first).
      const sHeaders = originOf(superadmin);
      const heirAdded = await superadmin.request.post(`/api/license-groups/${groupId}/admins`, {
        data: { email: heir.email },
        headers: sHeaders,
      });
      expect(heirAdded.status(), await heirAdded.text()).toBe(201);
      const handed = await superadmin.request.patch(`/api/license-groups/${groupId}/purchaser`, {
        data: { purchaser_id: heir.id },
        headers: sHeaders,
      });
      expect(handed.status(), await handed.text()).toBe(200);

      // /admin's Activity: every admin's actions, by action, narrowed to this group by a search.
      await superadmin.goto('/admin');
      await superadmin.getByRole('tab', { name: 'Activity' }).click();
      const all = superadmin.getByRole('table', { name: 'Activity' }).locator('tbody tr');
      await expect(all.first()).toBeVisible();
      const sAction = superadmin.getByRole('combobox', { name: 'Action' });
      const sOnly = async (label: string) => {
        await sAction.click();
        await superadmin.getByRole('option', { name: label, exact: true }).click();
        await expect(sAction).toHaveText(label);
      };
      await sOnly('Group handed over');
      await superadmin.getByLabel('Search').fill(groupName);
      await expect(all).toHaveCount(1);
      await expect(all.first()).toContainText('superadmin@demo.test');
      await expect(all.first()).toContainText(`purchaserEmail: ${heir.email}`);
      await checkScreen(superadmin, `/admin Activity filtered by action ${at}`);
      await sOnly('Courses assigned');
      await expect(all).toHaveCount(1);
      await expect(all.first()).toContainText('license-admin@demo.test');
      await expect(all.first()).toContainText(groupName);
      await superadmin.getByLabel('Search').fill(co.email);
      await sOnly('Co-admin removed');
      await expect(all).toHaveCount(1);
      await expect(all.first()).toContainText('license-admin@demo.test');
      await sOnly('Co-admin added');
      await expect(all).toHaveCount(1);
      await checkScreen(superadmin, `/admin Activity, another action ${at}`);

      // The new purchaser reads the same group's entries, the hand-over among them.
      await heir.page.goto(`/license-admin?group=${groupId}`);
      const heirActivity = heir.page.getByRole('region', { name: 'Activity', exact: true });
      const heirEntries = heirActivity.getByRole('table', { name: 'Group activity' }).locator('tbody tr');
      await expect(heirEntries.filter({ hasText: 'Group handed over' })).toHaveCount(1);
      await expect(heirEntries.filter({ hasText: 'Courses assigned' })).toHaveCount(1);
    });
  });
}
