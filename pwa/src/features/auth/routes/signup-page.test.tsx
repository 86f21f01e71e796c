import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../../../test/render';
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

  it('says Invalid Invitation when the lookup fails', async () => {
    stubApi({ 'GET /api/invites/bad': () => jsonResponse(404, { error: 'Invalid invite code' }) });
    renderWithProviders(<SignupPage />, { route: '/signup?invite=bad' });
    expect(await screen.findByText('Invalid Invitation')).toBeInTheDocument();
    expect(screen.getByText('This invitation link is not valid or has expired.')).toBeInTheDocument();
    expect(await screen.findByLabelText(/^email/i)).not.toHaveAttribute('readonly');
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
});
