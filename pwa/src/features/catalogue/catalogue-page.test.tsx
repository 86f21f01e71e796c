import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { CataloguePage, welcomeHiddenOnPhone } from './catalogue-page';

describe('CataloguePage', () => {
  it('shows the verified toast once and removes ?verified=1 from the address', async () => {
    stubApi();
    renderWithProviders(<CataloguePage />, { route: '/?verified=1' });
    expect(screen.getByRole('heading', { level: 1, name: 'Available Courses' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Explore our professional development courses designed to enhance your skills and knowledge.',
      ),
    ).toBeInTheDocument();
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Email verified successfully');
    expect(toast).toHaveTextContent('Your account has been verified. You can now access all courses.');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

describe('the home page’s welcome banner (issue 26)', () => {
  it('stays on a phone for a licence member (only a free teacher without premium sees the offer instead)', () => {
    const member = buildUser({
      role: 'free',
      licence: { groupId: 'g1', groupName: 'Maple Middle', groupStatus: 'active' },
    });
    expect(welcomeHiddenOnPhone(member)).toBe(false);
    expect(welcomeHiddenOnPhone(buildUser({ role: 'free' }))).toBe(true);
    expect(welcomeHiddenOnPhone(buildUser({ role: 'premium' }))).toBe(false);
  });

  it('links a licence admin to License Management', async () => {
    stubApi({ 'GET /api/auth/me': () => jsonResponse(200, buildUser({ role: 'license_admin' })) });
    renderWithProviders(<CataloguePage />);
    const banner = await screen.findByTestId('welcome-banner');
    await waitFor(() =>
      expect(within(banner).getByRole('link', { name: 'Go to License Management' })).toHaveAttribute(
        'href',
        '/license-admin',
      ),
    );
  });
});
