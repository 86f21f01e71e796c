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
    expect(canOpenCourse({ role, licence: null }, free)).toBe(onFree);
    expect(canOpenCourse({ role, licence: null }, premium)).toBe(onPremium);
    expect(canOpenCourse({ role, licence: null }, comingSoon)).toBe(onComingSoon);
  });

  it('keeps a coming-soon course closed to all but a superadmin, even when it is not premium', () => {
    expect(canOpenCourse({ role: 'premium', licence: null }, comingSoonFree)).toBe('comingSoon');
    expect(canOpenCourse({ role: 'free', licence: null }, comingSoonFree)).toBe('comingSoon');
    expect(canOpenCourse({ role: 'superadmin', licence: null }, comingSoonFree)).toBe('allowed');
  });

  it('opens premium courses to a free teacher holding a seat of an active licence group, not of a suspended one', () => {
    const seat = { groupId: 'g', groupName: 'Lincoln High', groupStatus: 'active' as const };
    expect(canOpenCourse({ role: 'free', licence: seat }, premium)).toBe('allowed');
    expect(canOpenCourse({ role: 'free', licence: { ...seat, groupStatus: 'suspended' } }, premium)).toBe(
      'premiumRequired',
    );
    expect(canOpenCourse({ role: 'free', licence: seat }, comingSoon)).toBe('comingSoon');
  });
});
