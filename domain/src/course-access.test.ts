import { describe, expect, it } from 'vitest';
import { courseAccess, courseCardState, type CourseAccess, type CourseCardState } from './course-access.js';
import { roles, type RoleName } from './roles-core.js';

const free = { isPremium: false, isComingSoon: false };
const premium = { isPremium: true, isComingSoon: false };
const comingSoon = { isPremium: true, isComingSoon: true };
const comingSoonFree = { isPremium: false, isComingSoon: true };

describe('courseAccess', () => {
  it('asks a signed-out visitor to sign in, whatever the course', () => {
    for (const course of [free, premium, comingSoon, comingSoonFree]) {
      expect(courseAccess(null, course)).toBe('signInRequired');
      expect(courseAccess(undefined, course)).toBe('signInRequired');
    }
  });

  const table: [RoleName, CourseAccess, CourseAccess, CourseAccess][] = [
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
    const viewer = { role };
    expect(courseAccess(viewer, free)).toBe(onFree);
    expect(courseAccess(viewer, premium)).toBe(onPremium);
    expect(courseAccess(viewer, comingSoon)).toBe(onComingSoon);
    expect(courseAccess(viewer, comingSoonFree)).toBe(onComingSoon);
  });

  it('opens premium courses to a free teacher with a seat of an active licence group (issue 18)', () => {
    expect(courseAccess({ role: 'free', licence: { groupStatus: 'active' } }, premium)).toBe('allowed');
    expect(courseAccess({ role: 'free', licence: { groupStatus: 'suspended' } }, premium)).toBe(
      'premiumRequired',
    );
    expect(courseAccess({ role: 'free', licence: { groupStatus: 'active' } }, comingSoon)).toBe('comingSoon');
  });
});

describe('courseCardState (spec section 4)', () => {
  const table: [RoleName | null, CourseCardState, CourseCardState, CourseCardState][] = [
    // viewer, free course, premium course, coming-soon course
    // A signed-out visitor sees the cards a free teacher sees (issue 16).
    [null, 'open', 'locked', 'comingSoon'],
    ['free', 'open', 'locked', 'comingSoon'],
    ['premium', 'open', 'open', 'comingSoon'],
    ['license_admin', 'open', 'open', 'comingSoon'],
    ['superadmin', 'open', 'open', 'preview'],
  ];
  it.each(table)('%s: free %s, premium %s, coming soon %s', (role, onFree, onPremium, onComingSoon) => {
    const viewer = role ? { role } : null;
    expect(courseCardState(free, viewer)).toBe(onFree);
    expect(courseCardState(premium, viewer)).toBe(onPremium);
    expect(courseCardState(comingSoon, viewer)).toBe(onComingSoon);
    expect(courseCardState(comingSoonFree, viewer)).toBe(onComingSoon);
  });
});
