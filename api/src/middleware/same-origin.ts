import { demoPagesPrefix, endpoints } from '@pd/domain';
import type { Context, Middleware } from 'koa';
import { AppError } from '../errors.js';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Paths verified another way (the Stripe webhook is checked by its signature); lower case. */
export const sameOriginExemptPaths = new Set<string>([endpoints.stripeWebhook.path.toLowerCase()]);

/** The demo payment pages post plain HTML forms: same Origin still required, form encoding allowed. */
const formPostPrefix = demoPagesPrefix;

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (typeof length === 'string' && Number(length) > 0) return true;
  return headers['transfer-encoding'] !== undefined;
}

/**
 * Decision 6: a state-changing request must come from our own origin and carry JSON (an empty body
 * is allowed). Our origin is PUBLIC_URL's, nothing else: the Host and X-Forwarded-Host headers are
 * the client's to write, so an Origin equal to them proves nothing (issue 17). Every
 * POST/PUT/PATCH/DELETE is checked, whatever the case of its path (the routers match paths
 * case-insensitively), except the Stripe webhook.
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
    if (origin !== allowed) {
      // Say which address the app answers on: the usual cause is the app opened at another address
      // of the same server (127.0.0.1 instead of localhost), which the person can fix.
      throw new AppError(
        403,
        `This request was refused: it came from ${origin.slice(0, 200)}, but this app is served at ${allowed}. Open the app at ${allowed} and try again.`,
        'FORBIDDEN',
      );
    }
    const formAllowed = () =>
      ctx.path.toLowerCase().startsWith(formPostPrefix) && ctx.is('application/x-www-form-urlencoded');
    if (hasBody(ctx.req.headers) && !ctx.is('application/json') && !formAllowed()) {
      throw new AppError(415, 'Content-Type must be application/json.', 'UNSUPPORTED_MEDIA_TYPE');
    }
  };
  return (ctx, next) => {
    if (stateChanging.has(ctx.method) && !sameOriginExemptPaths.has(ctx.path.toLowerCase())) check(ctx);
    return next();
  };
}
