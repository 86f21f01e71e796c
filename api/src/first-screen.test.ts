import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  afterPaintPreloadRel,
  type CatalogueResponse,
  type Course,
  firstScreenDataId,
  type ModuleScreenData,
  moduleScreenDataId,
  type ProgressRecord,
  type PublicUser,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonForScript, prerenderLoader, renderFirstScreen, withFirstScreen } from './first-screen.js';
import { startTestApp, type TestApp, testContent } from './test/app.js';
import { signIn } from './test/auth-helpers.js';
import { buildUser } from './test/factories.js';
import { createMemoryLogger } from './test/logger.js';

const indexHtml = `<!doctype html><html><head><title>AI Classroom Academy</title></head><body>
    <div id="root">
      <div class="shell-header">AI Classroom Academy</div>
      <p class="shell-loading" role="status">Loading</p>
    </div>
    <noscript>AI Classroom Academy needs JavaScript to run.</noscript>
    <script type="module" src="/assets/index-1.js"></script>
  </body></html>`;

/**
 * Stands in for the pwa's server build: draws the course titles it is given, and a module page's
 * title and the modules the server's records complete (counting its drawings).
 */
const fakePrerender = `export async function renderSignedOutHome(courses) {
  return '<main><h1>Available Courses</h1><ul>' + courses.map((c) => '<li>' + c.title + '</li>').join('') + '</ul></main>';
}
export async function renderModulePage(pathname, data) {
  globalThis.moduleDrawings = (globalThis.moduleDrawings ?? 0) + 1;
  const id = Number(pathname.split('/').pop());
  const module = data.course.modules.find((m) => m.id === id);
  const done = data.progress.filter((r) => r.completed).map((r) => r.moduleId).join(',');
  return '<main><h1>' + module.title + '</h1><p>for ' + data.me.name + '; done: ' + done + '</p></main>';
}`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pwa-first-screen-'));
  mkdirSync(path.join(dir, 'dist'), { recursive: true });
  mkdirSync(path.join(dir, 'dist-ssr'), { recursive: true });
  writeFileSync(path.join(dir, 'dist', 'index.html'), indexHtml);
  writeFileSync(path.join(dir, 'dist-ssr', 'prerender.js'), fakePrerender);
  writeFileSync(
    path.join(dir, 'dist-ssr', 'broken.js'),
    'export async function renderSignedOutHome() { throw new Error("no window"); }',
  );
  // A second built pwa whose server build cannot draw a module page.
  mkdirSync(path.join(dir, 'broken', 'dist'), { recursive: true });
  mkdirSync(path.join(dir, 'broken', 'dist-ssr'), { recursive: true });
  writeFileSync(path.join(dir, 'broken', 'dist', 'index.html'), indexHtml);
  writeFileSync(
    path.join(dir, 'broken', 'dist-ssr', 'prerender.js'),
    'export async function renderModulePage() { throw new Error("window is not defined"); }',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const catalogue = {
  courses: [{ title: 'Course </script><script>alert(1)</script>' }],
} as unknown as CatalogueResponse;

describe('the home page drawn on the server', () => {
  it('keeps JSON inside a script element: no "<" at all', () => {
    const json = jsonForScript(catalogue);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(catalogue);
  });

  it('puts the drawn page in place of the app shell, and its data before the scripts', () => {
    const page = withFirstScreen(indexHtml, {
      markup: '<main>Drawn</main>',
      data: '<script type="application/json" id="x">{}</script>',
    });
    expect(page).toContain('<div id="root"><main>Drawn</main></div>');
    expect(page).not.toContain('shell-loading');
    expect(page.indexOf('id="x"')).toBeLessThan(page.indexOf('<noscript>'));
    expect(page.indexOf('<noscript>')).toBeLessThan(page.indexOf('src="/assets/index-1.js"'));
    // The app's script preloads wait for the page's first paint (boot.ts turns them back).
    const withPreload = indexHtml.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/a.js"></head>',
    );
    const drawn = withFirstScreen(withPreload, { markup: 'x', data: '' });
    expect(drawn).toContain(`<link rel="${afterPaintPreloadRel}" crossorigin href="/assets/a.js">`);
    expect(drawn).not.toContain('modulepreload"');
    // A drawn page says who is signed in: 'me' is not preloaded (the shell keeps asking for it).
    const withMe = indexHtml.replace(
      '</head>',
      '    <link rel="preload" href="/api/auth/me" as="fetch" crossorigin="use-credentials" />\n</head>',
    );
    expect(withMe).toContain('/api/auth/me');
    expect(withFirstScreen(withMe, { markup: 'x', data: '' })).not.toContain('/api/auth/me');
    expect(withFirstScreen('<html><body>no root</body></html>', { markup: 'x', data: 'y' })).toBe(
      '<html><body>no root</body></html>',
    );
  });

  it('is drawn by the server build with the catalogue; without one, or when it fails, there is none', async () => {
    const logger = createMemoryLogger();
    const draw = (file: string) =>
      renderFirstScreen(prerenderLoader(path.join(dir, 'dist-ssr', file), logger), catalogue, logger);
    const screen = await draw('prerender.js');
    expect(screen?.markup).toContain('<li>Course </script><script>alert(1)</script></li>');
    const data = screen?.data ?? '';
    expect(data.startsWith(`<script type="application/json" id="${firstScreenDataId}">`)).toBe(true);
    expect(data.match(/<\/script>/g)).toHaveLength(1);

    expect(await draw('missing.js')).toBeNull();
    expect(logger.entries).toEqual([]);
    expect(await draw('broken.js')).toBeNull();
    expect(logger.entries).toMatchObject([{ level: 'warn', fields: { error: 'no window' } }]);
  });
});

