import type { AdminLicenseGroup, GroupMember, Invite, PublicUser } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteUserDb, userDb } from '../../offline/db';
import { buildUser, renderWithProviders } from '../../test/render';
import { reply, stubEndpoints, type StubHandlers } from '../../test/stub-api';
import { LicenseAdminPage } from './license-admin-page';

let users: PublicUser[] = [];
let count = 0;
function admin(overrides: Partial<PublicUser> = {}): PublicUser {
  const user = buildUser({ id: `license-admin-${++count}`, role: 'license_admin', ...overrides });
  users.push(user);
  return user;
}
afterEach(async () => {
  for (const user of users) await deleteUserDb(user.id);
  users = [];
});

const invite = (email: string, status: Invite['status']): Invite => ({
  id: `i-${email}`,
  email,
  used: status === 'used',
  status,
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-11-15T10:00:00.000Z',
  last_sent_at: '2026-11-01T10:00:00.000Z',
});

function group(overrides: Partial<AdminLicenseGroup> = {}): AdminLicenseGroup {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Lincoln High School',
    purchaser_id: 'a',
    purchaser_email: 'admin@school.org',
    license_count: 30,
    licenses_used: 2,
    licenses_pending: 1,
    licenses_available: 27,
    created_at: '2026-10-01T10:00:00.000Z',
    status: 'active',
    invites: [invite('pending@school.org', 'pending'), invite('used@school.org', 'used')],
    ...overrides,
  };
}

function member(i: number, overrides: Partial<GroupMember> = {}): GroupMember {
  return {
    id: `m${i}`,
    name: `Teacher ${String(i).padStart(3, '0')}`,
    email: `teacher${i}@school.org`,
    emailVerified: i % 2 === 0,
    createdAt: '2026-10-02T10:00:00.000Z',
    joinedAt: '2026-10-02T10:00:00.000Z',
    progress: {
      completedModules: i % 10,
      totalModules: 42,
      lastActivity: i % 3 === 0 ? null : `2026-11-${String(1 + (i % 20)).padStart(2, '0')}T10:00:00.000Z`,
      courseStats: { 'ai-in-education': { completed: Math.min(6, i % 10), total: 6 } },
    },
    pdHours: 1,
    certificates: 0,
    ...overrides,
  };
}

function stub(user: PublicUser, handlers: StubHandlers = {}) {
  return stubEndpoints({
    'GET /api/auth/me': () => user,
    'GET /api/content/catalogue': () => ({ courses: [] }),
    'GET /api/license-groups/me': () => [group()],
    'GET /api/license-groups/:groupId/members': () => ({
      members: [member(1, { name: 'Zoë Ng', email: 'zoe@school.org' }), member(2, { name: 'Ana Li' })],
      total: 2,
      matching: 2,
      page: 1,
      pageSize: 20,
    }),
    ...handlers,
  });
}

