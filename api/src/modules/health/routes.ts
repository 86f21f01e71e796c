import Router from '@koa/router';
import { endpoints } from '@pd/domain';
import { databaseRetryAfterSeconds } from '../../db/unavailable.js';
import type { AppDeps } from '../../deps.js';
import { route } from '../../route.js';
import { checkDatabase } from './service.js';

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export function healthRoutes(deps: Pick<AppDeps, 'db'>): Router {
  const router = new Router();
  route(router, endpoints.health, async ({ ctx }) => {
    const database = await checkDatabase(deps.db);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = database ? 200 : 503;
    if (!database) ctx.set('Retry-After', String(databaseRetryAfterSeconds));
    return database
      ? { status: 'ok', database: 'ok' }
      : { error: 'The database is not reachable.', status: 'unavailable' };
  });
  return router;
}
