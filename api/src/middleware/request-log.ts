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
      logger.info(`${ctx.method} ${ctx.path} ${ctx.status}`, { ms, ip: ctx.ip });
    }
  };
}
