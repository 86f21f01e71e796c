import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, fill, renderWithProviders, stubApi } from '../../../test/render';
import { ResetPasswordPage } from './reset-password-page';

describe('ResetPasswordPage', () => {
  it('without a token shows Invalid Reset Link and a way to request a new one', () => {
    stubApi();
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Invalid Reset Link');
    expect(screen.getByText('Invalid reset link. Please request a new password reset.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('validates the new password and its confirmation with the spec messages', async () => {
    const api = stubApi();
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=tok123' });
    await fill(user, screen.getByLabelText(/^new password/i), 'short');
    await fill(user, screen.getByLabelText(/^confirm password/i), 'different');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^new password/i));
    await fill(user, screen.getByLabelText(/^new password/i), 'long-enough');
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('has show/hide toggles for both fields', async () => {
    stubApi();
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=tok123' });
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(screen.getByLabelText(/^new password/i)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText(/^confirm password/i)).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(screen.getByLabelText(/^confirm password/i)).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide new password' })).toBeInTheDocument();
  });

  it('sends {token, newPassword} and shows the success screen with a sign-in action', async () => {
    const api = stubApi({ 'POST /api/auth/reset-password': () => jsonResponse(200, { ok: true }) });
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=tok123' });
    await fill(user, screen.getByLabelText(/^new password/i), 'brand-new-pass');
    await fill(user, screen.getByLabelText(/^confirm password/i), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Password reset successful' }),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/auth/reset-password')[0]?.body).toEqual({
      token: 'tok123',
      newPassword: 'brand-new-pass',
    });
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the spec failure text when the link is expired or invalid', async () => {
    stubApi({
      'POST /api/auth/reset-password': () =>
        jsonResponse(400, { error: 'This link is invalid or has expired. Please request a new one.' }),
    });
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=old' });
    await fill(user, screen.getByLabelText(/^new password/i), 'brand-new-pass');
    await fill(user, screen.getByLabelText(/^confirm password/i), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Failed to reset password. The link may be expired or invalid.',
      ),
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