describe('GET / on the app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ pwaDist: path.join(dir, 'dist') });
  });
  afterAll(() => app.close());

  it('gives a signed-out visitor the drawn home page with the catalogue it serves, and a signed-in one the shell', async () => {
    const client = app.client();
    const served = (await client.get<CatalogueResponse>('/api/content/catalogue')).body;
    const home = await client.get('/', { accept: 'text/html' });
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(home.text).toContain('<h1>Available Courses</h1>');
    for (const course of served.courses) expect(home.text).toContain(`<li>${course.title}</li>`);
    const data = home.text.match(
      /<script type="application\/json" id="pd-first-screen">(.*?)<\/script>/,
    )?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual(served);
    expect(home.text).not.toContain('shell-loading');

    // Other pages keep the app shell.
    expect((await client.get('/faq', { accept: 'text/html' })).text).toContain('shell-loading');

    const { email, password } = await buildUser(app.db);
    expect((await signIn(client, email, password)).status).toBe(200);
    const signedIn = await client.get('/', { accept: 'text/html' });
    expect(signedIn.text).toContain('shell-loading');
    expect(signedIn.text).not.toContain('pd-first-screen');
  });
});

const freeCourse = 'ai-in-education';
const premiumCourse = 'prompt-engineering';

/** The data block of a module page drawn on the server, or null. */
function moduleData(html: string): ModuleScreenData | null {
  const json = html.match(
    new RegExp(`<script type="application/json" id="${moduleScreenDataId}">(.*?)</script>`),
  )?.[1];
  return json ? (JSON.parse(json) as ModuleScreenData) : null;
}

const drawings = () => (globalThis as { moduleDrawings?: number }).moduleDrawings ?? 0;

