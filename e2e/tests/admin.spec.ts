import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  signInDemoAccount,
  signUpTeacher,
  uniqueEmail,
  waitForMail,
} from './support';

const laptop = { width: 1280, height: 800 };
const tablet = { width: 820, height: 1180 };
const phone = { width: 390, height: 844 };
const wideLaptop = { width: 1366, height: 768 };

/** A new browser context signed in as a demo account through the real login call. */
async function signedIn(browser: Browser, email: string, viewport = laptop): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/');
  await signInDemoAccount(context, email, new URL(page.url()).origin);
  return page;
}

/** The users table's row of `email`, after searching for it. */
async function findUser(page: Page, email: string) {
  await page.getByLabel('Search name or email').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(email) });
  await expect(row).toBeVisible();
  return row;
}

test('the superadmin creates a licence group, edits counts, changes a role, verifies and deletes users', async ({
  browser,
}) => {
  // One long journey on a shared 2-core machine (axe runs four times).
  test.setTimeout(240_000);
  const admin = await signedIn(browser, 'superadmin@demo.test');
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Users' })).toContainText('license-admin@demo.test');
  await expectNoSeriousA11yViolations(admin, '/admin users on a laptop');

  // A licence group for the demo license admin, through the dialog.
  await admin.getByRole('button', { name: 'Create License Group' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Create License Group' });
  await dialog.getByLabel(/License group name/).fill('  Riverside Elementary  ');
  await dialog.getByRole('combobox', { name: /Purchaser/ }).click();
  await admin.getByRole('option', { name: /license-admin@demo\.test/ }).click();
  await dialog.getByRole('combobox', { name: /Number of licenses/ }).click();
  await admin.getByRole('option', { name: '30' }).click();
  await expectNoSeriousA11yViolations(admin, 'the Create License Group dialog');
  await dialog.getByRole('button', { name: 'Create License Group' }).click();
  await expect(admin.getByText('License Group Created Successfully')).toBeVisible();
  await expect(
    admin.getByText(/Riverside Elementary for license-admin@demo\.test: 30 licenses \(ID /),
  ).toBeVisible();

  // Counts: below the seats used is refused; the new group goes from 30 to 35.
  await admin.getByRole('tab', { name: 'License Groups' }).click();
  const groups = admin.getByRole('table', { name: 'License groups' });
  const demo = groups.getByRole('row', { name: /Demo Unified School District/ });
  const used = Number(await demo.getByRole('cell').nth(2).textContent());
  expect(used).toBeGreaterThan(0);
  await demo.getByRole('button', { name: /Edit license count/ }).click();
  await demo.getByRole('spinbutton').fill(String(used - 1));
  await expect(demo.getByRole('button', { name: 'Save license count' })).toBeDisabled();
  await demo.getByRole('button', { name: 'Cancel editing' }).click();
  const riverside = groups.getByRole('row', { name: /Riverside Elementary/ });
  await riverside.getByRole('button', { name: /Edit license count/ }).click();
  await riverside.getByRole('spinbutton').fill('35');
  await riverside.getByRole('button', { name: 'Save license count' }).click();
  await expect(admin.getByText('License count updated')).toBeVisible();
  await expect(riverside.getByRole('cell').nth(1)).toHaveText('35');
  await expectNoSeriousA11yViolations(admin, '/admin license groups');

  // A teacher's role: their open session ends at once; signing in again gives the new role.
  const teacherContext = await browser.newContext({ viewport: laptop });
  const teacher = await teacherContext.newPage();
  const teacherEmail = await signUpTeacher(teacher, 'Rosa Promoted');
  await expect(teacher.getByRole('button', { name: 'Upgrade to Premium' }).first()).toBeVisible();
  await admin.getByRole('tab', { name: 'Users' }).click();
  const row = await findUser(admin, teacherEmail);
  await row.getByRole('combobox', { name: 'Role of Rosa Promoted' }).click();
  await admin.getByRole('option', { name: 'Premium' }).click();
  await expect(admin.getByText('Role updated successfully')).toBeVisible();
  await expect(row).toContainText('Premium');
  expect((await teacher.request.get('/api/auth/me')).status()).toBe(401);
  const again = await teacher.request.post('/api/auth/login', {
    data: { email: teacherEmail, password: 'teacher-passphrase' },
    headers: { Origin: new URL(teacher.url()).origin },
  });
  expect(((await again.json()) as { role: string }).role).toBe('premium');
  await teacher.reload();
  await expect(teacher.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);

  // An unverified sign-up is verified by hand, then can sign in.
  const pending = uniqueEmail('pending');
  const origin = new URL(admin.url()).origin;
  const register = await teacher.request.post('/api/auth/register', {
    data: { name: 'Pat Pending', email: pending, password: 'teacher-passphrase', acceptTerms: true },
    headers: { Origin: origin },
  });
  expect(register.status()).toBe(201);
  await waitForMail(admin.request, pending, /verify/i);
  const pendingRow = await findUser(admin, pending);
  await expect(pendingRow.getByRole('cell').nth(3)).toHaveText('No');
  await pendingRow.getByRole('button', { name: 'Verify Email' }).click();
  await expect(admin.getByText('Email verified successfully')).toBeVisible();
  await expect(pendingRow.getByRole('cell').nth(3)).toHaveText('Yes');
  const login = await browser.newContext().then((c) =>
    c.request.post(`${origin}/api/auth/login`, {
      data: { email: pending, password: 'teacher-passphrase' },
      headers: { Origin: origin },
    }),
  );
  expect(login.status()).toBe(200);

  // Deletion: the confirm names the user and what goes; the account is gone.
  await pendingRow.getByRole('button', { name: 'Delete Pat Pending' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete Pat Pending?' });
  await expect(confirm).toContainText(pending);
  await expect(confirm).toContainText('permanently removed');
  await confirm.getByRole('button', { name: 'Delete User' }).click();
  await expect(admin.getByText('User deleted successfully')).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Users' })).toContainText('No users match.');

  // The Activity tab: newest first, the deletion on top.
  await admin.getByRole('tab', { name: 'Activity' }).click();
  const activity = admin.getByRole('table', { name: 'Activity' });
  await expect(activity.getByRole('row').nth(1)).toContainText('User deleted');
  await expect(activity).toContainText('License count edited');
  await expect(activity).toContainText('License group created');
  await expect(activity).not.toContainText(pending);
  await expectNoSeriousA11yViolations(admin, '/admin activity');
});

test('on a tablet the tables scroll inside their card and the actions stay reachable', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'superadmin@demo.test', tablet);
  await admin.goto('/admin');
  const row = await findUser(admin, 'zoe@demo.test');
  const container = admin.locator('.MuiTableContainer-root').first();
  const scrolls = await container.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(scrolls).toBe(true);
  const pageScrolls = await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(pageScrolls).toBe(false);
  const del = row.getByRole('button', { name: /^Delete / });
  await del.scrollIntoViewIfNeeded();
  await expect(del).toBeInViewport();
  await expectNoSeriousA11yViolations(admin, '/admin on a tablet');
});

test("the super admin's pages fit a phone, their tables scroll by keyboard, and e-mails stay whole on a laptop (issue 26)", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await signedIn(browser, 'superadmin@demo.test', phone);
  const fitsTheScreen = () => admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await admin.goto('/admin');
  for (const [tab, table] of [
    ['Users', 'Users'],
    ['License Groups', 'License groups'],
    ['Activity', 'Activity'],
  ] as const) {
    await admin.getByRole('tab', { name: tab }).click();
    const region = admin.getByRole('region', { name: table });
    await expect(region.getByRole('table', { name: table })).toBeVisible();
    expect(await fitsTheScreen(), `/admin ${tab} on a phone`).toBe(true);
    await expectNoSeriousA11yViolations(admin, `/admin ${tab} on a phone`);
  }
  for (const path of ['/admin/analytics', '/admin/analytics?from=2026-01-01&to=2026-01-31']) {
    await admin.goto(path);
    await expect(admin.getByRole('heading', { name: 'Funnel' })).toBeVisible();
    expect(await fitsTheScreen(), `${path} on a phone`).toBe(true);
    await expectNoSeriousA11yViolations(admin, `${path} on a phone`);
  }

  await admin.setViewportSize(wideLaptop);
  await admin.goto('/admin');
  const emails = admin.getByRole('table', { name: 'Users' }).getByRole('cell', { name: /@/ });
  await expect(emails.first()).toBeVisible();
  for (const cell of await emails.all()) {
    const lines = await cell.evaluate((el) => {
      const style = getComputedStyle(el);
      const text = el.textContent ?? '';
      const range = document.createRange();
      range.selectNodeContents(el);
      return { rects: range.getClientRects().length, text, whiteSpace: style.whiteSpace };
    });
    expect(lines.rects, `${lines.text} on one line`).toBe(1);
  }
});

test('a teacher opening /admin is sent home with the Access Denied toast', async ({ browser }) => {
  const teacher = await signedIn(browser, 'zoe@demo.test');
  await teacher.goto('/admin');
  await expect(teacher).toHaveURL(/\/$/);
  await expect(teacher.getByText('Access Denied')).toBeVisible();
  await expect(teacher.getByText('You need super admin privileges to access this page.')).toBeVisible();
});
