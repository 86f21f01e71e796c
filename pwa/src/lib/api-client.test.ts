import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonResponse, stubApi } from '../test/render';
import { ApiError, apiGet, apiSend, NetworkError } from './api-client';

describe('api transport', () => {
  it('turns a non-OK answer into "status: body" and keeps the parsed error field', async () => {
    stubApi({
      'POST /api/x': () =>
        jsonResponse(400, { error: 'Name is required', fields: { name: 'Name is required' } }),
    });
    const error = await apiSend('POST', '/api/x', { a: 1 }, z.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      '400: {"error":"Name is required","fields":{"name":"Name is required"}}',
    );
    expect((error as ApiError).serverMessage).toBe('Name is required');
    expect((error as ApiError).fields).toEqual({ name: 'Name is required' });
  });

  it('uses the status text when the body is empty', async () => {
    stubApi({ 'GET /api/y': () => new Response('', { status: 503, statusText: 'Service Unavailable' }) });
    await expect(apiGet('/api/y', z.unknown(), {})).rejects.toThrow('503: Service Unavailable');
  });

  it('returns null on 401 when asked to, and sends {} as the body of an empty POST', async () => {
    const api = stubApi({ 'POST /api/z': () => jsonResponse(200, { ok: true }) });
    await expect(apiGet('/api/auth/me', z.unknown(), { on401: 'returnNull' })).resolves.toBeNull();
    await apiSend('POST', '/api/z', undefined, z.unknown());
    expect(api.calls('POST /api/z')[0]?.body).toEqual({});
    expect(api.calls('POST /api/z')[0]?.headers['content-type']).toBe('application/json');
  });

  it('raises a NetworkError when the server cannot be reached', async () => {
    const { fetchMock } = stubApi();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiGet('/api/q', z.unknown(), {})).rejects.toBeInstanceOf(NetworkError);
  });
});
