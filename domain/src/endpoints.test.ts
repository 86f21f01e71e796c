import { describe, expect, it } from 'vitest';
import {
  analyticsEndpoints,
  endpoints,
  endpointUrl,
  firstLoadEndpoints,
  learningEndpoints,
  pathMatcher,
  ssoEndpoints,
} from './endpoints.js';
import { publicContentPaths } from './service-worker-protocol.js';

describe('the endpoint table', () => {
  it('has one entry per method and path', () => {
    const keys = Object.values(endpoints).map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of Object.values(endpoints)) expect(e.key).toBe(`${e.method} ${e.path}`);
  });

  it("holds each group's entries, the very objects a page that imports only its group calls", () => {
    const groups = { firstLoadEndpoints, learningEndpoints, analyticsEndpoints, ssoEndpoints };
    for (const [name, group] of Object.entries(groups))
      for (const [call, entry] of Object.entries(group))
        expect(endpoints[call as keyof typeof endpoints], `${name}.${call}`).toBe(entry);
    // The offline engine's calls (decision 130).
    expect(Object.keys(learningEndpoints).sort()).toEqual(
      ['course', 'progress', 'resetProgress', 'saveProgress', 'sync', 'template', 'templates'].sort(),
    );
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

  it('matches the addresses of a path, each parameter one segment', () => {
    const legal = pathMatcher(endpoints.legalPage.path);
    expect(legal.test('/api/content/legal/privacy')).toBe(true);
    expect(legal.test('/api/content/legal/a/b')).toBe(false);
    expect(legal.test('/api/content/legal/')).toBe(false);
    expect(legal.test('/api/content/legal/privacy/')).toBe(false);
    expect(pathMatcher('/api/a.b').test('/api/aXb')).toBe(false);
  });

  it("names the worker's public content calls as GETs of the table that need no parameter but the page", () => {
    const gets = new Set(
      Object.values(endpoints)
        .filter((e) => e.method === 'GET')
        .map((e) => e.path),
    );
    for (const path of Object.values(publicContentPaths)) expect(gets.has(path)).toBe(true);
    // Nothing personal: the worker keeps their answers in a cache every user of the device shares.
    for (const personal of [endpoints.me, endpoints.progress, endpoints.course]) {
      expect(Object.values(publicContentPaths).some((p) => pathMatcher(p).test(personal.path))).toBe(false);
    }
  });
});
