import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import serve from 'koa-static';
import { repoRoot } from './config.js';
import { type FirstScreen, withFirstScreen } from './first-screen.js';
import type { PagePreloads } from './page-preloads.js';

export const defaultPwaDist = path.join(repoRoot, 'pwa', 'dist');
export const defaultImagesDir = path.join(repoRoot, 'content', 'images');

const immutable = 'public, max-age=31536000, immutable';
const noCache = 'no-cache';
const noCacheFiles = new Set([
  'index.html',
  'sw.js',
  'manifest.webmanifest',
  'manifest.json',
  'registerSW.js',
]);

/** Hashed /assets/* live forever; the shell, the service worker and the manifest are revalidated. */
export function cacheControlFor(root: string, file: string): string {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (rel.startsWith('assets/')) return immutable;
  if (noCacheFiles.has(path.basename(rel)) || /^workbox-[\w-]+\.js$/.test(rel)) return noCache;
  return 'public, max-age=3600';
}

/**
 * The built pwa (when present) with its cache headers. An asset the build compressed (`x.js.br`,
 * `x.js.gz` beside `x.js`: `precompress` in pwa/vite.config.ts) is sent as it is, to a browser
 * that accepts it; other answers are compressed on the fly (middleware/compression.ts).
 */
export function pwaStatic(dist: string): Middleware {
  if (!existsSync(dist)) return (_ctx, next) => next();
  return serve(dist, {
    // `/` is the catalogue page: the SPA fallback serves it, with its preloads.
    index: false,
    brotli: true,
    gzip: true,
    setHeaders: (res: ServerResponse, file: string) =>
      res.setHeader('Cache-Control', cacheControlFor(dist, file)),
  });
}

/** Public illustrations from content/images at /images/. */
export function imagesStatic(dir: string): Middleware {
  const inner = serve(dir, {
    index: false,
    setHeaders: (res: ServerResponse) => res.setHeader('Cache-Control', 'public, max-age=86400'),
  });
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/images/') || !existsSync(dir)) return next();
    const original = ctx.path;
    ctx.path = original.slice('/images'.length);
    try {
      await inner(ctx, async () => {
        ctx.path = original;
        await next();
      });
    } finally {
      ctx.path = original;
    }
  };
}

/** What the served page gets besides index.html, by path and by whether a session cookie came. */
export interface SpaPageOptions {
  /** The page's preloads (decision 016). */
  links: PagePreloads;
  /** The session cookie's name: without it the visitor is signed out. */
  sessionCookie: string;
  /**
   * The page drawn on the server for this request, when there is one: the home page for a signed-out
   * visitor (decision 017), a module page for a signed-in teacher (decision 018).
   */
  firstScreen?: (ctx: Context, signedOut: boolean) => Promise<FirstScreen | null>;
}

/**
 * SPA fallback (after the static files): `/`, and a GET/HEAD outside /api/ that wants HTML and
 * found nothing, get index.html, so the client router renders the spec's routes (and its 404
 * page), with the page's preloads added to its head.
 */
export function spaFallback(dist: string, page?: SpaPageOptions): Middleware {
  const indexFile = path.join(dist, 'index.html');
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body != null) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return;
    // A navigation asks for text/html explicitly; a missing script or image (with an extension) stays 404.
    const isPage = ctx.path === '/' || ctx.get('Accept').includes('text/html');
    if (!isPage || path.extname(ctx.path) !== '') return;
    if (!existsSync(indexFile)) return;
    ctx.status = 200;
    ctx.type = 'html';
    ctx.set('Cache-Control', noCache);
    const signedOut = !page || !ctx.cookies.get(page.sessionCookie);
    let html = readFileSync(indexFile, 'utf8');
    const screen = (await page?.firstScreen?.(ctx, signedOut)) ?? null;
    // A page drawn for a signed-in teacher holds their data: no shared cache may keep it.
    if (screen && !signedOut) ctx.set('Cache-Control', `private, ${noCache}`);
    const links = page?.links(ctx.path, !signedOut, Boolean(screen) && !signedOut);
    if (links) html = html.replace('</head>', `${links}</head>`);
    ctx.body = screen ? withFirstScreen(html, screen) : html;
  };
}
