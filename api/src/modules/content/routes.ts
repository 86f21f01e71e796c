import Router from '@koa/router';
import { type CourseContentResponse, contentMessages, errorCodes, LegalPageName } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { type CachedJson, cachedJson, sendRevalidated } from './http-cache.js';
import { presentCatalogue, presentCourse, presentFaq, presentLegalPage } from './present.js';
import * as service from './service.js';

/**
 * The content calls. Content is fixed for the life of the process, so the public answers are
 * serialised once; clients revalidate them (`no-cache` + ETag), since a deploy may change them.
 */
export function contentRoutes(deps: Pick<AppDeps, 'db' | 'content'>): Router {
  const router = new Router({ prefix: '/api/content' });
  const catalogue = cachedJson(presentCatalogue(service.allCourses(deps.content)));
  const faq = cachedJson(presentFaq(service.faqSections(deps.content)));
  const legal = Object.fromEntries(
    LegalPageName.options.map((name) => [
      name,
      cachedJson(presentLegalPage(name, service.legalPage(deps.content, name))),
    ]),
  ) as Record<LegalPageName, CachedJson>;

  /** Public: every course's card and module list, no lesson text, quiz or answer key. */
  router.get('/catalogue', (ctx) => {
    sendRevalidated(ctx, catalogue);
  });

  /** A course's lessons and quizzes, for users allowed to open it (policy.ts). */
  router.get('/courses/:slug', async (ctx) => {
    // Premium lessons must never sit in a shared cache; refusals are per user too.
    ctx.set('Cache-Control', 'private, no-store');
    const course = await service.openCourse(deps, ctx.session?.userId, ctx.params.slug ?? '');
    ctx.body = { course: presentCourse(course) } satisfies CourseContentResponse;
  });

  /** Public: the six FAQ sections. */
  router.get('/faq', (ctx) => {
    sendRevalidated(ctx, faq);
  });

  /** Public: the terms of service and the privacy policy. */
  router.get('/legal/:page', (ctx) => {
    const page = LegalPageName.safeParse(ctx.params.page);
    if (!page.success) throw new AppError(404, contentMessages.pageNotFound, errorCodes.notFound);
    sendRevalidated(ctx, legal[page.data]);
  });

  return router;
}
