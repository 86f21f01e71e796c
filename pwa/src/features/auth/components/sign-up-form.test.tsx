import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authMessages } from '@pd/domain';
import { deferred, jsonResponse, fill, renderWithProviders, stubApi } from '../../../test/render';
import { SignUpForm } from './sign-up-form';

async function fillForm(
  user: ReturnType<typeof renderWithProviders>['user'],
  values: { name?: string; email?: string; password?: string },
) {
  if (values.name) await fill(user, screen.getByLabelText(/full name/i), values.name);
  if (values.email) await fill(user, screen.getByLabelText(/^email/i), values.email);
  if (values.password) await fill(user, screen.getByLabelText(/^password/i), values.password);
}

describe('SignUpForm', () => {
  it('keeps Create Account disabled until the terms are accepted', async () => {
    stubApi();
    const { user } = renderWithProviders(<SignUpForm />);
    const submit = screen.getByRole('button', { name: 'Create Account' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    expect(submit).toBeDisabled();
  });

  it('shows the spec validation messages word for word', async () => {
    const api = stubApi();
    const { user } = renderWithProviders(<SignUpForm />);
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await fillForm(user, { name: 'x'.repeat(121), email: 'a@b', password: 'short' });
    await waitFor(() => expect(screen.getByText('Name too long')).toBeInTheDocument());
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    // Nothing sent (the SSO buttons' provider list aside).
    expect(api.calls('POST /api/auth/register')).toHaveLength(0);
  });

  it('opens the terms and privacy pages in a new tab and labels its fields for autofill', () => {
    stubApi();
    renderWithProviders(<SignUpForm />);
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAttribute('href', '/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(screen.getByLabelText(/full name/i)).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('autocomplete', 'new-password');
  });

  it('sends the registration payload and goes to /verify-sent when verification is needed', async () => {
    const gate = deferred<Response>();
    const api = stubApi({ 'POST /api/auth/register': () => gate.promise });
    const { user } = renderWithProviders(<SignUpForm />);
    await fillForm(user, { name: 'Maria Lopez', email: 'Maria@School.org', password: 'long-enough' });
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(screen.getByRole('checkbox', { name: /newsletter/i }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    const [request] = api.calls('POST /api/auth/register');
    expect(request?.url).toBe('/api/auth/register');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      name: 'Maria Lopez',
      email: 'maria@school.org',
      password: 'long-enough',
      acceptTerms: true,
      marketingOptIn: true,
      marketing_opt_in: true,
    });

    gate.resolve(jsonResponse(201, { needsVerification: true }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/verify-sent?email=maria%40school.org'),
    );
    expect(await screen.findByTestId('toast')).toHaveTextContent('Account Created Successfully');
  });

  it('with an invitation locks the e-mail and sends the code in the query and the body', async () => {
    const api = stubApi({ 'POST /api/auth/register': () => jsonResponse(201, { needsVerification: true }) });
    const { user } = renderWithProviders(
      <SignUpForm inviteCode="abc123" lockedEmail="teacher@district.org" />,
    );
    const email = screen.getByLabelText(/^email/i);
    expect(email).toHaveValue('teacher@district.org');
    expect(email).toHaveAttribute('readonly');
    expect(
      screen.getByText('Email pre-filled from your invitation and cannot be changed'),
    ).toBeInTheDocument();

    await fillForm(user, { name: 'Teacher One', password: 'long-enough' });
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(api.calls('POST /api/auth/register')).toHaveLength(1));
    const [request] = api.calls('POST /api/auth/register');
    expect(request?.url).toBe('/api/auth/register?invite=abc123');
    expect(request?.body).toMatchObject({
      email: 'teacher@district.org',
      inviteCode: 'abc123',
      marketingOptIn: false,
      marketing_opt_in: false,
    });
  });

  it('with an invitation: the premium toast, then the marketing join page for a newsletter opt-in, else onSuccess', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    for (const joinUrl of ['https://news.example.org/join', undefined]) {
      stubApi({
        'POST /api/auth/register': () =>
          jsonResponse(201, { needsVerification: false, ...(joinUrl ? { marketingJoinUrl: joinUrl } : {}) }),
      });
      const onSuccess = vi.fn();
      const { user, unmount } = renderWithProviders(
        <SignUpForm inviteCode="abc123" lockedEmail="teacher@district.org" onSuccess={onSuccess} />,
      );
      await fillForm(user, { name: 'Teacher One', password: 'long-enough' });
      await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
      await user.click(screen.getByRole('checkbox', { name: /newsletter/i }));
      await user.click(screen.getByRole('button', { name: 'Create Account' }));
      expect(await screen.findByText('Account Created Successfully')).toBeInTheDocument();
      expect(
        screen.getByText('Welcome! Your premium access through your organisation is active.'),
      ).toBeInTheDocument();
      if (joinUrl) {
        await waitFor(() => expect(assign).toHaveBeenCalledWith(joinUrl));
        expect(onSuccess).not.toHaveBeenCalled();
      } else {
        await waitFor(() => expect(onSuccess).toHaveBeenCalled());
      }
      unmount();
    }
    vi.unstubAllGlobals();
  });

  it('shows a password the server refused under the password field (issue 17)', async () => {
    const message = authMessages.passwordTooWeak(['This is similar to a commonly used password.']);
    stubApi({
      'POST /api/auth/register': () =>
        jsonResponse(400, { error: message, code: 'VALIDATION_ERROR', fields: { password: message } }),
    });
    const { user } = renderWithProviders(<SignUpForm />);
    await fillForm(user, { name: 'Maria Lopez', email: 'maria@school.org', password: 'password1' });
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(message, { selector: 'p' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('shows Registration failed with the server message, or Please try again', async () => {
    let answer = jsonResponse(409, {
      error: 'An account with this email already exists. Sign in or reset your password.',
    });
    stubApi({ 'POST /api/auth/register': () => answer });
    const { user } = renderWithProviders(<SignUpForm />);
    await fillForm(user, { name: 'Maria Lopez', email: 'maria@school.org', password: 'long-enough' });
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Registration failed');
    expect(toast).toHaveTextContent(
      'An account with this email already exists. Sign in or reset your password.',
    );

    answer = new Response('', { status: 502, statusText: 'Bad Gateway' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Please try again'));
  });
});
