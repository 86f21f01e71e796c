import { demoPagesPrefix, endpoints } from '@pd/domain';
import type { Context, Middleware } from 'koa';
import { AppError } from '../errors.js';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Paths verified another way (the Stripe webhook is checked by its signature). */
export const sameOriginExemptPaths = new Set<string>([endpoints.stripeWebhook.path]);

/** The demo payment pages post plain HTML forms: same Origin still required, form encoding allowed. */
const formPostPrefix = demoPagesPrefix;

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (typeof length === 'string' && Number(length) > 0) return true;
  return headers['transfer-encoding'] !== undefined;
}

/**
 * Decision 6: a state-changing /api request must come from our own origin (Origin equal to
 * PUBLIC_URL's origin, or to the request's own host) and carry JSON (an empty body is allowed).
 */
export function sameOrigin(publicUrl: string): Middleware {
  const allowed = new URL(publicUrl).origin;
  // Not async and nothing allocated on the common path (GET, HEAD): the check runs on every request.
  const check = (ctx: Context): void => {
    const origin = ctx.get('Origin');
    if (!origin) {
      throw new AppError(
        403,
        'This request was refused: it must come from the app itself (Origin header missing).',
        'FORBIDDEN',
      );
    }
    if (origin !== allowed && origin !== `${ctx.protocol}://${ctx.host}`) {
      throw new AppError(403, 'This request was refused: it came from another site.', 'FORBIDDEN');
    }
    const formAllowed = () =>
      ctx.path.startsWith(formPostPrefix) && ctx.is('application/x-www-form-urlencoded');
    if (hasBody(ctx.req.headers) && !ctx.is('application/json') && !formAllowed()) {
      throw new AppError(415, 'Content-Type must be application/json.', 'UNSUPPORTED_MEDIA_TYPE');
    }
  };
  return (ctx, next) => {
    if (stateChanging.has(ctx.method)) {
      const path = ctx.path;
      if (path.startsWith('/api/') && !sameOriginExemptPaths.has(path)) check(ctx);
    }
    return next();
  };
}
