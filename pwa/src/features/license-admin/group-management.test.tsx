// @vitest-environment jsdom-api
import { groupAdminMessages, termDay } from '@pd/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteUserDb } from '../../offline/db';
import { groupWithMembers, setupRealApi } from '../../test/real-api';
import { fill, renderWithProviders } from '../../test/render';
import { LicenseAdminPage } from './license-admin-page';

/**
 * License Management's group switcher and its co-admin and term panel (issue 28 part 1) against the
 * real api (decision 030): every list, refusal and saved term is the server's.
 */
const api = setupRealApi();
let signedIn: string[] = [];

afterEach(async () => {
  for (const id of signedIn) await deleteUserDb(id);
  signedIn = [];
});

const adminsList = () => screen.findByRole('list', { name: 'License admins' });

describe('License Management: groups, co-admins and the term (issue 28)', { timeout: 60_000 }, () => {
  it('switches between the admin’s groups with ?group=, adds and removes a co-admin, shows a refusal', async () => {
    const admin = await api.teacher({ role: 'license_admin', name: 'Dana Admin' });
    signedIn.push(admin.id);
    const co = await api.teacher({ role: 'license_admin', name: 'Cole Coadmin' });
    const teacher = await api.teacher({ role: 'free', name: 'Tess Teacher' });
    await groupWithMembers(api.app.db, admin.id, [], { name: 'Alder School' });
    const birch = await groupWithMembers(api.app.db, admin.id, [], { name: 'Birch School' });
    await api.signIn(admin);
    const { user } = renderWithProviders(<LicenseAdminPage />, { route: '/license-admin' });

    // Two groups: the switcher, on the first of them.
    const switcher = await screen.findByRole('combobox', { name: 'License group' });
    expect(switcher).toHaveTextContent('Alder School');
    await user.click(switcher);
    await user.click(await screen.findByRole('option', { name: 'Birch School' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`group=${birch}`));
    expect(screen.getByRole('combobox', { name: 'License group' })).toHaveTextContent('Birch School');

    // Birch's admins: the purchaser only; a co-admin added by e-mail appears, as the server lists it.
    const list = await adminsList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText(admin.email)).toBeVisible();
    expect(within(list).getByText('Purchaser')).toBeVisible();
    const box = screen.getByLabelText(/Add a co-admin/);
    await fill(user, box, co.email);
    await user.click(screen.getByRole('button', { name: 'Add co-admin' }));
    expect(await within(await adminsList()).findByText(co.email)).toBeVisible();
    await waitFor(() => expect(box).toHaveValue(''));
    const device = await admin.device();
    const admins = async (groupId: string) =>
      (await device.get<{ id: string; admins?: { email: string }[] }[]>('/api/license-groups/me')).body
        .find((g) => g.id === groupId)
        ?.admins?.map((a) => a.email);
    expect(await admins(birch)).toEqual([admin.email, co.email]);

    // A teacher's account cannot manage a group: the server's sentence, nothing added.
    await fill(user, box, teacher.email);
    await user.click(screen.getByRole('button', { name: 'Add co-admin' }));
    expect(await screen.findByText(groupAdminMessages.notLicenseAdmin)).toBeVisible();
    expect(await admins(birch)).toEqual([admin.email, co.email]);

    // Removed again.
    const coRow = within(await adminsList())
      .getByText(co.email)
      .closest('li') as HTMLElement;
    await user.click(within(coRow).getByRole('button', { name: 'Remove' }));
    await waitFor(async () => expect(within(await adminsList()).queryByText(co.email)).toBeNull());
    expect(await admins(birch)).toEqual([admin.email]);
  });

  it('the super admin hands a group to one of its co-admins after a confirmation naming both', async () => {
    const superadmin = await api.signedInTeacher({ role: 'superadmin', name: 'Sam Super' });
    signedIn.push(superadmin.id);
    const owner = await api.teacher({ role: 'license_admin', name: 'Olive Owner' });
    const heir = await api.teacher({ role: 'license_admin', name: 'Hugo Heir' });
    const groupId = await groupWithMembers(api.app.db, owner.id, [], { name: 'Elm District' });
    const { user } = renderWithProviders(<LicenseAdminPage />, { route: `/license-admin?group=${groupId}` });

    // No co-admin yet: the page says what to do first, and offers no one.
    expect(await screen.findByText(groupAdminMessages.noCoAdmins)).toBeVisible();
    expect(screen.queryByRole('combobox', { name: groupAdminMessages.handOverLabel })).toBeNull();
    await fill(user, screen.getByLabelText(/Add a co-admin/), heir.email);
    await user.click(screen.getByRole('button', { name: 'Add co-admin' }));
    expect(await within(await adminsList()).findByText(heir.email)).toBeVisible();

    const picker = await screen.findByRole('combobox', { name: groupAdminMessages.handOverLabel });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: `Hugo Heir (${heir.email})` }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: groupAdminMessages.handOverButton }));
    const dialog = await screen.findByRole('dialog', {
      name: groupAdminMessages.handOverTitle('Elm District'),
    });
    expect(dialog).toHaveTextContent(
      groupAdminMessages.handOverConfirm(`Hugo Heir (${heir.email})`, `Olive Owner (${owner.email})`),
    );
    await user.click(within(dialog).getByRole('button', { name: groupAdminMessages.handOverButton }));
    expect(await screen.findByText(groupAdminMessages.ownerChanged)).toBeVisible();

    // The server's: the heir is the purchaser and the only admin; the owner no longer manages it.
    const read = await (
      await superadmin.device()
    ).get<{ purchaser_id: string; admins: { email: string }[] }>(`/api/license-groups/${groupId}`);
    expect(read.body.purchaser_id).toBe(heir.id);
    expect(read.body.admins.map((a) => a.email)).toEqual([heir.email]);
    await waitFor(async () => {
      const list = await adminsList();
      expect(within(list).queryByText(owner.email)).toBeNull();
      expect(within(list).getByText('Purchaser')).toBeVisible();
    });
  });

  it('the super admin opens any group with ?group=, saves its term and status; the page says when it ended', async () => {
    const superadmin = await api.signedInTeacher({ role: 'superadmin', name: 'Sam Super' });
    signedIn.push(superadmin.id);
    const admin = await api.teacher({ role: 'license_admin', name: 'Dana Admin' });
    const groupId = await groupWithMembers(api.app.db, admin.id, [], { name: 'Cedar District' });
    const { user } = renderWithProviders(<LicenseAdminPage />, { route: `/license-admin?group=${groupId}` });

    expect(await screen.findByText('Cedar District')).toBeVisible();
    expect(screen.getByRole('link', { name: groupAdminMessages.backToDashboard })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'License group' })).toBeNull();
    expect(within(await adminsList()).getByText(admin.email)).toBeVisible();

    // The term ends today (the first day without access): saved, and the page says it ended.
    const today = termDay(api.app.clock.now());
    fireEvent.change(await screen.findByLabelText('Access ends on'), { target: { value: today } });
    await user.click(screen.getByRole('button', { name: 'Save term' }));
    expect(await screen.findByText(groupAdminMessages.termSaved)).toBeVisible();
    expect(
      await screen.findByText(
        `This group's term ended on ${today}: its members have no premium access through it.`,
      ),
    ).toBeVisible();
    const read = async () =>
      (await superadmin.device()).get<{ ends_on: string | null; status: string }>(
        `/api/license-groups/${groupId}`,
      );
    expect((await read()).body).toMatchObject({ ends_on: today, status: 'active' });

    // An end before the start: the server's refusal, the saved term unchanged.
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2027-06-01' } });
    fireEvent.change(screen.getByLabelText('Access ends on'), { target: { value: '2027-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Save term' }));
    expect(await screen.findByText(groupAdminMessages.termOrder)).toBeVisible();
    expect((await read()).body).toMatchObject({ ends_on: today, status: 'active' });

    // Open-ended and suspended.
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Access ends on'), { target: { value: '' } });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Suspended' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save term' }));
    expect(
      await screen.findByText('This group is suspended: its members have no premium access through it.'),
    ).toBeVisible();
    expect((await read()).body).toMatchObject({ ends_on: null, status: 'suspended' });
  });
});
