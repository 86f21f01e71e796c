import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CourseInfo,
  courseDurationText,
  FaqSection,
  LegalPage,
  linkablePages,
  legalPageTitles,
  Module,
  ModuleOutline,
  moduleMinutes,
  paths,
  PromptCategory,
  type Template,
  type Course,
} from '@pd/domain';
import { z } from 'zod';
import { catalogue, faqSectionCatalogue, promptCatalogue, type CatalogueEntry } from './catalogue.js';
import { splitFrontMatter } from './front-matter.js';
import { legalPlaceholderProblems } from './legal-placeholders.js';
import { lessonHtml } from './lesson-html.js';
import { levelOneHeadings, markdownLinks, rawHtml } from './markdown.js';
import { readTemplates } from './templates.js';

/** One problem in the content: the file (relative to the content folder, with `/`), the field, what is wrong. */
export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

export interface Content {
  /** Sorted by id; each course's modules sorted by id. */
  courses: Course[];
  /** Sorted by order. */
  prompts: PromptCategory[];
  /** The six sections, in order. */
  faq: FaqSection[];
  legal: { terms: LegalPage; privacy: LegalPage };
  /** Printable templates (content/templates), sorted by title. */
  templates: Template[];
}

/** What was read: the parts that are valid, and every problem found. */
export interface ContentReport {
  courses: Course[];
  prompts: PromptCategory[];
  faq: FaqSection[];
  legal: { terms?: LegalPage; privacy?: LegalPage };
  templates: Template[];
  problems: ContentProblem[];
}

export function formatProblem(problem: ContentProblem): string {
  return `${problem.file}: ${problem.field}: ${problem.message}`;
}

