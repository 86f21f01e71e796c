import { catalogue as courseCatalogue, type Content, faqSectionCatalogue } from '@pd/content';
import {
  authMessages,
  CatalogueResponse,
  type Course,
  CourseContentResponse,
  FaqResponse,
  LegalPageResponse,
  legalPageTitles,
  publicCourseSummary,
  type Role,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testContent } from '../../test/app.js';
import { signedInClientPerRole, signIn } from '../../test/auth-helpers.js';
import type { TestClient, TestResponse } from '../../test/client.js';
import { buildUser, setRole } from '../../test/factories.js';
import { operatorDefaults } from '../../operator-config.js';
import { findCourse } from './service.js';

let app: TestApp;
let content: Content;
let clients: Record<Role, TestClient>;

beforeAll(async () => {
  app = await startTestApp();
  content = await testContent();
  clients = await signedInClientPerRole(app);
});
afterAll(() => app.close());

const freeSlug = 'ai-tools-beyond-chatgpt';
const premiumSlug = 'prompt-engineering';
const comingSoonSlug = 'real-teachers-real-classrooms';

function course(slug: string): Course {
  const found = findCourse(content, slug);
  if (!found) throw new Error(`no course ${slug} in content/`);
  return found;
}

/** Every text of a course that only an entitled user may read: overview, lessons, tips, quizzes. */
function privateTexts(c: Course): string[] {
  return [
    c.overview,
    ...c.modules.flatMap((m) => [
      m.markdown,
      m.bestPracticeTip ?? '',
      ...(m.quiz ?? []).flatMap((q) => [q.question, q.explanation]),
    ]),
  ].filter((text) => text.trim().length > 0);
}

/** The texts whose JSON-encoded form appears in a response body. */
function leaked(body: string, texts: readonly string[]): string[] {
  return texts.filter((text) => body.includes(JSON.stringify(text).slice(1, -1)));
}

/**
 * A browser's revalidation request. (Given an If-None-Match by hand, fetch would add
 * `Cache-Control: no-cache`, which asks the server for a full answer.)
 */
