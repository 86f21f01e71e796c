// @vitest-environment jsdom-api
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deleteUserDb } from '../../offline/db';
import {
  buildManyUsers,
  completeModules,
  freeCourse,
  groupWithMembers,
  setupRealApi,
  type Teacher,
} from '../../test/real-api';
import { renderWithProviders } from '../../test/render';
import { LicenseAdminPage } from './license-admin-page';

/**
 * The member list of a 45-member group over the real api (decision 030): the server searches,
 * orders and cuts the pages; the page shows them and keeps those it has seen for offline use.
 */
const api = setupRealApi();
let admin: Teacher;
let adminId = '';

beforeAll(async () => {
  admin = await api.teacher({ role: 'license_admin', name: 'Dana Admin' });
  adminId = admin.id;
  const members = await buildManyUsers(api.app.db, 45, 'paged');
  await groupWithMembers(
    api.app.db,
    admin.id,
    members.map((m) => m.id),
  );
  // Teacher 7 is the one with progress: first by progress, last activity alike.
  const seven = members[6]!;
  const device = api.app.client();
  const res = await device.post('/api/auth/login', {
    email: seven.email,
    password: 'correct horse battery staple',
  });
  expect(res.status).toBe(200);
  await completeModules(device, freeCourse, [1, 2]);
});
afterEach(async () => {
  await deleteUserDb(adminId);
});

const region = () => screen.findByRole('region', { name: 'Member Progress' });
const cardNames = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

// Each test draws the whole page against a real server: generous time for a busy machine.
describe('Member Progress over the real api', { timeout: 60_000 }, () => {
  it('shows 20 members a page, most progress first, and pages and sorts on the server', async () => {
    await api.signIn(admin);
    const { user } = renderWithProviders(<LicenseAdminPage />);
    const list = await region();
    expect(await within(list).findByText('45 members')).toBeVisible();
    await waitFor(() => expect(cardNames(list)).toHaveLength(20));
    expect(cardNames(list)[0]).toBe('Teacher 7');
    expect(within(list).getAllByText(/^2\/\d+ modules · \d+%$/)).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(cardNames(list)).toHaveLength(5));
    const lastCall = api.calls('GET /api/license-groups/:groupId/members').at(-1);
    expect(lastCall?.url).toContain('page=3');

    await user.click(within(list).getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Name' }));
    await waitFor(() => expect(cardNames(list)[0]).toBe('Teacher 1'));
    expect(cardNames(list).slice(0, 3)).toEqual(['Teacher 1', 'Teacher 10', 'Teacher 11']);
  });

  it('searches names and e-mails on the server', async () => {
    await api.signIn(admin);
    const { user } = renderWithProviders(<LicenseAdminPage />);
    const list = await region();
    expect(await within(list).findByText('45 members')).toBeVisible();
    await user.type(within(list).getByRole('searchbox', { name: 'Search by name or email' }), 'teacher 4');
    expect(await within(list).findByText('7 of 45 members')).toBeVisible();
    expect(cardNames(list)).toEqual([
      'Teacher 4',
      'Teacher 40',
      'Teacher 41',
      'Teacher 42',
      'Teacher 43',
      'Teacher 44',
      'Teacher 45',
    ]);
    // The search went to the server (the box waits for a pause in the typing before it asks).
    const searches = api
      .calls('GET /api/license-groups/:groupId/members')
      .map((r) => new URL(r.url, 'http://x').searchParams.get('q'))
      .filter((q) => q !== null);
    expect(searches.at(-1)).toBe('teacher 4');

    await user.type(within(list).getByRole('searchbox', { name: 'Search by name or email' }), 'x');
    expect(await within(list).findByText('No member matches “teacher 4x”.')).toBeVisible();
  });

  it('offline, shows the pages seen before and says when a page is not on the device', async () => {
    await api.signIn(admin);
    const first = renderWithProviders(<LicenseAdminPage />);
    const list = await region();
    await waitFor(() => expect(cardNames(list)).toHaveLength(20));
    first.unmount();

    api.network.fail('offline', { times: Infinity });
    const { user } = renderWithProviders(<LicenseAdminPage />);
    expect(await screen.findByText('You are offline')).toBeVisible();
    const again = await region();
    await waitFor(() => expect(cardNames(again)[0]).toBe('Teacher 7'));
    expect(within(again).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(again).getByRole('button', { name: 'Go to page 2' }));
    expect(await within(again).findByText(/This page of members is not kept on this device\./)).toBeVisible();
  });
});
