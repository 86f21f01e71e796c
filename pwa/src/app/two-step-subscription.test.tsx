// @vitest-environment jsdom-api
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { PremiumBanner } from '../features/premium/premium-banner';
import { deleteUserDb } from '../offline/db';
import { meKeys, useMe } from '../offline/get-me';
import { setupRealApi } from '../test/real-api';
import { fill, renderWithProviders } from '../test/render';

/**
 * Issue 26: GET /api/stripe/subscription answered 401 during a two-step sign-in. The password step
 * replaces the browser's session with a half-done sign-in (api: startPendingSignIn), so a premium
 * teacher the page still showed signed in had no session left: their subscription was asked for
 * and refused. From the password step on, the page is signed out until the code is right.
 */
const api = setupRealApi();
let ids: string[] = [];
afterEach(async () => {
  for (const id of ids) await deleteUserDb(id);
  ids = [];
  localStorage.clear();
});

/** Who the page shows signed in (as the header does). */
function SignedInAs() {
  const me = useMe();
  return <p>Signed in as: {me.data?.name ?? 'nobody'}</p>;
}

/** The home page's premium banner, drawn again when the test says (a visit home). */
function HomeBannerLater() {
  const [shown, setShown] = useState(false);
  return shown ? (
    <PremiumBanner />
  ) : (
    <button type="button" onClick={() => setShown(true)}>
      Go home
    </button>
  );
}

describe('a two-step sign-in while the page shows someone signed in', () => {
  it('asks for no subscription between the password and the code', async () => {
    const teacher = await api.signedInTeacher({ role: 'premium', name: 'Pat Premium' });
    const admin = await api.teacher({ role: 'license_admin', name: 'Lee Admin' });
    ids.push(teacher.id, admin.id);
    const { user, queryClient } = renderWithProviders(
      <>
        <SignedInAs />
        <SignInForm />
        <HomeBannerLater />
      </>,
    );
    expect(await screen.findByText('Signed in as: Pat Premium')).toBeInTheDocument();

    await fill(user, screen.getByLabelText(/email/i), admin.email);
    await fill(user, screen.getByLabelText(/^password/i), admin.password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByLabelText(/6-digit code/);
    expect(queryClient.getQueryData(meKeys.all)).toBeNull();
    expect(screen.getByText('Signed in as: nobody')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go home' }));
    expect(api.calls('GET /api/stripe/subscription')).toEqual([]);

    await user.type(screen.getByLabelText(/6-digit code/), await api.nextTotpCode(admin.email));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(queryClient.getQueryData(meKeys.all)).toMatchObject({ id: admin.id }));
    // Signed in now: the licence admin's premium banner asks, and the api answers.
    await waitFor(() => expect(api.calls('GET /api/stripe/subscription')).toHaveLength(1));
  });
});
