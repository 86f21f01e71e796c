import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  signInDemoAccount,
  signUpTeacher,
  waitForMail,
  widthProblems,
} from './support';

// Issue 27, done means: the licence admin brings a district in through three screens (License
// Management, the import's preview, its result), and a teacher joins from a domain-restricted join
// link in one click after signing up; a teacher of another domain is refused with its sentence.

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };
const district = 'springfield-district.test';

async function signedIn(browser: Browser, email: string, viewport = laptop): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/');
  await signInDemoAccount(context, email, new URL(page.url()).origin);
  return page;
}

const originOf = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** The screen fits the phone (nothing wider than the window) and axe finds nothing serious. */
async function fitsAndPassesAxe(page: Page, label: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, label);
  expect(await widthProblems(page), `wider than the phone on ${label}`).toEqual([]);
}

test('a district comes in: roster import in three screens, then a domain join link', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await signedIn(browser, 'license-admin@demo.test', phone);
  const superadmin = await signedIn(browser, 'superadmin@demo.test');

  // The demo group (zoe@demo.test is a member) gets seats for the roster (set-up, not the admin's journey).
  type MyGroup = { id: string; name: string; licenses_used: number; licenses_pending: number };
  const group = ((await (await admin.request.get('/api/license-groups/me')).json()) as MyGroup[])[0]!;
  const resized = await superadmin.request.patch(`/api/license-groups/${group.id}/license-count`, {
    data: { license_count: group.licenses_used + group.licenses_pending + 40 },
    headers: originOf(superadmin),
  });
  expect(resized.status(), await resized.text()).toBe(200);

  // The district's CSV: 30 new teachers, a duplicate, a bad address and an existing member.
  const teachers = Array.from({ length: 30 }, (_, i) => ({
    email: `teacher${String(i + 1).padStart(2, '0')}.${Date.now().toString(36)}@${district}`,
    first: `First${i + 1}`,
    last: `Last${i + 1}`,
  }));
  const csv = [
    'Email,First Name,Last Name,School',
    ...teachers.slice(0, 10).map((t) => `${t.email},${t.first},${t.last},Lincoln Elementary`),
    `${teachers[2]!.email.toUpperCase()},Dup,Licate,Lincoln Elementary`,
    'not-an-address,Bad,Address,Lincoln Elementary',
    'zoe@demo.test,Zoë,Martínez,Oak Hill Middle',
    ...teachers.slice(10).map((t) => `${t.email},${t.first},${t.last},Oak Hill Middle`),
  ].join('\r\n');

  // Screen 1: License Management. The admin's journey never leaves it (one page load).
  const loads: string[] = [];
  admin.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === admin.mainFrame())
      loads.push(new URL(request.url()).pathname);
  });
  const screens: string[] = [];
  await admin.goto('/license-admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'License Management' })).toBeVisible();
  const roster = admin.getByRole('region', { name: 'Import a roster' });
  await expect(roster).toBeVisible();
  screens.push('License Management');
  await fitsAndPassesAxe(admin, 'License Management on a phone');

  // Screen 2: the preview, from the uploaded file.
  await roster.getByLabel('Roster file').setInputFiles({
    name: 'springfield-roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
  });
  const summary = roster.getByRole('status');
  await expect(summary).toHaveText(/^30 to invite, 3 skipped · needs 30 of \d+ free seats$/);
  screens.push('the import preview');
  const preview = roster.getByRole('table', { name: 'Roster preview' });
  await expect(preview.getByRole('row', { name: /zoe@demo\.test/ })).toContainText(
    'Skipped: already a member',
  );
  await expect(preview.getByRole('row', { name: /not-an-address/ })).toContainText(
    'Skipped: not an e-mail address',
  );
  await expect(preview.getByRole('row').filter({ hasText: 'duplicate in the file' })).toContainText(
    `${teachers[2]!.email}`,
  );
  await expect(preview.getByRole('row').filter({ hasText: 'Will be invited' })).toHaveCount(30);
  await fitsAndPassesAxe(admin, 'the roster preview on a phone');

  // Screen 3: the result, with the e-mails leaving at the outbox's pace.
  await roster.getByRole('button', { name: 'Send 30 invitations' }).click();
  const results = roster.getByRole('table', { name: 'Rows of the import' });
  await expect(results).toBeVisible();
  screens.push('the result');
  await expect(roster.getByRole('status')).toHaveText(
    /^\d+ of 30 e-mails done \(\d+ sent, 0 not delivered, \d+ waiting\)$/,
  );
  await expect(roster.getByRole('progressbar', { name: 'E-mails sent' })).toBeVisible();
  await expect(roster.getByRole('status')).toHaveText(
    '30 of 30 e-mails done (30 sent, 0 not delivered, 0 waiting)',
    { timeout: 90_000 },
  );
  await expect(results.getByRole('row').filter({ hasText: 'Sent' })).toHaveCount(30);
  await fitsAndPassesAxe(admin, 'the import result on a phone');
  const invitation = await waitForMail(admin.request, teachers[29]!.email, /invited you/);
  expect(invitation.text).toContain(group.name);

  expect(screens).toEqual(['License Management', 'the import preview', 'the result']);
  expect(loads).toEqual(['/license-admin']);
  expect(new URL(admin.url()).pathname).toBe('/license-admin');
  // The history keeps it (a reload, not part of the journey).
  await admin.reload();
  await expect(roster.getByRole('button', { name: /30 invited, 3 skipped · 30 sent$/ })).toBeVisible();

  // A join link for the district's addresses, shown as a link, a code and a QR code.
  const links = admin.getByRole('region', { name: 'Join links' });
  await links.getByLabel('Uses').fill('5');
  await links.getByLabel('Allowed e-mail domains (optional)').fill(district);
  await links.getByRole('button', { name: 'Create join link' }).click();
  const made = links.getByRole('alert').filter({ hasText: 'Your join link' });
  await expect(made.getByRole('img', { name: 'QR code of the join link' })).toBeVisible();
  await expect(made.getByLabel('Join code')).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{1,4})+$/);
  const joinUrl = (await made.getByRole('link').getAttribute('href'))!;
  expect(joinUrl).toMatch(/\/join\/[0-9A-Z]{28}$/);
  // On a phone, the links are cards.
  const row = links
    .getByRole('list', { name: 'Join links' })
    .getByRole('listitem')
    .filter({ hasText: district });
  await expect(row).toContainText('0 / 5 uses');
  await fitsAndPassesAxe(admin, 'License Management with a new join link on a phone');

  // A new teacher of the district opens it signed out, signs up, verifies, signs in and joins.
  const newcomer = await browser.newContext({ viewport: phone });
  const teacher = await newcomer.newPage();
  await teacher.goto(joinUrl);
  await expect(teacher.getByRole('heading', { level: 1, name: `Join ${group.name}` })).toBeVisible();
  await expect(teacher.getByText(`Use your @${district} address.`)).toBeVisible();
  await fitsAndPassesAxe(teacher, 'the join page, signed out, on a phone');
  const email = `ana.ng.${Date.now().toString(36)}@${district}`;
  const form = teacher.getByRole('form', { name: 'Create account' });
  await form.getByLabel(/^Full name/).fill('Ana Ng');
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Password/).fill('Lantern orchard 47 velvet');
  await form.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(teacher).toHaveURL(/\/verify-sent/);
  const verification = await waitForMail(teacher.request, email, /verify/i);
  const verify = verification.links.find((l) => l.includes('/api/auth/verify-email'));
  expect(verify).toContain(encodeURIComponent(new URL(joinUrl).pathname));
  await teacher.goto(verify!);
  // The link verifies and comes back with the join page as the next page: sign in, then join.
  await teacher
    .getByRole('button', { name: /^Sign In$/ })
    .first()
    .click();
  const dialog = teacher.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill('Lantern orchard 47 velvet');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(teacher).toHaveURL(new URL(joinUrl).pathname);
  await teacher.getByRole('button', { name: `Join ${group.name} as ${email}` }).click();
  await expect(teacher.getByText(`You now have Premium Access through ${group.name}.`)).toBeVisible();
  await expect(teacher).toHaveURL(/\/$/);
  await admin.reload();
  await expect(row).toContainText('1 / 5 uses');

  // A teacher of another domain, signed in, is refused with its sentence and next step.
  const outsider = await browser.newContext({ viewport: phone });
  const other = await outsider.newPage();
  const otherEmail = await signUpTeacher(other, 'Olu Outsider');
  expect(otherEmail).not.toContain(district);
  await other.goto(joinUrl);
  await other.getByRole('button', { name: `Join ${group.name} as ${otherEmail}` }).click();
  const refusal = other.getByRole('alert').filter({ hasText: 'Another address is needed' });
  await expect(refusal).toContainText(
    `This join link is for @${district} addresses. Sign out, then sign up or sign in with your school address.`,
  );
  await fitsAndPassesAxe(other, 'the join page refusing another domain, on a phone');
  await expect(other).toHaveURL(new URL(joinUrl).pathname);
  await admin.reload();
  await expect(row).toContainText('1 / 5 uses');
});