export class ContentError extends Error {
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
    super(`Invalid content (${count}):\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
    this.name = 'ContentError';
    this.problems = problems;
  }
}

/** The `content/` folder: one level above this module, whether it runs from `src/` or `dist/`. */
export const defaultContentRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * What the content must match: the spec's course catalogue, prompt categories and FAQ sections. Tests
 * pass smaller ones to keep their fixtures small.
 */
export interface ContentSpec {
  courses: readonly CatalogueEntry[];
  promptCategories: readonly { id: string; isPremium: boolean; promptCount: number }[];
  faqSections: readonly { id: string; title: string }[];
}

export const defaultContentSpec: ContentSpec = {
  courses: catalogue,
  promptCategories: promptCatalogue,
  faqSections: faqSectionCatalogue,
};

/** Loads and validates every content file; throws a ContentError listing every problem. */
export async function loadContent(
  rootDir: string = defaultContentRoot,
  spec: ContentSpec = defaultContentSpec,
): Promise<Content> {
  const report = await readContent(rootDir, spec);
  const { terms, privacy } = report.legal;
  if (report.problems.length > 0 || !terms || !privacy) throw new ContentError(report.problems);
  const { courses, prompts, faq, templates } = report;
  return { courses, prompts, faq, legal: { terms, privacy }, templates };
}

/** Every problem in the content folder, without throwing. An empty list means the content is valid. */
export async function checkContent(
  rootDir: string = defaultContentRoot,
  spec: ContentSpec = defaultContentSpec,
): Promise<ContentProblem[]> {
  return (await readContent(rootDir, spec)).problems;
}

/** App routes a lesson may link to, besides courses and modules (product-spec.md section 2). */
const appPaths = new Set(linkablePages);

const moduleFileName = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

interface MarkdownDoc {
  file: string;
  field: string;
  markdown: string;
}

interface ParsedModule<M> {
  fileNumber: number;
  file: string;
  module: M;
}

interface ModuleFiles<M> {
  /** The valid modules, sorted by id. */
  modules: ParsedModule<M>[];
  /** Files named like modules, valid or not. */
  fileCount: number;
  allValid: boolean;
}

/** Reads the whole content folder: the valid parts and every problem. Never throws for bad content. */
export async function readContent(
  rootDir: string = defaultContentRoot,
  spec: ContentSpec = defaultContentSpec,
): Promise<ContentReport> {
  const reader = new ContentReader(path.resolve(rootDir), spec);
  return reader.read();
}

class ContentReader {
  private readonly problems: ContentProblem[] = [];
  private readonly markdownDocs: MarkdownDoc[] = [];
  private readonly linkTargets = new Set(appPaths);
  private readonly imageChecks = new Map<string, Promise<string[]>>();

  constructor(
    private readonly root: string,
    private readonly spec: ContentSpec,
  ) {}

  async read(): Promise<ContentReport> {
    const courses = await this.readCourses();
    const prompts = await this.readPrompts();
    const faq = await this.readFaq();
    const legal = {
      terms: await this.readLegal('terms'),
      privacy: await this.readLegal('privacy'),
    };
    const templates = await readTemplates(this.root, courses);
    this.problems.push(...templates.problems);
    await this.checkMarkdown();
    return { courses, prompts, faq, legal, templates: templates.templates, problems: this.problems };
  }

  private add(file: string, field: string, message: string): void {
    this.problems.push({ file, field, message });
  }

  private abs(file: string): string {
    return path.join(this.root, ...file.split('/'));
  }

  private async listDir(dir: string): Promise<{ name: string; isDir: boolean }[] | null> {
    try {
      const entries = await readdir(this.abs(dir), { withFileTypes: true });
      return entries
        .filter((entry) => !entry.name.startsWith('.'))
        .map((entry) => ({ name: entry.name, isDir: entry.isDirectory() }))
        .sort((a, b) => a.name.localeCompare(b.name));
    } catch {
      return null;
    }
  }

  /** Reads a Markdown file and splits its front matter; reports and returns null when it cannot. */
  private async readMarkdownFile(
    file: string,
  ): Promise<{ data: Record<string, unknown>; body: string } | null> {
    let text: string;
    try {
      text = await readFile(this.abs(file), 'utf8');
    } catch {
      this.add(file, 'file', 'Missing');
      return null;
    }
    const split = splitFrontMatter(text);
    if (!split.ok) {
      for (const message of split.messages) this.add(file, 'front matter', message);
      return null;
    }
    return { data: split.data, body: split.body };
  }

  /** Validates with a schema, reporting each zod issue on its field. */
  private validate<T>(file: string, schema: z.ZodType<T>, input: unknown, fieldPrefix = ''): T | null {
    const result = schema.safeParse(input, { reportInput: true });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const where = [fieldPrefix, ...issue.path.map(String)].filter((part) => part !== '').join('.');
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          this.add(
            file,
            where ? `${where}.${key}` : key,
            'Unknown field (misspelt, or not part of the format)',
          );
        }
      } else if (issue.code === 'invalid_type' && issue.input === undefined) {
        this.add(file, where || 'front matter', 'Required');
      } else {
        this.add(file, where || 'front matter', issue.message);
      }
    }
    return null;
  }

  // -- courses ------------------------------------------------------------------------------------

  private async readCourses(): Promise<Course[]> {
    const entries = await this.listDir('courses');
    if (entries === null) {
      this.add('courses', 'file', 'Missing folder');
      return [];
    }
    const folders = new Set(entries.filter((e) => e.isDir).map((e) => e.name));
    for (const entry of entries) {
      if (!entry.isDir) this.add(`courses/${entry.name}`, 'file', 'Unexpected file: each course is a folder');
      else if (!this.spec.courses.some((c) => c.slug === entry.name)) {
        this.add(
          `courses/${entry.name}`,
          'file',
          'Not a course of the catalogue (product-spec.md section 3)',
        );
      }
    }
    const courses: Course[] = [];
    for (const entry of this.spec.courses) {
      if (!folders.has(entry.slug)) {
        this.add(`courses/${entry.slug}/course.md`, 'file', 'Missing: the catalogue lists this course');
        continue;
      }
      const course = await this.readCourse(entry);
      if (course) courses.push(course);
    }
    return courses.sort((a, b) => a.id - b.id);
  }

  private async readCourse(entry: CatalogueEntry): Promise<Course | null> {
    const dir = `courses/${entry.slug}`;
    const file = `${dir}/course.md`;
    this.linkTargets.add(paths.course(entry.slug));

    const parsed = await this.readMarkdownFile(file);
    if (parsed) this.markdownDocs.push({ file, field: 'overview', markdown: parsed.body });
    const info = parsed ? this.validate(file, CourseInfo, { ...parsed.data, overview: parsed.body }) : null;
    if (info) this.checkCourseAgainstCatalogue(file, info, entry);

    const isComingSoon = info?.isComingSoon ?? entry.isComingSoon;
    if (isComingSoon) {
      // The first module of a coming-soon course is written in full, for a superadmin's preview.
      const files = await this.readModules<ModuleOutline>(entry, (n) => (n === 1 ? Module : ModuleOutline));
      this.checkModules(entry, info, files);
      if (!info?.isComingSoon) return null;
      return { ...info, isComingSoon: true, modules: files.modules.map((m) => m.module) };
    }
    const files = await this.readModules(entry, () => Module);
    this.checkModules(entry, info, files);
    if (!info || info.isComingSoon) return null;
    return { ...info, isComingSoon: false, modules: files.modules.map((m) => m.module) };
  }

  private checkCourseAgainstCatalogue(file: string, info: CourseInfo, entry: CatalogueEntry): void {
    const off = (field: string, actual: unknown, expected: unknown) =>
      this.add(file, field, `Is ${JSON.stringify(actual)}; the catalogue says ${JSON.stringify(expected)}`);
    if (info.id !== entry.id) off('id', info.id, entry.id);
    if (info.slug !== entry.slug) off('slug', info.slug, entry.slug);
    if (entry.title !== undefined && info.title !== entry.title) off('title', info.title, entry.title);
    if (info.isPremium !== entry.isPremium) off('isPremium', info.isPremium, entry.isPremium);
    if (info.isComingSoon !== entry.isComingSoon) off('isComingSoon', info.isComingSoon, entry.isComingSoon);
    if (entry.totalMinutes !== null && info.totalMinutes !== entry.totalMinutes) {
      off('totalMinutes', info.totalMinutes, entry.totalMinutes);
    }
    const expectedDuration = courseDurationText(entry.totalMinutes ?? info.totalMinutes);
    if (info.duration !== expectedDuration) off('duration', info.duration, expectedDuration);
  }

  private async readModules<M extends ModuleOutline>(
    entry: CatalogueEntry,
    schemaFor: (fileNumber: number) => z.ZodType<M>,
  ): Promise<ModuleFiles<M>> {
    const dir = `courses/${entry.slug}/modules`;
    const entries = await this.listDir(dir);
    if (entries === null) {
      this.add(dir, 'file', 'Missing folder of modules');
      return { modules: [], fileCount: 0, allValid: false };
    }
    const modules: ParsedModule<M>[] = [];
    let fileCount = 0;
    for (const { name, isDir } of entries) {
      const file = `${dir}/${name}`;
      const match = moduleFileName.exec(name);
      if (isDir || !match) {
        this.add(file, 'file', 'Unexpected file: modules are named NN-<module-slug>.md');
        continue;
      }
      fileCount += 1;
      const fileNumber = Number(match[1]);
      const fileSlug = match[2] ?? '';
      // The route exists whatever is wrong inside the file; this avoids a cascade of broken links.
      this.linkTargets.add(paths.module(entry.slug, fileNumber));
      const parsed = await this.readMarkdownFile(file);
      if (!parsed) continue;
      if (parsed.body.trim() !== '')
        this.markdownDocs.push({ file, field: 'markdown', markdown: parsed.body });
      const module = this.validate(file, schemaFor(fileNumber), { ...parsed.data, markdown: parsed.body });
      if (!module) continue;
      if (module.id !== fileNumber) {
        this.add(file, 'id', `Is ${module.id}; must equal the file's number prefix ${fileNumber}`);
      }
      if (module.slug !== fileSlug) {
        this.add(file, 'slug', `Is "${module.slug}"; must equal the file name after NN-: "${fileSlug}"`);
      }
      if (module.image !== undefined) await this.checkImage(file, 'image', module.image);
      const html = lessonHtml(module.markdown);
      modules.push({ fileNumber, file, module: html ? { ...module, lessonHtml: html } : module });
    }
    modules.sort((a, b) => a.module.id - b.module.id || a.file.localeCompare(b.file));
    return { modules, fileCount, allValid: modules.length === fileCount };
  }

  private checkModules(
    entry: CatalogueEntry,
    info: CourseInfo | null,
    { modules, fileCount, allValid }: ModuleFiles<ModuleOutline>,
  ): void {
    const dir = `courses/${entry.slug}/modules`;
    const courseFile = `courses/${entry.slug}/course.md`;
    const seenIds = new Map<number, string>();
    const seenSlugs = new Map<string, string>();
    for (const { file, module } of modules) {
      const sameId = seenIds.get(module.id);
      if (sameId !== undefined) this.add(file, 'id', `Duplicate module id ${module.id} (also in ${sameId})`);
      else seenIds.set(module.id, file);
      const sameSlug = seenSlugs.get(module.slug);
      if (sameSlug !== undefined)
        this.add(file, 'slug', `Duplicate module slug "${module.slug}" (also in ${sameSlug})`);
      else seenSlugs.set(module.slug, file);

      const fixedSlug = entry.moduleSlugs?.[module.id];
      if (fixedSlug !== undefined && module.slug !== fixedSlug) {
        this.add(
          file,
          'slug',
          `Is "${module.slug}"; the catalogue says module ${module.id} is "${fixedSlug}"`,
        );
      }
    }

    if (entry.moduleCount !== null && fileCount !== entry.moduleCount) {
      this.add(dir, 'modules', `Has ${fileCount} module files; the catalogue says ${entry.moduleCount}`);
    }
    if (fileCount === 0) this.add(dir, 'modules', 'A course needs at least one module');
    const ids = [...seenIds.keys()].sort((a, b) => a - b);
    if (allValid && ids.some((id, index) => id !== index + 1)) {
      this.add(dir, 'modules', `Module ids must run 1, 2, 3, ... without gaps; found ${ids.join(', ')}`);
    }
    for (const [id, slug] of Object.entries(entry.moduleSlugs ?? {})) {
      if (!seenIds.has(Number(id)))
        this.add(dir, 'modules', `Missing module ${id} "${slug}" of the catalogue`);
    }

    if (entry.shortChoiceQuestions) {
      const { moduleId, count } = entry.shortChoiceQuestions;
      const target = modules.find((m) => m.module.id === moduleId);
      const quiz = target?.module.quiz;
      if (target && quiz) {
        const short = quiz.filter((q) => q.choices.length < 4).length;
        if (short !== count) {
          this.add(
            target.file,
            'quiz',
            `Has ${short} question(s) with fewer than 4 choices; the spec says ${count}`,
          );
        }
      }
    }

    // Coming-soon courses are previewed with their first module written in full; the total may be
    // a target the unwritten modules do not reach yet.
    // Only when every module file is valid: otherwise the sum would be of some of them.
    if (info && !info.isComingSoon && allValid && modules.length > 0) {
      const sum = modules.reduce((total, m) => total + moduleMinutes(m.module.duration), 0);
      if (sum !== info.totalMinutes) {
        this.add(
          courseFile,
          'totalMinutes',
          `Is ${info.totalMinutes}; the module durations add up to ${sum}`,
        );
      }
    }
  }

  /** `/images/...` is served from `content/images/...`: the file must exist and be an accessible, inert SVG. */
  private async checkImage(file: string, field: string, imagePath: string): Promise<void> {
    let check = this.imageChecks.get(imagePath);
    if (!check) {
      check = this.inspectImage(imagePath);
      this.imageChecks.set(imagePath, check);
    }
    for (const message of await check) this.add(file, field, message);
  }

  private async inspectImage(imagePath: string): Promise<string[]> {
    const relative = imagePath.replace(/^\//, '');
    if (!relative.startsWith('images/') || relative.split('/').includes('..')) {
      return [`"${imagePath}" is not under /images/`];
    }
    const absolute = this.abs(relative);
    try {
      if (!(await stat(absolute)).isFile()) return [`No image file at content/${relative}`];
    } catch {
      return [`No image file at content/${relative}`];
    }
    if (!relative.endsWith('.svg')) return [];
    const svg = await readFile(absolute, 'utf8');
    const messages: string[] = [];
    if (!/<svg[\s>]/.test(svg)) messages.push(`content/${relative} is not an SVG`);
    if (!/<svg\b[^>]*\brole\s*=\s*["']img["']/.test(svg))
      messages.push(`content/${relative} lacks role="img" on <svg>`);
    if (!/<title[\s>]/.test(svg)) messages.push(`content/${relative} lacks a <title>`);
    if (/<script[\s>]|\son[a-z]+\s*=|javascript:|<foreignObject[\s>]/i.test(svg)) {
      messages.push(`content/${relative} contains script, event handlers or foreignObject`);
    }
    return messages;
  }

  // -- prompt library -----------------------------------------------------------------------------

  private async readPrompts(): Promise<PromptCategory[]> {
    const entries = (await this.listDir('prompts')) ?? [];
    const expected = new Set<string>(this.spec.promptCategories.map((c) => c.id));
    for (const { name } of entries) {
      if (!expected.has(name.replace(/\.md$/, '')) || !name.endsWith('.md')) {
        this.add(`prompts/${name}`, 'file', 'Not a prompt category of product-spec.md section 3');
      }
    }
    const categories: PromptCategory[] = [];
    const promptIds = new Map<string, string>();
    for (const [index, spec] of this.spec.promptCategories.entries()) {
      const file = `prompts/${spec.id}.md`;
      const parsed = await this.readMarkdownFile(file);
      if (!parsed) continue;
      if (parsed.body.trim() !== '')
        this.add(file, 'body', 'Must be empty: the category lives in the front matter');
      // The prompts inherit their category from the file unless they name it.
      const data = { ...parsed.data };
      if (Array.isArray(data.prompts)) {
        data.prompts = data.prompts.map((prompt: unknown) =>
          prompt !== null && typeof prompt === 'object' && !('category' in prompt)
            ? { ...prompt, category: data.category ?? spec.id }
            : prompt,
        );
      }
      const category = this.validate(file, PromptCategory, data);
      if (!category) continue;
      const off = (field: string, actual: unknown, expectedValue: unknown) =>
        this.add(file, field, `Is ${JSON.stringify(actual)}; the spec says ${JSON.stringify(expectedValue)}`);
      if (category.id !== spec.id) off('id', category.id, spec.id);
      if (category.category !== spec.id) off('category', category.category, spec.id);
      if (category.isPremium !== spec.isPremium) off('isPremium', category.isPremium, spec.isPremium);
      if (category.order !== index + 1) off('order', category.order, index + 1);
      if (category.prompts.length !== spec.promptCount) {
        this.add(
          file,
          'prompts',
          `Has ${category.prompts.length} prompts; the spec says ${spec.promptCount}`,
        );
      }
      category.prompts.forEach((prompt, i) => {
        const field = `prompts.${i}`;
        const other = promptIds.get(prompt.id);
        if (other !== undefined)
          this.add(file, `${field}.id`, `Duplicate prompt id "${prompt.id}" (also in ${other})`);
        else promptIds.set(prompt.id, file);
        if (prompt.category !== category.category) {
          this.add(
            file,
            `${field}.category`,
            `Is "${prompt.category}"; must be the category "${category.category}"`,
          );
        }
        if (!/\[[^\]\n]+\]/.test(prompt.prompt)) {
          this.add(file, `${field}.prompt`, 'Has no [bracketed placeholder] for the teacher to fill in');
        }
        const personal =
          /\[[^\]\n]*(?:student|child|pupil|kid)'?s?[^\]\n]*(?:name|e-?mail|address|birth|id\b)[^\]\n]*\]/i.exec(
            prompt.prompt,
          );
        if (personal) {
          this.add(file, `${field}.prompt`, `Asks for student personal data: ${personal[0]}`);
        }
      });
      categories.push(category);
    }
    return categories.sort((a, b) => a.order - b.order);
  }

  // -- FAQ and legal pages --------------------------------------------------------------------------

  private async readFaq(): Promise<FaqSection[]> {
    const file = 'faq.md';
    const parsed = await this.readMarkdownFile(file);
    if (!parsed) return [];
    if (parsed.body.trim() !== '') this.add(file, 'body', 'Must be empty: the FAQ lives in the front matter');
    const faq = this.validate(file, z.strictObject({ sections: z.array(FaqSection) }), parsed.data);
    if (!faq) return [];
    const expected = this.spec.faqSections.map((s) => `${s.id} "${s.title}"`).join(', ');
    const actual = faq.sections.map((s) => `${s.id} "${s.title}"`).join(', ');
    if (actual !== expected) {
      this.add(file, 'sections', `Must be the sections of the spec, in order: ${expected}; found: ${actual}`);
    }
    faq.sections.forEach((section, s) =>
      section.items.forEach((item, i) =>
        this.markdownDocs.push({ file, field: `sections.${s}.items.${i}.answer`, markdown: item.answer }),
      ),
    );
    return faq.sections;
  }

  private async readLegal(page: 'terms' | 'privacy'): Promise<LegalPage | undefined> {
    const file = `legal/${page}.md`;
    const parsed = await this.readMarkdownFile(file);
    if (!parsed) return undefined;
    this.markdownDocs.push({ file, field: 'markdown', markdown: parsed.body });
    const legal = this.validate(file, LegalPage, { ...parsed.data, markdown: parsed.body });
    if (!legal) return undefined;
    if (legal.title !== legalPageTitles[page]) {
      this.add(file, 'title', `Is "${legal.title}"; must be "${legalPageTitles[page]}"`);
    }
    this.problems.push(...legalPlaceholderProblems(file, legal.markdown));
    return legal;
  }

  // -- markdown: links, raw HTML, headings -----------------------------------------------------------

  private async checkMarkdown(): Promise<void> {
    for (const { file, field, markdown } of this.markdownDocs) {
      for (const { text, line } of rawHtml(markdown)) {
        this.add(file, field, `Line ${line}: raw HTML ${text} (write Markdown instead)`);
      }
      for (const { text, line } of levelOneHeadings(markdown)) {
        this.add(
          file,
          field,
          `Line ${line}: level-1 heading "${text}" (the page shows the title; start at ##)`,
        );
      }
      for (const { href, line } of markdownLinks(markdown)) {
        const message = await this.checkLink(href);
        if (message) this.add(file, field, `Line ${line}: ${message}`);
      }
    }
  }

  private async checkLink(href: string): Promise<string | null> {
    if (href === '') return 'Empty link target';
    if (/^(?:https?:|mailto:)/i.test(href)) return null;
    if (href.startsWith('#')) return null;
    if (!href.startsWith('/') || href.startsWith('//')) {
      return `Link "${href}" is neither an app path starting with / nor an https:// or mailto: address`;
    }
    const pathOnly = href.replace(/[?#].*$/, '');
    if (pathOnly.startsWith('/images/')) {
      const messages = await this.inspectImage(pathOnly);
      return messages.some((m) => m.startsWith('No image') || m.includes('not under'))
        ? `Broken link "${href}": ${messages[0]}`
        : null;
    }
    const normalised = pathOnly.length > 1 ? pathOnly.replace(/\/$/, '') : pathOnly;
    return this.linkTargets.has(normalised)
      ? null
      : `Broken internal link "${href}": no such page in the app`;
  }
}
