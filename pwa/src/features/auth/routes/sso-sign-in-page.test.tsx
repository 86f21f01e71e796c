import { paths, ssoErrorPath, ssoMessages } from '@pd/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
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
