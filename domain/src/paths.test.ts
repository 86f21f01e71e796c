import { describe, expect, it } from 'vitest';
import { isModulePath, linkablePages, parseModulePath, paths, returnPath, routePatterns } from './paths.js';

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
