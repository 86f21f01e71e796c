import path from 'node:path';
import type { Content } from '@pd/content';
import type { Middleware } from 'koa';
import type { Logger } from '../../logger.js';
import { presentCatalogue } from '../content/present.js';
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
}

/**
 * The app's pages: the SPA fallback with each page's preloads, and the signed-out home page drawn
 * on the server (decision 017) by the renderer the pages manifest names, once.
 */
export function pages({ dist, content, logger, sessionCookie, drawAtStart }: PagesOptions): Middleware {
  const manifest = readPagesManifest(dist, logger);
  const renderer = manifest ? rendererLoader(path.resolve(dist, manifest.renderer), logger) : null;
  let home: Promise<DrawnPage | null> | undefined;
  const signedOutHome = () =>
    (home ??= renderer
      ? drawHomePage(renderer, presentCatalogue(content.courses), logger)
      : Promise.resolve(null));
  if (drawAtStart) void signedOutHome();
  return spaFallback(dist, {
    manifest,
    preloads: pagePreloads({
      screens: manifest?.screens ?? null,
      courseSlugs: content.courses.map((c) => c.slug),
    }),
    sessionCookie,
    signedOutHome,
  });
}
