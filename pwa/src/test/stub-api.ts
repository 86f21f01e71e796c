import { endpoints, type Endpoint, type EndpointKey, type EndpointOf, type ResponseOf } from '@pd/domain';
import { vi } from 'vitest';

/**
 * Typed stubs of the api, generated from the domain's endpoint table: a handler is keyed by the
 * endpoint's `'METHOD /path/:param'` and must return the body of the endpoint's response contract
 * (TypeScript checks it, and the contract parses it at run time), so a stub cannot answer what the
 * real api never would. Any other answer (an error, a status the contract does not describe) is
 * spelled out with `reply(status, body)`. Unknown calls answer 404; GET /api/auth/me 401 unless given.
 */

export interface StubRequest {
  method: string;
  url: string;
  /** The endpoint's `:name` parameters, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

/** An answer outside the response contract: an error status, a body of the test's choosing. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

export function reply(status: number, body?: unknown): Reply {
  return new Reply(status, body);
}

type Answer<K extends EndpointKey> = ResponseOf<EndpointOf<K>> | Reply;
export type StubHandler<K extends EndpointKey> = (request: StubRequest) => Answer<K> | Promise<Answer<K>>;
export type StubHandlers = { [K in EndpointKey]?: StubHandler<K> };

const byKey = new Map<string, Endpoint>(Object.values(endpoints).map((e) => [e.key, e]));

function matcher(path: string): RegExp {
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

export function stubEndpoints(handlers: StubHandlers) {
  const routes = Object.entries(handlers).map(([key, handler]) => {
    const endpoint = byKey.get(key);
    if (!endpoint) throw new Error(`No endpoint ${key} in the domain's table`);
    return { endpoint, pattern: matcher(endpoint.path), handler: handler as StubHandler<EndpointKey> };
  });
  const requests: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const route = routes.find((r) => r.endpoint.method === method && r.pattern.test(url.pathname));
    const params = Object.fromEntries(
      Object.entries(route?.pattern.exec(url.pathname)?.groups ?? {}).map(([k, v]) => [
        k,
        decodeURIComponent(v),
      ]),
    );
    const request: StubRequest = {
      method,
      url: url.pathname + url.search,
      params,
      query: url.searchParams,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    if (!route) {
      return url.pathname === endpoints.me.path && method === 'GET'
        ? json(401, { error: 'Please sign in to continue.' })
        : json(404, { error: 'Not found' });
    }
    const answer = await route.handler(request);
    if (answer instanceof Reply) return json(answer.status, answer.body);
    // The contract the real api answers with: a stub that drifts from it fails here.
    const body = route.endpoint.response ? route.endpoint.response.parse(answer) : answer;
    return json(200, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    /** The requests made to one endpoint. */
    calls: (key: EndpointKey) => {
      const endpoint = byKey.get(key)!;
      const pattern = matcher(endpoint.path);
      return requests.filter((r) => r.method === endpoint.method && pattern.test(r.url.split('?')[0]!));
    },
  };
}
