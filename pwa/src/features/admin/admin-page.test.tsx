// @vitest-environment jsdom-api
import { adminMessages, type PublicUser } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteUserDb } from '../../offline/db';
import { groupWithMembers, setupRealApi, signInClient, type Teacher } from '../../test/real-api';
import { fill, renderWithProviders } from '../../test/render';
import { AdminPage } from './admin-page';

/** The dashboard over the real api (src/test/real-api.ts, decision 030): every answer is the server's. */
const api = setupRealApi();
let signedIn: string[] = [];

afterEach(async () => {
  for (const id of signedIn) await deleteUserDb(id);
  signedIn = [];
  localStorage.clear();
});

async function asSuperadmin(): Promise<PublicUser> {
  const admin = await api.signedInTeacher({ role: 'superadmin', name: 'Sam Super' });
  signedIn.push(admin.id);
  return admin.user;
}

/** The users table's row of `email` (after a search for it). */
async function rowOf(email: string) {
  const table = await screen.findByRole('table', { name: 'Users' });
  const cell = await within(table).findByText(email);
  return cell.closest('tr') as HTMLElement;
}

async function search(user: ReturnType<typeof renderWithProviders>['user'], text: string) {
  const box = await screen.findByLabelText('Search name or email');
  await user.clear(box);
  await fill(user, box, text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

/**
 * Opens the create dialog's purchaser select once it takes clicks: it stays disabled until the
 * list of licence admins has answered, and a click on it before then opens nothing (the users
 * table's own requests, such as its group filter's list, answer first).
 */
async function pickPurchaser(
  user: ReturnType<typeof renderWithProviders>['user'],
  dialog: HTMLElement,
  option: RegExp,
) {
  const select = within(dialog).getByRole('combobox', { name: /Purchaser/ });
  await waitFor(() => expect(select).not.toHaveAttribute('aria-disabled', 'true'));
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
  // The menu closes before the dialog takes clicks again.
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

/** The role the server gives `teacher` at a fresh sign-in on another device (undefined: cannot sign in). */
async function roleOf(teacher: Teacher) {
  const login = await signInClient(api.app.client(), teacher.email, teacher.password);
  return login.status === 200 ? login.body.role : undefined;
}

describe('AdminPage', () => {
  it.each(['free', 'premium', 'license_admin'] as const)(
    'sends %s home with the Access Denied toast',
    async (role) => {
      const teacher = await api.signedInTeacher({ role });
      signedIn.push(teacher.id);
      renderWithProviders(<AdminPage />, { route: '/admin' });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
      expect(await screen.findByText(adminMessages.accessDenied)).toBeVisible();
      expect(screen.getByText(adminMessages.accessDeniedText)).toBeVisible();
    },
  );

  it('lists users with their role, verification and join date; no actions on one’s own row', async () => {
    const me = await asSuperadmin();
    const teacher = await api.teacher({ name: 'Zoë Unverified', verified: false });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/');
    const row = await rowOf(teacher.email);
    expect(within(row).getByText('Zoë Unverified')).toBeVisible();
    expect(within(row).getAllByText('Free')[0]).toBeVisible();
    expect(within(row).getByText('No')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Verify Email' })).toBeVisible();
    const own = await rowOf(me.email);
    expect(within(own).queryByRole('button')).toBeNull();
    expect(within(own).getByText('Your account')).toBeVisible();

    // The search is the server's: only the match stays.
    await search(user, teacher.email.toUpperCase());
    await waitFor(() => expect(screen.queryByText(me.email)).toBeNull());
    expect(screen.getByText(teacher.email)).toBeVisible();
  });

  it('changes a role on selection, verifies an e-mail, and deletes after a confirm that names the user', async () => {
    await asSuperadmin();
    const teacher = await api.teacher({ name: 'Ana Change', verified: false });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin' });
    await search(user, teacher.email);
    let row = await rowOf(teacher.email);

    expect(await roleOf(teacher)).toBeUndefined(); // unverified: cannot sign in yet
    await user.click(within(row).getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByText(adminMessages.emailVerified)).toBeVisible();
    expect(await roleOf(teacher)).toBe('free');
    await waitFor(async () =>
      expect(within(await rowOf(teacher.email)).queryByRole('button', { name: 'Verify Email' })).toBeNull(),
    );

    row = await rowOf(teacher.email);
    await user.click(within(row).getByRole('combobox', { name: 'Role of Ana Change' }));
    await user.click(await screen.findByRole('option', { name: 'Premium' }));
    expect(await screen.findByText(adminMessages.roleUpdated)).toBeVisible();
    expect(await roleOf(teacher)).toBe('premium');

    row = await rowOf(teacher.email);
    await user.click(within(row).getByRole('button', { name: 'Delete Ana Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ana Change?' });
    expect(dialog).toHaveTextContent(teacher.email);
    expect(dialog).toHaveTextContent('permanently removed');
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText(adminMessages.userDeleted)).toBeVisible();
    expect(await roleOf(teacher)).toBeUndefined();
    await waitFor(() => expect(screen.queryByText(teacher.email)).toBeNull());
  });

  it("resets a license admin's lost two-step sign-in after a confirmation (decision 077)", async () => {
    await asSuperadmin();
    const admin = await api.teacher({ role: 'license_admin', name: 'Lou Lostphone' });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin' });
    await search(user, admin.email);
    let row = await rowOf(admin.email);
    await user.click(within(row).getByRole('button', { name: 'Reset Two-Step sign-in of Lou Lostphone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step sign-in of Lou Lostphone?' });
    expect(dialog).toHaveTextContent('set up two-step sign-in again');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Two-Step Sign-In' }));
    expect(await screen.findByText(adminMessages.mfaReset)).toBeVisible();
    row = await rowOf(admin.email);
    await waitFor(() => expect(within(row).queryByRole('button', { name: /Reset Two-Step/ })).toBeNull());
    const login = await api.app.client().post<{ mfa?: string }>('/api/auth/login', {
      email: admin.email,
      password: admin.password,
    });
    expect(login.body.mfa).toBe('enrol');
  });

  it('shows the server’s reason when a change is refused', async () => {
    await asSuperadmin();
    const admin = await api.teacher({ role: 'license_admin', name: 'Lee Purchaser' });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin' });
    // Lee buys a group through the dialog, then cannot be demoted.
    await user.click(await screen.findByRole('button', { name: 'Create License Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create License Group' });
    const create = within(dialog).getByRole('button', { name: 'Create License Group' });
    // The button takes clicks once the dialog has loaded the licence admins to choose from.
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    expect(await screen.findByText('Name required')).toBeVisible();
    await fill(user, within(dialog).getByLabelText(/License group name/), '  Oak Primary  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create License Group' }));
    expect(await screen.findByText('Purchaser required')).toBeVisible();
    await user.click(within(dialog).getByRole('combobox', { name: /Purchaser/ }));
    await user.click(await screen.findByRole('option', { name: new RegExp(admin.email) }));
    await user.click(within(dialog).getByRole('combobox', { name: /Number of licenses/ }));
    await user.click(await screen.findByRole('option', { name: '30' }));
    // The menu closes before the dialog takes clicks again.
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Create License Group' }));
    expect(await screen.findByText(adminMessages.groupCreated)).toBeVisible();
    expect(screen.getByText(new RegExp(`Oak Primary for ${admin.email}: 30 licenses`))).toBeVisible();
    // The dialog closes (the page behind it takes clicks again once it has gone).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await search(user, admin.email);
    const row = await rowOf(admin.email);
    await user.click(within(row).getByRole('combobox', { name: 'Role of Lee Purchaser' }));
    await user.click(await screen.findByRole('option', { name: 'Free' }));
    expect(await screen.findByText(adminMessages.roleUpdateError)).toBeVisible();
    expect(screen.getByText(adminMessages.purchaserOfGroups(['Oak Primary']))).toBeVisible();
    expect(await roleOf(admin)).toBe('license_admin');
  });

  it("filters the users by licence group with the api's ?group=, and back to everyone", async () => {
    await asSuperadmin();
    const admin = await api.teacher({ role: 'license_admin', name: 'Gil Groupadmin' });
    const [ada, bo, cy] = await Promise.all([
      api.teacher({ role: 'free', name: 'Ada Alder' }),
      api.teacher({ role: 'free', name: 'Bo Birch' }),
      api.teacher({ role: 'free', name: 'Cy Cedar' }),
    ]);
    await groupWithMembers(api.app.db, admin.id, [ada.id], { name: 'Alder School' });
    const birchId = await groupWithMembers(api.app.db, admin.id, [bo.id], { name: 'Birch School' });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin' });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText(cy.email)).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'License group' }));
    await user.click(await screen.findByRole('option', { name: 'Birch School' }));
    await waitFor(() => expect(within(table).queryByText(cy.email)).toBeNull());
    expect(within(table).getByText(bo.email)).toBeVisible();
    expect(within(table).queryByText(ada.email)).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(2); // the header and Bo's row
    expect(within(table).getByText('Premium · Birch School')).toBeVisible();
    const last = api.calls('GET /api/admin/users').at(-1);
    expect(new URL(last!.url, 'http://x').searchParams.get('group')).toBe(birchId);

    await user.click(screen.getByRole('combobox', { name: 'License group' }));
    await user.click(await screen.findByRole('option', { name: 'All groups' }));
    expect(await within(table).findByText(cy.email)).toBeVisible();
    expect(within(table).getByText(ada.email)).toBeVisible();
  });

  it('edits a licence count inline: confirm disabled below used, cancel discards, confirm saves', async () => {
    await asSuperadmin();
    const admin = await api.teacher({ role: 'license_admin' });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'Create License Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create License Group' });
    await fill(user, within(dialog).getByLabelText(/License group name/), 'Maple Middle');
    await pickPurchaser(user, dialog, new RegExp(admin.email));
    await user.click(within(dialog).getByRole('button', { name: 'Create License Group' }));
    expect(await screen.findByText(adminMessages.groupCreated)).toBeVisible();

    await user.click(await screen.findByRole('tab', { name: 'License Groups' }));
    const table = await screen.findByRole('table', { name: 'License groups' });
    const row = (await within(table).findByText('Maple Middle')).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('10');
    await user.click(within(row).getByRole('button', { name: 'Edit license count of Maple Middle' }));
    const input = within(row).getByRole('spinbutton', { name: 'License count of Maple Middle' });
    await user.clear(input);
    await user.type(input, '0');
    expect(within(row).getByRole('button', { name: 'Save license count' })).toBeDisabled();
    await user.click(within(row).getByRole('button', { name: 'Cancel editing' }));
    expect(within(row).queryByRole('spinbutton')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Edit license count of Maple Middle' }));
    const again = within(row).getByRole('spinbutton', { name: 'License count of Maple Middle' });
    await user.clear(again);
    await user.type(again, '25');
    await user.click(within(row).getByRole('button', { name: 'Save license count' }));
    expect(await screen.findByText(adminMessages.licenseCountUpdated)).toBeVisible();
    await waitFor(() => expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('25'));

    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    const activity = await screen.findByRole('table', { name: 'Activity' });
    // The action filter says what it shows before any choice (not an empty box under its label).
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveTextContent('Every action');
    expect(await within(activity).findByText('License count edited')).toBeVisible();
    expect(within(activity).getByText('licenseCount: 25')).toBeVisible();
  });

  it('keeps e-mails whole and lets a keyboard scroll the wide tables sideways (issue 26)', async () => {
    await asSuperadmin();
    const teacher = await api.teacher({ name: 'Long Address' });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin' });
    const cell = await within(await screen.findByRole('table', { name: 'Users' })).findByText(teacher.email);
    // An address never breaks inside (it took three lines in an 85 px column before).
    expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
    // On a phone the table scrolls in a named region that Tab reaches (axe: scrollable-region-focusable).
    for (const [tab, name] of [
      ['Users', 'Users'],
      ['License Groups', 'License groups'],
      ['Activity', 'Activity'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      const region = await screen.findByRole('region', { name });
      expect(within(region).getByRole('table', { name })).toBeInTheDocument();
      expect(region).toHaveAttribute('tabindex', '0');
    }
    const activity = screen.getByRole('region', { name: 'Activity' });
    // Reached by the keyboard: from the tab list, Tab goes through the filters (issue 28: search,
    // who, action, whom, from, to, export) into the panel's scrollable table.
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
    for (let i = 0; i < 8 && document.activeElement !== activity; i++) await user.tab();
    expect(activity).toHaveFocus();
  });

  it('says when the user list cannot load', async () => {
    await asSuperadmin();
    api.network.fail({ status: 503 }, { times: Infinity, when: (r) => r.url.startsWith('/api/admin/users') });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    expect(await screen.findByText(/^Error loading users: /)).toBeVisible();
    api.network.restore();
  });
});
