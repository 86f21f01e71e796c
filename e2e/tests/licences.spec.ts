import { type Browser, expect, type Page, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  answerQuestion,
  expectNoSeriousA11yViolations,
  fetchCourse,
  signInDemoAccount,
  uniqueEmail,
  waitForMail,
} from './support';

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };

/** A new browser context signed in as a demo account through the real login call. */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signInDemoAccount(context, email, new URL(page.url()).origin);
  return page;
}

test('a school licence: the license admin invites two teachers, one joins and learns, the other is revoked', async ({
  browser,
}) => {
  // The superadmin creates a group for the demo license admin (through the api until /admin exists).
  const admin = await signedIn(browser, 'license-admin@demo.test');
  const adminId = ((await (await admin.request.get('/api/auth/me')).json()) as { id: string }).id;
  const superadmin = await signedIn(browser, 'superadmin@demo.test');
  const created = await superadmin.request.post('/api/license-groups', {
    data: { name: 'Journey High School', purchaser_id: adminId, license_count: 10 },
    headers: { Origin: new URL(superadmin.url()).origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  const groups = (await (await superadmin.request.get('/api/license-groups')).json()) as { name: string }[];
  expect(groups.map((g) => g.name)).toContain('Journey High School');

  // The license admin's page (the first of their groups, as the spec says).
  await admin.setViewportSize(laptop);
  await admin.goto('/license-admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'License Management' })).toBeVisible();
  const usage = admin.getByRole('region', { name: 'License usage' });
  await expect(usage).toContainText('Total Licenses');
  await expect(admin.getByRole('progressbar', { name: /License usage: \d+%/ })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Member Progress' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, '/license-admin on a laptop');

  const joiner = uniqueEmail('joiner');
  const revoked = uniqueEmail('revoked');
  await admin.getByLabel('Teacher emails (one per line)').fill(`${joiner}\n${revoked}`);
  await expect(admin.locator('#invite-count')).toHaveText('2 emails');
  await admin.getByRole('button', { name: 'Send Invites' }).click();
  await expect(admin.getByText('Invites Sent Successfully')).toBeVisible();
  await expect(admin.getByText('2 invitations have been sent to teachers')).toBeVisible();
  const history = admin.getByRole('region', { name: 'Invitation History' });
  await expect(history.getByRole('row', { name: new RegExp(joiner) })).toContainText('Pending');

  // The mails arrive in the dev mailbox.
  const mail = await waitForMail(admin.request, joiner, /invited you/);
  expect(mail.text).toContain('Demo Unified School District');
  await waitForMail(admin.request, revoked, /invited you/);
  const link = mail.links.find((l) => l.includes('/signup?invite='));
  expect(link).toBeTruthy();

  // One signs up from the link: the invitation card, the locked e-mail, then premium.
  const teacherContext = await browser.newContext({ viewport: phone });
  const teacher = await teacherContext.newPage();
  await teacher.goto(link!);
  await expect(teacher.getByText('Valid Invitation')).toBeVisible();
  await expect(teacher.getByText('Premium Access')).toBeVisible();
  await expect(teacher.getByLabel(/^email/i)).toHaveValue(joiner);
  await expect(
    teacher.getByText('Email pre-filled from your invitation and cannot be changed'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(teacher, '/signup?invite= on a phone');
  await teacher.setViewportSize(laptop);
  await expectNoSeriousA11yViolations(teacher, '/signup?invite= on a laptop');
  await teacher.getByLabel(/full name/i).fill('Jo Joiner');
  await teacher.getByLabel(/^password/i).fill('joiner-passphrase');
  await teacher.getByRole('checkbox', { name: /terms/i }).check();
  await teacher.getByRole('button', { name: /create account/i }).click();
  await expect(teacher.getByText('Account Created Successfully')).toBeVisible();
  await expect(teacher).toHaveURL(/\/$/);
  await expect(teacher.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  await expect(teacher.getByRole('banner').getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(
    0,
  );

  // The premium course opens, and the teacher completes its first module.
  await teacher.goto('/prompt-engineering');
  await expect(teacher.getByRole('link', { name: 'Start Course' }).first()).toBeVisible();
  await expect(teacher.getByRole('heading', { name: 'Premium Course' })).toHaveCount(0);
  const course = await fetchCourse(teacher, 'prompt-engineering');
  await teacher.getByRole('link', { name: 'Start Course' }).first().click();
  const first = course.modules[0]!;
  await expect(teacher.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  for (const question of first.quiz) await answerQuestion(teacher, question, question.answer);
  await expect(teacher.getByRole('button', { name: 'Continue to Next Module' })).toBeEnabled();

  // The other invitation is revoked.
  await admin.reload();
  await admin.getByRole('button', { name: `Revoke invitation to ${revoked}` }).click();
  // Revoke asks first, naming the address (issue 26).
  const confirm = admin.getByRole('dialog', { name: 'Revoke this invitation?' });
  await expect(confirm).toContainText(revoked);
  await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(admin.getByText('Invitation revoked')).toBeVisible();
  await expect(history.getByRole('row', { name: new RegExp(revoked) })).toContainText('Revoked');
  await expect(history.getByRole('row', { name: new RegExp(joiner) })).toContainText('Used');

  // The license admin sees the member's progress, on a laptop and on a phone.
  await admin.reload();
  const members = admin.getByRole('region', { name: 'Member Progress' });
  await members.getByRole('searchbox', { name: 'Search by name or email' }).fill(joiner);
  const card = members.getByRole('listitem').filter({ hasText: 'Jo Joiner' }).first();
  await expect(card).toContainText(joiner);
  await expect(card).toContainText(/1\/\d+ modules/);
  await expect(card).toContainText('Verified');
  await admin.setViewportSize(phone);
  await expectNoSeriousA11yViolations(admin, '/license-admin on a phone');

  // The CSV downloads.
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    members.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  // The group's name and the day in the file's name; dates in the browser's time zone (issue 26).
  expect(download.suggestedFilename()).toMatch(/-members-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const timeZone = await admin.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(csv.split('\r\n')[0]).toContain(`Name,Email,Verified,Joined (${timeZone})`);
  expect(csv).toContain(`Jo Joiner,${joiner},Yes`);

  // Anyone else gets Access Denied.
  await teacher.goto('/license-admin');
  await expect(teacher.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(teacher.getByText('This page is only available to license administrators.')).toBeVisible();
  await expectNoSeriousA11yViolations(teacher, 'Access Denied on /license-admin');
});
