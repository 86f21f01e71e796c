import type { AdminLicenseGroup, GroupMember, Invite, PublicUser } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteUserDb, userDb } from '../../offline/db';
import { fakeMediaQueryList } from '../../test/media';
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
  it.each(['free', 'premium'] as const)('shows Access Denied to %s', async (role) => {
    stub(buildUser({ role }));
    renderWithProviders(<LicenseAdminPage />);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeVisible();
    expect(screen.getByText('This page is only available to license administrators.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Courses' })).toHaveAttribute('href', '/');
  });

  it('lets the super admin in, asking for a group from the dashboard (issue 28)', async () => {
    stub(buildUser({ role: 'superadmin' }));
    renderWithProviders(<LicenseAdminPage />);
    expect(await screen.findByText("Open a group from the admin dashboard's License Groups.")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the admin dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).toBeNull();
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
    // The file's dates in the device's time zone (issue 26).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(within(members).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/license-groups/11111111-1111-4111-8111-111111111111/members.csv?tz=${encodeURIComponent(zone)}`,
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
    // The full bar counts the pending invitations' seats too, and says so beside 'Used 8' (issue 26).
    expect(screen.getByText('8 used + 2 pending of 10 · 100%')).toBeVisible();
    expect(screen.queryByText('100% used')).toBeNull();
    expect(screen.getByText('All licenses have been used. You cannot send more invitations.')).toBeVisible();
    expect(screen.getByLabelText('Teacher emails (one per line)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Invites' })).toBeDisabled();
  });

  it('counts the e-mails live, checks the spec rules, and sends', { timeout: 60_000 }, async () => {
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
    // The count is said once (issue 26), not again in the field's helper text.
    expect(screen.getAllByText(/\b2 emails\b/)).toHaveLength(1);
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
    // A list pasted from a spreadsheet, as admins send them.
    await user.click(box);
    await user.paste(Array.from({ length: 11 }, (_, i) => `t${i}@school.org`).join('\n'));
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
    // It asks first, naming the address (issue 26); Cancel revokes nothing.
    let dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    expect(dialog).toHaveTextContent('The invitation to pending@school.org stops working');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST /api/invites/:inviteId/revoke')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Revoke invitation to pending@school.org' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
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

/** A device `width` px wide, as MUI's useMediaQuery asks it (jsdom has no layout). */
function deviceWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return fakeMediaQueryList(query, (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])));
  });
}

