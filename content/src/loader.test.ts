import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Course, PromptCategory } from '@pd/domain';
import { describe, expect, it } from 'vitest';
import { checkContent, ContentError, defaultContentRoot, loadContent, type ContentProblem } from './index.js';
import { splitFrontMatter } from './front-matter.js';
import { brokenSpec, validSpec } from './test-fixtures/specs.js';

const fixture = (name: string) => fileURLToPath(new URL(`./test-fixtures/${name}`, import.meta.url));
const valid = fixture('valid');
const broken = fixture('broken');

describe('loadContent on a valid folder', () => {
  it('returns courses sorted by id with modules sorted by id, prompts, FAQ and legal pages', async () => {
    const content = await loadContent(valid, validSpec);
    expect(content.courses.map((c) => [c.slug, c.modules.map((m) => m.id)])).toEqual([
      ['open-course', [1, 2]],
      ['soon-course', [1, 2]],
    ]);
    for (const course of content.courses) expect(Course.safeParse(course).success).toBe(true);
    const [open, soon] = content.courses;
    expect(open?.isComingSoon).toBe(false);
    expect(open?.overview).toBe('Start with [module 1](/open-course/module/1).');
    expect(open?.modules[0]).toMatchObject({
      slug: 'getting-started',
      duration: '10 min',
      videoUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      quiz: [{ choices: ['Yes', 'No'], answer: 0 }, { answer: 3 }],
    });
    expect(soon?.modules[1]).toEqual({
      id: 2,
      slug: 'later',
      title: 'Later',
      description: 'Coming soon.',
      duration: '20 min',
      markdown: '',
    });

    expect(content.prompts.map((p) => [p.id, p.prompts.length])).toEqual([
      ['free-things', 1],
      ['paid-things', 2],
    ]);
    // A prompt inherits its category from its file.
    expect(content.prompts[0]?.prompts[0]?.category).toBe('free-things');
    for (const category of content.prompts) expect(PromptCategory.safeParse(category).success).toBe(true);

    expect(content.faq.map((s) => s.id)).toEqual(['general', 'billing']);
    expect(content.legal.terms).toMatchObject({ title: 'Terms of Service', lastUpdated: '2026-11-21' });
    expect(content.legal.privacy.markdown).toContain('## What we keep');
  });

  it('finds no problems', async () => {
    expect(await checkContent(valid, validSpec)).toEqual([]);
  });
});

