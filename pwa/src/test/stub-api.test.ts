import { endpoints } from '@pd/domain';
import { describe, expect, it } from 'vitest';
import { apiGet, apiSend } from '../lib/api-client';
import { buildUser } from './render';
import { reply, stubEndpoints } from './stub-api';

describe('stubEndpoints (typed stubs from the endpoint table)', () => {
  it('answers an endpoint with a body of its response contract, and records the call', async () => {
    const user = buildUser({ role: 'premium' });
    const api = stubEndpoints({
      'GET /api/auth/me': () => user,
      'DELETE /api/progress/:courseSlug': ({ params }) => ({
        ok: true,
        generation: params.courseSlug.length,
      }),
    });
    await expect(apiGet(endpoints.me)).resolves.toEqual(user);
    await expect(apiSend(endpoints.resetProgress, {}, { params: { courseSlug: 'abc' } })).resolves.toEqual({
      ok: true,
      generation: 3,
    });
    expect(api.calls('DELETE /api/progress/:courseSlug')).toHaveLength(1);
  });

  it('answers errors spelled out with reply(), unknown calls 404 and a signed-out me 401', async () => {
    stubEndpoints({ 'GET /api/content/faq': () => reply(503, { error: 'Down' }) });
    await expect(apiGet(endpoints.faq)).rejects.toThrow('503');
    await expect(apiGet(endpoints.me, { on401: 'returnNull' })).resolves.toBeNull();
    await expect(apiGet(endpoints.prompts)).rejects.toThrow('404');
  });

  it('refuses a stub that answers off the contract', async () => {
    // @ts-expect-error -- the handler must return the response schema's type.
    stubEndpoints({ 'GET /api/auth/me': () => ({ id: 'u1' }) });
    await expect(apiGet(endpoints.me)).rejects.toThrow();
  });
});