/** WCAG contrast of a computed `rgb()`/`rgba()` colour on white. */
function contrastOnWhite(colour: string): number {
  const [r = 0, g = 0, b = 0, a = 1] = colour.match(/[\d.]+/g)!.map(Number);
  const channel = (c: number) => {
    const v = (c * a + 255 * (1 - a)) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  return 1.05 / (luminance + 0.05);
}

const statuses: Invite['status'][] = ['pending', 'used', 'expired', 'revoked'];
/** A district's history: 45 invitations, every status, long addresses. */
const manyInvites = Array.from({ length: 45 }, (_, i) =>
  invite(`teacher-${String(i + 1).padStart(2, '0')}@lincoln-high.district.k12.example.org`, statuses[i % 4]!),
);

describe('LicenseAdminPage on a phone and a laptop (issue 26)', () => {
  it('lays the hidden Actions header out 1 px wide, never as wide as its table', async () => {
    stub(admin());
    renderWithProviders(<LicenseAdminPage />);
    const history = await screen.findByRole('region', { name: 'Invitation History' });
    const actions = within(history).getByText('Actions');
    // `width: 1` in MUI's sx means 100%: the header was as wide as the page (841 px on a phone).
    expect(getComputedStyle(actions).width).toBe('1px');
    expect(getComputedStyle(actions).height).toBe('1px');
    expect(within(history).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it('wraps a long member name inside its card, never widening the list', async () => {
    const long = 'Maximiliana Konstantinopoulou-Vanderbiltshire de la Fuente-Rodríguez';
    stub(admin(), {
      'GET /api/license-groups/:groupId/members': () => ({
        members: [
          member(1, { name: long, email: 'maximiliana.konstantinopoulou-vanderbiltshire@school.org' }),
          member(2),
        ],
        total: 2,
        matching: 2,
        page: 1,
        pageSize: 20,
      }),
    });
    renderWithProviders(<LicenseAdminPage />);
    const members = await screen.findByRole('region', { name: 'Member Progress' });
    const name = await within(members).findByRole('heading', { level: 3, name: long });
    // The whole name is there to read, wrapping rather than clipped or kept on one line.
    expect(name).toHaveTextContent(long);
    expect(getComputedStyle(name).whiteSpace).not.toBe('nowrap');
    expect(getComputedStyle(name).overflowWrap).toBe('anywhere');
    // The list's one column is the list's width: a card's content cannot widen it (it did to 824 px).
    const list = name.closest('ul')!;
    expect(getComputedStyle(list).gridTemplateColumns).toBe('minmax(0, 1fr)');
    expect(getComputedStyle(name.closest('li')!).minWidth).toBe('0px');
  });

  it('pages, searches and filters the invitation history, in a keyboard-scrollable table on a laptop', async () => {
    stub(admin(), { 'GET /api/license-groups/me': () => [group({ invites: manyInvites })] });
    const { user } = renderWithProviders(<LicenseAdminPage />);
    const history = await screen.findByRole('region', { name: 'Invitation History' });
    const table = within(history).getByRole('region', { name: 'Invitations table' });
    expect(table).toHaveAttribute('tabindex', '0');
    expect(within(history).getByText('45 invitations')).toBeVisible();
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(history).getByText('1–20 of 45')).toBeVisible();

    await user.click(within(history).getByRole('button', { name: 'Go to next page of invitations' }));
    expect(within(history).getByText('21–40 of 45')).toBeVisible();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('teacher-21@');

    await user.type(within(history).getByRole('searchbox', { name: 'Search by email' }), 'teacher-1');
    expect(within(history).getByText('10 of 45 invitations')).toBeVisible();
    expect(within(table).getAllByRole('row')).toHaveLength(11);

    await user.clear(within(history).getByRole('searchbox', { name: 'Search by email' }));
    await user.click(within(history).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Revoked' }));
    expect(within(history).getByText('11 of 45 invitations')).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(11);
    for (const row of rows) expect(row).toHaveTextContent('Revoked');
    expect(within(history).queryByText(/of 45$/)).toBeNull();
  });

  it('shows the invitations as cards on a phone, addresses breaking after @ and dots, actions in each', async () => {
    deviceWidth(390);
    stub(admin(), { 'GET /api/license-groups/me': () => [group({ invites: manyInvites })] });
    renderWithProviders(<LicenseAdminPage />);
    const history = await screen.findByRole('region', { name: 'Invitation History' });
    expect(within(history).queryByRole('table')).toBeNull();
    const cards = within(within(history).getByRole('list', { name: 'Invitations' })).getAllByRole('listitem');
    expect(cards).toHaveLength(20);
    const first = cards[0]!;
    const email = 'teacher-01@lincoln-high.district.k12.example.org';
    const address = within(first).getByText(email);
    // Break opportunities after '@', '.' and '-' only (and anywhere only as a last resort).
    expect(address.querySelectorAll('wbr')).toHaveLength(7);
    expect(getComputedStyle(address).overflowWrap).toBe('anywhere');
    expect(getComputedStyle(address).wordBreak).not.toBe('break-all');
    expect(within(first).getByText('Pending')).toBeVisible();
    expect(within(first).getByRole('button', { name: `Resend invitation to ${email}` })).toBeVisible();
    expect(within(first).getByRole('button', { name: `Revoke invitation to ${email}` })).toBeVisible();
    expect(within(cards[1]!).queryByRole('button')).toBeNull();
  });

  it('keeps the helper text of the disabled invite box readable (contrast at least 4.5:1)', async () => {
    stub(admin(), {
      'GET /api/license-groups/me': () => [
        group({ license_count: 10, licenses_used: 10, licenses_pending: 0, licenses_available: 0 }),
      ],
    });
    renderWithProviders(<LicenseAdminPage />);
    const box = await screen.findByLabelText('Teacher emails (one per line)');
    expect(box).toBeDisabled();
    const helper = screen.getByText('Up to 10 per send · 0 licenses available');
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(helper.id);
    expect(contrastOnWhite(getComputedStyle(helper).color)).toBeGreaterThanOrEqual(4.5);
  });
});
