import { describe, expect, it } from 'vitest';
import {
  isModulePath,
  linkablePages,
  moduleIdPattern,
  modulePathPattern,
  parseModulePath,
  paths,
  returnPath,
  routePatterns,
} from './paths.js';

describe('page paths (spec section 2)', () => {
  it('builds each page link, encoding what it carries', () => {
    expect(paths.course('ai-in-education')).toBe('/ai-in-education');
    expect(paths.module('ai-in-education', 3)).toBe('/ai-in-education/module/3');
    expect(paths.signup()).toBe('/signup');
    expect(paths.signup('AB 12')).toBe('/signup?invite=AB+12');
    expect(paths.resetPassword('t0k')).toBe('/reset-password?token=t0k');
    expect(paths.paymentSuccess({ sessionId: 'cs_1', planType: 'annual' })).toBe(
      '/payment-success?session_id=cs_1&plan_type=annual',
    );
    expect(paths.certificateVerify('a/b')).toBe('/certificates/verify/a%2Fb');
    expect(paths.home()).toBe('/');
    expect(paths.home({ verified: true })).toBe('/?verified=1');
    expect(paths.verifySent('a@b.c')).toBe('/verify-sent?email=a%40b.c');
    expect(paths.verifySent(undefined, 'invalid')).toBe('/verify-sent?error=invalid');
  });

  it('keeps only pages of this app as the page to return to after sign-in (issue 16)', () => {
    for (const path of [
      '/prompt-engineering',
      '/prompt-engineering/module/2',
      '/templates/lesson-plan',
      '/prompts',
      '/faq',
      '/license-admin',
    ])
      expect(returnPath(path)).toBe(path);
    for (const value of [
      undefined,
      42,
      '',
      '/',
      'prompt-engineering',
      '//evil.example',
      'https://evil.example/x',
      '/\\evil.example',
      '/prompt-engineering/module/2?x=1',
      '/prompt-engineering/module/0',
      '/prompt-engineering/module/x',
      '/signup',
      '/verify-sent',
      '/reset-password',
      '/forgot-password',
      '/payment-success',
      '/api/auth/me',
      '/api',
      '/dev',
      '/Prompt Engineering',
      `/${'a'.repeat(300)}`,
    ])
      expect(returnPath(value)).toBeUndefined();
    expect(paths.home({ verified: true, next: '/faq' })).toBe('/?verified=1&next=%2Ffaq');
  });

  it("matches the router's patterns", () => {
    expect(`/${routePatterns.faq}`).toBe(paths.faq());
    expect(`/${routePatterns.devMailbox}`).toBe(paths.devMailbox());
    expect(isModulePath(paths.module('x', 1))).toBe(true);
    expect(isModulePath(paths.course('x'))).toBe(false);
  });

  it('lets lessons link to the public pages only', () => {
    expect(linkablePages).toContain('/prompts');
    expect(linkablePages).not.toContain('/reset-password');
  });
});

describe('parseModulePath', () => {
  it("reads a module page's course and module, as paths.module writes them", () => {
    expect(parseModulePath(paths.module('ai-in-education', 3))).toEqual({
      courseSlug: 'ai-in-education',
      moduleId: 3,
    });
    expect(parseModulePath('/ai-in-education/module/12/')).toEqual({
      courseSlug: 'ai-in-education',
      moduleId: 12,
    });
  });

  it('is null for every other path', () => {
    for (const path of [
      '/',
      '/ai-in-education',
      '/ai-in-education/module/',
      '/ai-in-education/module/0',
      '/x/module/1a',
      '/api/x/module/1/y',
      '/%E0%A4%A/module/1',
    ])
      expect(parseModulePath(path)).toBeNull();
  });
});

describe("the module page's grammar (decision 084)", () => {
  /** react-router's reading of a route pattern: a `:name` is any one segment; a trailing slash is let through. */
  const routeMatches = (pattern: string, pathname: string) =>
    new RegExp(`^/${pattern.replace(/:\w+/g, '[^/]+')}/?$`).test(pathname);

  const ids = [1, 2, 9, 10, 99, 100, 999, 1000, 9998, 9999];
  const slugs = ['ai-in-education', 'a', 'x1-y2', 'Prompt Engineering', 'ça/va', '100%'];

  it('reads back every course and module the builder writes, as the router and every matcher do', () => {
    for (const courseSlug of slugs)
      for (const moduleId of ids) {
        const path = paths.module(courseSlug, moduleId);
        expect(parseModulePath(path)).toEqual({ courseSlug, moduleId });
        expect(parseModulePath(`${path}/`)).toEqual({ courseSlug, moduleId });
        expect(modulePathPattern.test(path)).toBe(true);
        expect(isModulePath(path)).toBe(true);
        expect(routeMatches(routePatterns.module, path)).toBe(true);
        expect(moduleIdPattern.test(String(moduleId))).toBe(true);
      }
  });

  it('writes no module page for an id outside the grammar: every reader turns the path down', () => {
    for (const moduleId of [0, -1, 1.5, 10_000, 123_456, Number.NaN, Number.POSITIVE_INFINITY, 1e21]) {
      const path = paths.module('ai-in-education', moduleId);
      expect(moduleIdPattern.test(String(moduleId))).toBe(false);
      expect(parseModulePath(path)).toBeNull();
      expect(isModulePath(path)).toBe(false);
      expect(returnPath(path)).toBeUndefined();
    }
  });

  it('turns down an odd module segment the same way in the id pattern, the parser, the matcher and the return page', () => {
    for (const segment of [
      '',
      '0',
      '00',
      '007',
      '01',
      '1a',
      'one',
      '+1',
      '-1',
      '1.0',
      '1e3',
      ' 1',
      '1 ',
      '１',
      '10000',
    ]) {
      const path = `/ai-in-education/module/${segment}`;
      expect(moduleIdPattern.test(segment)).toBe(false);
      expect(modulePathPattern.test(path)).toBe(false);
      expect(parseModulePath(path)).toBeNull();
      expect(isModulePath(path)).toBe(false);
      expect(returnPath(path)).toBeUndefined();
    }
  });

  it('turns down paths that are not one module page, whatever their id', () => {
    for (const path of [
      'ai-in-education/module/1',
      '//module/1',
      '/ai-in-education/modules/1',
      '/ai-in-education/Module/1',
      '/ai-in-education/module/1//',
      '/ai-in-education/module/1/quiz',
      '/a/b/module/1',
      '/ai-in-education/module/1?x=1',
      '/ai-in-education/module/1#top',
    ]) {
      expect(parseModulePath(path)).toBeNull();
      expect(isModulePath(path)).toBe(false);
      expect(returnPath(path)).toBeUndefined();
    }
  });

  it('keeps as the page to return to only a module path written as the builder writes it, with a course slug', () => {
    expect(returnPath(paths.module('ai-in-education', 9999))).toBe('/ai-in-education/module/9999');
    // Read by the parser, but not the builder's form: a trailing slash, an encoded slug.
    expect(returnPath('/ai-in-education/module/3/')).toBeUndefined();
    expect(returnPath(paths.module('Prompt Engineering', 3))).toBeUndefined();
    expect(returnPath('/%61i-in-education/module/3')).toBeUndefined();
    expect(returnPath(paths.module('faq', 3))).toBeUndefined();
  });
});
