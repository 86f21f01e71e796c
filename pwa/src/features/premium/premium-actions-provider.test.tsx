import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meKeys } from '../../offline/get-me';
import { buildUser, jsonResponse } from '../../test/render';
import { renderPremiumActions, stubLocationAssign } from './test-support';

vi.mock('../../offline/analytics', () => ({ track: vi.fn(async () => {}) }));

const portalKey = 'POST /api/stripe/customer-portal';

async function manage(reply: () => Response) {
  const assign = stubLocationAssign();
  const utils = renderPremiumActions({ role: 'premium', handlers: { [portalKey]: reply } });
  await utils.user.click(screen.getByRole('button', { name: 'Manage Subscription' }));
  await waitFor(() => expect(utils.api.calls(portalKey)).toHaveLength(1));
  return { ...utils, assign };
}

describe('Manage Subscription', () => {
  it('posts to the customer portal with a JSON body and sends the browser to its url', async () => {
    const { api, assign } = await manage(() => jsonResponse(200, { url: 'https://billing.stripe.test/p/1' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/1'));
    const [request] = api.calls(portalKey);
    expect(request?.credentials).toBe('include');
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it.each([
    [
      'No active subscription found. Subscribe first or contact support.',
      'No Active Subscription',
      /active subscription.*Subscribe first or contact support/,
    ],
    [
      'The subscription portal is being set up. Please contact support.',
      'Portal Setup in Progress',
      /contact support/,
    ],
    [
      'We could not find your subscription. Please contact support.',
      'Subscription Issue',
      /could not find your subscription.*contact support/,
    ],
    ['Stripe could not be reached.', 'Portal Access Failed', /^Stripe could not be reached\.$/],
  ])('toasts %j as %s', async (error, title, description) => {
    const { assign } = await manage(() => jsonResponse(400, { error }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(title);
    expect(toast.querySelector('.MuiAlert-message')?.lastChild?.textContent).toMatch(description);
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a licence member',
      buildUser({
        role: 'free',
        licence: {
          groupId: 'g1',
          groupName: 'Lincoln High School',
          groupStatus: 'active',
          live: true,
          endsOn: null,
        },
      }),
      /comes from your school's licence \(Lincoln High School\)/,
    ],
    [
      'a licence member whose device kept a copy from before terms (no live)',
      buildUser({
        role: 'free',
        licence: { groupId: 'g1', groupName: 'Lincoln High School', groupStatus: 'active' },
      }),
      /comes from your school's licence \(Lincoln High School\)/,
    ],
    ['a license admin', buildUser({ role: 'license_admin' }), /comes with your administrator role/],
  ])('tells %s without a subscription where their premium comes from', async (_who, me, description) => {
    stubLocationAssign();
    const utils = renderPremiumActions({
      role: null,
      handlers: {
        'GET /api/auth/me': () => jsonResponse(200, me),
        [portalKey]: () =>
          jsonResponse(400, { error: 'No active subscription found. Subscribe first or contact support.' }),
      },
    });
    await waitFor(() => expect(utils.queryClient.getQueryData(meKeys.all)).toBeTruthy());
    await utils.user.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    const toast = await screen.findByText(description);
    expect(toast).toBeVisible();
    expect(screen.queryByText('No Active Subscription')).toBeNull();
  });

  it.each([
    [
      'ended',
      { groupStatus: 'active' as const, live: false, endsOn: '2026-09-01' },
      'Your access through Lincoln High School ended on 2026-09-01.',
    ],
    [
      'suspended',
      { groupStatus: 'suspended' as const, live: false, endsOn: null },
      'Your access through Lincoln High School is suspended. Please ask your license administrator.',
    ],
  ])(
    'a licence member whose seat is %s (the api says not live) is not told premium comes from the licence, but why it does not',
    async (_state, seat, notice) => {
      stubLocationAssign();
      const me = buildUser({
        role: 'free',
        licence: { groupId: 'g1', groupName: 'Lincoln High School', ...seat },
      });
      const utils = renderPremiumActions({
        role: null,
        handlers: {
          'GET /api/auth/me': () => jsonResponse(200, me),
          [portalKey]: () =>
            jsonResponse(400, { error: 'No active subscription found. Subscribe first or contact support.' }),
        },
      });
      await waitFor(() => expect(utils.queryClient.getQueryData(meKeys.all)).toBeTruthy());
      await utils.user.click(screen.getByRole('button', { name: 'Manage Subscription' }));
      const toast = await screen.findByRole('alert');
      expect(toast).toHaveTextContent('No Active Subscription');
      expect(toast).toHaveTextContent(notice);
      expect(screen.queryByText(/comes from your school's licence/)).toBeNull();
    },
  );

  it("uses 'Failed to access customer portal' when the server gives no message", async () => {
    await manage(() => jsonResponse(500));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Portal Access Failed');
    expect(toast).toHaveTextContent('Failed to access customer portal');
  });

  it("says 'No portal URL received from Stripe' when the reply has no url", async () => {
    const { assign } = await manage(() => jsonResponse(200, {}));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Portal Access Failed');
    expect(toast).toHaveTextContent('No portal URL received from Stripe');
    expect(assign).not.toHaveBeenCalled();
  });
});
