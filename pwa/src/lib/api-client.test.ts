import { endpoint, endpoints } from '@pd/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonResponse, stubApi } from '../test/render';
import {
  ApiError,
  apiGet,
  apiSend,
  errorMessage,
  formatWait,
  NetworkError,
  rateLimitNotice,
  urlOf,
} from './api-client';

// The transport on its own, with endpoints made for the test (the real ones are in the domain's table).
const postX = endpoint({ method: 'POST', path: '/api/x', request: z.unknown(), response: z.unknown() });
const getY = endpoint({ method: 'GET', path: '/api/y/:id', response: z.unknown() });
const postZ = endpoint({ method: 'POST', path: '/api/z', response: z.object({ ok: z.literal(true) }) });

describe('api transport', () => {
  it('turns a non-OK answer into "status: body" and keeps the parsed error field', async () => {
    stubApi({
      'POST /api/x': () =>
        jsonResponse(400, { error: 'Name is required', fields: { name: 'Name is required' } }),
    });
    const error = await apiSend(postX, { a: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      '400: {"error":"Name is required","fields":{"name":"Name is required"}}',
    );
    expect((error as ApiError).serverMessage).toBe('Name is required');
    expect((error as ApiError).fields).toEqual({ name: 'Name is required' });
  });

  it('uses the status text when the body is empty', async () => {
    stubApi({ 'GET /api/y/1': () => new Response('', { status: 503, statusText: 'Service Unavailable' }) });
    await expect(apiGet(getY, { params: { id: 1 } })).rejects.toThrow('503: Service Unavailable');
  });

  it('returns null on 401 when asked to, and sends {} as the body of an empty POST', async () => {
    const api = stubApi({ 'POST /api/z': () => jsonResponse(200, { ok: true }) });
    await expect(apiGet(endpoints.me, { on401: 'returnNull' })).resolves.toBeNull();
    await expect(apiSend(postZ, undefined)).resolves.toEqual({ ok: true });
    expect(api.calls('POST /api/z')[0]?.body).toEqual({});
    expect(api.calls('POST /api/z')[0]?.headers['content-type']).toBe('application/json');
  });

  it("validates the answer with the endpoint's response contract", async () => {
    stubApi({ 'POST /api/z': () => jsonResponse(200, { ok: false }) });
    await expect(apiSend(postZ, {})).rejects.toThrow();
  });

  it('builds the URL from the path parameters and the query', () => {
    expect(urlOf(endpoints.legalPage, { params: { page: 'terms' } })).toBe('/api/content/legal/terms');
    expect(urlOf(endpoints.progress, { query: { courseSlug: 'a b' } })).toBe('/api/progress?courseSlug=a+b');
  });

  it('raises a NetworkError when the server cannot be reached', async () => {
    const { fetchMock } = stubApi();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiGet(getY, { params: { id: 'q' } })).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('429: the wait the api asks for (issue 16)', () => {
  it('reads Retry-After and says how long to wait with the server message', async () => {
    stubApi({
      'POST /api/x': () =>
        new Response(JSON.stringify({ error: 'Too many attempts.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '90' },
        }),
    });
    const error = await apiSend(postX, {}).catch((e: unknown) => e);
    expect((error as ApiError).retryAfterSeconds).toBe(90);
    expect(rateLimitNotice(error)).toEqual({
      title: 'Too many attempts.',
      description: 'You can try again in 2 minutes.',
    });
    expect(errorMessage(error)).toBe('Too many attempts. You can try again in 2 minutes.');
  });

  it('formats waits in seconds, minutes and hours', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(59)).toBe('59 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(61)).toBe('2 minutes');
    expect(formatWait(7200)).toBe('2 hours');
  });

  it('is no rate-limit notice for any other failure', () => {
    expect(rateLimitNotice(new ApiError(500, 'Internal Server Error', ''))).toBeUndefined();
    expect(rateLimitNotice(new Error('x'))).toBeUndefined();
  });
});
