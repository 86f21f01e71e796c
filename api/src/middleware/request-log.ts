import type { Middleware } from 'koa';
import type { Logger } from '../logger.js';

/**
 * One line per request: method, path (no query string: it may hold tokens), status, duration.
 * Null below the log level: then a request costs nothing here (no timer, no string, no ctx.ip).
 */
export function requestLog(logger: Logger): Middleware | null {
  if (logger.enabled?.('info') === false) return null;
  return async (ctx, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - start) * 10) / 10;
      logger.info(`${ctx.method} ${loggedPath(ctx.path)} ${ctx.status}`, { ms, ip: ctx.ip });
    }
  };
}

/** An invitation code in a path (GET /api/invites/{code}) never reaches the log. */
export function loggedPath(path: string): string {
  return path.replace(/^\/api\/invites\/(?!accept$)[^/]+$/, '/api/invites/[code]');
}
