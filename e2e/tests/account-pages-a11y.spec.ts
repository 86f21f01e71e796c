import { expect, test } from '@playwright/test';
import { demoAdminCode, expectNoSeriousA11yViolations } from './support';

const pages: Array<{ path: string; label: string; ready: RegExp | string }> = [
  { path: '/', label: 'home', ready: 'Available Courses' },
  { path: '/signup', label: 'sign-up', ready: /create account/i },
  {
    path: '/verify-sent?email=teacher%40school.test',
    label: 'verify-sent',
    ready: 'Resend verification email',
  },
  {
    path: '/verify-sent?error=invalid',
    label: 'verify-sent with a used or expired link',
    ready: 'Send a new verification link',
  },
  { path: '/forgot-password', label: 'forgot-password', ready: /send reset link/i },
  { path: '/reset-password?token=abc', label: 'reset-password', ready: /reset password/i },
  { path: '/reset-password', label: 'reset-password without a token', ready: 'Invalid Reset Link' },
  { path: '/dev/mailbox', label: 'dev mailbox', ready: /mailbox/i },
  { path: '/no/such/page', label: 'not found', ready: 'Page Not Found' },
];

for (const { path, label, ready } of pages) {
  test(`${label} (${path}) has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, label);
  });
}

test('the sign-in dialog and the leave dialog have no serious or critical violation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-in dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /leave learning platform|company website|logo/i }).click();
  const leave = page.getByRole('dialog', { name: 'Leave Learning Platform?' });
  await expect(leave).toContainText(
    'You are about to leave the Learning Platform and go to the company website. Any unsaved progress will remain saved.',
  );
  await expectNoSeriousA11yViolations(page, 'leave dialog');
  await leave.getByRole('button', { name: 'Stay Here' }).click();
  await expect(leave).toBeHidden();
});

test('signed in: the account menu shows the role badge, and the page passes axe', async ({ page }) => {
  // The demo accounts exist on the embedded database outside production.
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^email/i).fill('superadmin@demo.test');
  await dialog.getByLabel(/^password/i).fill(process.env.DEMO_PASSWORD ?? 'demo-password');
  await dialog.getByRole('button', { name: /^sign in$/i }).click();
  // Two-step sign-in (decision 077): the code of the demo admins' authenticator app.
  const code = dialog.getByLabel(/6-digit code/);
  await expect(code).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'the sign-in code step');
  await code.fill(await demoAdminCode('superadmin@demo.test'));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Super Admin');
  await expect(menu.getByRole('menuitem', { name: 'Super Admin Dashboard' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Manage Subscription' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'account menu');
});

test('an empty path and /undefined go home; unknown paths offer Go Back and Return Home', async ({
  page,
}) => {
  await page.goto('/undefined');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/this/does/not/exist');
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a page draws the app shell from the HTML; the home page comes drawn with its courses and keeps them on the device without asking again; each first request is made once (the preloads are used)', async ({
  page,
  browser,
}) => {
  // Before any script, a page's HTML holds the frame and 'Loading'…
  const faq = await (await page.request.get('/faq', { headers: { accept: 'text/html' } })).text();
  expect(faq).toContain('class="shell-header"');
  expect(faq).toContain('rel="preload" href="/api/auth/me"');
  // …and a signed-out visitor's home page holds the page itself, drawn by the server with the app's components.
  const catalogue = (await (await page.request.get('/api/content/catalogue')).json()) as {
    courses: { title: string }[];
  };
  const html = await (await page.request.get('/')).text();
  // The catalogue comes in the page: it is not preloaded (nor asked for, below).
  expect(html).not.toContain('rel="preload" href="/api/');
  expect(html).toContain('id="pd-first-screen"');
  expect(html).not.toContain('class="shell-loading"');
  // Drawn only for a request without a session cookie: nobody is signed in, 'me' is not asked.
  expect(html).not.toContain('href="/api/auth/me"');
  // Shown as it is, with no script run at all: the heading and every course card.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: test.info().project.use.baseURL,
  });
  const drawn = await noScript.newPage();
  await drawn.goto('/');
  await expect(drawn.getByRole('heading', { level: 1, name: 'Available Courses' })).toBeVisible();
  for (const course of catalogue.courses) {
    await expect(drawn.getByRole('heading', { name: course.title, exact: true })).toBeVisible();
  }
  await noScript.close();

  const meRequests: string[] = [];
  const catalogueRequests: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  // Nothing in the console either (a 401 from 'me' used to be one).
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/auth/me') meRequests.push(request.url());
    if (pathname === '/api/content/catalogue') catalogueRequests.push(request.url());
  });
  // The drawn heading, as the HTML parser made it (before any script ran).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { drawnHeading: Element | null }).drawnHeading = document.querySelector('h1');
    });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Available Courses' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // The app hydrated the drawn page (its elements are kept, not drawn again): one page, its data
  // block read, the sign-in dialog works.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveCount(catalogue.courses.length);
  await expect(page.locator('#pd-first-screen')).toHaveCount(0);
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { drawnHeading: Element | null }).drawnHeading === document.querySelector('h1'),
    ),
  ).toBe(true);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(errors).toEqual([]);
  expect(meRequests).toEqual([]);
  // The drawn catalogue is the one kept on the device for offline use: the page does not ask again.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        // Not opened before the app made it (opening would create it).
        if (!(await indexedDB.databases()).some((d) => d.name === 'content')) return [];
        return new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('content');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('catalogue')) {
              db.close();
              resolve([]);
              return;
            }
            const read = db.transaction('catalogue').objectStore('catalogue').get('catalogue');
            read.onsuccess = () => {
              db.close();
              const kept = read.result as { courses: { title: string }[] } | undefined;
              resolve(kept?.courses.map((c) => c.title) ?? []);
            };
            read.onerror = () => reject(read.error);
          };
        });
      }),
    )
    .toEqual(catalogue.courses.map((c) => c.title));
  expect(catalogueRequests).toEqual([]);
});
