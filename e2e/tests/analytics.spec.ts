import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { signInDemoAccount, uniqueEmail, waitForMail } from './support';

// Usage analytics (issue 15) in Chromium against the real app: a campaign visit, sign-up, a module,
// events made offline and sent when back online; the super admin's dashboard counts each once.
// The development server seeds demo traffic, so the dashboard is compared before and after.

// Headless Chromium names itself 'HeadlessChrome', which the api drops as a bot (isbot): these
// journeys stand for a person's browser.
const personBrowser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
test.use({ userAgent: personBrowser });
const today = () => new Date().toISOString().slice(0, 10);

interface Dashboard {
  totals: { visitors: number; sessions: number; pageViews: number };
  firstTouch: {
    campaign: { value: string; sessions: number }[];
    source: { value: string; sessions: number }[];
  };
  lastTouch: { campaign: { value: string; sessions: number }[] };
  events: { name: string; count: number }[];
  funnel: { step: string; count: number }[];
}

/**
 * The super admin, signed in through the api only (a page visit of theirs would be one more session
 * and page view on the dashboard the journey counts); their context opens the dashboard at the end.
 */
async function superadmin(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent: personBrowser });
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  await signInDemoAccount(context, 'superadmin@demo.test', origin);
  return context;
}

/** The names of the device's queued analytics events in `state` (queued, sent or rejected). */
const eventsIn = (page: Page, state: string) =>
  page.evaluate(
    (wanted) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('analytics-queue');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('events').objectStore('events').index('state').getAll(wanted);
          req.onsuccess = () => resolve((req.result as { name: string }[]).map((e) => e.name));
          req.onerror = () => reject(req.error);
        };
      }),
    state,
  );

async function dashboard(request: APIRequestContext): Promise<Dashboard> {
  const day = today();
  const res = await request.get(`/api/admin/analytics?from=${day}&to=${day}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Dashboard;
}

const count = (rows: { value: string; sessions: number }[], value: string) =>
  rows.find((r) => r.value === value)?.sessions ?? 0;
const eventCount = (d: Dashboard, name: string) => d.events.find((e) => e.name === name)?.count ?? 0;
const step = (d: Dashboard, name: string) => d.funnel.find((f) => f.step === name)?.count ?? 0;

test('a campaign visit, sign-up, a module and offline events reach the dashboard once each', async ({
  browser,
}) => {
  // A sign-up, a module, and up to the drain's 30 s timer after the network returns.
  test.setTimeout(120_000);
  const adminContext = await superadmin(browser);
  const admin = adminContext.request;
  const before = await dashboard(admin);

  const context = await browser.newContext({ userAgent: personBrowser });
  const page = await context.newPage();
  await page.goto('/?utm_source=newsletter&utm_campaign=fall');
  // The tracker starts after the first screen and records the attribution of this session; its
  // start sends the home page's view at once.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('pd-attribution')))
    .toContain('"utm_campaign":"fall"');
  await expect.poll(() => eventsIn(page, 'sent')).toContain('page_view');
  // The app is installed: the service worker holds its code for the offline part below.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // Sign-up with the device's first touch, as the sign-up form sends it.
  const email = uniqueEmail('campaign');
  const origin = new URL(page.url()).origin;
  const attribution = JSON.parse((await page.evaluate(() => localStorage.getItem('pd-first-touch'))) ?? '{}');
  const register = await page.request.post('/api/auth/register', {
    data: { name: 'Cam Paign', email, password: 'teacher-passphrase', acceptTerms: true, attribution },
    headers: { Origin: origin },
  });
  expect(register.status(), await register.text()).toBe(201);
  const mail = await waitForMail(page.request, email, /verify/i);
  await page.request.get(mail.links.find((l) => l.includes('/api/auth/verify-email'))!);
  const login = await page.request.post('/api/auth/login', {
    data: { email, password: 'teacher-passphrase' },
    headers: { Origin: origin },
  });
  expect(login.status()).toBe(200);

  // A module (module_started), then offline: the Prompt Library is visited with no network.
  await page.goto('/ai-tools-beyond-chatgpt/module/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Recorded on the device: still queued, or already sent (the page's tracker sends what it has as
  // it starts, which may include this event).
  await expect
    .poll(async () => [...(await eventsIn(page, 'queued')), ...(await eventsIn(page, 'sent'))])
    .toContain('module_started');
  await context.setOffline(true);
  await page.evaluate(() => {
    history.pushState({}, '', '/prompts');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Prompt Library' })).toBeVisible();
  await expect.poll(() => eventsIn(page, 'queued')).toContain('prompt_library_visit');
  await context.setOffline(false);

  // Back online: the queue goes out by itself (online trigger); the dashboard counts each once.
  await expect
    .poll(
      async () =>
        eventCount(await dashboard(admin), 'prompt_library_visit') -
        eventCount(before, 'prompt_library_visit'),
      // The queue goes out on 'online', and at the latest on the drain's 30 s timer.
      { timeout: 45_000 },
    )
    .toBe(1);
  const after = await dashboard(admin);
  expect(count(after.firstTouch.campaign, 'fall') - count(before.firstTouch.campaign, 'fall')).toBe(1);
  expect(count(after.lastTouch.campaign, 'fall') - count(before.lastTouch.campaign, 'fall')).toBe(1);
  expect(after.totals.sessions - before.totals.sessions).toBe(1);
  expect(eventCount(after, 'module_started') - eventCount(before, 'module_started')).toBe(1);
  for (const name of ['sign_up', 'verified', 'module_started']) {
    expect(step(after, name) - step(before, name), name).toBe(1);
  }
  // The home page, the module and the Prompt Library.
  expect(after.totals.pageViews - before.totals.pageViews).toBe(3);

  // The dashboard page draws it for the super admin.
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/analytics');
  await expect(adminPage.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  await expect(adminPage.getByRole('heading', { name: 'Funnel' })).toBeVisible();
  await context.close();
});

test('/analytics-test shows the attribution and fires events; others are sent home', async ({ browser }) => {
  const visitor = await (await browser.newContext({ userAgent: personBrowser })).newPage();
  await visitor.goto('/analytics-test');
  await expect(visitor).toHaveURL(/\/$/);

  const page = await (await superadmin(browser)).newPage();
  await page.goto('/analytics-test?utm_source=newsletter&utm_campaign=fall');
  await expect(page.getByRole('heading', { name: 'Analytics test' })).toBeVisible();
  const attribution = page.getByRole('table', { name: 'Attribution data' });
  await expect(attribution).toContainText('fall');
  await page.getByRole('button', { name: 'Fire test event' }).click();
  const log = page.getByRole('table', { name: 'Last 10 events' });
  await expect(log.getByRole('row').filter({ hasText: 'test_event' })).toContainText('sent');
});