const revalidate = (etag: string | null) => ({ 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' });

function expectNoStore(res: TestResponse): void {
  expect(res.headers.get('cache-control')).toBe('private, no-store');
}

describe('GET /api/content/catalogue', () => {
  it('lists every course as a public summary, sorted by id, to a signed-out visitor', async () => {
    const res = await app.client().get<CatalogueResponse>('/api/content/catalogue');
    expect(res.status).toBe(200);
    const body = CatalogueResponse.parse(res.body);
    expect(body.courses.map((c) => c.id)).toEqual(courseCatalogue.map((entry) => entry.id));
    expect(body.courses.map((c) => c.slug)).toEqual(courseCatalogue.map((entry) => entry.slug));
    expect(body.courses).toEqual(content.courses.map(publicCourseSummary));
    expect(body.courses.every((c) => c.modules.length > 0)).toBe(true);
  });

  it('carries no overview, lesson text, tip, quiz or answer key', async () => {
    const res = await app.client().get('/api/content/catalogue');
    const markdowns = content.courses.flatMap((c) => c.modules.map((m) => m.markdown)).filter(Boolean);
    expect(markdowns.length).toBeGreaterThan(40);
    expect(leaked(res.text, markdowns)).toEqual([]);
    expect(leaked(res.text, content.courses.flatMap(privateTexts))).toEqual([]);
    for (const key of [
      '"overview"',
      '"markdown"',
      '"quiz"',
      '"answer"',
      '"explanation"',
      '"bestPracticeTip"',
    ]) {
      expect(res.text).not.toContain(key);
    }
  });

  it('is revalidated with an ETag (no-cache) and answers 304 while unchanged', async () => {
    const client = app.client();
    const first = await client.get('/api/content/catalogue');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await client.get('/api/content/catalogue', revalidate(etag));
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const stale = await client.get('/api/content/catalogue', revalidate('W/"old"'));
    expect(stale.status).toBe(200);
    expect(stale.headers.get('etag')).toBe(etag);
  });

  it('answers the same to a signed-in user', async () => {
    const anonymous = await app.client().get('/api/content/catalogue');
    const signedIn = await clients.superadmin.get('/api/content/catalogue');
    expect(signedIn.text).toBe(anonymous.text);
  });
});

describe('GET /api/content/courses/:slug', () => {
  it.each([freeSlug, premiumSlug, comingSoonSlug, 'no-such-course'])(
    'asks a signed-out visitor to sign in (%s), with no content',
    async (slug) => {
      const res = await app.client().get(`/api/content/courses/${slug}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: authMessages.notSignedIn, code: 'UNAUTHORIZED' });
      expectNoStore(res);
    },
  );

  it('serves a free course whole to every signed-in role', async () => {
    for (const role of ['free', 'premium', 'license_admin', 'superadmin'] as const) {
      const res = await clients[role].get<CourseContentResponse>(`/api/content/courses/${freeSlug}`);
      expect(res.status, role).toBe(200);
      expect(CourseContentResponse.parse(res.body).course).toEqual(course(freeSlug));
      expectNoStore(res);
    }
  });

  it('sends a course compressed once per process, in the encoding the client takes, never stored', async () => {
    const path = `/api/content/courses/${freeSlug}`;
    const plain = await clients.free.get<CourseContentResponse>(path, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip'] as const) {
      const [first, second] = [
        await clients.premium.get<CourseContentResponse>(path, { 'accept-encoding': encoding }),
        await clients.free.get<CourseContentResponse>(path, { 'accept-encoding': `${encoding}, identity` }),
      ];
      for (const res of [first, second]) {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('vary')).toContain('Accept-Encoding');
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(res.body).toEqual(plain.body);
        expectNoStore(res);
      }
      // Kept bytes, not a stream compressed on the fly: the length is known (a download can show it).
      expect(Number(first.headers.get('content-length'))).toBeGreaterThan(1000);
      expect(first.headers.get('content-length')).toBe(second.headers.get('content-length'));
    }
    // Allowed to one, refused to another: the kept answer is never a way round the access check.
    const premium = await clients.free.get(`/api/content/courses/${premiumSlug}`, {
      'accept-encoding': 'br',
    });
    expect(premium.status).toBe(403);
  });

  it('serves the lessons, images, tips and quizzes with answer keys and explanations', async () => {
    const res = await clients.free.get<CourseContentResponse>(`/api/content/courses/${freeSlug}`);
    const served = res.body.course;
    expect(served.overview).toBe(course(freeSlug).overview);
    expect(served.modules.length).toBe(3);
    for (const module of served.modules) {
      expect(module.markdown.length).toBeGreaterThan(500);
      expect(module.image).toMatch(/^\/images\//);
      expect(module.imageAlt).toBeTruthy();
      expect(module.bestPracticeTip).toBeTruthy();
      // The review date the module page shows (issue 19).
      expect(module.lastReviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const question of module.quiz ?? []) {
        expect(question.answer).toBeGreaterThanOrEqual(0);
        expect(question.explanation).toBeTruthy();
      }
    }
  });

  it('refuses a premium course to a free teacher with PREMIUM_REQUIRED and no lesson text', async () => {
    const res = await clients.free.get(`/api/content/courses/${premiumSlug}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: `"${course(premiumSlug).title}" is available to premium subscribers only.`,
      code: 'PREMIUM_REQUIRED',
    });
    expect(leaked(res.text, privateTexts(course(premiumSlug)))).toEqual([]);
    expectNoStore(res);
  });

  it.each(['premium', 'license_admin', 'superadmin'] as const)(
    'serves a premium course whole to %s',
    async (role) => {
      const res = await clients[role].get<CourseContentResponse>(`/api/content/courses/${premiumSlug}`);
      expect(res.status).toBe(200);
      expect(CourseContentResponse.parse(res.body).course).toEqual(course(premiumSlug));
      // The leak check of the 403 tests finds every private text in a served course.
      expect(leaked(res.text, privateTexts(course(premiumSlug)))).toEqual(privateTexts(course(premiumSlug)));
      expectNoStore(res);
    },
  );

  it.each(['free', 'premium', 'license_admin'] as const)(
    'refuses a coming-soon course to %s with COMING_SOON and no content',
    async (role) => {
      const res = await clients[role].get(`/api/content/courses/${comingSoonSlug}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'This course is currently in development', code: 'COMING_SOON' });
      expect(leaked(res.text, privateTexts(course(comingSoonSlug)))).toEqual([]);
      expectNoStore(res);
    },
  );

  it('lets a superadmin preview a coming-soon course, its first module written in full', async () => {
    const res = await clients.superadmin.get<CourseContentResponse>(`/api/content/courses/${comingSoonSlug}`);
    expect(res.status).toBe(200);
    const served = CourseContentResponse.parse(res.body).course;
    expect(served).toEqual(course(comingSoonSlug));
    expect(served.isComingSoon).toBe(true);
    expect(served.modules[0]?.quiz?.length).toBeGreaterThan(0);
  });

  it('applies the same rules to every course of the catalogue', async () => {
    const expected = (role: Role, c: Course) =>
      c.isComingSoon ? (role === 'superadmin' ? 200 : 403) : c.isPremium && role === 'free' ? 403 : 200;
    for (const c of content.courses) {
      for (const role of ['free', 'premium', 'license_admin', 'superadmin'] as const) {
        const res = await clients[role].get(`/api/content/courses/${c.slug}`);
        expect(res.status, `${role} on ${c.slug}`).toBe(expected(role, c));
        if (res.status === 403) expect(leaked(res.text, privateTexts(c)), `${role} on ${c.slug}`).toEqual([]);
      }
    }
  });

  it.each(['no-such-course', 'AI-IN-EDUCATION', 'constructor', '__proto__'])(
    'answers 404 Course not found for %s',
    async (slug) => {
      const res = await clients.superadmin.get(`/api/content/courses/${encodeURIComponent(slug)}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Course not found', code: 'NOT_FOUND' });
    },
  );

  it('reads the role from the database on every request, not from the session', async () => {
    const { user, email, password } = await buildUser(app.db, { role: 'free' });
    const client = app.client();
    await signIn(client, email, password);
    expect((await client.get(`/api/content/courses/${premiumSlug}`)).status).toBe(403);
    await setRole(app, user.id, 'premium');
    expect((await client.get(`/api/content/courses/${premiumSlug}`)).status).toBe(200);
  });
});

describe('GET /api/content/faq', () => {
  it('serves the six sections in order to anyone, revalidated with an ETag', async () => {
    const res = await app.client().get<FaqResponse>('/api/content/faq');
    expect(res.status).toBe(200);
    const body = FaqResponse.parse(res.body);
    expect(body.sections.map((s) => [s.id, s.title])).toEqual(
      faqSectionCatalogue.map((s) => [s.id, s.title]),
    );
    expect(body.sections).toEqual(content.faq);
    expect(body.sections.every((s) => s.items.length > 0)).toBe(true);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const again = await app.client().get('/api/content/faq', revalidate(res.headers.get('etag')));
    expect(again.status).toBe(304);
  });
});

describe('GET /api/content/legal/:page', () => {
  it.each(['terms', 'privacy'] as const)('serves %s to anyone', async (page) => {
    const res = await app.client().get<LegalPageResponse>(`/api/content/legal/${page}`);
    expect(res.status).toBe(200);
    const body = LegalPageResponse.parse(res.body);
    expect(body).toMatchObject({
      page,
      title: content.legal[page].title,
      lastUpdated: content.legal[page].lastUpdated,
    });
    expect(body.title).toBe(legalPageTitles[page]);
    // The demo operator's details fill the page (decision 104): no placeholder is left.
    expect(body.markdown).toContain(operatorDefaults.operatorName);
    expect(body.markdown).not.toMatch(/\{\{|\[Placeholder/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('carries the configured operator, governing law and hosting location, and no bracketed placeholder', async () => {
    const configured = await startTestApp({
      env: {
        OPERATOR_NAME: 'Lakeside PD Cooperative',
        OPERATOR_ADDRESS: '12 Harbor Road, Duluth, MN 55802',
        OPERATOR_CONTACT_EMAIL: 'legal@lakeside.test',
        GOVERNING_LAW: 'the laws of the State of Minnesota',
        HOSTING_LOCATION: 'our servers and backups are in Frankfurt, Germany',
      },
    });
    try {
      const terms = LegalPageResponse.parse((await configured.client().get('/api/content/legal/terms')).body);
      const privacy = LegalPageResponse.parse(
        (await configured.client().get('/api/content/legal/privacy')).body,
      );
      expect(terms.markdown).toContain('These terms are governed by the laws of the State of Minnesota.');
      expect(privacy.markdown).toContain('our servers and backups are in Frankfurt, Germany');
      for (const page of [terms, privacy]) {
        expect(page.markdown).toContain('Lakeside PD Cooperative, 12 Harbor Road, Duluth, MN 55802');
        expect(page.markdown).toContain('[legal@lakeside.test](mailto:legal@lakeside.test)');
        expect(page.markdown).not.toContain(operatorDefaults.operatorName);
        expect(page.markdown).not.toContain('{{');
        // Every "[" opens a Markdown link: no bracketed placeholder is served.
        expect(page.markdown.replace(/\[[^\]\n]*\]\([^)\s]*\)/g, '')).not.toMatch(/[[\]]/);
      }
    } finally {
      await configured.close();
    }
  });

  it.each(['cookies', 'constructor', '__proto__', 'TERMS'])('answers 404 for %s', async (page) => {
    const res = await app.client().get(`/api/content/legal/${page}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Page not found', code: 'NOT_FOUND' });
  });
});
