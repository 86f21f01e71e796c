import { fileURLToPath } from 'node:url';
import { Template } from '@pd/domain';
import { describe, expect, it } from 'vitest';
import { defaultContentRoot, loadContent } from './index.js';
import { readTemplates } from './templates.js';
import { validSpec } from './test-fixtures/specs.js';

const fixture = (name: string) => fileURLToPath(new URL(`./test-fixtures/${name}`, import.meta.url));

describe('templates (content/templates, issue 19)', () => {
  it('loads a valid template with its body', async () => {
    const content = await loadContent(fixture('valid'), validSpec);
    expect(content.templates).toHaveLength(1);
    const [template] = content.templates;
    expect(Template.parse(template)).toMatchObject({
      slug: 'pilot-checklist',
      title: 'Pilot Checklist',
      usedIn: ['open-course/1', 'soon-course/1'],
    });
    expect(template?.markdown).toContain('| Week | What we tried | What we saw |');
  });

  it('reports every problem of broken templates', async () => {
    const { courses } = await loadContent(fixture('valid'), validSpec);
    const { templates, problems } = await readTemplates(fixture('broken-templates'), courses);
    // Only the file that passes the schema is kept (with its other problems reported).
    expect(templates.map((t) => t.slug)).toEqual(['another-slug']);
    expect(problems).toEqual([
      {
        file: 'templates/bad-use.md',
        field: 'usedIn.0',
        message: 'Must be "<course-slug>/<module-id>", e.g. "prompt-engineering/5"',
      },
      { file: 'templates/no-body.md', field: 'usedIn', message: 'Name at least one module that uses it' },
      { file: 'templates/no-body.md', field: 'markdown', message: 'Must not be empty' },
      {
        file: 'templates/no-body.md',
        field: 'colour',
        message: 'Unknown field (misspelt, or not part of the format)',
      },
      {
        file: 'templates/notes.txt',
        field: 'file',
        message: 'Unexpected file: each template is a <slug>.md file',
      },
      {
        file: 'templates/wrong-name.md',
        field: 'slug',
        message: 'Is "another-slug"; must equal the file name: "wrong-name"',
      },
      {
        file: 'templates/wrong-name.md',
        field: 'usedIn.0',
        message: '"open-course/9" is not a module of the content',
      },
      {
        file: 'templates/wrong-name.md',
        field: 'markdown',
        message: 'Line 3: raw HTML <div> (write Markdown instead)',
      },
      {
        file: 'templates/wrong-name.md',
        field: 'markdown',
        message: 'Line 3: raw HTML </div> (write Markdown instead)',
      },
      {
        file: 'templates/wrong-name.md',
        field: 'markdown',
        message: 'Line 1: level-1 heading "# A level-one heading" (the page shows the title; start at ##)',
      },
    ]);
  });

  it('has no templates folder: no templates, no problem', async () => {
    const { courses } = await loadContent(fixture('valid'), validSpec);
    expect(await readTemplates(fixture('broken'), courses)).toEqual({ templates: [], problems: [] });
  });

  it('the real team-norms template is valid and used by the module on team norms', async () => {
    const content = await loadContent(defaultContentRoot).catch(() => null);
    const { templates, problems } = await readTemplates(defaultContentRoot, content?.courses ?? []);
    const norms = templates.find((t) => t.slug === 'team-norms');
    expect(norms?.usedIn).toContain('ai-readiness-workshop-part-1/5');
    expect(
      problems.filter((p) => p.file === 'templates/team-norms.md' && !p.field.startsWith('usedIn')),
    ).toEqual([]);
  });
});
