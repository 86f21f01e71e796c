import { screen, waitFor, within } from '@testing-library/react';
import { plans } from '@pd/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { meKeys } from '../../offline/get-me';
import { deferred, jsonResponse } from '../../test/render';
import { track } from '../../offline/analytics';
import { renderPremiumActions, stubLocationAssign } from './test-support';

vi.mock('../../offline/analytics', () => ({ track: vi.fn(async () => {}) }));

const checkoutKey = 'POST /api/stripe/create-checkout-session';

async function openModal(options: Parameters<typeof renderPremiumActions>[0] = {}) {
  const utils = renderPremiumActions(options);
  // The provider knows the user once /api/auth/me has answered.
  await waitFor(() => expect(utils.queryClient.getQueryData(meKeys.all)).toBeTruthy(), { timeout: 5000 });
  await utils.user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose Your Premium Plan' });
  return { ...utils, dialog };
}

describe('the upgrade modal', () => {
  beforeEach(() => vi.mocked(track).mockClear());

  it('shows both plans with the annual one selected, the notes and the two buttons', async () => {
    const { dialog } = await openModal();
    const group = within(dialog).getByRole('radiogroup', { name: 'Premium plan' });
    const annual = within(group).getByRole('radio', { name: 'Annual' });
    const quarterly = within(group).getByRole('radio', { name: 'Quarterly' });
    expect(annual).toBeChecked();
    expect(quarterly).not.toBeChecked();
    expect(annual).toHaveAccessibleDescription(/\$8\.25\/month.*\$99 per year.*Best value - Save 17%/);
    expect(quarterly).toHaveAccessibleDescription(/\$10\.00\/month.*\$30 every 3 months/);
    expect(within(screen.getByTestId('plan-annual')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-quarterly')).queryByText('Most Popular')).toBeNull();
    expect(dialog).toHaveTextContent(
      'Cancel anytime. Your access continues until the end of the paid period.',
    );
    expect(dialog).toHaveTextContent('Use code LAUNCH30 at checkout for 30% off your first payment.');
    expect(within(dialog).getByRole('button', { name: 'Maybe Later' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Upgrade Now' })).toBeEnabled();
    expect(track).toHaveBeenCalledWith('upgrade_modal_opened', {});
  });

  it('records plan_selected and posts {planType, priceId}; the browser goes to the returned url', async () => {
    const assign = stubLocationAssign();
    const reply = deferred<Response>();
    const { dialog, user, api } = await openModal({ handlers: { [checkoutKey]: () => reply.promise } });
    await user.click(within(dialog).getByRole('radio', { name: 'Quarterly' }));
    expect(track).toHaveBeenCalledWith('plan_selected', expect.objectContaining({ planType: 'quarterly' }));

    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Maybe Later' })).toBeDisabled();
    const [request] = api.calls(checkoutKey);
    expect(request?.body).toMatchObject({ planType: 'quarterly', priceId: plans.quarterly.lookupKey });
    expect(request?.credentials).toBe('include');
    expect(track).toHaveBeenCalledWith(
      'checkout_initiated',
      expect.objectContaining({ planType: 'quarterly' }),
    );

    reply.resolve(jsonResponse(200, { url: 'https://checkout.stripe.test/c/pay/cs_1' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
  });

  it('reopens on the annual plan after Maybe Later', async () => {
    const { dialog, user } = await openModal();
    await user.click(within(dialog).getByRole('radio', { name: 'Quarterly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    const again = await screen.findByRole('dialog', { name: 'Choose Your Premium Plan' });
    expect(within(again).getByRole('radio', { name: 'Annual' })).toBeChecked();
  });

  it("shows 'Checkout Failed' with the server's error and logs checkout_failed with api_error_<status>", async () => {
    const assign = stubLocationAssign();
    const { dialog, user } = await openModal({
      handlers: { [checkoutKey]: () => jsonResponse(409, { error: 'You already have Premium access.' }) },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Checkout Failed');
    expect(toast).toHaveTextContent('You already have Premium access.');
    expect(track).toHaveBeenCalledWith('checkout_failed', {
      planType: 'annual',
      reason: 'api_error_409',
    });
    // The modal closes so the toast can be read; it opens again on the annual plan.
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(assign).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to create checkout session' when the server sends no error", async () => {
    const { dialog, user } = await openModal({ handlers: { [checkoutKey]: () => jsonResponse(500) } });
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Checkout Failed');
    expect(toast).toHaveTextContent('Failed to create checkout session');
  });

  it("says 'No checkout URL received from Stripe' when the reply has no url", async () => {
    const assign = stubLocationAssign();
    const { dialog, user } = await openModal({ handlers: { [checkoutKey]: () => jsonResponse(200, {}) } });
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Checkout Failed');
    expect(toast).toHaveTextContent('No checkout URL received from Stripe');
    expect(track).toHaveBeenCalledWith('checkout_failed', {
      planType: 'annual',
      reason: 'No checkout URL received from Stripe',
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to sign in first instead of opening the modal', async () => {
    const { user, api, openAuthDialog, queryClient } = renderPremiumActions({ role: null });
    await waitFor(() => expect(api.calls('GET /api/auth/me')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryData(meKeys.all)).toBeNull(), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(openAuthDialog).toHaveBeenCalledWith('signIn');
    expect(await screen.findByTestId('toast')).toHaveTextContent('Sign in to upgrade');
    expect(screen.queryByRole('dialog', { name: 'Choose Your Premium Plan' })).toBeNull();
    expect(track).not.toHaveBeenCalled();
  });
});
