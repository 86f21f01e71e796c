import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CatalogueResponse, firstScreenDataId } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonForScript, renderFirstScreen, withFirstScreen } from './first-screen.js';
import { startTestApp, type TestApp } from './test/app.js';
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

/** Stands in for the pwa's server build: draws the course titles it is given. */
const fakePrerender = `export async function renderSignedOutHome(courses) {
  return '<main><h1>Available Courses</h1><ul>' + courses.map((c) => '<li>' + c.title + '</li>').join('') + '</ul></main>';
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
    expect(withFirstScreen('<html><body>no root</body></html>', { markup: 'x', data: 'y' })).toBe(
      '<html><body>no root</body></html>',
    );
  });

  it('is drawn by the server build with the catalogue; without one, or when it fails, there is none', async () => {
    const logger = createMemoryLogger();
    const screen = await renderFirstScreen(path.join(dir, 'dist-ssr', 'prerender.js'), catalogue, logger);
    expect(screen?.markup).toContain('<li>Course </script><script>alert(1)</script></li>');
    const data = screen?.data ?? '';
    expect(data.startsWith(`<script type="application/json" id="${firstScreenDataId}">`)).toBe(true);
    expect(data.match(/<\/script>/g)).toHaveLength(1);

    expect(await renderFirstScreen(path.join(dir, 'dist-ssr', 'missing.js'), catalogue, logger)).toBeNull();
    expect(logger.entries).toEqual([]);
    expect(await renderFirstScreen(path.join(dir, 'dist-ssr', 'broken.js'), catalogue, logger)).toBeNull();
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
