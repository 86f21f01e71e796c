import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useMe } from '../../offline/get-me';
import { track, recordPurchase } from '../../offline/analytics';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { PaymentSuccessPage } from './payment-success-page';

vi.mock('../../offline/analytics', () => ({
  track: vi.fn(async () => {}),
  recordPurchase: vi.fn(async () => {}),
}));
vi.mock('canvas-confetti', () => ({ default: vi.fn() }));

const sessionPath = 'GET /api/stripe/checkout-session/cs_test_1';
const fast = { waitMs: 400, pollMs: 50 } as const;
const complete = {
  provider: 'stripe',
  status: 'complete',
  paymentStatus: 'paid',
  planType: 'quarterly',
  amountCharged: null,
} as const;

/** Like the app shell: the page renders once the current user is known, and the user stays observed. */
function Shell({ children }: { children: ReactNode }) {
  const me = useMe();
  return me.isPending ? null : children;
}

function renderPage(
  sessionReplies: Array<() => Response>,
  route = '/payment-success?session_id=cs_test_1&plan_type=quarterly',
) {
  let call = 0;
  const api = stubApi({
    'GET /api/auth/me': () => jsonResponse(200, buildUser({ role: 'free' })),
    [sessionPath]: () => sessionReplies[Math.min(call++, sessionReplies.length - 1)]!(),
  });
  const utils = renderWithProviders(
    <Shell>
      <PaymentSuccessPage timings={fast} />
    </Shell>,
    { route },
  );
  return { ...utils, api };
}

describe('/payment-success', () => {
  beforeEach(() => {
    vi.mocked(track).mockClear();
    vi.mocked(recordPurchase).mockClear();
    sessionStorage.clear();
  });

  it('confirms the session, refreshes the user and shows the benefits, Start Learning and support', async () => {
    // LAUNCH30: 30% off the first quarter, as the provider charged it.
    const { api } = renderPage([() => jsonResponse(200, { ...complete, premium: true, amountCharged: 21 })]);
    expect(
      await screen.findByRole('heading', { name: 'Payment Successful' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const benefits = screen.getByRole('list');
    for (const text of [
      'All AI literacy courses',
      'Advanced implementation strategies',
      'Ethics and bias training',
      'Completion certificates',
    ])
      expect(within(benefits).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'support@brightpathlearning.org' })).toHaveAttribute(
      'href',
      'mailto:support@brightpathlearning.org',
    );
    expect(await screen.findByTestId('toast')).toHaveTextContent('Payment Successful!');
    // The user is fetched again (the role is premium now).
    await waitFor(() => expect(api.calls('GET /api/auth/me')).toHaveLength(2));
    expect(track).toHaveBeenCalledWith('payment_success', {
      planType: 'quarterly',
      value: 21,
      currency: 'USD',
      sessionId: 'cs_test_1',
    });
    // The purchase conversion: the amount charged.
    await waitFor(() => expect(recordPurchase).toHaveBeenCalledWith('quarterly', 21));
    expect(recordPurchase).toHaveBeenCalledTimes(1);
  });

  it("shows 'Confirming your payment...' and waits for a late webhook", async () => {
    const { api } = renderPage([
      () => jsonResponse(200, { ...complete, premium: false }),
      () => jsonResponse(200, { ...complete, premium: false }),
      () => jsonResponse(200, { ...complete, planType: 'annual', premium: true }),
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Confirming your payment...' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Payment Successful' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.calls(sessionPath).length).toBeGreaterThanOrEqual(3);
    await waitFor(() =>
      expect(track).toHaveBeenCalledWith(
        'payment_success',
        expect.objectContaining({ planType: 'annual', value: 99 }),
      ),
    );
  });

  it('says clearly that the payment is still pending when no confirmation comes, and can check again', async () => {
    const { user, api } = renderPage([() => jsonResponse(200, { ...complete, premium: false })]);
    expect(
      await screen.findByRole('heading', { name: 'Your payment is still pending' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Successful' })).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
    const before = api.calls(sessionPath).length;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Confirming your payment...' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls(sessionPath).length).toBeGreaterThan(before));
    expect(track).not.toHaveBeenCalled();
  });

  it('names the active provider: the demo checkout is not Stripe (issue 16)', async () => {
    renderPage([() => jsonResponse(200, { ...complete, provider: 'demo', premium: false })]);
    expect(
      await screen.findByRole('heading', { name: 'Your payment is still pending' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/The demo checkout has not confirmed your payment yet/)).toBeInTheDocument();
    expect(screen.queryByText(/Stripe/)).toBeNull();
  });

  it('says the checkout was not completed for an expired session', async () => {
    renderPage([
      () =>
        jsonResponse(200, {
          ...complete,
          status: 'expired',
          paymentStatus: 'unpaid',
          planType: 'annual',
          premium: false,
        }),
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Payment not completed' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it("shows the server's message when the session cannot be confirmed", async () => {
    renderPage([() => jsonResponse(404, { error: 'Checkout session not found.' })]);
    expect(
      await screen.findByRole('heading', { name: 'We could not confirm your payment' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Checkout session not found\./)).toBeInTheDocument();
  });

  it('asks nothing of the api without a session id', async () => {
    const { api } = renderPage([], '/payment-success');
    expect(
      await screen.findByRole('heading', { name: 'No payment to confirm' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.calls(sessionPath)).toHaveLength(0);
  });
});
