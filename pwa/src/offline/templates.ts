import { learningEndpoints, type Template, type TemplateSummary, templatesForCourse } from '@pd/domain';
import { ApiError, apiGet } from '../lib/api-client';
import { networkFirst } from './content-cache';
import { readUserDb, userDb } from './db';

/**
 * Printable templates on the device (issue 19): premium, so kept in the teacher's own `user-<id>`
 * database like premium course content, when opened online and with a course download; read from
 * there when the network is unreachable.
 */

const summaryOf = ({ slug, title, description, usedIn }: Template): TemplateSummary => ({
  slug,
  title,
  description,
  usedIn,
});

/** Keeps a template on the device for this user. */
export async function keepTemplateOnDevice(template: Template, userId: string): Promise<void> {
  await userDb(userId).templates.put({ slug: template.slug, template, fetchedAt: new Date().toISOString() });
}

/** The templates this user holds on the device, as the list shows them. */
export async function storedTemplateSummaries(userId: string): Promise<TemplateSummary[]> {
  const rows = await readUserDb(userId, (db) => db.templates.toArray(), []);
  return rows.map((row) => summaryOf(row.template)).sort((a, b) => a.title.localeCompare(b.title));
}

/** GET /api/templates (anyone signed in); offline, the templates held on the device. */
export async function fetchTemplateList(userId: string, signal?: AbortSignal): Promise<TemplateSummary[]> {
  return networkFirst(
    async () => (await apiGet(learningEndpoints.templates, { signal })).templates,
    async () => undefined,
    async () => {
      const stored = await storedTemplateSummaries(userId);
      return stored.length > 0 ? stored : undefined;
    },
  );
}

/**
 * GET /api/templates/:slug (premium, license_admin, superadmin; a 403 ApiError with the premium
 * message otherwise). Kept on the device; offline, the device's copy.
 */
export async function fetchTemplate(slug: string, userId: string, signal?: AbortSignal): Promise<Template> {
  return networkFirst(
    async () => (await apiGet(learningEndpoints.template, { params: { slug }, signal })).template,
    (template) => keepTemplateOnDevice(template, userId),
    async () => (await readUserDb(userId, (db) => db.templates.get(slug), undefined))?.template,
  );
}

/**
 * With a course download: every template its modules use, stored for this user. A user who may
 * not read templates (403) downloads the course without them. Returns the slugs stored, and those
 * this run added (for a rollback).
 */
export async function downloadCourseTemplates(
  courseSlug: string,
  userId: string,
  signal?: AbortSignal,
): Promise<{ slugs: string[]; added: string[] }> {
  const list = (await apiGet(learningEndpoints.templates, { signal })).templates;
  const slugs: string[] = [];
  const added: string[] = [];
  const table = userDb(userId).templates;
  for (const { slug } of templatesForCourse(list, courseSlug)) {
    let template: Template;
    try {
      template = (await apiGet(learningEndpoints.template, { params: { slug }, signal })).template;
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) return { slugs: [], added };
      throw error;
    }
    if (!(await table.get(slug))) added.push(slug);
    await keepTemplateOnDevice(template, userId);
    slugs.push(slug);
  }
  return { slugs, added };
}

/** Removes templates a failed download added. */
export async function removeTemplates(slugs: readonly string[], userId: string): Promise<void> {
  if (slugs.length > 0) await userDb(userId).templates.bulkDelete([...slugs]);
}
