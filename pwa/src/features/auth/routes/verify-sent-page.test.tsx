import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render';
import { VerifySentPage } from './verify-sent-page';

describe('VerifySentPage', () => {
  it('resends the verification e-mail', async () => {
    const api = stubApi({ 'POST /api/auth/resend-verification': () => jsonResponse(200, { ok: true }) });
    const { user } = renderWithProviders(<VerifySentPage />, {
      route: '/verify-sent?email=maria%40school.org',
    });
    expect(screen.getByText('maria@school.org')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Verification email sent'));
    expect(api.calls('POST /api/auth/resend-verification')[0]?.body).toEqual({ email: 'maria@school.org' });
  });

  it('shows the spec failure text, and Email address not provided without an e-mail', async () => {
    stubApi({ 'POST /api/auth/resend-verification': () => jsonResponse(500, { error: 'x' }) });
    const { user, unmount } = renderWithProviders(<VerifySentPage />, {
      route: '/verify-sent?email=a%40b.org',
    });
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Failed to resend verification email. Please try again.',
      ),
    );
    unmount();

    const api = stubApi();
    const second = renderWithProviders(<VerifySentPage />, { route: '/verify-sent' });
    await second.user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Email address not provided'));
    expect(api.requests).toHaveLength(0);
  });
});
