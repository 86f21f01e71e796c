import { type Role, roles } from '@pd/domain';
import { describe, expect, it } from 'vitest';
import { canOpenCourse, type CourseAccess } from './policy.js';

const free = { isPremium: false, isComingSoon: false };
const premium = { isPremium: true, isComingSoon: false };
const comingSoon = { isPremium: true, isComingSoon: true };
const comingSoonFree = { isPremium: false, isComingSoon: true };

describe('canOpenCourse', () => {
  it('asks a signed-out visitor to sign in, whatever the course', () => {
    for (const course of [free, premium, comingSoon, comingSoonFree]) {
      expect(canOpenCourse(null, course)).toBe('signInRequired');
    }
  });

  const table: [Role, CourseAccess, CourseAccess, CourseAccess][] = [
    // role, free course, premium course, coming-soon course
    ['free', 'allowed', 'premiumRequired', 'comingSoon'],
    ['premium', 'allowed', 'allowed', 'comingSoon'],
    ['license_admin', 'allowed', 'allowed', 'comingSoon'],
    ['superadmin', 'allowed', 'allowed', 'allowed'],
  ];
  it('covers every role', () => {
    expect(table.map(([role]) => role).sort()).toEqual([...roles].sort());
  });

  it.each(table)('%s: free %s, premium %s, coming soon %s', (role, onFree, onPremium, onComingSoon) => {
    expect(canOpenCourse({ role }, free)).toBe(onFree);
    expect(canOpenCourse({ role }, premium)).toBe(onPremium);
    expect(canOpenCourse({ role }, comingSoon)).toBe(onComingSoon);
  });

  it('keeps a coming-soon course closed to all but a superadmin, even when it is not premium', () => {
    expect(canOpenCourse({ role: 'premium' }, comingSoonFree)).toBe('comingSoon');
    expect(canOpenCourse({ role: 'free' }, comingSoonFree)).toBe('comingSoon');
    expect(canOpenCourse({ role: 'superadmin' }, comingSoonFree)).toBe('allowed');
  });
});
