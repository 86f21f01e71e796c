import { authMessages, errorCodes } from '@pd/domain';
import type { Context } from 'koa';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { currentUser } from '../auth/service.js';

/** The signed-in user of this request, or a 401 with the spec's message. */
export async function requireUser(deps: Pick<AppDeps, 'db'>, ctx: Context): Promise<UserRow> {
  const user = await currentUser(deps, ctx.session?.userId);
  if (!user) throw new AppError(401, authMessages.notSignedIn, errorCodes.unauthorized);
  return user;
}
