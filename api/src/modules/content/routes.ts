import Router from '@koa/router';
import {
  contentMessages,
  type Course,
  type CourseContentResponse,
  endpoints,
  errorCodes,
  LegalPageName,
  type LegalPageResponse,
} from '@pd/domain';
import type { Middleware } from 'koa';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { route } from '../../route.js';
import { requireUser, signedInUser } from '../auth/require-user.js';
import { openCourse } from '../../commands/open-course.js';
import { type CachedJson, cachedJson, sendRevalidated } from './http-cache.js';
import { presentCatalogue, presentCourse, presentFaq, presentLegalPage } from './present.js';
import * as service from './service.js';

/**
 * The content calls. Content is fixed for the life of the process, so the public answers are
 * serialised once; clients revalidate them (`no-cache` + ETag), since a deploy may change them.
 */
export function contentRoutes(
  deps: Pick<AppDeps, 'db' | 'content' | 'sessionCache' | 'config' | 'clock'>,
): Router {
  const router = new Router();
  const catalogue = cachedJson(presentCatalogue(service.allCourses(deps.content)));
  const faq = cachedJson(presentFaq(service.faqSections(deps.content)));
  const legal = Object.fromEntries(
    LegalPageName.options.map((name) => [
      name,
      cachedJson(presentLegalPage(name, service.legalPage(deps.content, name, deps.config.operator))),
    ]),
  ) as Record<LegalPageName, CachedJson<LegalPageResponse>>;

  /** Premium lessons must never sit in a shared cache; refusals (401 included) are per user too. */
  const privateAnswer: Middleware = (ctx, next) => {
    ctx.set('Cache-Control', 'private, no-store');
    return next();
  };

  /** Public: every course's card and module list, no lesson text, quiz or answer key. */
  route(router, endpoints.catalogue, ({ ctx }) => sendRevalidated(ctx, catalogue));

  /**
   * A course's lessons and quizzes, for users allowed to open it (policy.ts). The answer is the same
   * for everyone allowed, so each course is serialised (and compressed) once; `no-store` still keeps
   * premium lessons out of every cache.
   */
  const courseAnswers = new WeakMap<Course, CachedJson<CourseContentResponse>>();
  route(router, endpoints.course, privateAnswer, requireUser(deps), async ({ ctx, params }) => {
    const user = signedInUser(ctx);
    // The lessons reach the teacher now: the start of the time on task (decision 075).
    const course = await openCourse(deps, user, params.slug);
    let answer = courseAnswers.get(course);
    if (!answer) {
      answer = cachedJson({ course: presentCourse(course) });
      courseAnswers.set(course, answer);
    }
    return sendRevalidated(ctx, answer, 'private, no-store');
  });

  /** Public: the six FAQ sections. */
  route(router, endpoints.faq, ({ ctx }) => sendRevalidated(ctx, faq));

  /** Public: the terms of service and the privacy policy. */
  route(router, endpoints.legalPage, ({ ctx, params }) => {
    const page = LegalPageName.safeParse(params.page);
    if (!page.success) throw new AppError(404, contentMessages.pageNotFound, errorCodes.notFound);
    return sendRevalidated(ctx, legal[page.data]);
  });

  return router;
}
