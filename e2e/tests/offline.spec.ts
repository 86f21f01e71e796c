import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { answerQuestion, fetchCourse, signUpTeacher, type CourseModule } from './support';

// Offline-first journeys (issue 5), in Chromium with the service worker. The sync status texts are
// the sync engine's ('All changes saved', 'N changes waiting to sync', 'Offline · N changes kept on
// this device').

const root = fileURLToPath(new URL('../..', import.meta.url));
const demoPassword = process.env.DEMO_PASSWORD ?? 'demo-password';
const freeCourse = 'ai-tools-beyond-chatgpt';
const otherFreeCourse = 'ai-in-education';

interface ServerRecord {
  courseSlug: string;
  moduleId: number;
  completed: boolean;
  score: number;
}

/** Signs in through the api (the page's request context shares the browser's cookies). */
async function signIn(page: Page, email: string, password = demoPassword): Promise<string> {
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  const login = await page.request.post('/api/auth/login', {
    data: { email, password },
    headers: { Origin: origin },
  });
  expect(login.status(), await login.text()).toBe(200);
  return userIdOf(page);
}

async function userIdOf(page: Page): Promise<string> {
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  const body = (await me.json()) as { id?: string; user?: { id: string } };
  const id = body.user?.id ?? body.id;
  expect(id).toBeTruthy();
  return id!;
}

/** Waits until the service worker is active and controls the page (it claims clients on install). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/**
 * Offline for the pages and, since Playwright's offline emulation does not always reach a service
 * worker's own fetches, for every request the context makes.
 */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

function syncStatus(page: Page) {
  return page
    .getByRole('status')
    .filter({ hasText: /All changes saved|Saving|waiting to sync|Action needed|Connection issues|Offline ·/ })
    .first();
}

async function serverRecords(page: Page, courseSlug?: string): Promise<ServerRecord[]> {
  const url = courseSlug ? `/api/progress?courseSlug=${courseSlug}` : '/api/progress';
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  return (await res.json()) as ServerRecord[];
}

function completedOn(records: ServerRecord[], courseSlug: string): number[] {
  return records
    .filter((r) => r.courseSlug === courseSlug && r.completed)
    .map((r) => r.moduleId)
    .sort((a, b) => a - b);
}

/** Answers every question of a module's Knowledge Check correctly, through the UI. */
async function passQuiz(page: Page, module: CourseModule): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: module.title })).toBeVisible({ timeout: 20_000 });
  for (const q of module.quiz) await answerQuestion(page, q, q.answer);
  await expect(page.getByText(/Quiz complete! Your score: 100%/)).toBeVisible();
}

/** The names of the IndexedDB databases of the page's origin. */
async function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
}

/** Pending ops in the teacher's outbox (read with the raw IndexedDB API). */
async function pendingOps(page: Page, userId: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            resolve(0);
            return;
          }
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { status?: string }[]).filter((op) => op.status !== 'rejected').length);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    `user-${userId}`,
  );
}

test('a downloaded course works offline: reload, module, quiz; back online the server has it within 5 s', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'free@demo.test');
  const course = await fetchCourse(page, freeCourse);
  const module1 = course.modules[0]!;

  await page.goto(`/${freeCourse}`);
  const download = page.getByRole('button', { name: /^Download for offline \(≈ [\d.]+ [KM]B\)$/ });
  await expect(download).toBeEnabled({ timeout: 20_000 });
  await download.click();
  await expect(page.getByText('Available offline')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Remove download' })).toBeVisible();
  await waitForServiceWorker(page);
  await expect(syncStatus(page)).toHaveText(/All changes saved/, { timeout: 20_000 });

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Available offline')).toBeVisible();
  // Reloaded offline: the bar says the device is offline, not 'All changes saved' (issue 16).
  await expect(syncStatus(page)).toHaveText('Offline · your progress is kept on this device');

  await page.goto(`/${freeCourse}/module/1`);
  // The illustration comes from the download (Cache Storage), not the network.
  const image = page.locator('img[src^="/images/"]').first();
  await image.scrollIntoViewIfNeeded(); // the illustration loads lazily
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 10_000,
    })
    .toBe(true);
  await passQuiz(page, module1);
  // Offline: the bar says so, with the change kept on this device (no save that cannot finish).
  await expect(syncStatus(page)).toHaveText('Offline · 1 change kept on this device', { timeout: 10_000 });
  expect(completedOn(await serverRecords(page, freeCourse), freeCourse)).not.toContain(1);

  await goOnline(context);
  const back = Date.now();
  await expect
    .poll(async () => completedOn(await serverRecords(page, freeCourse), freeCourse), {
      timeout: 5_000,
      intervals: [200],
    })
    .toContain(1);
  const syncedInMs = Date.now() - back;
  await expect(syncStatus(page)).toHaveText(/All changes saved/, { timeout: 5_000 });
  test.info().annotations.push({ type: 'reconnect-to-server-ms', description: String(syncedInMs) });
});

