import { type ApiErrorBody, errorCodes, inputMessages } from '@pd/domain';
import type { Middleware } from 'koa';
import { databaseRetryAfterSeconds, isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, KnownUnavailable } from '../errors.js';
import type { Logger } from '../logger.js';

export const internalErrorMessage = 'Something went wrong on our side. Please try again in a moment.';
export const unavailableMessage = 'The service is briefly unavailable. Please try again in a few seconds.';

interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  type?: unknown;
  message?: unknown;
  name?: unknown;
  /** raw-body's limit in bytes, on its 413. */
  limit?: unknown;
}

function statusOf(error: HttpLikeError): number {
  const s = error.status ?? error.statusCode;
  return typeof s === 'number' && s >= 400 && s < 600 ? s : 500;
}

/** zlib (`Z_DATA_ERROR`, `Z_BUF_ERROR`) and brotli (`ERR__ERROR_FORMAT_...`) errors of a broken body. */
function isBodyDecodingError(error: HttpLikeError & { code?: unknown }): boolean {
  return typeof error.code === 'string' && /^(Z_|ERR__ERROR_)/.test(error.code);
}

/** Known library errors get a message a person can read. */
function clientMessage(status: number, error: HttpLikeError): string {
  if (status === 413) {
    const kB = typeof error.limit === 'number' ? Math.round(error.limit / 1024) : 100;
    return `The request body is too large (limit ${kB} kB).`;
  }
  if (
    status === 415 &&
    (error.type === 'encoding.unsupported' || /content-encoding/i.test(String(error.message)))
  )
    return inputMessages.encodingNotSupported;
  if (status === 400 && (error.type === 'entity.parse.failed' || error.name === 'SyntaxError'))
    return 'The request body is not valid JSON.';
  if (status === 415) return 'Content-Type must be application/json.';
  if (error.expose === true && typeof error.message === 'string') return error.message;
  return 'Bad request.';
}

/** An /api address, whatever the case of its letters. */
const isApiPath = (path: string) => /^\/api(\/|$)/i.test(path);

/**
 * The one error format: `{error, code?, fields?}`. 5xx answers never carry internals. An /api
 * path nobody answered (after every router) is a JSON 404.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 501) {
        // A method no router knows (PROPFIND, MKCOL, ...): the address exists with other methods
        // (405, Allow as the router listed them), or not at all (an /api 404; a page takes GET, HEAD).
        const allow = ctx.response.get('Allow') || (isApiPath(ctx.path) ? '' : 'GET, HEAD');
        if (allow) {
          ctx.status = 405;
          ctx.set('Allow', allow);
        } else {
          ctx.status = 404;
          ctx.remove('Allow');
        }
      }
      if (ctx.status === 405 && ctx.body == null && isApiPath(ctx.path)) {
        ctx.body = {
          error: inputMessages.methodNotAllowed(ctx.method, ctx.response.get('Allow')),
          code: 'METHOD_NOT_ALLOWED',
        } satisfies ApiErrorBody;
      }
      if (ctx.status === 404 && ctx.body == null && isApiPath(ctx.path)) {
        ctx.status = 404;
        ctx.body = { error: 'Not found', code: 'NOT_FOUND' } satisfies ApiErrorBody;
      }
    } catch (caught) {
      let status: number;
      let body: ApiErrorBody;
      if (caught instanceof AppError) {
        status = caught.status;
        body = { error: caught.message };
        if (caught.code) body.code = caught.code;
        if (caught.fields) body.fields = caught.fields;
        for (const [k, v] of Object.entries(caught.headers ?? {})) ctx.set(k, v);
      } else if (isDatabaseUnavailable(caught)) {
        // A database restart or failover: nothing is wrong with the request, it can be sent again.
        logger.warn('database unavailable', { method: ctx.method, path: ctx.path });
        ctx.status = 503;
        ctx.set('Retry-After', String(databaseRetryAfterSeconds));
        ctx.body = { error: unavailableMessage, code: errorCodes.unavailable } satisfies ApiErrorBody;
        return;
      } else {
        const error = (typeof caught === 'object' && caught !== null ? caught : {}) as HttpLikeError;
        if (isBodyDecodingError(error)) {
          status = 400;
          body = { error: inputMessages.bodyNotDecodable, code: errorCodes.validation };
        } else {
          status = statusOf(error);
          body = { error: status >= 500 ? internalErrorMessage : clientMessage(status, error) };
        }
      }
      if (status >= 500 && !(caught instanceof KnownUnavailable)) {
        const err = caught instanceof Error ? caught : new Error(String(caught));
        logger.error('request failed', {
          method: ctx.method,
          path: ctx.path,
          error: err.message,
          stack: err.stack,
        });
      }
      ctx.status = status;
      ctx.body = body;
    }
  };
}
