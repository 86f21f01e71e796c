import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthDialogContext } from '../../../components/auth-dialog-context';
import {
  jsonResponse,
  fill,
  renderWithProviders,
  stubApi,
  tooManyAttemptsResponse,
} from '../../../test/render';
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

  it('asks for a new link that leads back to the page the teacher asked for (issue 16)', async () => {
    const api = stubApi({ 'POST /api/auth/resend-verification': () => jsonResponse(200, { ok: true }) });
    const { user } = renderWithProviders(<VerifySentPage />, {
      route: '/verify-sent?email=maria%40school.org&next=%2Fprompt-engineering%2Fmodule%2F2',
    });
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(api.calls('POST /api/auth/resend-verification')).toHaveLength(1));
    expect(api.calls('POST /api/auth/resend-verification')[0]?.body).toEqual({
      email: 'maria@school.org',
      next: '/prompt-engineering/module/2',
    });
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

  it('says a used or expired link is no longer valid and offers sign-in or a new link (issue 16)', async () => {
    const api = stubApi({ 'POST /api/auth/resend-verification': () => jsonResponse(200, { ok: true }) });
    const openAuthDialog = vi.fn();
    const { user } = renderWithProviders(
      <AuthDialogContext.Provider value={openAuthDialog}>
        <VerifySentPage />
      </AuthDialogContext.Provider>,
      { route: '/verify-sent?error=invalid' },
    );
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'This verification link has expired or was already used',
      }),
    ).toBeVisible();
    expect(screen.queryByText(/We sent a verification link/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(openAuthDialog).toHaveBeenCalledWith('signIn');

    await fill(user, screen.getByLabelText('Email'), 'maria@school.org');
    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Verification email sent'));
    expect(api.calls('POST /api/auth/resend-verification')[0]?.body).toEqual({ email: 'maria@school.org' });
  });

  it("shows the server's message and the wait when resending is refused with 429 (issue 16)", async () => {
    stubApi({
      'POST /api/auth/resend-verification': () => tooManyAttemptsResponse(720),
    });
    const { user } = renderWithProviders(<VerifySentPage />, { route: '/verify-sent?email=a%40b.org' });
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    const toast = await screen.findByTestId('toast');
    await waitFor(() => expect(toast).toHaveTextContent('Too many attempts.'));
    expect(toast).toHaveTextContent('You can try again in 12 minutes.');
    expect(toast).not.toHaveTextContent('Failed to resend');
  });
});