test("a returning teacher's module page shows the lesson from the device before the app runs, then the app's page", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'free@demo.test');
  const course = await fetchCourse(page, otherFreeCourse);
  const module1 = course.modules[0]!;
  const url = `/${otherFreeCourse}/module/1`;
  // The first visit keeps the course on the device (the shared database) and installs the worker.
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: module1.title })).toBeVisible({ timeout: 20_000 });
  await waitForServiceWorker(page);

  // Offline, so nothing of the lesson can come from the network (decision 070).
  await goOffline(context);
  const again = await context.newPage();
  const response = await again.goto(url, { waitUntil: 'commit' });
  expect(response?.fromServiceWorker()).toBe(true);
  const html = (await response?.text()) ?? '';
  const drawn = /<div id="pd-predrawn"[\s\S]*?<\/main><\/div>/.exec(html)?.[0] ?? '';
  expect(drawn).toMatch(/<div class="markdown"><(h2|p)>[\s\S]*<p>/);
  expect(drawn).toContain(`Module 1 of ${course.modules.length}`);
  expect(drawn).toMatch(/<h1>[^<]+<\/h1>/);
  // Drawn before the root: the shell's CSS hides the app while it is there.
  expect(html.indexOf('id="pd-predrawn"')).toBeLessThan(html.indexOf('<div id="root">'));

  // The app then puts its own page in its place: one heading, the quiz, the drawn copy gone.
  await expect(again.getByRole('heading', { name: 'Knowledge Check' })).toBeVisible({ timeout: 20_000 });
  await expect(again.locator('#pd-predrawn')).toHaveCount(0);
  await expect(again.getByRole('heading', { level: 1 })).toHaveText(module1.title);
  await goOnline(context);
});

test("a signed-in teacher's first visit to a module page comes with its lesson drawn by the server, then the app's page", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A device that never ran the app (a link in an assignment e-mail): no service worker answers.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await signIn(page, 'free@demo.test');
  const course = await fetchCourse(page, otherFreeCourse);
  // Module 1 is always open (a later one may be locked for the demo teacher: no lesson drawn then).
  const module1 = course.modules[0]!;
  const url = `/${otherFreeCourse}/module/1`;

  // Decision 122: the first response holds the lesson, drawn as the worker draws it (decision 070).
  const response = await page.goto(url, { waitUntil: 'commit' });
  expect(response?.fromServiceWorker()).toBe(false);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  const html = (await response?.text()) ?? '';
  const drawn = /<div id="pd-predrawn"[\s\S]*?<\/main><\/div>/.exec(html)?.[0] ?? '';
  expect(drawn).toContain(`Module 1 of ${course.modules.length}`);
  expect(drawn).toContain(`<h1>${module1.title.replace(/&/g, '&amp;')}</h1>`);
  expect(drawn).toMatch(/<div class="markdown"><(h2|p)>[\s\S]*<p>/);

  // The app then puts its own page in its place: one heading, the quiz, the drawn copy gone.
  await expect(page.getByRole('heading', { name: 'Knowledge Check' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#pd-predrawn')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(module1.title);
  expect(errors).toEqual([]);

  // Readable before any script runs: with scripts off, the same cookie gets the lesson.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    serviceWorkers: 'block',
    storageState: await context.storageState(),
  });
  const still = await noScript.newPage();
  await still.goto(url);
  await expect(still.getByRole('heading', { level: 1, name: module1.title })).toBeVisible();
  await noScript.close();

  // Signed out, the page is the shell: no lesson in it.
  const signedOut = await browser.newContext({ serviceWorkers: 'block' });
  const shell = await (await signedOut.newPage()).goto(url, { waitUntil: 'commit' });
  expect(await shell?.text()).not.toContain('id="pd-predrawn"');
  await signedOut.close();
  await context.close();
});

