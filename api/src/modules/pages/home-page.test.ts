import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CatalogueResponse,
  homeDataBlockId,
  pagePlaceholders,
  type PagesManifest,
  pagesManifestPath,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testContent } from '../../test/app.js';
import { signIn } from '../../test/auth-helpers.js';
import { buildUser } from '../../test/factories.js';
import { createMemoryLogger } from '../../test/logger.js';
import { presentCatalogue } from '../content/present.js';
import { drawHomePage, jsonForScript, rendererLoader } from './home-page.js';
import { fillTemplate } from './manifest.js';

const { head, html, data } = pagePlaceholders;
const template = `<!doctype html><html><head><title>AI Classroom Academy</title>${head}</head><body><div id="root">${html}</div>${data}<script type="module" src="/assets/index-1.js"></script></body></html>`;
const shell = {
  head: '<link rel="preload" href="/api/auth/me" as="fetch" crossorigin="use-credentials" />',
  html: '<p class="shell-loading" role="status">Loading</p>',
};

/** Stands in for the pwa's server entry: draws the course titles it is given. */
const fakeRenderer = `export async function renderSignedOutHome(courses) {
  return '<main><h1>Available Courses</h1><ul>' + courses.map((c) => '<li>' + c.title + '</li>').join('') + '</ul></main>';
}`;

/** A built pwa as the build leaves it: the pages manifest, and the server entry it names. */
function writeBuiltPwa(root: string, renderer: string | null, manifest: unknown = null): string {
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(path.join(root, 'server'), { recursive: true });
  const pages: PagesManifest = {
    template,
    shell,
    renderer: '../server/entry.js',
    screens: { course: ['/assets/course-1.js'], module: ['/assets/module-1.js', '/assets/markdown-1.js'] },
  };
  writeFileSync(path.join(dist, pagesManifestPath), JSON.stringify(manifest ?? pages));
  if (renderer) writeFileSync(path.join(root, 'server', 'entry.js'), renderer);
  return dist;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pwa-pages-'));
  mkdirSync(path.join(dir, 'entries'));
  writeFileSync(path.join(dir, 'entries', 'renderer.js'), fakeRenderer);
  writeFileSync(
    path.join(dir, 'entries', 'broken.js'),
    'export async function renderSignedOutHome() { throw new Error("no window"); }',
  );
  writeFileSync(path.join(dir, 'entries', 'other.js'), 'export async function renderHome() { return ""; }');
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

  it('fills each placeholder of the template with its part, whatever the part holds', () => {
    const page = fillTemplate(template, {
      head: '<link x>',
      html: '<main>$& $1 Drawn</main>',
      data: '<script id="d"></script>',
    });
    expect(page).toContain('<title>AI Classroom Academy</title><link x></head>');
    expect(page).toContain(
      '<div id="root"><main>$& $1 Drawn</main></div><script id="d"></script><script type="module"',
    );
    expect(page).not.toContain('<!--app-');
  });

  it('is drawn by the renderer the manifest names, checked against the contract; else there is none', async () => {
    const logger = createMemoryLogger();
    const draw = (file: string, answer: CatalogueResponse = catalogue) =>
      drawHomePage(rendererLoader(path.join(dir, 'entries', file), logger), answer, logger);

    // The contract checks its input: a catalogue of real courses draws.
    const real = presentCatalogue((await testContent()).courses);
    const page = await draw('renderer.js', real);
    for (const course of real.courses) expect(page?.markup).toContain(`<li>${course.title}</li>`);
    const block = page?.data ?? '';
    expect(block.startsWith(`<script type="application/json" id="${homeDataBlockId}">`)).toBe(true);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(block.replace(/^<script[^>]*>|<\/script>$/g, ''))).toEqual(real);
    expect(logger.entries).toEqual([]);

    expect(await draw('missing.js')).toBeNull();
    expect(logger.entries).toEqual([]);
    // A catalogue that is not one the contract accepts: not drawn, and said.
    expect(await draw('renderer.js')).toBeNull();
    expect(logger.entries).toMatchObject([{ level: 'warn' }]);
    logger.entries.length = 0;
    expect(await draw('broken.js', real)).toBeNull();
    expect(logger.entries).toMatchObject([{ level: 'warn', fields: { error: 'no window' } }]);
    logger.entries.length = 0;
    // A server entry without the contract's function is refused when loaded.
    expect(await draw('other.js', real)).toBeNull();
    expect(logger.entries).toMatchObject([
      { level: 'warn', message: expect.stringContaining('could not be loaded') },
    ]);
  });
});

describe('GET / on the app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ pwaDist: writeBuiltPwa(path.join(dir, 'app'), fakeRenderer) });
  });
  afterAll(() => app.close());

  it('gives a signed-out visitor the drawn home page with the catalogue it serves, and a signed-in one the shell', async () => {
    const client = app.client();
    const served = (await client.get<CatalogueResponse>('/api/content/catalogue')).body;
    const home = await client.get('/', { accept: 'text/html' });
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(home.text).toContain('<div id="root"><main><h1>Available Courses</h1>');
    for (const course of served.courses) expect(home.text).toContain(`<li>${course.title}</li>`);
    const block = home.text.match(
      new RegExp(`<script type="application/json" id="${homeDataBlockId}">(.*?)</script>`),
    )?.[1];
    expect(JSON.parse(block ?? 'null')).toEqual(served);
    expect(home.text).not.toContain('shell-loading');
    // The drawn page says nobody is signed in and carries the catalogue: it preloads neither.
    expect(home.text).not.toContain('/api/auth/me');
    expect(home.text).not.toContain('<link rel="preload" href="/api/');

    // Other pages keep the app shell and its head.
    const faq = await client.get('/faq', { accept: 'text/html' });
    expect(faq.text).toBe(fillTemplate(template, { head: shell.head, html: shell.html, data: '' }));

    const { email, password } = await buildUser(app.db);
    expect((await signIn(client, email, password)).status).toBe(200);
    const signedIn = await client.get('/', { accept: 'text/html' });
    expect(signedIn.text).toContain('shell-loading');
    expect(signedIn.text).toContain('/api/auth/me');
    expect(signedIn.text).not.toContain(homeDataBlockId);
  });
});

describe('a built pwa without its server entry', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ pwaDist: writeBuiltPwa(path.join(dir, 'no-renderer'), null) });
  });
  afterAll(() => app.close());

  it('serves the shell, with the catalogue preload, and says nothing', async () => {
    const home = await app.client().get('/', { accept: 'text/html' });
    expect(home.status).toBe(200);
    expect(home.text).toContain('shell-loading');
    expect(home.text).toContain('<link rel="preload" href="/api/content/catalogue"');
    expect(app.logs.filter((l) => l.level === 'warn')).toEqual([]);
  });
});

describe('a built pwa whose pages manifest does not pass its schema', () => {
  let app: TestApp;
  beforeAll(async () => {
    const dist = writeBuiltPwa(path.join(dir, 'bad-manifest'), fakeRenderer, {
      template: '<html>no placeholders</html>',
    });
    writeFileSync(path.join(dist, 'index.html'), '<html>the shell</html>');
    app = await startTestApp({ pwaDist: dist });
  });
  afterAll(() => app.close());

  it('serves index.html as it is, and says so', async () => {
    const home = await app.client().get('/', { accept: 'text/html' });
    expect(home.text).toBe('<html>the shell</html>');
    expect(app.logs.filter((l) => l.level === 'warn')).toMatchObject([
      { message: expect.stringContaining('pages manifest') },
    ]);
  });
});
