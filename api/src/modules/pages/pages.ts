import path from 'node:path';
import type { Content } from '@pd/content';
import type { Course } from '@pd/domain';
import type { Context, Middleware } from 'koa';
import type { Logger } from '../../logger.js';
import { presentCatalogue, presentCourse } from '../content/present.js';
import { type DrawnPage, drawHomePage, rendererLoader } from './home-page.js';
import { readPagesManifest } from './manifest.js';
import { pagePreloads } from './preloads.js';
import { spaFallback } from './spa-fallback.js';

export interface PagesOptions {
  /** The built pwa. */
  dist: string;
  content: Content;
  logger: Logger;
  sessionCookie: string;
  /** Draw the home page now rather than when first asked (outside tests). */
  drawAtStart: boolean;
  /**
   * Decision 122: the course a signed-in teacher's module page may carry the lesson of (what
   * `GET /api/content/courses/:slug` would answer this request, the module unlocked), or null. Without it, module pages
   * are the app shell.
   */
  openCourse?: (ctx: Context, slug: string, moduleId: number) => Promise<Course | null>;
}

/**
 * The app's pages: the SPA fallback with each page's preloads, the signed-out home page drawn on the
 * server (decision 017) by the renderer the pages manifest names, once, and a signed-in teacher's
 * module page with its lesson drawn into the shell (decision 122).
 */
export function pages({
  dist,
  content,
  logger,
  sessionCookie,
  drawAtStart,
  openCourse,
}: PagesOptions): Middleware {
  const manifest = readPagesManifest(dist, logger);
  const renderer = manifest ? rendererLoader(path.resolve(dist, manifest.renderer), logger) : null;
  let home: Promise<DrawnPage | null> | undefined;
  const signedOutHome = () =>
    (home ??= renderer
      ? drawHomePage(renderer, presentCatalogue(content.courses), logger)
      : Promise.resolve(null));
  if (drawAtStart) void signedOutHome();
  // The course as its answer presents it (no answer key), once per course.
  const presented = new WeakMap<Course, Course>();
  const lessonCourse = openCourse
    ? async (ctx: Context, slug: string, moduleId: number) => {
        const course = await openCourse(ctx, slug, moduleId);
        if (!course) return null;
        let shown = presented.get(course);
        if (!shown) presented.set(course, (shown = presentCourse(course)));
        return shown;
      }
    : null;
  return spaFallback(dist, {
    manifest,
    preloads: pagePreloads({
      screens: manifest?.screens ?? null,
      courseSlugs: content.courses.map((c) => c.slug),
    }),
    sessionCookie,
    signedOutHome,
    lessonCourse,
    logger,
  });
}
