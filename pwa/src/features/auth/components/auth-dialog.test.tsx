import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, jsonResponse, fill, renderWithProviders, stubApi } from '../../../test/render';
import { AuthDialog } from './auth-dialog';

// Issue 16: the page the teacher asked for survives the sign-in, the sign-up and the e-mail link.

const modulePath = '/prompt-engineering/module/2';

function renderDialog(mode: 'signIn' | 'signUp', route: Parameters<typeof renderWithProviders>[1]) {
  const onClose = vi.fn();
  const utils = renderWithProviders(
    <AuthDialog open mode={mode} onModeChange={() => {}} onClose={onClose} />,
    route,
  );
  return { ...utils, onClose };
}

async function signIn(user: ReturnType<typeof renderDialog>['user']) {
  await fill(user, screen.getByLabelText(/email/i), 'maria@school.org');
  await fill(user, screen.getByLabelText(/^password/i), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('AuthDialog: back to the page asked for', () => {
  it('goes to the module a guard kept in the router state once signed in', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(200, buildUser()) });
    const { user, onClose } = renderDialog('signIn', {
      route: { pathname: '/prompt-engineering', state: { from: modulePath } },
    });
    await signIn(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(modulePath));
    expect(onClose).toHaveBeenCalled();
  });

  it('goes to the `next` of the address (the verification link) once signed in', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(200, buildUser()) });
    const { user } = renderDialog('signIn', { route: `/?next=${encodeURIComponent(modulePath)}` });
    await signIn(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(modulePath));
  });

  it('asks for a new verification link that leads back to the page too', async () => {
    const api = stubApi({
      'POST /api/auth/login': () =>
        jsonResponse(403, { error: 'EMAIL_NOT_VERIFIED', code: 'EMAIL_NOT_VERIFIED' }),
      'POST /api/auth/resend-verification': () => jsonResponse(200, { ok: true }),
    });
    const { user } = renderDialog('signIn', {
      route: { pathname: '/prompt-engineering', state: { from: modulePath } },
    });
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(api.calls('POST /api/auth/resend-verification')).toHaveLength(1));
    expect(api.calls('POST /api/auth/resend-verification')[0]?.body).toEqual({
      email: 'maria@school.org',
      next: modulePath,
    });
  });

  it('stays put when the page to return to is not one of ours', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(200, buildUser()) });
    const { user, onClose } = renderDialog('signIn', {
      route: `/?next=${encodeURIComponent('//evil.example/x')}`,
    });
    await signIn(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByTestId('location')).toHaveTextContent('/?next=%2F%2Fevil.example%2Fx');
  });

  it('sends the page along with a sign-up, so the verification link leads back to it', async () => {
    const api = stubApi({
      'POST /api/auth/register': () => jsonResponse(201, { needsVerification: true }),
    });
    const { user } = renderDialog('signUp', {
      route: { pathname: '/prompt-engineering', state: { from: modulePath } },
    });
    await fill(user, screen.getByLabelText(/full name/i), 'Maria Lopez');
    await fill(user, screen.getByLabelText(/^email/i), 'maria@school.org');
    await fill(user, screen.getByLabelText(/^password/i), 'long enough');
    await user.click(screen.getByRole('checkbox', { name: /terms/i }));
    await user.click(screen.getByRole('button', { name: /create account/i }));
    await waitFor(() => expect(api.calls('POST /api/auth/register')).toHaveLength(1));
    expect(api.calls('POST /api/auth/register')[0]?.body).toMatchObject({ next: modulePath });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/verify-sent?email=maria%40school.org&next=${encodeURIComponent(modulePath)}`,
      ),
    );
  });
});
