import { screen, waitFor } from '@testing-library/react';
import { inviteMessages, licenceErrorCodes, licenceMessages } from '@pd/domain';
import { describe, expect, it } from 'vitest';
import { buildUser, jsonResponse, fill, renderWithProviders, stubApi } from '../../../test/render';
import { SignupPage } from './signup-page';

describe('SignupPage', () => {
  it('shows a valid invitation and locks its e-mail', async () => {
    stubApi({
      'GET /api/invites/good': () =>
        jsonResponse(200, { email: 'teacher@district.org', license_group_name: 'Springfield District' }),
    });
    renderWithProviders(<SignupPage />, { route: '/signup?invite=good' });
    expect(await screen.findByText('Valid Invitation')).toBeInTheDocument();
    expect(screen.getByText('Premium Access')).toBeInTheDocument();
    expect(screen.getByText('Springfield District')).toBeInTheDocument();
    expect(await screen.findByLabelText(/^email/i)).toHaveValue('teacher@district.org');
    expect(
      screen.getByText('Email pre-filled from your invitation and cannot be changed'),
    ).toBeInTheDocument();
  });

  it('says Invalid Invitation, and what to do, for a code the api does not know', async () => {
    stubApi({
      'GET /api/invites/bad': () =>
        jsonResponse(404, {
          error: licenceMessages.invalidInviteCode,
          code: licenceErrorCodes.invalidInvite,
        }),
    });
    renderWithProviders(<SignupPage />, { route: '/signup?invite=bad' });
    expect(await screen.findByText('Invalid Invitation')).toBeInTheDocument();
    expect(screen.getByText(licenceMessages.inviteUnknownText)).toBeInTheDocument();
    expect(screen.getByText(inviteMessages.freeAccountInstead)).toBeInTheDocument();
    expect(await screen.findByLabelText(/^email/i)).not.toHaveAttribute('readonly');
  });

  it('tells a used invitation from a withdrawn or an expired one, each with its next step (issue 26)', async () => {
    stubApi({
      'GET /api/invites/used': () =>
        jsonResponse(410, { error: licenceMessages.inviteUsed, code: licenceErrorCodes.inviteUsed }),
      'GET /api/invites/revoked': () =>
        jsonResponse(410, { error: licenceMessages.inviteRevoked, code: licenceErrorCodes.inviteRevoked }),
      'GET /api/invites/expired': () =>
        jsonResponse(410, { error: licenceMessages.inviteExpired, code: licenceErrorCodes.inviteExpired }),
    });
    const used = renderWithProviders(<SignupPage />, { route: '/signup?invite=used' });
    expect(await screen.findByText('Invitation Already Used')).toBeInTheDocument();
    expect(screen.getByText(licenceMessages.inviteUsed)).toBeInTheDocument();
    expect(screen.queryByText('Invalid Invitation')).toBeNull();
    await used.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    used.unmount();

    for (const [code, title, text] of [
      ['revoked', 'Invitation Withdrawn', licenceMessages.inviteRevoked],
      ['expired', 'Invitation Expired', licenceMessages.inviteExpired],
    ]) {
      const page = renderWithProviders(<SignupPage />, { route: `/signup?invite=${code}` });
      expect(await screen.findByText(title!)).toBeInTheDocument();
      expect(screen.getByText(text!)).toBeInTheDocument();
      expect(screen.getByText(inviteMessages.freeAccountInstead)).toBeInTheDocument();
      page.unmount();
    }
  });

  it('lets the invited account, signed in, accept the invitation and go home', async () => {
    const api = stubApi({
      'GET /api/auth/me': () => jsonResponse(200, buildUser({ email: 'teacher@district.org' })),
      'GET /api/invites/good': () =>
        jsonResponse(200, { email: 'teacher@district.org', license_group_name: 'Springfield District' }),
      'POST /api/invites/accept': () =>
        jsonResponse(200, { licence: { groupId: 'g1', groupName: 'Springfield District' } }),
    });
    const { user } = renderWithProviders(<SignupPage />, { route: '/signup?invite=good' });
    await user.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText('Invitation Accepted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.calls('POST /api/invites/accept')[0]?.body).toEqual({ code: 'good' });
  });

  it('tells a signed-in user of another e-mail which account the invitation is for', async () => {
    stubApi({
      'GET /api/auth/me': () => jsonResponse(200, buildUser({ email: 'someone@else.org' })),
      'GET /api/invites/good': () =>
        jsonResponse(200, { email: 'teacher@district.org', license_group_name: 'Springfield District' }),
    });
    renderWithProviders(<SignupPage />, { route: '/signup?invite=good' });
    expect(
      await screen.findByText(
        'This invitation is for teacher@district.org. Sign out and sign in with that account to accept it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).toBeNull();
  });

  it('says the signed-in user is accepting an invitation, not signing in or creating an account (issue 26)', async () => {
    stubApi({
      'GET /api/auth/me': () => jsonResponse(200, buildUser({ email: 'teacher@district.org' })),
      'GET /api/invites/good': () =>
        jsonResponse(200, { email: 'teacher@district.org', license_group_name: 'Springfield District' }),
    });
    renderWithProviders(<SignupPage />, { route: '/signup?invite=good' });
    expect(await screen.findByRole('button', { name: 'Accept Invitation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Accept Your Invitation');
    expect(screen.getByText(/Springfield District invited you to Premium Access/)).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back|Join thousands/)).toBeNull();
    expect(document.title).toMatch(/^Accept Invitation/);
  });

  it('does not ask again for the invitation its sign-up has just used (issue 26)', async () => {
    let registered = false;
    const api = stubApi({
      // As the api: the invitation is valid until the sign-up uses it, then 410.
      'GET /api/invites/good': () =>
        registered
          ? jsonResponse(410, { error: licenceMessages.inviteUsed, code: licenceErrorCodes.inviteUsed })
          : jsonResponse(200, { email: 'teacher@district.org', license_group_name: 'Springfield District' }),
      'POST /api/auth/register': () => {
        registered = true;
        return jsonResponse(201, { needsVerification: false });
      },
      'GET /api/auth/me': () =>
        registered
          ? jsonResponse(200, buildUser({ email: 'teacher@district.org', name: 'Tess Teacher' }))
          : jsonResponse(401, { error: 'Please sign in to continue.' }),
    });
    const { user } = renderWithProviders(<SignupPage />, { route: '/signup?invite=good' });
    expect(await screen.findByLabelText(/^email/i)).toHaveValue('teacher@district.org');
    await fill(user, screen.getByLabelText(/full name/i), 'Tess Teacher');
    await fill(user, screen.getByLabelText(/^password/i), 'long-enough-pass');
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.calls('POST /api/auth/register')).toHaveLength(1);
    expect(api.calls('GET /api/invites/good')).toHaveLength(1);
  });
});
