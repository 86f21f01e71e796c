import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render';
import { ssoKeys } from '../api/sso';
import { SsoButtons } from './sso-buttons';

describe('SsoButtons', () => {
  it('offers the configured providers as links to their start, with the page to come back to', async () => {
    stubApi({
      'GET /api/auth/sso': () =>
        jsonResponse(200, {
          providers: [
            { id: 'google', displayName: 'Google' },
            { id: 'oidc', displayName: 'Springfield Schools' },
          ],
        }),
    });
    renderWithProviders(<SsoButtons next="/prompts" />);
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/api/auth/sso/google/start?returnTo=%2Fprompts');
    expect(screen.getByRole('link', { name: 'Continue with Springfield Schools' })).toHaveAttribute(
      'href',
      '/api/auth/sso/oidc/start?returnTo=%2Fprompts',
    );
    expect(screen.queryByRole('link', { name: /Microsoft/ })).not.toBeInTheDocument();
  });

  it('shows nothing when no provider is configured', async () => {
    stubApi({ 'GET /api/auth/sso': () => jsonResponse(200, { providers: [] }) });
    const { queryClient } = renderWithProviders(<SsoButtons />);
    await waitFor(() => expect(queryClient.getQueryState(ssoKeys.providers)?.status).toBe('success'));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/or with your e-mail/)).not.toBeInTheDocument();
  });
});
