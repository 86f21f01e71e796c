import { paths, type PublicUser, ssoErrorPath, ssoLinkCodeMessages, ssoMessages } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderWithProviders } from '../../../test/render';
import { reply, stubEndpoints } from '../../../test/stub-api';
import { SsoSignInPage } from './sso-sign-in-page';

/** /sign-in/sso?error=: a sign-in that did not finish says why and offers the way back (decision 119). */
describe('an SSO sign-in that did not finish', () => {
  it('says why, and goes back to the page it started from', async () => {
    renderWithProviders(<SsoSignInPage />, {
      route: ssoErrorPath('cancelled', paths.join('ABCD-EFGH')),
      path: '/sign-in/sso',
    });
    expect(await screen.findByRole('heading', { name: 'Sign-in did not finish' })).toBeVisible();
    expect(screen.getByText(ssoMessages.cancelled)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back and try again' })).toHaveAttribute(
      'href',
      paths.join('ABCD-EFGH'),
    );
    expect(screen.queryByRole('form', { name: 'Link your account' })).toBeNull();
  });

  it('an unknown reason reads as a refusal; with no page to return to, back to the courses', async () => {
    renderWithProviders(<SsoSignInPage />, { route: '/sign-in/sso?error=whatever', path: '/sign-in/sso' });
    expect(await screen.findByText(ssoMessages.providerRefused)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', paths.home());
  });
});

/** /sign-in/sso?step=link: the code e-mailed to the address instead of the password (decision 112). */
describe('linking with a code sent to the address', () => {
  const email = 'robin@district.org';

  function stubLink(answers: ((code: string) => ReturnType<typeof reply> | PublicUser)[]) {
    return stubEndpoints({
      'GET /api/auth/sso/link': () => ({ email, providerName: 'Test district' }),
      'POST /api/auth/sso/link/code': () => ({
        message: ssoLinkCodeMessages.sent(email),
        resendAfterSeconds: 60,
      }),
      'POST /api/auth/sso/link': (request) => {
        const next = answers.shift();
        if (!next) throw new Error('an unexpected link call');
        return next((request.body as { code: string }).code);
      },
    });
  }

  it('sends the code, says where it went, and says each refusal in its own sentence until the right code signs in', async () => {
    const user = buildUser({ email });
    const api = stubLink([
      () => reply(400, { error: ssoLinkCodeMessages.wrong(4) }),
      () => reply(410, { error: ssoLinkCodeMessages.expired }),
      () => reply(429, { error: ssoLinkCodeMessages.exhausted }),
      () => user,
    ]);
    const { user: person } = renderWithProviders(<SsoSignInPage />, {
      route: '/sign-in/sso?step=link',
      path: '/sign-in/sso',
    });
    await person.click(await screen.findByRole('button', { name: 'Send me a code instead' }));
    expect(await screen.findByText(ssoLinkCodeMessages.sent(email))).toBeVisible();
    expect(api.calls('POST /api/auth/sso/link/code')).toHaveLength(1);
    const form = screen.getByRole('form', { name: 'Link with a code' });
    const field = within(form).getByLabelText(/Code from the e-mail/);

    // Not six digits: said at once, nothing sent.
    await person.type(field, '12a');
    await person.click(within(form).getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from the e-mail.')).toBeVisible();
    expect(api.calls('POST /api/auth/sso/link')).toHaveLength(0);

    for (const sentence of [
      ssoLinkCodeMessages.wrong(4),
      ssoLinkCodeMessages.expired,
      ssoLinkCodeMessages.exhausted,
    ]) {
      await person.clear(field);
      await person.type(field, '123 456');
      await person.click(within(form).getByRole('button', { name: 'Link and sign in' }));
      expect(await screen.findByText(sentence)).toBeVisible();
    }
    expect(api.calls('POST /api/auth/sso/link').map((r) => r.body)).toEqual([
      { code: '123456' },
      { code: '123456' },
      { code: '123456' },
    ]);

    await person.clear(field);
    await person.type(field, '654321');
    await person.click(within(form).getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => expect(api.calls('POST /api/auth/sso/link')).toHaveLength(4));
    expect(api.calls('POST /api/auth/sso/link')[3]?.body).toEqual({ code: '654321' });
    expect(await screen.findByText(ssoMessages.linked)).toBeInTheDocument();
  });

  it('a new code asked too soon: the wait, in the api sentence; the password is still offered', async () => {
    const api = stubEndpoints({
      'GET /api/auth/sso/link': () => ({ email, providerName: 'Test district' }),
      'POST /api/auth/sso/link/code': () => ({
        message: ssoLinkCodeMessages.sent(email),
        resendAfterSeconds: 60,
      }),
    });
    const { user: person } = renderWithProviders(<SsoSignInPage />, {
      route: '/sign-in/sso?step=link',
      path: '/sign-in/sso',
    });
    await person.click(await screen.findByRole('button', { name: 'Send me a code instead' }));
    await screen.findByText(ssoLinkCodeMessages.sent(email));
    stubEndpoints({
      'GET /api/auth/sso/link': () => ({ email, providerName: 'Test district' }),
      'POST /api/auth/sso/link/code': () => reply(429, { error: ssoLinkCodeMessages.tooSoon(42) }),
    });
    await person.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(ssoLinkCodeMessages.tooSoon(42))).toBeVisible();
    await person.click(screen.getByRole('button', { name: 'Use the password instead' }));
    expect(await screen.findByRole('form', { name: 'Link your account' })).toBeVisible();
    expect(api.calls('POST /api/auth/sso/link/code')).toHaveLength(1);
  });
});
