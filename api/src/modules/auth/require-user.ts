import { authMessages, errorCodes } from '@pd/domain';
import type { Context, Middleware } from 'koa';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { sessionUser } from './service.js';

const userKey = Symbol('signed-in user');

/** The request's signed-in user, or a 401 with the spec's message. */
export async function userOfRequest(
  deps: Pick<AppDeps, 'db' | 'sessionCache'>,
  ctx: Context,
): Promise<UserRow> {
  const user = await sessionUser(deps, ctx.session);
  if (!user) throw new AppError(401, authMessages.notSignedIn, errorCodes.unauthorized);
  return user;
}

/**
 * Route middleware: the request's signed-in user, or a 401 with the spec's message. The user is
 * kept on the request for the route's next steps (`signedInUser`).
 */
export function requireUser(deps: Pick<AppDeps, 'db' | 'sessionCache'>): Middleware {
  return async (ctx, next) => {
    (ctx.state as Record<symbol, UserRow>)[userKey] = await userOfRequest(deps, ctx);
    await next();
  };
}

/** The user `requireUser` found; only in a route that runs it first. */
export function signedInUser(ctx: Context): UserRow {
  const user = (ctx.state as Record<symbol, UserRow | undefined>)[userKey];
  if (!user) throw new Error('requireUser must run before this route step');
  return user;
}
