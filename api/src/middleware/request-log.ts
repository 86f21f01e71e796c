import type { Middleware } from 'koa';
import type { Logger } from '../logger.js';

/** One line per request: method, path (no query string: it may hold tokens), status, duration. */
export function requestLog(logger: Logger): Middleware {
  // Below the log level a request costs nothing here: no timer, no string, no ctx.ip.
  if (logger.enabled?.('info') === false) return (_ctx, next) => next();
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
