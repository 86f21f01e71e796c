// @vitest-environment jsdom-api
import { licenceMessages } from '@pd/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteUserDb, userDb } from '../../offline/db';
import { newOutboxOp } from '../../offline/outbox';
import { syncNow } from '../../offline/sync-engine';
import { freeCourse, groupWithMembers, setupRealApi, type Teacher } from '../../test/real-api';
import { deferred, fill, renderWithProviders } from '../../test/render';
import { LicenseAdminPage } from './license-admin-page';

/**
 * License Management against the real api (decision 030), issue 26: the refusals, the skipped
 * addresses and the way back from offline are the server's own answers.
 */
const api = setupRealApi();
let adminIds: string[] = [];

afterEach(async () => {
  for (const id of adminIds) await deleteUserDb(id);
  adminIds = [];
});

/** A signed-in licence admin whose (first) group has no members and no invitations yet. */
async function adminWithEmptyGroup(): Promise<Teacher> {
  const admin = await api.teacher({ role: 'license_admin', name: 'Dana Admin' });
  adminIds.push(admin.id);
  await groupWithMembers(api.app.db, admin.id, [], { licenseCount: 10 });
  await api.signIn(admin);
  return admin;
}

const emailBox = () => screen.findByLabelText('Teacher emails (one per line)');

