import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  deferred,
  jsonResponse,
  fill,
  renderWithProviders,
  stubApi,
  tooManyAttemptsResponse,
} from '../../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';

describe('ForgotPasswordPage', () => {
  it('asks for a valid e-mail with the spec message', async () => {
    const api = stubApi();
    const { user } = renderWithProviders(<ForgotPasswordPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Forgot your password?');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await fill(user, screen.getByLabelText(/email/i), 'nope');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('sends {email} and then says Check your email, the link expires in 1 hour', async () => {
    const gate = deferred<Response>();
    const api = stubApi({ 'POST /api/auth/forgot-password': () => gate.promise });
    const { user } = renderWithProviders(<ForgotPasswordPage />);
    await fill(user, screen.getByLabelText(/email/i), 'maria@school.org');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(api.calls('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'maria@school.org' });
    gate.resolve(jsonResponse(200, { ok: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/expires in 1 hour/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/');
  });

  it('shows the spec failure text when the call fails', async () => {
    stubApi({ 'POST /api/auth/forgot-password': () => jsonResponse(500, { error: 'Something went wrong' }) });
    const { user } = renderWithProviders(<ForgotPasswordPage />);
    await fill(user, screen.getByLabelText(/email/i), 'maria@school.org');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Failed to send reset email. Please try again.'),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Forgot your password?');
  });

  it("shows the server's message and the wait on 429 (issue 16)", async () => {
    stubApi({ 'POST /api/auth/forgot-password': () => tooManyAttemptsResponse(45) });
    const { user } = renderWithProviders(<ForgotPasswordPage />);
    await fill(user, screen.getByLabelText(/email/i), 'maria@school.org');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Too many attempts.');
    expect(toast).toHaveTextContent('You can try again in 45 seconds.');
    expect(toast).not.toHaveTextContent('Failed to send reset email');
  });
});
