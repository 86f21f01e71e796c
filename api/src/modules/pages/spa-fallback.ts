import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Course, drawModulePage, type PagesManifest } from '@pd/domain';
import type { Context, Middleware } from 'koa';
import type { Logger } from '../../logger.js';
import type { DrawnPage } from './home-page.js';
import { fillTemplate, shellPage } from './manifest.js';
import { type PagePreloads, parsePagePath } from './preloads.js';
import { noCache } from './static-files.js';

export interface SpaPageOptions {
  /** The built pwa's pages manifest; null: index.html is served as it is. */
  manifest: PagesManifest | null;
  /** The page's preloads (decision 016). */
  preloads: PagePreloads;
  /** The session cookie's name: without it the visitor is signed out. */
  sessionCookie: string;
  /** The home page drawn for a signed-out visitor (decision 017), when there is one. */
  signedOutHome: () => Promise<DrawnPage | null>;
  /** Decision 122: the course whose lesson a module page may carry for this request, or null. */
  lessonCourse: ((ctx: Context, slug: string, moduleId: number) => Promise<Course | null>) | null;
  logger: Logger;
}

/** A page holding a teacher's lessons (premium ones too) stays out of every shared cache. */
const privatePage = 'private, no-store';

/**
 * SPA fallback (after the static files): `/`, and a GET/HEAD outside /api/ that wants HTML and
 * found nothing, get the app's page, so the client router renders the spec's routes (and its 404
 * page): the page template with the page's preloads and the app shell, or, on `/` for a visitor
 * with no session cookie, the home page drawn on the server and its data.
 */
export function spaFallback(dist: string, page: SpaPageOptions): Middleware {
  const indexFile = path.join(dist, 'index.html');
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body != null) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return;
    // A navigation asks for text/html explicitly; a missing script or image (with an extension) stays 404.
    const isPage = ctx.path === '/' || ctx.get('Accept').includes('text/html');
    if (!isPage || path.extname(ctx.path) !== '') return;
    const { manifest } = page;
    if (!manifest && !existsSync(indexFile)) return;
    ctx.status = 200;
    ctx.type = 'html';
    ctx.set('Cache-Control', noCache);
    if (!manifest) {
      ctx.body = readFileSync(indexFile, 'utf8');
      return;
    }
    const signedIn = Boolean(ctx.cookies.get(page.sessionCookie));
    const home = ctx.path === '/' && !signedIn ? await page.signedOutHome() : null;
    // The drawn home page carries its data and says nobody is signed in: it preloads nothing (the
    // shell's 'me' preload is left out with the shell, and the catalogue is in the page).
    if (home) {
      ctx.body = fillTemplate(manifest.template, { head: '', html: home.markup, data: home.data });
      return;
    }
    const shell = shellPage(manifest, page.preloads(ctx.path, signedIn));
    const withLesson = signedIn ? await drawnLesson(ctx, shell, page) : null;
    if (withLesson) ctx.set('Cache-Control', privatePage);
    ctx.body = withLesson ?? shell;
  };
}

/**
 * Decision 122: a signed-in teacher's module page (a link in an e-mail, opened on a device that
 * never ran the app) comes with its first screen drawn into the shell, as the service worker draws
 * it for a returning teacher (decision 070, the domain's `drawModulePage`): the lesson is on screen
 * before any script has arrived, and the app replaces it with its own page once that is drawn. Only
 * for a course this request may open; anything else (or a failure, logged) is the plain shell.
 */
async function drawnLesson(ctx: Context, shell: string, page: SpaPageOptions): Promise<string | null> {
  const path = parsePagePath(ctx.path);
  if (path?.kind !== 'module' || !page.lessonCourse) return null;
  try {
    const course = await page.lessonCourse(ctx, path.slug, path.moduleId);
    return course ? drawModulePage(shell, course, path.moduleId) : null;
  } catch (error) {
    page.logger.warn('the module page could not be drawn on the server; serving the app shell', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
