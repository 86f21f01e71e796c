import 'fake-indexeddb/auto';
import { type Content, loadContent } from '@pd/content';
import { type Course, deviceContentDb, predrawnId, predrawnPlaceholder, userDbPrefix } from '@pd/domain';
import Dexie from 'dexie';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawModulePage, escapeHtml, readDeviceCourse } from './predrawn';

const shell = readFileSync(new URL('../../pwa/index.html', import.meta.url), 'utf8');
let content: Content;
let course: Course;

beforeAll(async () => {
  content = await loadContent();
  const free = content.courses.find((c) => !c.isPremium && !c.isComingSoon);
  if (!free) throw new Error('the content has no free course');
  course = free;
});

describe('drawModulePage', () => {
  it("draws the module's heading and compiled lesson where the shell's placeholder is, before the root", () => {
    const module = course.modules[1]!;
    const page = drawModulePage(shell, course, module.id);
    expect(page).not.toBeNull();
    const html = page!;
    expect(html).not.toContain(predrawnPlaceholder);
    const drawnAt = html.indexOf(`<div id="${predrawnId}"`);
    expect(drawnAt).toBeGreaterThan(-1);
    expect(drawnAt).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toContain(`<h1>${escapeHtml(module.title)}</h1>`);
    expect(html).toContain(`<div class="markdown">${module.lessonHtml}</div>`);
    expect(html).toContain(`Module ${module.id} of ${course.modules.length}`);
    // The lesson is the real one, compiled from its Markdown by the content loader.
    expect(module.lessonHtml).toMatch(/^<(p|h2|ul|ol)>/);
    // The rest of the shell (its scripts, its root) is untouched.
    expect(html.replace(/<div id="pd-predrawn"[\s\S]*?<\/main><\/div>/, predrawnPlaceholder)).toBe(shell);
  });

  it('escapes the titles it writes and draws nothing it cannot', () => {
    const tricky: Course = {
      ...course,
      title: 'Tom & "Jerry" <b>',
      modules: course.modules.map((m) => (m.id === 1 ? { ...m, title: '<img src=x onerror=alert(1)>' } : m)),
    } as Course;
    const html = drawModulePage(shell, tricky, 1)!;
    expect(html).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(html).toContain('Tom &amp; &quot;Jerry&quot; &lt;b&gt;');
    expect(html).not.toContain('<img src=x');

    expect(drawModulePage(shell, course, 999)).toBeNull();
    expect(drawModulePage('<html><body><div id="root"></div></body></html>', course, 1)).toBeNull();
    const withoutHtml = {
      ...course,
      modules: course.modules.map(({ lessonHtml: _, ...m }) => m),
    } as Course;
    expect(drawModulePage(shell, withoutHtml, 1)).toBeNull();
  });
});

describe('readDeviceCourse', () => {
  it("reads the course the app's Dexie database keeps, and nothing for another slug", async () => {
    // The same database the app opens (pwa/src/offline/db.ts), written through Dexie as the app does.
    const db = new Dexie(deviceContentDb.name);
    db.version(1).stores({ catalogue: 'key', [deviceContentDb.courses]: 'slug' });
    await db
      .table(deviceContentDb.courses)
      .put({ slug: course.slug, course, fetchedAt: new Date().toISOString() });
    db.close();

    expect(await readDeviceCourse(indexedDB, course.slug)).toEqual(course);
    expect(await readDeviceCourse(indexedDB, 'no-such-course')).toBeNull();
    await Dexie.delete(deviceContentDb.name);
  });

  it("reads a premium course from the signed-in teacher's own database, and not when two teachers' are there", async () => {
    const premium = { ...course, slug: 'a-premium-course', isPremium: true } as Course;
    const teacherDb = (id: string) => {
      const db = new Dexie(`${userDbPrefix}${id}`);
      db.version(1).stores({ progress: 'courseSlug', [deviceContentDb.courses]: 'slug' });
      return db;
    };
    const first = teacherDb('teacher-1');
    await first.table(deviceContentDb.courses).put({ slug: premium.slug, course: premium, fetchedAt: '' });
    first.close();
    expect(await readDeviceCourse(indexedDB, premium.slug)).toEqual(premium);

    // A second teacher's database on the device: whose page this is cannot be told; nothing premium.
    const second = teacherDb('teacher-2');
    await second.open();
    second.close();
    expect(await readDeviceCourse(indexedDB, premium.slug)).toBeNull();
    await Dexie.delete(`${userDbPrefix}teacher-1`);
    await Dexie.delete(`${userDbPrefix}teacher-2`);
  });

  it('creates no database on a device that has none', async () => {
    await Dexie.delete(deviceContentDb.name);
    expect(await readDeviceCourse(indexedDB, course.slug)).toBeNull();
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(deviceContentDb.name);
  });
});
