// @vitest-environment jsdom-api
import { districtMessages, formatJoinCode, type JoinLink } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteUserDb } from '../../../offline/db';
import { groupWithMembers, setupRealApi, type Teacher } from '../../../test/real-api';
import { renderWithProviders } from '../../../test/render';
import { LicenseAdminPage } from '../license-admin-page';

/**
 * Onboarding a district on License Management (issue 27), against the real api over real SMTP
 * (decision 030): the preview, the refusals, the import's progress and the join links are the
 * server's own answers; the e-mails leave through the outbox to an SMTP server of the test.
 */
const api = setupRealApi({ smtp: true });
let adminIds: string[] = [];

afterEach(async () => {
  for (const id of adminIds) await deleteUserDb(id);
  adminIds = [];
});

/** A signed-in licence admin of a group of `seats` seats that `memberIds` already hold. */
async function admin(seats: number, memberIds: string[] = []): Promise<Teacher & { groupId: string }> {
  const made = await api.teacher({ role: 'license_admin', name: 'Dana Admin' });
  adminIds.push(made.id);
  const groupId = await groupWithMembers(api.app.db, made.id, memberIds, {
    licenseCount: seats,
    name: 'Springfield District',
  });
  await api.signIn(made);
  return { ...made, groupId };
}

const rosterSection = () => screen.findByRole('region', { name: 'Import a roster' });
const joinSection = () => screen.findByRole('region', { name: 'Join links' });

