// Zod-free on purpose: the shape of an entry of the endpoint table and the URL builder, which the
// first screen's calls use without the classic zod schemas (endpoints.ts holds the table).

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

/** What validates a body: a zod schema (classic or mini); `parse` answers the data or throws. */
export interface Parser<T> {
  parse(data: unknown): T;
}

type ParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The `:name` parameters of a path, each a string or a number. */
export type PathParams<P extends string> = { [K in ParamName<P>]: string | number };

/** A query string's values; an undefined or empty one is left out. */
export type Query = Record<string, string | undefined>;

/** One api call: method, path (`:name` parameters), request body and response body contracts. */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Req extends Parser<unknown> | undefined = Parser<unknown> | undefined,
  Res extends Parser<unknown> | undefined = Parser<unknown> | undefined,
> {
  readonly method: M;
  readonly path: P;
  /** The JSON body the api validates; undefined for a call without one. */
  readonly request: Req;
  /** The JSON body the api answers with (status 2xx); undefined for a non-JSON answer. */
  readonly response: Res;
  /** `${method} ${path}`, the name a test stub answers. */
  readonly key: `${M} ${P}`;
}

interface EndpointDef {
  method: HttpMethod;
  path: string;
  request?: Parser<unknown>;
  response?: Parser<unknown>;
}

type Field<D, K extends string> = D extends { [k in K]: infer T } ? T : undefined;

/** An entry of the table; `request`/`response` left out are undefined (also in the type). */
export function endpoint<const D extends EndpointDef>(
  def: D,
): Endpoint<D['method'], D['path'], Field<D, 'request'>, Field<D, 'response'>> {
  return {
    method: def.method,
    path: def.path,
    request: def.request as Field<D, 'request'>,
    response: def.response as Field<D, 'response'>,
    key: `${def.method} ${def.path}` as `${D['method']} ${D['path']}`,
  };
}

/** The body an endpoint answers with. */
export type ResponseOf<E extends Endpoint> = E['response'] extends Parser<infer T> ? T : undefined;
/** The body an endpoint takes. */
export type RequestOf<E extends Endpoint> = E['request'] extends Parser<infer T> ? T : undefined;

type UrlArgs<P extends string> = [ParamName<P>] extends [never]
  ? [params?: Record<string, never>, query?: Query]
  : [params: PathParams<P>, query?: Query];

/**
 * The URL of a call: each `:name` replaced by its encoded parameter, then the query:
 * `endpointUrl(endpoints.saveProgress, { courseSlug: 'a', moduleId: 2 })` is '/api/progress/a/2'.
 */
export function endpointUrl<P extends string>(e: { path: P }, ...[params, query]: UrlArgs<P>): string {
  return buildUrl(e.path, params, query);
}

/** `endpointUrl` for a path not known to the type system (the api client's own use). */
export function buildUrl(
  path: string,
  params: Readonly<Record<string, string | number>> = {},
  query: Query = {},
): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** A pattern that matches the addresses of `path` (each `:name` one path segment), whole. */
export function pathMatcher(path: string): RegExp {
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]+)/g, '[^/]+');
  return new RegExp(`^${source}$`);
}