describe('License Management over the real api (issue 26)', { timeout: 60_000 }, () => {
  it('guides the admin of an empty group through the first steps', async () => {
    await adminWithEmptyGroup();
    renderWithProviders(<LicenseAdminPage />);
    const note = await screen.findByRole('note', { name: 'First steps' });
    expect(note).toHaveTextContent('Invite your teachers below');
    expect(note).toHaveTextContent('receives an e-mail with a link');
    expect(note).toHaveTextContent('holds one of your 10 seats');
  });

  it('says nothing was sent when every address is skipped, and why', async () => {
    const admin = await adminWithEmptyGroup();
    const device = await admin.device();
    const group = (await device.get<{ id: string }[]>('/api/license-groups/me')).body[0]!;
    const first = await device.post('/api/invites', {
      license_group_id: group.id,
      emails: ['ana@school.org'],
    });
    expect(first.status).toBe(201);

    const { user } = renderWithProviders(<LicenseAdminPage />);
    // The group has an invitation: no first-steps note.
    expect(await screen.findByRole('region', { name: 'Invitation History' })).toHaveTextContent(
      'ana@school.org',
    );
    expect(screen.queryByRole('note', { name: 'First steps' })).toBeNull();
    await fill(user, await emailBox(), 'ana@school.org');
    await user.click(screen.getByRole('button', { name: 'Send Invites' }));
    expect(await screen.findByText('No invitations sent')).toBeVisible();
    expect(
      screen.getByText(`Every address was skipped: ana@school.org (${licenceMessages.skippedPending}).`),
    ).toBeVisible();
    expect(screen.queryByText(licenceMessages.invitesSent)).toBeNull();
    expect(screen.queryByText(licenceMessages.invitesSentText(0))).toBeNull();
  });

  it("asks before inviting an administrator's address, and sends with confirm_staff when told to", async () => {
    const admin = await adminWithEmptyGroup();
    const { user } = renderWithProviders(<LicenseAdminPage />);
    await user.type(await emailBox(), `teacher@school.org{enter}${admin.email}`);
    await user.click(screen.getByRole('button', { name: 'Send Invites' }));
    const dialog = await screen.findByRole('dialog', { name: licenceMessages.staffAddressesTitle });
    expect(dialog).toHaveTextContent(licenceMessages.staffAddresses([admin.email]));
    expect(screen.queryByText(licenceMessages.errorSendingInvites)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    expect(await screen.findByText(licenceMessages.invitesSentText(2))).toBeVisible();
    const sends = api.calls('POST /api/invites');
    expect(sends).toHaveLength(2);
    expect(sends[0]?.body).not.toHaveProperty('confirm_staff');
    expect(sends[1]?.body).toMatchObject({
      confirm_staff: true,
      emails: ['teacher@school.org', admin.email],
    });
  });

  it('sends one resend for a double click, disabled in flight, and names the wait of a resend too soon', async () => {
    await adminWithEmptyGroup();
    const { user } = renderWithProviders(<LicenseAdminPage />);
    await fill(user, await emailBox(), 'bo@school.org');
    await user.click(screen.getByRole('button', { name: 'Send Invites' }));
    const resend = await screen.findByRole('button', { name: 'Resend invitation to bo@school.org' });

    const held = deferred<void>();
    const release = api.network.beforeSend(async (request) => {
      if (request.url.endsWith('/resend')) await held.promise;
    });
    fireEvent.click(resend);
    fireEvent.click(resend);
    await waitFor(() => expect(resend).toBeDisabled());
    held.resolve();
    release();
    // The api refuses a resend within a minute of the last e-mail (429 with Retry-After).
    expect(await screen.findByText(licenceMessages.resendTooSoon)).toBeVisible();
    expect(screen.getByText(/^You can try again in (\d+ seconds?|1 minute)\.$/)).toBeVisible();
    expect(api.calls('POST /api/invites/:inviteId/resend')).toHaveLength(1);
    await waitFor(() => expect(resend).toBeEnabled());
  });

  it('follows the network back: the offline notice goes and the page is fetched again', async () => {
    await adminWithEmptyGroup();
    const first = renderWithProviders(<LicenseAdminPage />);
    expect(await screen.findByRole('heading', { name: 'Invite Teachers' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Invites' })).toBeEnabled());
    first.unmount();

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      api.network.fail('offline', { times: Infinity });
      renderWithProviders(<LicenseAdminPage />);
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(await screen.findByText('You are offline')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Send Invites' })).toBeDisabled();
      const asked = api.calls('GET /api/license-groups/me').length;

      // The network is back: the browser says so with its online event.
      api.network.restore();
      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(screen.queryByText('You are offline')).toBeNull());
      expect(screen.getByRole('button', { name: 'Send Invites' })).toBeEnabled();
      expect(api.calls('GET /api/license-groups/me').length).toBeGreaterThan(asked);
    } finally {
      onLine.mockRestore();
      window.dispatchEvent(new Event('online'));
    }
  });

  it("clears the offline notice once 'Sync now' reaches the server, though the browser never says it was offline", async () => {
    const admin = await adminWithEmptyGroup();
    const first = renderWithProviders(<LicenseAdminPage />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Invites' })).toBeEnabled());
    first.unmount();

    // Only the server is out of reach: navigator.onLine stays true, and no online event ever comes.
    expect(navigator.onLine).toBe(true);
    api.network.fail('offline', { times: Infinity });
    renderWithProviders(<LicenseAdminPage />);
    expect(await screen.findByText('You are offline')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send Invites' })).toBeDisabled();
    // Work waits on the device, so a sync pass has to reach the server to succeed.
    await userDb(admin.id).outbox.add(
      newOutboxOp({ type: 'course-reset', payload: { courseSlug: freeCourse, generation: 0 } }),
    );
    expect((await act(() => syncNow(admin.id)))?.status).toBe('failed');
    expect(screen.getByText('You are offline')).toBeVisible();
    const asked = api.calls('GET /api/license-groups/me').length;

    // The server is back; the admin presses 'Sync now' (or the engine's next pass runs).
    api.network.restore();
    expect((await act(() => syncNow(admin.id)))?.status).toBe('done');
    await waitFor(() => expect(screen.queryByText('You are offline')).toBeNull());
    expect(screen.getByRole('button', { name: 'Send Invites' })).toBeEnabled();
    expect(api.calls('GET /api/license-groups/me').length).toBeGreaterThan(asked);
    expect(await userDb(admin.id).outbox.count()).toBe(0);
  });
});
