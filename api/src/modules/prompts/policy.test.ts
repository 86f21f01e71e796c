import { type Role, roles } from '@pd/domain';
import { describe, expect, it } from 'vitest';
import { canReadPrompts } from './policy.js';

describe('canReadPrompts', () => {
  it('lets everyone, signed in or not, read a free category', () => {
    expect(canReadPrompts(null, { isPremium: false })).toBe(true);
    for (const role of roles)
      expect(canReadPrompts({ role, licence: null }, { isPremium: false })).toBe(true);
  });

  it.each<[Role | 'signed out', boolean]>([
    ['signed out', false],
    ['free', false],
    ['premium', true],
    ['license_admin', true],
    ['superadmin', true],
  ])('premium category, %s: %s', (who, expected) => {
    const user = who === 'signed out' ? null : { role: who, licence: null };
    expect(canReadPrompts(user, { isPremium: true })).toBe(expected);
  });

  it('opens premium categories to a free teacher with a seat of an active licence group', () => {
    const licence = { groupId: 'g', groupName: 'Lincoln High', groupStatus: 'active' as const };
    expect(canReadPrompts({ role: 'free', licence }, { isPremium: true })).toBe(true);
  });
});
