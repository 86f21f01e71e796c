import type { Role } from '@pd/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PremiumActionsContext } from '../../components/premium-actions-context';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { PremiumBanner } from './premium-banner';

function renderBanner(role: Role | null, subscription: unknown = null) {
  const api = stubApi({
    ...(role ? { 'GET /api/auth/me': () => jsonResponse(200, buildUser({ role })) } : {}),
    'GET /api/stripe/subscription': () => jsonResponse(200, subscription),
  });
  const onUpgrade = vi.fn();
  const onManageSubscription = vi.fn();
  const utils = renderWithProviders(
    <PremiumActionsContext.Provider value={{ onUpgrade, onManageSubscription }}>
      <PremiumBanner />
    </PremiumActionsContext.Provider>,
  );
  return { ...utils, api, onUpgrade, onManageSubscription };
}

describe('PremiumBanner', () => {
  it('shows a free teacher the promo with Upgrade to Premium; dismissing hides it until the next visit', async () => {
    const { user, onUpgrade, api } = renderBanner('free');
    const banner = await screen.findByRole('region', { name: 'Unlock every course with Premium' });
    expect(banner).toHaveTextContent('LAUNCH30');
    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(onUpgrade).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Dismiss the Premium offer' }));
    expect(screen.queryByRole('region', { name: 'Unlock every course with Premium' })).toBeNull();
    expect(api.calls('GET /api/stripe/subscription')).toHaveLength(0);
  });

  it("shows 'Premium until <date>' when the subscription is set to cancel at period end", async () => {
    const { user, onManageSubscription } = renderBanner('premium', {
      status: 'active',
      plan: 'quarterly',
      currentPeriodEnd: '2026-05-12T12:00:00.000Z',
      cancelAtPeriodEnd: true,
    });
    expect(await screen.findByText('Premium until May 12, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    expect(onManageSubscription).toHaveBeenCalledOnce();
  });

  it('shows nothing to a premium teacher whose subscription renews, nor to a visitor', async () => {
    const { api } = renderBanner('premium', {
      status: 'active',
      plan: 'annual',
      currentPeriodEnd: '2026-05-12T12:00:00.000Z',
      cancelAtPeriodEnd: false,
    });
    await waitFor(() => expect(api.calls('GET /api/stripe/subscription')).toHaveLength(1));
    expect(screen.queryByText(/Premium until/)).toBeNull();
    expect(screen.queryByRole('region', { name: /Premium/ })).toBeNull();
  });
});