describe('LicenseAdminPage', () => {
  it.each(['free', 'premium', 'superadmin'] as const)('shows Access Denied to %s', async (role) => {
    stub(buildUser({ role }));
    renderWithProviders(<LicenseAdminPage />);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeVisible();
    expect(screen.getByText('This page is only available to license administrators.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Courses' })).toHaveAttribute('href', '/');
  });

  it('shows the tiles, the usage bar, the invitation history and the members', async () => {
    stub(admin());
    renderWithProviders(<LicenseAdminPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'License Management' })).toBeVisible();
    const usage = await screen.findByRole('region', { name: 'License usage' });
    for (const [label, value] of [
      ['Total Licenses', '30'],
      ['Used', '2'],
      ['Available', '27'],
      ['Pending Invites', '1'],
    ]) {
      const tile = within(usage)
        .getAllByRole('listitem')
        .find((li) => li.firstChild?.textContent === label);
      expect(tile?.lastChild).toHaveTextContent(value!);
    }
    expect(screen.getByRole('progressbar', { name: 'License usage: 10%, Available' })).toBeVisible();
    const history = screen.getByRole('region', { name: 'Invitation History' });
    const rows = within(history).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Pending')).toBeVisible();
    expect(
      within(rows[1]!).getByRole('button', { name: 'Resend invitation to pending@school.org' }),
    ).toBeVisible();
    expect(within(rows[2]!).getByText('Used')).toBeVisible();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    const members = await screen.findByRole('region', { name: 'Member Progress' });
    expect(await within(members).findByText('Zoë Ng')).toBeVisible();
    expect(
      within(members).getAllByText('Verified').length + within(members).getAllByText('Unverified').length,
    ).toBe(2);
    expect(within(members).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/license-groups/11111111-1111-4111-8111-111111111111/members.csv',
    );
  });

  it('colours usage High Usage at 80% and Full at 100%, and disables sending when none remain', async () => {
    stub(admin(), {
      'GET /api/license-groups/me': () => [
        group({ license_count: 10, licenses_used: 8, licenses_pending: 2, licenses_available: 0 }),
      ],
    });
    renderWithProviders(<LicenseAdminPage />);
    expect(await screen.findByRole('progressbar', { name: 'License usage: 100%, Full' })).toBeVisible();
    expect(screen.getByText('All licenses have been used. You cannot send more invitations.')).toBeVisible();
    expect(screen.getByLabelText('Teacher emails (one per line)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Invites' })).toBeDisabled();
  });

  it('counts the e-mails live, checks the spec rules, and sends', async () => {
    const api = stub(admin(), {
      'POST /api/invites': (request) => ({
        invites: (request.body as { emails: string[] }).emails.map((e) => invite(e, 'pending')),
        skipped: [],
      }),
    });
    const { user } = renderWithProviders(<LicenseAdminPage />);
    const box = await screen.findByLabelText('Teacher emails (one per line)');
    await user.type(box, 'a@school.org{enter}{enter}b@school.org');
    expect(screen.getByText('2 emails', { selector: '#invite-count' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send Invites' }));
    expect(await screen.findByText('Invites Sent Successfully')).toBeVisible();
    expect(screen.getByText('2 invitations have been sent to teachers')).toBeVisible();
    expect(api.calls('POST /api/invites')[0]?.body).toEqual({
      license_group_id: '11111111-1111-4111-8111-111111111111',
      emails: ['a@school.org', 'b@school.org'],
    });
    await user.click(screen.getByRole('button', { name: 'Send Invites' }));
    expect(await screen.findByText('No Emails Provided')).toBeVisible();
    expect(screen.getByText('Please enter at least one email address.')).toBeVisible();
    await user.type(box, Array.from({ length: 11 }, (_, i) => `t${i}@school.org`).join('{enter}'));
    await user.click(screen.getByRole('button', { name: 'Send Invites' }));
    expect(await screen.findByText('Too Many Emails')).toBeVisible();
    expect(api.calls('POST /api/invites')).toHaveLength(1);
  });

  it("shows the server's message under Error Sending Invites", async () => {
    stub(admin(), {
      'GET /api/license-groups/me': () => [group({ licenses_available: 1 })],
      'POST /api/invites': () => reply(400, { error: 'These addresses are not valid: nope' }),
    });
    const { user } = renderWithProviders(<LicenseAdminPage />);
    await user.type(await screen.findByLabelText('Teacher emails (one per line)'), 'a@b.org{enter}c@d.org');
    await user.click(screen.getByRole('button', { name: 'Send Invites' }));
    expect(await screen.findByText('Not Enough Licenses')).toBeVisible();
    expect(
      screen.getByText('You only have 1 licenses remaining, but tried to send 2 invites.'),
    ).toBeVisible();
    await user.clear(screen.getByLabelText('Teacher emails (one per line)'));
    await user.type(screen.getByLabelText('Teacher emails (one per line)'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Invites' }));
    expect(await screen.findByText('Error Sending Invites')).toBeVisible();
    expect(screen.getByText('These addresses are not valid: nope')).toBeVisible();
  });

  it('revokes a pending invitation', async () => {
    const api = stub(admin(), {
      'POST /api/invites/:inviteId/revoke': () => invite('pending@school.org', 'revoked'),
    });
    const { user } = renderWithProviders(<LicenseAdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Revoke invitation to pending@school.org' }));
    expect(await screen.findByText('Invitation revoked')).toBeVisible();
    expect(api.calls('POST /api/invites/:inviteId/revoke')[0]?.params).toEqual({
      inviteId: 'i-pending@school.org',
    });
  });

  it('removes a member after a confirmation', async () => {
    const api = stub(admin(), {
      'DELETE /api/license-groups/:groupId/members/:userId': () => ({ ok: true }),
    });
    const { user } = renderWithProviders(<LicenseAdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove Zoë Ng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Zoë Ng?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member removed')).toBeVisible();
    expect(api.calls('DELETE /api/license-groups/:groupId/members/:userId')[0]?.params).toEqual({
      groupId: '11111111-1111-4111-8111-111111111111',
      userId: 'm1',
    });
  });

  it('offline, shows the last loaded data with its age and disables sending', async () => {
    const user1 = admin();
    stub(user1);
    const first = renderWithProviders(<LicenseAdminPage />);
    expect(await screen.findByText('Zoë Ng')).toBeVisible();
    await waitFor(async () => expect(await userDb(user1.id).answers.count()).toBe(2));
    first.unmount();
    const offline = () => {
      throw new TypeError('Failed to fetch');
    };
    stub(user1, {
      'GET /api/license-groups/me': offline,
      'GET /api/license-groups/:groupId/members': offline,
    });
    renderWithProviders(<LicenseAdminPage />);
    expect(await screen.findByText('You are offline')).toBeVisible();
    expect(screen.getByText(/Showing the data loaded just now/)).toBeVisible();
    expect(await screen.findByText('Zoë Ng')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send Invites' })).toBeDisabled();
    expect(
      screen.getByText('You are offline. Invitations can be sent once you are back online.'),
    ).toBeVisible();
  });

  it('says No License Group when the admin has none', async () => {
    stub(admin(), { 'GET /api/license-groups/me': () => [] });
    renderWithProviders(<LicenseAdminPage />);
    expect(await screen.findByText('No License Group')).toBeVisible();
  });
});