test('ops wait while the api process is down, and drain when it is back on the same data', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const port = 4450 + Math.floor(Math.random() * 40);
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pd-e2e-restart-'));
  let api = await startApi(port, dataDir);
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const userId = await signIn(page, 'free@demo.test');
    const course = await fetchCourse(page, freeCourse);

    await page.goto(`/${freeCourse}/module/1`);
    await passQuiz(page, course.modules[0]!);
    // Module 1 reaches the server before it goes away. (The save starts a moment after the quiz
    // ends: 'All changes saved' alone can still be showing from before it.)
    await expect
      .poll(async () => completedOn(await serverRecords(page, freeCourse), freeCourse), { timeout: 20_000 })
      .toEqual([1]);
    await expect(syncStatus(page)).toHaveText(/All changes saved/, { timeout: 20_000 });
    await waitForServiceWorker(page);

    await stopApi(api);
    // The browser is online; only the server is gone.
    await page.getByRole('button', { name: 'Continue to Next Module' }).click();
    await passQuiz(page, course.modules[1]!);
    await expect.poll(() => pendingOps(page, userId), { timeout: 10_000 }).toBe(1);
    await expect(syncStatus(page)).toHaveText(/1 change waiting to sync|Connection issues detected/, {
      timeout: 15_000,
    });
    // Still waiting a little later: nothing is dropped while the server is away.
    await page.waitForTimeout(3_000);
    expect(await pendingOps(page, userId)).toBe(1);

    api = await startApi(port, dataDir);
    // The engine retries with back-off (at most 60 s) and on its 30 s timer.
    await expect
      .poll(async () => completedOn(await serverRecords(page, freeCourse), freeCourse), {
        timeout: 90_000,
        intervals: [500],
      })
      .toEqual([1, 2]);
    await expect.poll(() => pendingOps(page, userId), { timeout: 10_000 }).toBe(0);
    await expect(syncStatus(page)).toHaveText(/All changes saved/, { timeout: 15_000 });
  } finally {
    await context.close();
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('two devices of one teacher complete different modules offline; both sync and both see the union', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const deviceA = await browser.newContext({ serviceWorkers: 'allow' });
  const deviceB = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const pageA = await deviceA.newPage();
    const password = 'teacher-passphrase';
    const email = await signUpTeacher(pageA, 'Ngozi Offline', password);
    const pageB = await deviceB.newPage();
    await signIn(pageB, email, password);
    const courseX = await fetchCourse(pageA, freeCourse);
    const courseY = await fetchCourse(pageA, otherFreeCourse);

    // Visited online first: the visit stores the course on the device.
    await pageA.goto(`/${freeCourse}/module/1`);
    await pageB.goto(`/${otherFreeCourse}/module/1`);
    for (const [page, course] of [
      [pageA, courseX],
      [pageB, courseY],
    ] as const) {
      await expect(page.getByRole('heading', { level: 1, name: course.modules[0]!.title })).toBeVisible({
        timeout: 20_000,
      });
      await expect(syncStatus(page)).toHaveText(/All changes saved/, { timeout: 20_000 });
    }

    await goOffline(deviceA);
    await goOffline(deviceB);
    await passQuiz(pageA, courseX.modules[0]!);
    await passQuiz(pageB, courseY.modules[0]!);
    for (const page of [pageA, pageB])
      await expect(syncStatus(page)).toHaveText('Offline · 1 change kept on this device', {
        timeout: 10_000,
      });

    await goOnline(deviceA);
    await goOnline(deviceB);
    await expect
      .poll(
        async () => {
          const records = await serverRecords(pageA);
          return [completedOn(records, freeCourse), completedOn(records, otherFreeCourse)];
        },
        { timeout: 15_000, intervals: [250] },
      )
      .toEqual([[1], [1]]);
    for (const page of [pageA, pageB])
      await expect(syncStatus(page)).toHaveText(/All changes saved/, { timeout: 15_000 });

    // Each device shows the other's module too.
    for (const [page, slug, total] of [
      [pageA, otherFreeCourse, courseY.modules.length],
      [pageB, freeCourse, courseX.modules.length],
    ] as const) {
      await page.goto(`/${slug}`);
      await expect(page.getByTestId('course-stats')).toContainText(`1 of ${total} modules completed`, {
        timeout: 15_000,
      });
    }
  } finally {
    await deviceA.close();
    await deviceB.close();
  }
});

