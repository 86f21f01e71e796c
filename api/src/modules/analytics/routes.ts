import Router from '@koa/router';
import {
  AnalyticsQuery,
  analyticsLimits,
  analyticsTables,
  type AnalyticsTable,
  endpoints,
  errorCodes,
} from '@pd/domain';
import { isbot } from 'isbot';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../../deps.js';
import { AppError, parseInput } from '../../errors.js';
import { bulkhead, bulkWriteLimits } from '../../middleware/bulkhead.js';
import { route } from '../../route.js';
import { requireUser, signedInUser } from '../auth/require-user.js';
import { sessionUser } from '../auth/service.js';
import { consumeAttempt } from '../rate-limit/service.js';
import { dashboardCsv } from './present.js';
import * as service from './service.js';

export const batchTooLarge = `Send at most ${analyticsLimits.maxBatchBytes / 1024} KB of events at a time.`;

/** The batch's size: its Content-Length, else its JSON as parsed (a chunked body). */
function batchBytes(ctx: Context): number {
  const length = Number(ctx.get('Content-Length'));
  if (Number.isFinite(length) && length > 0) return length;
  return Buffer.byteLength(JSON.stringify(ctx.request.body ?? null));
}

const batchItems = (ctx: Context): unknown[] => {
  const events = (ctx.request.body as { events?: unknown } | undefined)?.events;
  return Array.isArray(events) ? events : [];
};

/**
 * Usage analytics (issue 15): the devices' batches (same-origin JSON, the app-wide rule), and the
 * dashboard and its CSV files for super admins.
 */
export function analyticsRoutes(deps: AppDeps): Router {
  const router = new Router();
  const signedIn = requireUser(deps);
  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'private, no-store');

  const sizeLimit: Middleware = (ctx, next) => {
    if (batchBytes(ctx) > analyticsLimits.maxBatchBytes) {
      throw new AppError(413, batchTooLarge, errorCodes.validation);
    }
    return next();
  };
  /** Per address the batch's events count; per page session (its first event's) the batch (decision 088). */
  const rateLimited: Middleware = async (ctx, next) => {
    const items = batchItems(ctx);
    const first = items[0] as { sessionId?: unknown } | undefined;
    const session = typeof first?.sessionId === 'string' ? first.sessionId : null;
    const policy = deps.rateLimits.analyticsEvents;
    await consumeAttempt(deps, 'analyticsEvents', policy, ctx.ip, session, items.length);
    return next();
  };
  /** Known bots (isbot): nothing stored, and the answer says so (`dropped`). */
  const bots: Middleware = (ctx, next) => {
    if (isbot(ctx.get('User-Agent'))) {
      noStore(ctx);
      ctx.body = service.droppedBatch(batchItems(ctx));
      return;
    }
    return next();
  };

  /** A school's reconnect takes part of the pool, not all of it (decision 107). */
  const ingestTurns = bulkhead(bulkWriteLimits.analyticsEvents);
  route(
    router,
    endpoints.analyticsEvents,
    sizeLimit,
    bots,
    ingestTurns,
    rateLimited,
    async ({ ctx, input }) => {
      noStore(ctx);
      const user = await sessionUser(deps, ctx.session);
      return service.ingest(deps, { user }, input.events);
    },
  );

  route(router, endpoints.adminAnalytics, signedIn, async ({ ctx }) => {
    noStore(ctx);
    const query = parseInput(AnalyticsQuery, ctx.query);
    return service.dashboard(deps, signedInUser(ctx), query);
  });

  route(router, endpoints.adminAnalyticsCsv, signedIn, async ({ ctx, params }) => {
    const table = params.table as AnalyticsTable;
    if (!analyticsTables.includes(table)) {
      throw new AppError(
        404,
        `Unknown table: choose one of ${analyticsTables.join(', ')}.`,
        errorCodes.notFound,
      );
    }
    const query = parseInput(AnalyticsQuery, ctx.query);
    const dashboard = await service.dashboard(deps, signedInUser(ctx), query);
    noStore(ctx);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`analytics-${table}-${query.from}-to-${query.to}.csv`);
    ctx.body = dashboardCsv(dashboard, table);
  });

  return router;
}