describe('a module page for a signed-in teacher (decision 018)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ pwaDist: path.join(dir, 'dist') });
  });
  afterAll(() => app.close());

  it('is drawn with their user, the course and the server records, exactly as the api answers them', async () => {
    const client = app.client();
    const { email, password } = await buildUser(app.db, { name: 'Ada Drawn' });
    expect((await signIn(client, email, password)).status).toBe(200);

    const page = await client.get(`/${freeCourse}/module/1`, { accept: 'text/html' });
    expect(page.status).toBe(200);
    // It holds this teacher's data: no shared cache may keep it.
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    const course = (await client.get<{ course: Course }>(`/api/content/courses/${freeCourse}`)).body.course;
    const firstModule = course.modules[0];
    expect(page.text).toContain(`<main><h1>${firstModule?.title}</h1><p>for Ada Drawn; done: </p></main>`);
    expect(page.text).not.toContain('shell-loading');
    expect(moduleData(page.text)).toEqual({
      me: (await client.get<PublicUser>('/api/auth/me')).body,
      course,
      progress: (await client.get<ProgressRecord[]>(`/api/progress?courseSlug=${freeCourse}`)).body,
    });
    // The course is in the page: it is not preloaded as well.
    expect(page.text).not.toContain(`href="/api/content/courses/${freeCourse}"`);
  });

  it('draws a module once the server records unlock it, with those records, and draws again only when they change', async () => {
    const client = app.client();
    const { email, password } = await buildUser(app.db);
    expect((await signIn(client, email, password)).status).toBe(200);
    // Module 2 is locked until module 1 is completed on the server: the app decides what to show.
    const locked = await client.get(`/${freeCourse}/module/2`, { accept: 'text/html' });
    expect(locked.text).toContain('shell-loading');
    expect(moduleData(locked.text)).toBeNull();

    const course = (await client.get<{ course: Course }>(`/api/content/courses/${freeCourse}`)).body.course;
    const answers = course.modules[0]?.quiz?.map((q) => q.answer) ?? [];
    expect((await client.post(`/api/progress/${freeCourse}/1`, { answers })).status).toBe(200);

    const before = drawings();
    const open = await client.get(`/${freeCourse}/module/2`, { accept: 'text/html' });
    expect(open.text).toContain(`<h1>${course.modules[1]?.title}</h1><p>for`);
    expect(open.text).toContain('done: 1</p>');
    expect(moduleData(open.text)?.progress).toMatchObject([{ moduleId: 1, completed: true }]);
    // A reload is answered from the kept drawing; new records are drawn anew.
    await client.get(`/${freeCourse}/module/2`, { accept: 'text/html' });
    expect(drawings()).toBe(before + 1);
    expect((await client.request('DELETE', `/api/progress/${freeCourse}`)).status).toBe(200);
    const reset = await client.get(`/${freeCourse}/module/1`, { accept: 'text/html' });
    expect(reset.text).toContain('done: </p>');
    expect(drawings()).toBe(before + 2);
  });

  it('is never drawn for a course the teacher may not open, an unknown module or course, or nobody signed in', async () => {
    const client = app.client();
    const { email, password } = await buildUser(app.db);
    const signedOut = await client.get(`/${freeCourse}/module/1`, { accept: 'text/html' });
    expect(signedOut.text).toContain('shell-loading');
    expect(signedOut.headers.get('cache-control')).toBe('no-cache');

    expect((await signIn(client, email, password)).status).toBe(200);
    const premium = await client.get(`/${premiumCourse}/module/1`, { accept: 'text/html' });
    expect(premium.text).toContain('shell-loading');
    expect(moduleData(premium.text)).toBeNull();
    const premiumLesson = (await testContent()).courses.find((c) => c.slug === premiumCourse)?.modules[0];
    expect(premium.text).not.toContain(premiumLesson?.title);

    for (const pagePath of [
      `/${freeCourse}/module/99`,
      `/${freeCourse}/module/0`,
      '/no-such-course/module/1',
    ]) {
      const res = await client.get(pagePath, { accept: 'text/html' });
      expect(res.text, pagePath).toContain('shell-loading');
      expect(moduleData(res.text), pagePath).toBeNull();
    }
  });
});

describe('a module page the server build cannot draw', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ pwaDist: path.join(dir, 'broken', 'dist') });
  });
  afterAll(() => app.close());

  it('is the app shell, and the failure is logged', async () => {
    const client = app.client();
    const { email, password } = await buildUser(app.db);
    expect((await signIn(client, email, password)).status).toBe(200);
    const page = await client.get(`/${freeCourse}/module/1`, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('shell-loading');
    expect(moduleData(page.text)).toBeNull();
    expect(app.logs).toContainEqual(
      expect.objectContaining({ level: 'warn', fields: { error: 'window is not defined' } }),
    );
  });
});