test("signing out removes the teacher's IndexedDB database and the caches holding their data", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const userId = await signIn(page, 'premium@demo.test');
  await page.goto('/prompt-engineering');
  await expect(page.getByTestId('course-stats')).toBeVisible({ timeout: 20_000 });
  // A premium course downloaded: its images go into the worker's images cache.
  const download = page.getByRole('button', { name: /^Download for offline \(≈ [\d.]+ [KM]B\)$/ });
  await expect(download).toBeEnabled({ timeout: 20_000 });
  await download.click();
  await expect(page.getByText('Available offline')).toBeVisible({ timeout: 30_000 });
  await expect(syncStatus(page)).toHaveText(/All changes saved/, { timeout: 20_000 });
  await expect.poll(() => databaseNames(page), { timeout: 10_000 }).toContain(`user-${userId}`);
  const cacheNames = () => page.evaluate(async () => caches.keys());
  expect(await cacheNames()).toContain('pd-images');

  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // A confirmation appears only when unsynced changes would be lost; there are none here.
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeHidden({ timeout: 20_000 });
  await expect.poll(() => databaseNames(page), { timeout: 15_000 }).not.toContain(`user-${userId}`);
  // The downloaded premium images are gone (the page signed out shows none, so nothing refills it).
  expect(await cacheNames()).not.toContain('pd-images');
});

test('Chromium reports the app installable (no installability errors)', async ({
  playwright,
  baseURL,
}, testInfo) => {
  // A normal (persistent) profile: Playwright's default contexts are incognito, never installable.
  const profile = mkdtempSync(join(tmpdir(), 'pd-e2e-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    // The manifest is fetched after the first paint: ask until Chromium has looked at it.
    await expect
      .poll(
        async () => {
          const manifest = await cdp.send('Page.getAppManifest');
          if (!manifest.url) return 'no manifest yet';
          return JSON.stringify((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors);
        },
        { timeout: 20_000 },
      )
      .toBe('[]');
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
    expect(parsed).toMatchObject({ display: 'standalone', start_url: '/', scope: '/', id: '/' });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------------------------------------------
// An api process of our own (the shared webServer cannot be stopped and restarted).

interface ApiProcess {
  child: ChildProcess;
  exited: Promise<void>;
}

async function startApi(port: number, dataDir: string): Promise<ApiProcess> {
  const child = spawn(process.execPath, [join(root, 'api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // As the config's server: quizzes are passed seconds after the course opened (decision 075).
      MODULE_MIN_TIME_SHARE: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the api exited early: ${stderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { child, exited };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the api on port ${port} did not start: ${stderr}`);
}

async function stopApi(api: ApiProcess): Promise<void> {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return;
  api.child.kill('SIGTERM');
  await Promise.race([api.exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (api.child.exitCode === null && api.child.signalCode === null) {
    api.child.kill('SIGKILL');
    await api.exited;
  }
}
