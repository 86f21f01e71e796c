import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PagesManifest } from '@pd/domain';
import type { Middleware } from 'koa';
import type { DrawnPage } from './home-page.js';
import { fillTemplate, shellPage } from './manifest.js';
import type { PagePreloads } from './preloads.js';
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
}

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
    ctx.body = home
      ? fillTemplate(manifest.template, { head: '', html: home.markup, data: home.data })
      : shellPage(manifest, page.preloads(ctx.path, signedIn));
  };
}
