import { apiErrorBodyCheck, type ApiErrorBody, type WireParser } from '@pd/domain';

/**
 * What validates an answer: a shared zod schema of `@pd/domain` (every call), or one of the domain's
 * zod-free checks with the same contract (`publicUserCheck`, `catalogueResponseCheck`: the first
 * screen's two answers, so the first load does not download zod).
 */
export type ResponseParser<T> = WireParser<T>;

/** Accepts any answer (calls whose body the client does not read). */
export const anyBody: ResponseParser<unknown> = { parse: (data) => data };

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

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.body = parseErrorBody(bodyText);
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
    // The light check of `ApiErrorBody` (errors are built on every failed call, first screen included).
    return apiErrorBodyCheck.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The message to show a person for a failed call, or undefined to use the screen's fallback. */
export function errorMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof NetworkError) return error.message;
  return undefined;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'include', ...init });
  } catch (cause) {
    throw new NetworkError(cause);
  }
}

async function readJson<T>(res: Response, schema: ResponseParser<T>): Promise<T> {
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return schema.parse(data);
}

async function failIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
}

/** GET a JSON resource. With `on401: 'returnNull'` a 401 answer resolves to null (spec section 7). */
export async function apiGet<T>(
  url: string,
  schema: ResponseParser<T>,
  options: { on401?: 'throw'; signal?: AbortSignal },
): Promise<T>;
export async function apiGet<T>(
  url: string,
  schema: ResponseParser<T>,
  options: { on401: 'returnNull'; signal?: AbortSignal },
): Promise<T | null>;
export async function apiGet<T>(
  url: string,
  schema: ResponseParser<T>,
  options: { on401?: 'throw' | 'returnNull'; signal?: AbortSignal } = {},
): Promise<T | null> {
  const res = await send(url, {
    method: 'GET',
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  if (res.status === 401 && options.on401 === 'returnNull') return null;
  await failIfNotOk(res);
  return readJson(res, schema);
}

/**
 * A state-changing call. Always sends `Content-Type: application/json` and a JSON body
 * (`{}` when there is none): the api refuses state changes without it (ARCHITECTURE decision 6).
 */
export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
  schema: ResponseParser<T>,
): Promise<T> {
  const res = await send(url, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  await failIfNotOk(res);
  return readJson(res, schema);
}
