import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meKeys } from '../../../offline/get-me';
import {
  buildUser,
  deferred,
  jsonResponse,
  fill,
  renderWithProviders,
  stubApi,
  tooManyAttemptsResponse,
} from '../../../test/render';
import { SignInForm } from './sign-in-form';

describe('SignInForm', () => {
  it('shows the spec messages under the fields and sends nothing when invalid', async () => {
    const api = stubApi();
    const { user } = renderWithProviders(<SignInForm />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/email/i)).toHaveAttribute('aria-invalid', 'true');
    // Nothing sent (the SSO buttons' provider list aside).
    expect(api.calls('POST /api/auth/login')).toHaveLength(0);

    await fill(user, screen.getByLabelText(/email/i), 'not-an-email');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
  });

  it('posts {email, password} as JSON with credentials, says Welcome back! and stores the user', async () => {
    const me = buildUser();
    const gate = deferred<Response>();
    const api = stubApi({ 'POST /api/auth/login': () => gate.promise });
    const onSuccess = vi.fn();
    const { user, queryClient } = renderWithProviders(<SignInForm onSuccess={onSuccess} />);

    expect(screen.getByLabelText(/email/i)).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('autocomplete', 'current-password');
    await fill(user, screen.getByLabelText(/email/i), '  Maria@School.org ');
    await fill(user, screen.getByLabelText(/^password/i), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    const [request] = api.calls('POST /api/auth/login');
    expect(request?.body).toEqual({ email: 'maria@school.org', password: 'secret-pass' });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.credentials).toBe('include');

    gate.resolve(jsonResponse(200, me));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(meKeys.all)).toEqual(me);
  });

  it('toggles password visibility with a labelled button', async () => {
    stubApi();
    const { user } = renderWithProviders(<SignInForm />);
    const password = screen.getByLabelText(/^password/i);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('on EMAIL_NOT_VERIFIED shows the spec toast and offers to resend the link', async () => {
    const api = stubApi({
      'POST /api/auth/login': () =>
        jsonResponse(403, { error: 'EMAIL_NOT_VERIFIED', code: 'EMAIL_NOT_VERIFIED' }),
      'POST /api/auth/resend-verification': () => jsonResponse(200, { ok: true }),
    });
    const { user } = renderWithProviders(<SignInForm />);
    await fill(user, screen.getByLabelText(/email/i), 'new@school.org');
    await fill(user, screen.getByLabelText(/^password/i), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Email not verified');
    expect(toast).toHaveTextContent('Please check your email and verify your account before signing in.');

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Verification email sent'));
    expect(api.calls('POST /api/auth/resend-verification')[0]?.body).toEqual({ email: 'new@school.org' });
  });

  it('on other failures shows Sign in failed with the server message, or the fallback', async () => {
    let answer = jsonResponse(401, { error: 'Invalid email or password' });
    stubApi({ 'POST /api/auth/login': () => answer });
    const { user } = renderWithProviders(<SignInForm />);
    await fill(user, screen.getByLabelText(/email/i), 'maria@school.org');
    await fill(user, screen.getByLabelText(/^password/i), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    let toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Sign in failed');
    expect(toast).toHaveTextContent('Invalid email or password');

    answer = new Response('', { status: 500, statusText: 'Internal Server Error' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Please check your credentials'),
    );
    toast = screen.getByTestId('toast');
    expect(toast).toHaveTextContent('Sign in failed');
  });

  it("shows the server's message and the wait on 429 (issue 16)", async () => {
    stubApi({ 'POST /api/auth/login': () => tooManyAttemptsResponse(3600) });
    const { user } = renderWithProviders(<SignInForm />);
    await fill(user, screen.getByLabelText(/email/i), 'maria@school.org');
    await fill(user, screen.getByLabelText(/^password/i), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Too many attempts.');
    expect(toast).toHaveTextContent('You can try again in 60 minutes.');
    expect(toast).not.toHaveTextContent('Sign in failed');
  });

  it('links to /forgot-password and switches to sign-up', async () => {
    stubApi();
    const onSwitch = vi.fn();
    const { user } = renderWithProviders(<SignInForm onSwitchToSignUp={onSwitch} />);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(onSwitch).toHaveBeenCalledOnce();
  });
});
