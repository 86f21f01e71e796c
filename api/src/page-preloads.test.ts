import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePreloads, routeScreens } from './page-preloads.js';
import { startTestApp, type TestApp } from './test/app.js';
import { signIn } from './test/auth-helpers.js';
import { buildUser } from './test/factories.js';

/**
 * A build manifest shaped like Vite's: the entry (boot.ts, which loads the app and, on a drawn module
 * page, the reader of its data), two lazy screens and the chunks they share.
 */
const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    dynamicImports: ['src/app/main.tsx', routeScreens.moduleData],
  },
  'src/app/main.tsx': { file: 'assets/main-1.js', imports: ['_react-1.js', '_styles-1.js'] },
  [routeScreens.moduleData]: {
    file: 'assets/module-screen-data-1.js',
    imports: ['_schemas-1.js', '_zod-1.js'],
  },
  '_zod-1.js': { file: 'assets/zod-1.js' },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_styles-1.js': { file: 'assets/styles-1.js', imports: ['_react-1.js'] },
  '_markdown-1.js': { file: 'assets/markdown-1.js', imports: ['_react-1.js'] },
  '_db-1.js': { file: 'assets/db-1.js', imports: ['_schemas-1.js'] },
  '_schemas-1.js': { file: 'assets/schemas-1.js' },
  [routeScreens.module]: {
    file: 'assets/module-page-1.js',
    imports: ['_react-1.js', 'index.html', '_markdown-1.js', '_db-1.js'],
  },
  [routeScreens.course]: { file: 'assets/course-overview-route-1.js', imports: ['index.html', '_db-1.js'] },
};
const indexHtml =
  '<!doctype html><html><head><title>AI Classroom Academy</title></head><body><div id="root"></div></body></html>';

let dir: string;
let dist: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pwa-preloads-'));
  dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hrefs = (links: string) =>
  [...links.matchAll(/<link rel="(\w+)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);

describe('page preloads', () => {
  it('the catalogue preloads its data; a course screen its own chunks and, signed in, its course', () => {
    const links = pagePreloads({ dist, courseSlugs: ['ai-in-education'] });
    expect(hrefs(links('/', false))).toEqual(['preload /api/content/catalogue']);
    // Only what the entry does not load already, each chunk once.
    expect(hrefs(links('/ai-in-education/module/3', true))).toEqual([
      'modulepreload /assets/module-page-1.js',
      'modulepreload /assets/markdown-1.js',
      'modulepreload /assets/db-1.js',
      'modulepreload /assets/schemas-1.js',
      'preload /api/content/courses/ai-in-education',
    ]);
    expect(hrefs(links('/ai-in-education', true))).toEqual([
      'modulepreload /assets/course-overview-route-1.js',
      'modulepreload /assets/db-1.js',
      'modulepreload /assets/schemas-1.js',
      'preload /api/content/courses/ai-in-education',
    ]);
    // Signed out, the course is not asked for (the page shows the sign-in guard).
    expect(hrefs(links('/ai-in-education/module/3', false))).not.toContain(
      'preload /api/content/courses/ai-in-education',
    );
    expect(links('/ai-in-education', true)).toContain('as="fetch" crossorigin="use-credentials"');
  });

  it('a module page drawn with its data (decision 018): no course, and the chunks that read the data', () => {
    const links = pagePreloads({ dist, courseSlugs: ['ai-in-education'] });
    expect(hrefs(links('/ai-in-education/module/3', true, true))).toEqual([
      'modulepreload /assets/module-page-1.js',
      'modulepreload /assets/markdown-1.js',
      'modulepreload /assets/db-1.js',
      'modulepreload /assets/schemas-1.js',
      'modulepreload /assets/module-screen-data-1.js',
      'modulepreload /assets/zod-1.js',
    ]);
  });

  it('adds nothing for other pages, unknown courses or anything else in the path', () => {
    const links = pagePreloads({ dist, courseSlugs: ['ai-in-education'] });
    for (const pagePath of [
      '/signup',
      '/faq',
      '/no-such-course',
      '/no-such-course/module/1',
      '/ai-in-education/module/one',
      '/ai-in-education/module/1/extra',
      '/ai-in-education/certificate',
      '/"><script>alert(1)</script>/module/1',
    ]) {
      expect({ pagePath, links: links(pagePath, true) }).toEqual({ pagePath, links: '' });
    }
  });

  it('without a build manifest, only the data is preloaded', () => {
    const links = pagePreloads({ dist: path.join(dir, 'no-build'), courseSlugs: ['ai-in-education'] });
    expect(hrefs(links('/ai-in-education/module/1', true))).toEqual([
      'preload /api/content/courses/ai-in-education',
    ]);
  });
});

describe('the served page carries its preloads', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ pwaDist: dist });
  });
  afterAll(() => app.close());

  const page = (client: ReturnType<TestApp['client']>, pagePath: string) =>
    client.get(pagePath, { accept: 'text/html' });

  it('in the head of index.html, for the catalogue and a signed-in module page', async () => {
    const client = app.client();
    const home = await page(client, '/');
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(home.text).toBe(
      indexHtml.replace(
        '</head>',
        '<link rel="preload" href="/api/content/catalogue" as="fetch" crossorigin="use-credentials" /></head>',
      ),
    );

    const signedOut = await page(client, '/ai-in-education/module/1');
    expect(signedOut.text).toContain('modulepreload');
    expect(signedOut.text).not.toContain('/api/content/courses/');

    const { email, password } = await buildUser(app.db);
    expect((await signIn(client, email, password)).status).toBe(200);
    const signedIn = await page(client, '/ai-in-education/module/1');
    expect(signedIn.text.match(/\/api\/content\/courses\/ai-in-education"/g)).toHaveLength(1);
    expect((await page(client, '/not-a-course/module/1')).text).toBe(indexHtml);
  });

  it('serves / without asking for HTML, as it did when it was a static file', async () => {
    const res = await app.client().get('/', { accept: '*/*' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
  });
});
