import { describe, expect, it } from 'vitest';
import { endpoints, endpointUrl } from './endpoints.js';

describe('the endpoint table', () => {
  it('has one entry per method and path', () => {
    const keys = Object.values(endpoints).map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of Object.values(endpoints)) expect(e.key).toBe(`${e.method} ${e.path}`);
  });

  it('builds URLs with encoded parameters and an optional query', () => {
    expect(endpointUrl(endpoints.me)).toBe('/api/auth/me');
    expect(endpointUrl(endpoints.saveProgress, { courseSlug: 'ai-in-education', moduleId: 2 })).toBe(
      '/api/progress/ai-in-education/2',
    );
    expect(endpointUrl(endpoints.verifyCertificate, { id: 'a/b c' })).toBe(
      '/api/certificates/verify/a%2Fb%20c',
    );
    expect(endpointUrl(endpoints.progress, {}, { courseSlug: 'x y' })).toBe('/api/progress?courseSlug=x+y');
    expect(endpointUrl(endpoints.register, {}, { invite: undefined })).toBe('/api/auth/register');
  });

  it('validates answers with the contracts', () => {
    expect(() => endpoints.me.response.parse({ id: 'u1' })).toThrow();
    expect(endpoints.catalogue.response.parse({ courses: [] })).toEqual({ courses: [] });
  });
});
