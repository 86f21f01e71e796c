import type { Role } from '@pd/domain';
import { vi } from 'vitest';
import { AuthDialogContext } from '../../components/auth-dialog-context';
import { usePremiumActions } from '../../components/premium-actions-context';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { PremiumActionsProvider } from './premium-actions-provider';

/** Two buttons that call the premium actions, as the header and the account menu do. */
function Triggers() {
  const { onUpgrade, onManageSubscription } = usePremiumActions();
  return (
    <>
      <button onClick={onUpgrade}>Upgrade to Premium</button>
      <button onClick={onManageSubscription}>Manage Subscription</button>
    </>
  );
}

/** Stubs `window.location.assign` (the browser leaving for Stripe) and returns the spy. */
export function stubLocationAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

/** The provider with trigger buttons, the api stubbed at the transport boundary. */
export function renderPremiumActions({
  role = 'free',
  handlers = {},
  route = '/prompts',
}: {
  role?: Role | null;
  handlers?: Parameters<typeof stubApi>[0];
  route?: string;
} = {}) {
  const api = stubApi({
    ...(role ? { 'GET /api/auth/me': () => jsonResponse(200, buildUser({ role })) } : {}),
    ...handlers,
  });
  const openAuthDialog = vi.fn();
  const utils = renderWithProviders(
    <AuthDialogContext.Provider value={openAuthDialog}>
      <PremiumActionsProvider>
        <Triggers />
      </PremiumActionsProvider>
    </AuthDialogContext.Provider>,
    { route },
  );
  return { ...utils, api, openAuthDialog };
}
