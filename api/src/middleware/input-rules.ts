import { errorCodes, findNulCharacter, inputMessages } from '@pd/domain';
import type { Middleware } from 'koa';
import { AppError } from '../errors.js';

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The domain's input rules on every request's path, query and parsed body, before any route step
 * reads them (the rate limit reads the e-mail before the contract validates it): a NUL character
 * is a 400 naming the field, never a database error.
 */
export function inputRules(): Middleware {
  return (ctx, next) => {
    const field =
      (decoded(ctx.path).includes('\u0000') ? 'path' : null) ??
      findNulCharacter(ctx.query, 'query') ??
      findNulCharacter(ctx.request.body, 'body');
    if (field) {
      const name = field.replace(/^body\.?/, '') || '_';
      throw new AppError(400, inputMessages.nulCharacter, errorCodes.validation, {
        [name]: inputMessages.nulCharacter,
      });
    }
    return next();
  };
}

/**
 * Api addresses are lower case: `/API/...` (or `/Api/...`) is not one. Without this the routers
 * (case-insensitive) would answer it while the steps keyed on `/api/` (sessions) skip it.
 */
export function apiPathCase(): Middleware {
  return (ctx, next) => {
    const path = ctx.path;
    if (path.length >= 4 && /^\/api(\/|$)/i.test(path) && !/^\/api(\/|$)/.test(path))
      throw new AppError(404, 'Not found', errorCodes.notFound);
    return next();
  };
}
