import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render';
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
});
