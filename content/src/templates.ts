import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseTemplateUse, Template, type Course } from '@pd/domain';
import { splitFrontMatter } from './front-matter.js';
import type { ContentProblem } from './loader.js';
import { levelOneHeadings, rawHtml } from './markdown.js';

/**
 * `content/templates/<slug>.md`: the printable templates the lessons promise (issue 19). Front
 * matter `slug` (= the file name), `title`, `description`, `usedIn` (`"<course-slug>/<module-id>"`
 * of existing modules); the body is the template in Markdown (no raw HTML, no level-1 heading).
 * A content folder without `templates/` has none.
 */
export async function readTemplates(
  root: string,
  courses: readonly Course[],
): Promise<{ templates: Template[]; problems: ContentProblem[] }> {
  const problems: ContentProblem[] = [];
  const add = (file: string, field: string, message: string) => problems.push({ file, field, message });
  let names: string[];
  try {
    names = (await readdir(path.join(root, 'templates'), { withFileTypes: true }))
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
      .sort();
  } catch {
    return { templates: [], problems };
  }
  const modules = new Set(courses.flatMap((c) => c.modules.map((m) => `${c.slug}/${m.id}`)));
  const templates: Template[] = [];
  for (const name of names) {
    const file = `templates/${name}`;
    if (!name.endsWith('.md')) {
      add(file, 'file', 'Unexpected file: each template is a <slug>.md file');
      continue;
    }
    const split = splitFrontMatter(await readFile(path.join(root, 'templates', name), 'utf8'));
    if (!split.ok) {
      for (const message of split.messages) add(file, 'front matter', message);
      continue;
    }
    const parsed = Template.safeParse({ ...split.data, markdown: split.body });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.code === 'unrecognized_keys') {
          for (const key of issue.keys) add(file, key, 'Unknown field (misspelt, or not part of the format)');
        } else add(file, issue.path.map(String).join('.') || 'front matter', issue.message);
      }
      continue;
    }
    const template = parsed.data;
    const fileSlug = name.replace(/\.md$/, '');
    if (template.slug !== fileSlug) {
      add(file, 'slug', `Is "${template.slug}"; must equal the file name: "${fileSlug}"`);
    }
    template.usedIn.forEach((use, i) => {
      const target = parseTemplateUse(use);
      if (target && !modules.has(`${target.courseSlug}/${target.moduleId}`)) {
        add(file, `usedIn.${i}`, `"${use}" is not a module of the content`);
      }
    });
    for (const { text, line } of rawHtml(template.markdown)) {
      add(file, 'markdown', `Line ${line}: raw HTML ${text} (write Markdown instead)`);
    }
    for (const { text, line } of levelOneHeadings(template.markdown)) {
      add(
        file,
        'markdown',
        `Line ${line}: level-1 heading "${text}" (the page shows the title; start at ##)`,
      );
    }
    templates.push(template);
  }
  return { templates: templates.sort((a, b) => a.title.localeCompare(b.title)), problems };
}
