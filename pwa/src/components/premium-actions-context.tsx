import { createContext, useContext } from 'react';

/**
 * What 'Upgrade to Premium' and 'Manage Subscription' do. The premium issue provides the real
 * handlers (upgrade modal, customer portal); until then they do nothing.
 */
export interface PremiumActions {
  onUpgrade: () => void;
  onManageSubscription: () => void;
}

const noop = () => {};

export const PremiumActionsContext = createContext<PremiumActions>({
  onUpgrade: noop,
  onManageSubscription: noop,
});

export function usePremiumActions(): PremiumActions {
  return useContext(PremiumActionsContext);
}
