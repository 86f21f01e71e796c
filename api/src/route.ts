import type Router from '@koa/router';
import type { RouterContext, RouterMiddleware } from '@koa/router';
import {
  type Endpoint,
  errorCodes,
  type HttpMethod,
  type Parser,
  type PathParams,
  type RequestOf,
  type ResponseOf,
} from '@pd/domain';
import type { z } from 'zod';
import { AppError, parseInput } from './errors.js';

/**
 * An entry of the domain's endpoint table the api can serve: its request, when it has one, is a zod
 * schema, classic or mini (the api answers a bad input with the schema's own message).
 */
export type ServedEndpoint = Endpoint<
  HttpMethod,
  string,
  (z.core.$ZodType & Parser<unknown>) | undefined,
  Parser<unknown> | undefined
>;

/** What a route's handler receives: the request, its validated body and its path parameters. */
export interface RouteCall<E extends ServedEndpoint> {
  ctx: RouterContext;
  /** The body, validated with the endpoint's request schema (undefined when it takes none). */
  input: RequestOf<E>;
  /** The endpoint's `:name` parameters, as sent. */
  params: { [K in keyof PathParams<E['path']>]: string };
}

declare const answeredType: unique symbol;
/** The handler wrote a `T` itself (a serialised copy, a 304): see `answered`. */
export interface Answered<T> {
  readonly [answeredType]: T;
}
const answeredMark = Object.freeze({ answered: true });

/**
 * What a handler returns after writing the answer itself (`sendRevalidated` does, for JSON kept
 * serialised); `T` is what it wrote, so the type check still covers it.
 */
export function answered<T>(): Answered<T> {
  return answeredMark as unknown as Answered<T>;
}

/**
 * A handler's result: the presented body of the endpoint's response contract (or `answered`); for an
 * endpoint whose answer is not JSON (a PDF, a redirect, a page) it sets the answer on `ctx` itself.
 */
export type RouteAnswer<E extends ServedEndpoint> =
  E['response'] extends Parser<unknown> ? ResponseOf<E> | Answered<ResponseOf<E>> : void;

export type RouteHandler<E extends ServedEndpoint> = (
  call: RouteCall<E>,
) => RouteAnswer<E> | Promise<RouteAnswer<E>>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first step of every route (issue 30.11): the address's own letters in the case the table
 * writes them (`/api/AUTH/register` is no address: 404), as `apiPathCase` does for `/API/`. The
 * routers match without regard to case; the steps keyed on a path (sessions, limits) do not.
 */
function exactCase(path: string): RouterMiddleware {
  const pattern = new RegExp(
    `^${path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
      .join('/')}/?$`,
  );
  return (ctx, next) => {
    if (!pattern.test(ctx.path)) throw new AppError(404, 'Not found', errorCodes.notFound);
    return next();
  };
}

/**
 * Serves one entry of the domain's endpoint table on `router` (mounted without a prefix: the table's
 * path is the route's path). The route reads as Outline's pipeline, top to bottom:
 *   steps (rate limit, requireUser, ...) -> validate (the table's request schema) -> handler, which
 *   returns the presented answer, type-checked against the table's response -> the body is sent.
 * A null answer is sent as JSON `null` (Koa would answer 204 for a null body).
 */
export function route<E extends ServedEndpoint, S extends RouterMiddleware[]>(
  router: Router,
  endpoint: E,
  ...pipeline: [...steps: S, handler: NoInfer<RouteHandler<E>>]
): void {
  const steps = pipeline.slice(0, -1) as RouterMiddleware[];
  const handler = pipeline[pipeline.length - 1] as RouteHandler<E>;
  const { request } = endpoint;
  const run: RouterMiddleware = async (ctx) => {
    const input = (request ? parseInput(request, ctx.request.body) : undefined) as RequestOf<E>;
    const params = ctx.params as RouteCall<E>['params'];
    const answer: unknown = await handler({ ctx, input, params });
    if (answer === undefined || answer === answeredMark) return;
    if (answer === null) {
      ctx.type = 'application/json';
      ctx.body = 'null';
      return;
    }
    ctx.body = answer;
  };
  const middleware = [exactCase(endpoint.path), ...steps, run];
  switch (endpoint.method) {
    case 'GET':
      router.get(endpoint.path, ...middleware);
      break;
    case 'POST':
      router.post(endpoint.path, ...middleware);
      break;
    case 'PATCH':
      router.patch(endpoint.path, ...middleware);
      break;
    case 'DELETE':
      router.delete(endpoint.path, ...middleware);
      break;
    case 'HEAD':
      // @koa/router answers HEAD with the GET route of the same path.
      throw new Error(`${endpoint.key}: serve its GET endpoint (HEAD is answered by it)`);
  }
}
