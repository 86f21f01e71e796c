import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CourseContentResponse,
  drawModulePage,
  pagePlaceholders,
  type PagesManifest,
  pagesManifestPath,
  paths,
  predrawnId,
  predrawnPlaceholder,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { signIn } from '../../test/auth-helpers.js';
import type { TestClient } from '../../test/client.js';
import { buildUser } from '../../test/factories.js';
import { teacherWithProgress } from '../../test/learning.js';

// Decision 122: a signed-in teacher's first visit to a module page carries its lesson, drawn as the
// service worker draws it, for a course that teacher may open; anyone else gets the shell.
const { head, html, data } = pagePlaceholders;
const manifest: PagesManifest = {
  template: `<!doctype html><html><head><title>AI Classroom Academy</title>${head}</head><body>${predrawnPlaceholder}<div id="root">${html}</div>${data}</body></html>`,
  shell: { head: '', html: '<p>Loading</p>' },
  renderer: '../no-server-entry.js',
  screens: { course: [], module: ['/assets/module-page-1.js'] },
};

let dir: string;
let app: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pwa-module-page-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, pagesManifestPath), JSON.stringify(manifest));
  app = await startTestApp({ pwaDist: dist });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (client: TestClient, pagePath: string) => client.get(pagePath, { accept: 'text/html' });
const drawn = (text: string) => text.includes(`<div id="${predrawnId}"`);

async function signedIn(role: 'free' | 'premium'): Promise<TestClient> {
  const client = app.client();
  const { email, password } = await buildUser(app.db, { role });
  expect((await signIn(client, email, password)).status).toBe(200);
  return client;
}

describe("a signed-in teacher's module page", () => {
  it('comes with the lesson the course answer holds, drawn into the shell, kept out of shared caches', async () => {
    const { client } = await teacherWithProgress(app, { completed: { 'ai-in-education': [1] } });
    const res = await page(client, paths.module('ai-in-education', 2));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // The same drawing the service worker makes, from the course this teacher is answered.
    const answer = await client.get<CourseContentResponse>('/api/content/courses/ai-in-education');
    expect(answer.status).toBe(200);
    const course = answer.body.course;
    const shell = res.text.replace(/<div id="pd-predrawn"[\s\S]*?<\/main><\/div>/, predrawnPlaceholder);
    expect(res.text).toBe(drawModulePage(shell, course, 2));
    const module = course.modules.find((m) => m.id === 2);
    expect(module?.lessonHtml).toBeTruthy();
    expect(res.text).toContain(`<div class="markdown">${module?.lessonHtml}</div>`);
    // The page still preloads the screen's code and the course the app then asks for.
    expect(res.text).toContain('<link rel="modulepreload" crossorigin href="/assets/module-page-1.js" />');
    expect(res.text).toContain('href="/api/content/courses/ai-in-education" as="fetch"');
  });

  it("is the plain shell for a module the server's records keep locked (module 1 is always open)", async () => {
    const client = await signedIn('free');
    expect(drawn((await page(client, paths.module('ai-in-education', 1))).text)).toBe(true);
    const locked = await page(client, paths.module('ai-in-education', 2));
    expect(locked.status).toBe(200);
    expect(drawn(locked.text)).toBe(false);
    expect(locked.headers.get('cache-control')).toBe('no-cache');
  });

  it('is the plain shell signed out, for a course the teacher may not open, or a module that is not there', async () => {
    const signedOut = await page(app.client(), paths.module('ai-in-education', 1));
    expect(drawn(signedOut.text)).toBe(false);
    expect(signedOut.text).toContain(predrawnPlaceholder);
    expect(signedOut.headers.get('cache-control')).toBe('no-cache');

    const free = await signedIn('free');
    // A premium course: the course answer refuses a free teacher, so the page shows none of it.
    expect((await free.get('/api/content/courses/ai-governance-policy-setting')).status).toBe(403);
    const premium = await page(free, paths.module('ai-governance-policy-setting', 1));
    expect(premium.status).toBe(200);
    expect(drawn(premium.text)).toBe(false);
    expect(drawn((await page(free, paths.module('ai-in-education', 9999))).text)).toBe(false);
    expect(drawn((await page(free, paths.module('no-such-course', 1))).text)).toBe(false);
    // Coming soon: nothing to draw.
    expect(drawn((await page(free, paths.module('ai-classroom-transformations', 1))).text)).toBe(false);
  });

  it("draws a premium course's lesson for a premium teacher", async () => {
    const premium = await signedIn('premium');
    const res = await page(premium, paths.module('ai-governance-policy-setting', 1));
    expect(drawn(res.text)).toBe(true);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});