describe('checkContent on a broken folder', () => {
  const expected: [string, ContentProblem][] = [
    [
      'YAML error',
      p('courses/module-problems/modules/01-bad-yaml.md', 'front matter', /YAML, line 5: Missing closing/),
    ],
    [
      'quiz answer index out of range',
      p('courses/module-problems/modules/02-answer-out-of-range.md', 'quiz.0.answer'),
    ],
    ['module id not its file number', p('courses/module-problems/modules/03-wrong-id.md', 'id', /prefix 3/)],
    ['slug not the file name', p('courses/module-problems/modules/04-wrong-slug.md', 'slug', /"wrong-slug"/)],
    [
      'duplicate module id',
      p('courses/module-problems/modules/04-wrong-slug.md', 'id', /Duplicate module id 4/),
    ],
    [
      'module slug off the catalogue',
      p('courses/module-problems/modules/05-not-spec-slug.md', 'slug', /"spec-slug"/),
    ],
    [
      'module minutes outside 5-22',
      p('courses/module-problems/modules/06-too-long.md', 'duration', /5 to 22/),
    ],
    ['missing image', p('courses/module-problems/modules/07-missing-image.md', 'image', /No image file/)],
    ['unsafe SVG', p('courses/module-problems/modules/08-raw-html.md', 'image', /script, event handlers/)],
    ['SVG without a title', p('courses/module-problems/modules/08-raw-html.md', 'image', /lacks a <title>/)],
    [
      'raw HTML in a lesson',
      p('courses/module-problems/modules/08-raw-html.md', 'markdown', /raw HTML <div/),
    ],
    [
      'level-1 heading in a lesson',
      p('courses/module-problems/modules/08-raw-html.md', 'markdown', /level-1 heading/),
    ],
    ['broken module link', p('courses/module-problems/modules/09-broken-link.md', 'markdown', /module\/42/)],
    ['broken app link', p('courses/module-problems/modules/09-broken-link.md', 'markdown', /"\/nowhere"/)],
    ['broken image link', p('courses/module-problems/modules/09-broken-link.md', 'markdown', /missing\.svg/)],
    ['relative link', p('courses/module-problems/modules/09-broken-link.md', 'markdown', /"other-page"/)],
    ['missing field', p('courses/module-problems/modules/10-unknown-field.md', 'title', 'Required')],
    ['unknown field', p('courses/module-problems/modules/10-unknown-field.md', 'videoURL', /Unknown field/)],
    ['video not a privacy-enhanced embed', p('courses/module-problems/modules/11-bad-video.md', 'videoUrl')],
    ['stray file among modules', p('courses/module-problems/modules/notes.txt', 'file')],
    [
      'module count off the catalogue',
      p('courses/module-problems/modules', 'modules', /12 module files.*says 5/),
    ],
    [
      'quiz choice counts off the spec',
      p('courses/module-problems/modules/04-duplicate.md', 'quiz', /says 2/),
    ],
    ['course id off the catalogue', p('courses/catalogue-problems/course.md', 'id')],
    ['course slug off the catalogue', p('courses/catalogue-problems/course.md', 'slug')],
    ['course title off the catalogue', p('courses/catalogue-problems/course.md', 'title')],
    ['isPremium off the catalogue', p('courses/catalogue-problems/course.md', 'isPremium')],
    [
      'totalMinutes off the catalogue',
      p('courses/catalogue-problems/course.md', 'totalMinutes', /catalogue says 10/),
    ],
    ['duration off the catalogue', p('courses/catalogue-problems/course.md', 'duration', /"10 Minutes"/)],
    ['module minutes not summing', p('courses/catalogue-problems/course.md', 'totalMinutes', /add up to 10/)],
    ['isComingSoon off the catalogue', p('courses/flag-problems/course.md', 'isComingSoon')],
    ['course missing', p('courses/missing-course/course.md', 'file', /Missing/)],
    ['course not in the catalogue', p('courses/not-in-catalogue', 'file')],
    ['prompt category isPremium off the spec', p('prompts/free-things.md', 'isPremium')],
    ['prompt count off the spec', p('prompts/free-things.md', 'prompts', /2 prompts.*says 1/)],
    ['prompt without placeholder', p('prompts/free-things.md', 'prompts.0.prompt', /placeholder/)],
    ['prompt asking for student data', p('prompts/free-things.md', 'prompts.1.prompt', /student name/)],
    ['prompt category id off the spec', p('prompts/paid-things.md', 'id')],
    ['prompt category order off the spec', p('prompts/paid-things.md', 'order')],
    ['duplicate prompt id', p('prompts/paid-things.md', 'prompts.0.id', /Duplicate/)],
    ['prompt category missing', p('prompts/absent.md', 'file', 'Missing')],
    ['unknown prompt category', p('prompts/extra.md', 'file')],
    ['FAQ sections not the spec in order', p('faq.md', 'sections', /found: billing "Billing", general/)],
    ['broken link in the FAQ', p('faq.md', 'sections.0.items.0.answer', /"\/pricing"/)],
    ['raw HTML in the FAQ', p('faq.md', 'sections.1.items.0.answer', /raw HTML <b>/)],
    ['legal page without lastUpdated', p('legal/terms.md', 'lastUpdated', 'Required')],
    ['broken link in a legal page', p('legal/terms.md', 'markdown', /"\/account"/)],
    ['legal page title', p('legal/privacy.md', 'title', /"Privacy Policy"/)],
  ];

  it.each(expected)('reports %s with its file and field', async (_name, problem) => {
    expect(await checkContent(broken, brokenSpec)).toContainEqual(problem);
  });

  it('reports nothing else', async () => {
    const problems = await checkContent(broken, brokenSpec);
    const unexpected = problems.filter((problem) => !expected.some(([, e]) => matches(problem, e)));
    // The closing </div> and </b>, the SVG's missing role, the second duplicate id of module 7.
    expect(unexpected.map((u) => `${u.file}: ${u.field}`)).toEqual([
      'courses/module-problems/modules/08-raw-html.md: image',
      'courses/module-problems/modules/07-missing-image.md: id',
      'courses/module-problems/modules/08-raw-html.md: markdown',
      'faq.md: sections.1.items.0.answer',
    ]);
  });

  it('makes loadContent throw a ContentError listing every problem', async () => {
    const problems = await checkContent(broken, brokenSpec);
    const error: unknown = await loadContent(broken, brokenSpec).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems).toEqual(problems);
    expect((error as ContentError).message).toContain(
      'courses/module-problems/modules/02-answer-out-of-range.md: quiz.0.answer: Must be the zero-based index',
    );
  });
});

describe('splitFrontMatter', () => {
  it('needs an opening and a closing line', () => {
    expect(splitFrontMatter('no front matter')).toMatchObject({ ok: false });
    expect(splitFrontMatter('---\nid: 1\n')).toMatchObject({ ok: false });
  });
  it('handles CRLF line ends and an empty body', () => {
    expect(splitFrontMatter('---\r\nid: 1\r\n---\r\n')).toEqual({ ok: true, data: { id: 1 }, body: '' });
  });
  it('reports duplicate keys and a front matter that is not a mapping', () => {
    expect(splitFrontMatter('---\nid: 1\nid: 2\n---\n')).toMatchObject({
      ok: false,
      messages: [expect.stringMatching(/line 3: Map keys must be unique/)],
    });
    expect(splitFrontMatter('---\n- a\n---\n')).toMatchObject({ ok: false });
  });
  it('keeps ISO dates as text', () => {
    expect(splitFrontMatter('---\nlastUpdated: 2026-11-21\n---\n')).toMatchObject({
      data: { lastUpdated: '2026-11-21' },
    });
  });
});

describe('defaultContentRoot', () => {
  it('is the content folder', () => {
    expect(path.resolve(defaultContentRoot)).toBe(
      fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, ''),
    );
    expect(path.basename(path.resolve(defaultContentRoot))).toBe('content');
  });
});

function p(file: string, field: string, message: RegExp | string = /./): ContentProblem {
  return {
    file,
    field,
    message: typeof message === 'string' ? message : (expect.stringMatching(message) as unknown as string),
  };
}

function matches(problem: ContentProblem, pattern: ContentProblem): boolean {
  const message = pattern.message as unknown;
  const messageMatches =
    typeof message === 'string'
      ? problem.message === message
      : (message as { asymmetricMatch(other: unknown): boolean }).asymmetricMatch(problem.message);
  return problem.file === pattern.file && problem.field === pattern.field && messageMatches;
}
