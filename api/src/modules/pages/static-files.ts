import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import { repoRoot } from '../../config.js';

export const defaultPwaDist = path.join(repoRoot, 'pwa', 'dist');
export const defaultImagesDir = path.join(repoRoot, 'content', 'images');

const immutable = 'public, max-age=31536000, immutable';
export const noCache = 'no-cache';
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
    // `/` is the catalogue page: the SPA fallback serves it, with its preloads (spa-fallback.ts).
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
