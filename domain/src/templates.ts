import { z } from 'zod';
import { slugPattern } from './content-patterns.js';
import { templateUsePattern } from './template-rules.js';

/**
 * Printable templates the lessons promise (issue 19, item 7): the spec's 'exclusive resources and
 * templates' premium benefit. Written in `content/templates/<slug>.md`; listed to anyone signed in,
 * read and downloaded by entitled users only (premium, license_admin, superadmin).
 */

const Slug = z.string().regex(slugPattern, { message: 'Must be lower-case words joined by hyphens' });
const Text = z.string().trim().min(1, { message: 'Must not be empty' });

export const TemplateUse = z
  .string()
  .regex(templateUsePattern, { message: 'Must be "<course-slug>/<module-id>", e.g. "prompt-engineering/5"' });

export const TemplateSummary = z.strictObject({
  slug: Slug,
  title: Text,
  description: Text,
  usedIn: z.array(TemplateUse).min(1, { message: 'Name at least one module that uses it' }),
});
export type TemplateSummary = z.infer<typeof TemplateSummary>;

/** A whole template: its heading fields and the Markdown body (headings, lists, tables, fill-in lines). */
export const Template = TemplateSummary.extend({ markdown: Text });
export type Template = z.infer<typeof Template>;

/** GET /api/templates: every template's heading, sorted by title. */
export const TemplateListResponse = z.strictObject({ templates: z.array(TemplateSummary) });
export type TemplateListResponse = z.infer<typeof TemplateListResponse>;

/** GET /api/templates/:slug: the template with its body (entitled users only). */
export const TemplateResponse = z.strictObject({ template: Template });
export type TemplateResponse = z.infer<typeof TemplateResponse>;

export const templateMessages = {
  notFound: 'Template not found',
} as const;
