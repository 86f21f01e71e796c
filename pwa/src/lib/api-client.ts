import {
  ApiErrorBody,
  buildUrl,
  type Endpoint,
  type Parser,
  type PathParams,
  type Query,
  type ResponseOf,
} from '@pd/domain';

/**
 * What validates an answer: the endpoint's response contract (`endpoints` of `@pd/domain`), or a
 * caller's variant of it.
 */
export type ResponseParser<T> = Parser<T>;

/**
 * The transport: every call to our api goes through here (same origin, cookie session).
 * A non-OK answer becomes an ApiError whose message follows the spec's generic rule,
 * `${status}: ${body text or statusText}`; the parsed `{error, code, fields}` body is kept for display.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  readonly body: ApiErrorBody | null;
  /** How long the api asks us to wait (its `Retry-After` header, on a 429), in seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, statusText: string, bodyText: string, retryAfter?: string | null) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.body = parseErrorBody(bodyText);
    this.retryAfterSeconds = parseRetryAfter(retryAfter);
  }

  /** The server's human message (`error` field), if it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.error || undefined;
  }

  get code(): string | undefined {
    return this.body?.code;
  }

  get fields(): Record<string, string> | undefined {
    return this.body?.fields;
  }
}

/** The request never reached the api (offline, server down, DNS...). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Unable to reach the server. Check your connection and try again.', { cause });
    this.name = 'NetworkError';
  }
}

function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    // A zod/mini contract (errors are built on every failed call, first screen included).
    return ApiErrorBody.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** `Retry-After` is whole seconds or an HTTP date. */
function parseRetryAfter(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}

/** 'in 45 seconds', 'in 12 minutes', 'in 2 hours': a wait as a person reads it. */
export function formatWait(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return unit(minutes, 'minute');
  return unit(Math.ceil(minutes / 60), 'hour');
}

/**
 * A refusal for too many attempts (429): the server's message as the title and how long to wait, or
 * undefined for any other failure. Forms show it in place of their generic failure.
 */
export function rateLimitNotice(error: unknown): { title: string; description: string } | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const title = error.serverMessage ?? 'Too many attempts.';
  const wait = error.retryAfterSeconds;
  return {
    title,
    description: wait ? `You can try again in ${formatWait(wait)}.` : 'Please try again later.',
  };
}

/** The message to show a person for a failed call, or undefined to use the screen's fallback. */
export function errorMessage(error: unknown): string | undefined {
  const limited = rateLimitNotice(error);
  if (limited) return `${limited.title} ${limited.description}`;
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof NetworkError) return error.message;
  return undefined;
}

/**
 * Told of every call the api answered 401, with when that call left (epoch ms). The offline layer
 * tells a session that ended on the server from the 401s a sign-in answers by design
 * (offline/session-end.ts); this file only reports.
 */
export type UnauthorizedListener = (error: ApiError, sentAt: number) => void;

const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Listens for 401 answers; returns the removal. */
export function onUnauthorized(listener: UnauthorizedListener): () => boolean {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'include', ...init });
  } catch (cause) {
    throw new NetworkError(cause);
  }
}

async function readJson<T>(res: Response, schema: ResponseParser<T> | undefined): Promise<T> {
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return schema ? schema.parse(data) : (data as T);
}

async function failIfNotOk(res: Response, sentAt: number): Promise<void> {
  if (res.ok) return;
  const error = new ApiError(
    res.status,
    res.statusText,
    await res.text().catch(() => ''),
    res.headers.get('Retry-After'),
  );
  if (res.status === 401) unauthorizedListeners.forEach((listener) => listener(error, sentAt));
  throw error;
}

/** Where a call goes: the endpoint's `:name` parameters and its query. */
export interface CallTarget<P extends string> {
  params?: PathParams<P>;
  query?: Query;
}

/** The URL of a call to `endpoint` (same origin). */
export function urlOf<P extends string>(endpoint: { path: P }, target: CallTarget<P> = {}): string {
  return buildUrl(endpoint.path, target.params as Record<string, string | number> | undefined, target.query);
}

type GetEndpoint = Endpoint<'GET', string, undefined, Parser<unknown>>;
type SendEndpoint = Endpoint<
  'POST' | 'PATCH' | 'DELETE',
  string,
  Parser<unknown> | undefined,
  Parser<unknown> | undefined
>;

interface GetOptions<P extends string> extends CallTarget<P> {
  signal?: AbortSignal;
}

/**
 * GET a JSON resource of the endpoint table, validated with the endpoint's response contract. With
 * `on401: 'returnNull'` a 401 answer resolves to null (spec section 7).
 */
export async function apiGet<E extends GetEndpoint>(
  endpoint: E,
  options?: GetOptions<E['path']> & { on401?: 'throw' },
): Promise<ResponseOf<E>>;
export async function apiGet<E extends GetEndpoint>(
  endpoint: E,
  options: GetOptions<E['path']> & { on401: 'returnNull' },
): Promise<ResponseOf<E> | null>;
export async function apiGet<E extends GetEndpoint>(
  endpoint: E,
  options: GetOptions<E['path']> & { on401?: 'throw' | 'returnNull' } = {},
): Promise<ResponseOf<E> | null> {
  const sentAt = Date.now();
  const res = await send(urlOf(endpoint, options), {
    method: 'GET',
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  if (res.status === 401 && options.on401 === 'returnNull') return null;
  await failIfNotOk(res, sentAt);
  return readJson(res, endpoint.response as ResponseParser<ResponseOf<E>>);
}

/**
 * A state-changing call of the endpoint table. Always sends `Content-Type: application/json` and a
 * JSON body (`{}` when there is none): the api refuses state changes without it
 * (docs/ARCHITECTURE.md, P6). `response` replaces the endpoint's contract where the caller reads the
 * answer its own way (a partial answer reported with the spec's message rather than as a parse error).
 */
export async function apiSend<E extends SendEndpoint, T = ResponseOf<E>>(
  endpoint: E,
  body: unknown,
  options: CallTarget<E['path']> & {
    response?: ResponseParser<T>;
    /** Outlives the page (a page-hide send): same-origin JSON, so no preflight (issue 15). */
    keepalive?: boolean;
  } = {},
): Promise<T> {
  const sentAt = Date.now();
  const res = await send(urlOf(endpoint, options), {
    method: endpoint.method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body ?? {}),
    ...(options.keepalive ? { keepalive: true } : {}),
  });
  await failIfNotOk(res, sentAt);
  return readJson(res, options.response ?? (endpoint.response as ResponseParser<T> | undefined));
}