describe('roster import (issue 27)', { timeout: 60_000 }, () => {
  it('previews a pasted roster with each skipped row and its reason, sends on confirm, and shows the e-mails leaving, after a reload too', async () => {
    const member = await api.teacher({ email: 'member@district.org' });
    const dana = await admin(10, [member.id]);
    const device = await dana.device();
    const pending = await device.post('/api/invites', {
      license_group_id: dana.groupId,
      emails: ['pending@district.org'],
    });
    expect(pending.status).toBe(201);
    await api.app.mailer.idle();
    // A district filter refuses one address for good; the first message of the import meets an outage.
    api.app.smtp!.refuse('blocked@district.org', '550 5.7.1 Recipient rejected: district policy');

    const page = renderWithProviders(<LicenseAdminPage />);
    const section = await rosterSection();
    const roster = [
      'Email;First Name;Last Name;School',
      'ana@district.org;Ana;Ng;Lincoln',
      'ANA@district.org;Ana;Ng;Lincoln',
      'not-an-address;Bo;Li;Lincoln',
      'member@district.org;Mo;Ro;Lincoln',
      'pending@district.org;Pe;Ro;Lincoln',
      `${dana.email};Dana;Admin;Lincoln`,
      'blocked@district.org;Bl;Ok;Lincoln',
      'cy@district.org;Cy;Po;Lincoln',
    ].join('\n');
    await page.user.click(within(section).getByLabelText('Or paste rows'));
    await page.user.paste(roster);
    await page.user.click(within(section).getByRole('button', { name: 'Preview' }));

    // Free seats: 10, less one member and one pending invitation.
    expect(
      await within(section).findByText('3 to invite, 5 skipped · needs 3 of 8 free seats'),
    ).toBeVisible();
    const preview = within(section).getByRole('table', { name: 'Roster preview' });
    const rowOf = (table: HTMLElement, n: number) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryAllByRole('cell')[0]?.textContent === String(n))!;
    expect(rowOf(preview, 1)).toHaveTextContent('Will be invited');
    expect(rowOf(preview, 2)).toHaveTextContent(`Skipped: ${districtMessages.skipDuplicate(1)}`);
    expect(rowOf(preview, 3)).toHaveTextContent(`Skipped: ${districtMessages.skipNotEmail}`);
    expect(rowOf(preview, 4)).toHaveTextContent(`Skipped: ${districtMessages.skipMember}`);
    expect(rowOf(preview, 5)).toHaveTextContent(`Skipped: ${districtMessages.skipPending}`);
    expect(rowOf(preview, 6)).toHaveTextContent(`Skipped: ${districtMessages.skipOwnAddress}`);
    expect(rowOf(preview, 8)).toHaveTextContent('Will be invited');
    // The preview sent nothing.
    expect(api.app.smtp!.received.filter((m) => m.to === 'ana@district.org')).toHaveLength(0);
    expect(api.calls('POST /api/license-groups/:groupId/roster').map((r) => r.body)).toMatchObject([
      { dryRun: true },
    ]);

    api.app.smtp!.failNext(1);
    await page.user.click(within(section).getByRole('button', { name: 'Send 3 invitations' }));
    expect(await within(section).findByRole('table', { name: 'Rows of the import' })).toBeVisible();
    expect(within(section).queryByRole('table', { name: 'Roster preview' })).toBeNull();
    await api.app.mailer.idle();

    // A reload: the import is listed with its progress, and its rows are the server's.
    page.unmount();
    const again = renderWithProviders(<LicenseAdminPage />);
    const reloaded = await rosterSection();
    const entry = await within(reloaded).findByRole('button', {
      name: /3 invited, 5 skipped · 1 sent, 1 not delivered, 1 waiting$/,
    });
    await again.user.click(entry);
    expect(
      await within(reloaded).findByText('2 of 3 e-mails done (1 sent, 1 not delivered, 1 waiting)'),
    ).toBeVisible();
    const rows = within(reloaded).getByRole('table', { name: 'Rows of the import' });
    expect(rowOf(rows, 7)).toHaveTextContent(/Not delivered: .*district policy/);
    expect(rowOf(rows, 2)).toHaveTextContent(`Skipped: ${districtMessages.skipDuplicate(1)}`);

    // The message that met the outage leaves on its retry; the open page follows without a reload.
    api.app.clock.advance(60_000);
    await api.app.mailer.drain();
    expect(
      await within(reloaded).findByText(
        '3 of 3 e-mails done (2 sent, 1 not delivered, 0 waiting)',
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(rowOf(rows, 1)).toHaveTextContent('Sent');
    expect(rowOf(rows, 8)).toHaveTextContent('Sent');
    const delivered = api.app.smtp!.received.filter((m) => m.to.endsWith('@district.org')).map((m) => m.to);
    expect(delivered.sort()).toEqual(['ana@district.org', 'cy@district.org', 'pending@district.org']);
    // The invitations are in the group's history too.
    const history = screen.getByRole('region', { name: 'Invitation History' });
    expect(history).toHaveTextContent('ana@district.org');
    expect(history).toHaveTextContent('cy@district.org');
  });

  it('reads an uploaded file, and refuses a roster that needs more seats than are free, naming the numbers', async () => {
    await admin(2);
    const { user } = renderWithProviders(<LicenseAdminPage />);
    const section = await rosterSection();

    // Not a roster: said at once, nothing asked of the api.
    await user.click(within(section).getByLabelText('Or paste rows'));
    await user.paste('name,school\nAna,Lincoln');
    await user.click(within(section).getByRole('button', { name: 'Preview' }));
    expect(await within(section).findByText(districtMessages.rosterNoEmailColumn)).toBeVisible();
    expect(api.calls('POST /api/license-groups/:groupId/roster')).toHaveLength(0);

    const file = new File(
      ['\uFEFFemail,first name\r\nana@district.org,Ana\r\nbo@district.org,Bo\r\ncy@district.org,Cy\r\n'],
      'roster.csv',
      { type: 'text/csv' },
    );
    await user.upload(within(section).getByLabelText('Roster file'), file);
    expect(
      await within(section).findByText('3 to invite, 0 skipped · needs 3 of 2 free seats'),
    ).toBeVisible();
    expect(within(section).queryByText(districtMessages.rosterNoEmailColumn)).toBeNull();
    const refusal = within(section).getByRole('alert');
    expect(refusal).toHaveTextContent('Not Enough Licenses');
    expect(refusal).toHaveTextContent(districtMessages.rosterNotEnoughSeats(3, 2));
    expect(within(section).getByRole('button', { name: 'Send 3 invitations' })).toBeDisabled();
    expect(api.calls('POST /api/license-groups/:groupId/roster').map((r) => r.body)).toEqual([
      {
        rows: [
          { email: 'ana@district.org', firstName: 'Ana' },
          { email: 'bo@district.org', firstName: 'Bo' },
          { email: 'cy@district.org', firstName: 'Cy' },
        ],
        dryRun: true,
      },
    ]);
  });
});

describe('join links (issue 27)', { timeout: 60_000 }, () => {
  it('makes a link for some domains, shows it as a link, a short code and a QR code, counts its uses and revokes it', async () => {
    const dana = await admin(10);
    const { user } = renderWithProviders(<LicenseAdminPage />);
    const section = await joinSection();
    expect(within(section).getByLabelText('Uses')).toHaveValue(10);
    expect(within(section).getByLabelText('Expires in (days)')).toHaveValue(14);

    // A domain the api refuses: its sentence, no link made.
    await user.type(within(section).getByLabelText('Allowed e-mail domains (optional)'), 'district');
    await user.click(within(section).getByRole('button', { name: 'Create join link' }));
    expect(await within(section).findByText(districtMessages.joinDomain('district'))).toBeVisible();

    const uses = within(section).getByLabelText('Uses');
    await user.clear(uses);
    await user.type(uses, '5');
    const days = within(section).getByLabelText('Expires in (days)');
    await user.clear(days);
    await user.type(days, '7');
    const domains = within(section).getByLabelText('Allowed e-mail domains (optional)');
    await user.clear(domains);
    await user.type(domains, '@District.org, k12.district.org');
    await user.click(within(section).getByRole('button', { name: 'Create join link' }));

    const made = (await within(section).findByText('Your join link')).closest<HTMLElement>('[role="alert"]')!;
    const link = within(made).getByRole('link');
    const url = link.getAttribute('href')!;
    const code = url.split('/join/')[1]!;
    expect(url).toBe(`${window.location.origin}/join/${code}`);
    expect(link).toHaveTextContent(url);
    expect(within(made).getByLabelText('Join code')).toHaveTextContent(formatJoinCode(code));
    const qr = await within(made).findByRole('img', { name: 'QR code of the join link' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(within(section).queryByText(districtMessages.joinDomain('district'))).toBeNull();

    const table = await within(section).findByRole('table', { name: 'Join links' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('0 / 5');
    expect(row).toHaveTextContent('district.org, k12.district.org');
    const saved = (
      await (await dana.device()).get<JoinLink[]>(`/api/license-groups/${dana.groupId}/join-links`)
    ).body[0]!;
    const days7 = (Date.parse(saved.expires_at) - Date.parse(saved.created_at)) / 86_400_000;
    expect(days7).toBeCloseTo(7, 3);

    // A teacher of the district joins with it; the revoke refreshes the list with its use.
    const teacher = await api.teacher({ email: 'new@k12.district.org' });
    const joined = await (await teacher.device()).post(`/api/join/${code}`, {});
    expect(joined.status).toBe(200);
    await user.click(
      within(row).getByRole('button', {
        name: /^Revoke the join link for district\.org, k12\.district\.org, made /,
      }),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Revoked'));
    const revoked = within(table).getAllByRole('row')[1]!;
    expect(revoked).toHaveTextContent('1 / 5');
    expect(within(revoked).queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect((await api.app.client().get(`/api/join/${code}`)).status).toBe(410);
  });
});

describe('reminders and delivery (issue 27)', { timeout: 60_000 }, () => {
  it('turns the reminders off for the group, and shows the sender to allow with the join link as the way round', async () => {
    const dana = await admin(10);
    const { user } = renderWithProviders(<LicenseAdminPage />);
    const section = await screen.findByRole('region', { name: 'Reminders and delivery' });
    const reminders = within(section).getByLabelText(
      'Remind pending invitations on day 3 and day 10 (they expire on day 14)',
    );
    expect(reminders).toBeChecked();
    await user.click(reminders);
    await waitFor(() => expect(reminders).not.toBeChecked());
    expect(api.calls('PATCH /api/license-groups/:groupId/invite-reminders')[0]?.body).toEqual({
      enabled: false,
    });
    const group = (await (await dana.device()).get<{ invite_reminders: boolean }[]>('/api/license-groups/me'))
      .body[0]!;
    expect(group.invite_reminders).toBe(false);

    const help = await within(section).findByRole('alert');
    expect(help).toHaveTextContent('Invitations not arriving?');
    // MAIL_FROM of the test app: AI Classroom Academy <no-reply@school.test>.
    expect(help).toHaveTextContent('allow mail from no-reply@school.test (the domain school.test)');
    expect(help).toHaveTextContent('share a join link instead: it needs no e-mail');
  });
});
