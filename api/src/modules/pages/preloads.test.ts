import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pagePlaceholders, type PagesManifest, pagesManifestPath, parseModulePath, paths } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { signIn } from '../../test/auth-helpers.js';
import { buildUser } from '../../test/factories.js';
import { fillTemplate } from './manifest.js';
import { pagePreloads, parsePagePath } from './preloads.js';

/** Per screen, its chunks, as the pwa build writes them into the pages manifest. */
const screens: PagesManifest['screens'] = {
  course: ['/assets/course-overview-route-1.js', '/assets/db-1.js'],
  module: ['/assets/module-page-1.js', '/assets/markdown-1.js', '/assets/db-1.js'],
};
const { head, html, data } = pagePlaceholders;
const manifest: PagesManifest = {
  template: `<!doctype html><html><head><title>AI Classroom Academy</title>${head}</head><body><div id="root">${html}</div>${data}</body></html>`,
  shell: { head: '', html: '<p>Loading</p>' },
  renderer: '../no-server-entry.js',
  screens,
};

let dir: string;
let dist: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pwa-preloads-'));
  dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, pagesManifestPath), JSON.stringify(manifest));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hrefs = (links: string) =>
  [...links.matchAll(/<link rel="(\w+)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);

describe('page preloads', () => {
  it('the catalogue preloads its data; a course screen its own chunks and, signed in, its course', () => {
    const links = pagePreloads({ screens, courseSlugs: ['ai-in-education'] });
    expect(hrefs(links('/', false))).toEqual(['preload /api/content/catalogue']);
    expect(hrefs(links('/ai-in-education/module/3', true))).toEqual([
      'modulepreload /assets/module-page-1.js',
      'modulepreload /assets/markdown-1.js',
      'modulepreload /assets/db-1.js',
      'preload /api/content/courses/ai-in-education',
    ]);
    expect(hrefs(links('/ai-in-education', true))).toEqual([
      'modulepreload /assets/course-overview-route-1.js',
      'modulepreload /assets/db-1.js',
      'preload /api/content/courses/ai-in-education',
    ]);
    // Signed out, the course is not asked for (the page shows the sign-in guard).
    expect(hrefs(links('/ai-in-education/module/3', false))).not.toContain(
      'preload /api/content/courses/ai-in-education',
    );
    expect(links('/ai-in-education', true)).toContain('as="fetch" crossorigin="use-credentials"');
  });

  it('adds nothing for other pages, unknown courses or anything else in the path', () => {
    const links = pagePreloads({ screens, courseSlugs: ['ai-in-education'] });
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

  it("reads a module page with the domain's grammar: what the builder writes, and nothing else", () => {
    const links = pagePreloads({ screens, courseSlugs: ['ai-in-education'] });
    const modulePage = hrefs(links(paths.module('ai-in-education', 1), false));
    expect(modulePage).toEqual(screens.module.map((file) => `modulepreload ${file}`));
    for (const moduleId of [1, 12, 9999]) {
      const path = paths.module('ai-in-education', moduleId);
      expect(parsePagePath(path)).toEqual({ kind: 'module', slug: 'ai-in-education', moduleId });
      expect(hrefs(links(path, false))).toEqual(modulePage);
      expect(hrefs(links(`${path}/`, false))).toEqual(modulePage);
    }
    for (const segment of ['0', '007', '10000', '1a', '-1', '1.0', '%31']) {
      const path = `/ai-in-education/module/${segment}`;
      expect(parseModulePath(path)).toBeNull();
      expect({ path, page: parsePagePath(path), links: links(path, true) }).toEqual({
        path,
        page: null,
        links: '',
      });
    }
  });

  it('without a build, only the data is preloaded', () => {
    const links = pagePreloads({ screens: null, courseSlugs: ['ai-in-education'] });
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
  const shellWith = (links: string) =>
    fillTemplate(manifest.template, { head: links, html: '<p>Loading</p>', data: '' });

  it('in the head of the page, for the catalogue and a signed-in module page', async () => {
    const client = app.client();
    const home = await page(client, '/');
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    // No server entry to draw the home page with: the shell, with the catalogue's preload.
    expect(home.text).toBe(
      shellWith(
        '<link rel="preload" href="/api/content/catalogue" as="fetch" crossorigin="use-credentials" />',
      ),
    );

    const signedOut = await page(client, '/ai-in-education/module/1');
    expect(signedOut.text).toContain('modulepreload');
    expect(signedOut.text).not.toContain('/api/content/courses/');

    const { email, password } = await buildUser(app.db);
    expect((await signIn(client, email, password)).status).toBe(200);
    const signedIn = await page(client, '/ai-in-education/module/1');
    expect(signedIn.text.match(/\/api\/content\/courses\/ai-in-education"/g)).toHaveLength(1);
    expect((await page(client, '/not-a-course/module/1')).text).toBe(shellWith(''));
  });

  it('serves / without asking for HTML, as it did when it was a static file', async () => {
    const res = await app.client().get('/', { accept: '*/*' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
  });
});
