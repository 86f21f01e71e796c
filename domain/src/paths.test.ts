import { describe, expect, it } from 'vitest';
import { isModulePath, linkablePages, paths, routePatterns } from './paths.js';

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
