import { describe, expect, it } from 'vitest';
import {
  inviteLines,
  inviteStatus,
  licenceMessages,
  pdHoursEarned,
  seatCounts,
  canTakeMember,
  isAllowedLicenseCount,
  isInvitePending,
  lowestLicenseCount,
  usageLevel,
  usagePercent,
} from './licence-rules.js';
import {
  CreateLicenseGroupRequest,
  isValidEmail,
  SendInvitesRequest,
  UpdateLicenseCountRequest,
} from './licences.js';
import { canManageSubscription, hasPremiumAccess, viewerHasPremium } from './roles-core.js';

describe('hasPremiumAccess(role, subscription, membership)', () => {
  const active = { groupStatus: 'active' as const };
  const suspended = { groupStatus: 'suspended' as const };

  it('gives premium to premium, license_admin and superadmin, whatever else', () => {
    for (const role of ['premium', 'license_admin', 'superadmin'] as const) {
      expect(hasPremiumAccess(role, null, null)).toBe(true);
      expect(hasPremiumAccess(role, 'none', suspended)).toBe(true);
    }
  });

  it('gives premium to a free user with a live subscription of their own or a seat of an active group', () => {
    expect(hasPremiumAccess('free', null, null)).toBe(false);
    expect(hasPremiumAccess('free', 'live', null)).toBe(true);
    expect(hasPremiumAccess('free', 'none', active)).toBe(true);
    expect(hasPremiumAccess('free', null, active)).toBe(true);
  });

  it('keeps a member premium when their subscription ends; a suspended group or leaving returns them to free', () => {
    expect(hasPremiumAccess('free', 'none', active)).toBe(true);
    expect(hasPremiumAccess('free', 'none', suspended)).toBe(false);
    expect(hasPremiumAccess('free', 'none', null)).toBe(false);
    expect(hasPremiumAccess('free', 'live', null)).toBe(true);
  });

  it('gives nothing to a signed-out visitor', () => {
    expect(hasPremiumAccess(null, 'live', active)).toBe(false);
    expect(viewerHasPremium(null)).toBe(false);
  });

  it('shows Manage Subscription to everyone with premium access, licence members included', () => {
    expect(canManageSubscription({ role: 'free', licence: active })).toBe(true);
    expect(canManageSubscription({ role: 'free', licence: null })).toBe(false);
    expect(canManageSubscription({ role: 'superadmin' })).toBe(true);
  });
});

describe('seats and usage', () => {
  it('counts Available = Total - Used - Pending, never below 0', () => {
    expect(seatCounts(30, 4, 3)).toEqual({ total: 30, used: 4, pending: 3, available: 23 });
    expect(seatCounts(10, 8, 5)).toMatchObject({ available: 0 });
  });

  it('colours the bar: >= 100 Full, >= 80 High Usage, else Available', () => {
    expect(usageLevel(usagePercent({ total: 10, used: 10, pending: 0 }))).toBe('full');
    expect(usageLevel(usagePercent({ total: 10, used: 6, pending: 2 }))).toBe('high');
    expect(usageLevel(79)).toBe('available');
    expect(usageLevel(80)).toBe('high');
    expect(usageLevel(100)).toBe('full');
    expect(usagePercent({ total: 0, used: 0, pending: 0 })).toBe(100);
  });

  it('reads one e-mail per line, trimmed, empty lines left out', () => {
    expect(inviteLines(' a@x.org \r\n\n  \nb@x.org')).toEqual(['a@x.org', 'b@x.org']);
    expect(inviteLines('')).toEqual([]);
  });

  it('tells an invite used, revoked, expired or pending', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const base = { usedAt: null, revokedAt: null, expiresAt: new Date('2026-01-20T00:00:00Z') };
    expect(inviteStatus(base, now)).toBe('pending');
    expect(inviteStatus({ ...base, usedAt: now }, now)).toBe('used');
    expect(inviteStatus({ ...base, revokedAt: now }, now)).toBe('revoked');
    expect(inviteStatus({ ...base, expiresAt: now }, now)).toBe('expired');
    expect(isInvitePending(base, now)).toBe(true);
    expect(isInvitePending({ ...base, expiresAt: now }, now)).toBe(false);
    expect(isInvitePending({ ...base, usedAt: now }, now)).toBe(false);
  });

  it('lets a live invite become a member while members hold fewer seats than the group has', () => {
    // The invite redeemed was counted as pending: only the members bound it.
    expect(canTakeMember({ total: 10, used: 9 })).toBe(true);
    expect(canTakeMember({ total: 10, used: 10 })).toBe(false);
    expect(canTakeMember({ total: 0, used: 0 })).toBe(false);
  });

  it('allows a licence count from the seats in use (at least one), whole numbers only', () => {
    expect(lowestLicenseCount(0)).toBe(1);
    expect(lowestLicenseCount(12)).toBe(12);
    expect(isAllowedLicenseCount(12, 12)).toBe(true);
    expect(isAllowedLicenseCount(11, 12)).toBe(false);
    expect(isAllowedLicenseCount(0, 0)).toBe(false);
    expect(isAllowedLicenseCount(12.5, 12)).toBe(false);
  });

  it('counts PD hours as minutes / 60 with one decimal', () => {
    expect(pdHoursEarned(90)).toBe(1.5);
    expect(pdHoursEarned(0)).toBe(0);
  });
});

describe('the contracts and their messages (spec section 5)', () => {
  it('words the Not Enough Licenses text with n and m', () => {
    expect(licenceMessages.notEnoughLicensesText(2, 5)).toBe(
      'You only have 2 licenses remaining, but tried to send 5 invites.',
    );
    expect(licenceMessages.tooManyEmailsText).toBe('You can only send up to 10 invites at a time.');
    expect(licenceMessages.invitesSentText(3)).toBe('3 invitations have been sent to teachers');
  });

  it('trims the group name, requires it and a purchaser, and takes 10, 30 or 50 seats (default 10)', () => {
    expect(CreateLicenseGroupRequest.parse({ name: ' A ', purchaser_id: 'u' })).toEqual({
      name: 'A',
      purchaser_id: 'u',
      license_count: 10,
    });
    const messages = (input: unknown) =>
      CreateLicenseGroupRequest.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ name: '  ', purchaser_id: 'u' })).toEqual([licenceMessages.nameRequiredText]);
    expect(messages({ name: 'A', purchaser_id: '' })).toEqual([licenceMessages.purchaserRequiredText]);
    expect(messages({ name: 'A', purchaser_id: 'u', license_count: 25 })).toEqual([
      licenceMessages.licenseCountChoice,
    ]);
    expect(UpdateLicenseCountRequest.safeParse({ license_count: 12 }).success).toBe(true);
    expect(UpdateLicenseCountRequest.safeParse({ license_count: 1.5 }).success).toBe(false);
  });

  it('accepts a send with a group and a list of addresses; checks addresses like sign-up', () => {
    expect(SendInvitesRequest.safeParse({ license_group_id: 'g', emails: [] }).success).toBe(true);
    expect(SendInvitesRequest.safeParse({ emails: ['a@b.org'] }).error?.issues[0]?.message).toBe(
      licenceMessages.noLicenseGroup,
    );
    expect(isValidEmail('teacher@school.org')).toBe(true);
    expect(isValidEmail('not an email')).toBe(false);
  });
});
