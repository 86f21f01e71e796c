import { membershipNotice, premiumSourceMessages } from '@pd/domain';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useOpenAuthDialog } from '../../components/auth-dialog-context';
import { PremiumActionsContext, type PremiumActions } from '../../components/premium-actions-context';
import { useToast } from '../../components/toast-provider';
import { useMe } from '../../offline/get-me';
import { recordEvent } from '../../offline/record-event';

// Loaded when first needed: the modal (plans, checkout), the portal call (its zod schema) and the
// texts of its failures.
const UpgradeModal = lazy(() => import('./upgrade-modal').then((m) => ({ default: m.UpgradeModal })));
const createPortalSession = () => import('./api/open-customer-portal').then((m) => m.createPortalSession());
const describePortalFailure = (error: unknown) =>
  import('./premium-errors').then((m) => m.describePortalFailure(error));

/**
 * The real 'Upgrade to Premium' and 'Manage Subscription': the upgrade modal (signed-out visitors
 * are asked to sign in first) and the customer portal with the failure toasts of spec section 8.
 * Sits inside the app shell (it needs the auth dialog, toasts and the router).
 */
export function PremiumActionsProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const openAuthDialog = useOpenAuthDialog();
  const toast = useToast();
  const [modalOpen, setModalOpen] = useState(false);
  // The modal stays mounted after its first opening (for its closing transition).
  const [modalOpened, setModalOpened] = useState(false);
  const portalBusy = useRef(false);
  const signedIn = Boolean(me.data);

  const onUpgrade = useCallback(() => {
    if (!signedIn) {
      toast({
        variant: 'info',
        title: 'Sign in to upgrade',
        description: 'Sign in or create a free account first, then choose your Premium plan.',
      });
      openAuthDialog('signIn');
      return;
    }
    void recordEvent('upgrade_modal_opened', {});
    setModalOpened(true);
    setModalOpen(true);
  }, [signedIn, openAuthDialog, toast]);

  const onManageSubscription = useCallback(() => {
    if (portalBusy.current) return;
    portalBusy.current = true;
    toast({ variant: 'info', title: 'Opening the customer portal...' });
    createPortalSession().then(
      (url) => window.location.assign(url),
      async (error: unknown) => {
        portalBusy.current = false;
        const failure = await describePortalFailure(error);
        // Issue 18: premium that comes from a school's licence or an admin role has no subscription
        // to manage; say where it comes from instead of 'No Active Subscription'.
        const user = me.data;
        if (failure.title === 'No Active Subscription' && user) {
          // Issue 28: the api decides whether the seat gives premium now (`live`: the group active and
          // within its term); a copy kept from before issue 28 has no `live` and reads the status.
          const licence = user.licence;
          const seatLive = licence ? (licence.live ?? licence.groupStatus === 'active') : false;
          if (licence && seatLive) {
            toast({
              variant: 'info',
              title: 'Premium Access',
              description: premiumSourceMessages.subscriptionFromLicence(licence.groupName),
            });
            return;
          }
          const notice = membershipNotice(licence);
          if (notice) {
            toast({ variant: 'error', title: failure.title, description: notice });
            return;
          }
          if (user.role === 'license_admin' || user.role === 'superadmin') {
            toast({
              variant: 'info',
              title: 'Premium Access',
              description: premiumSourceMessages.subscriptionFromRole,
            });
            return;
          }
        }
        toast({ variant: 'error', ...failure });
      },
    );
  }, [toast, me.data]);

  const value = useMemo<PremiumActions>(
    () => ({ onUpgrade, onManageSubscription }),
    [onUpgrade, onManageSubscription],
  );

  return (
    <PremiumActionsContext.Provider value={value}>
      {children}
      {modalOpened && (
        <Suspense fallback={null}>
          <UpgradeModal open={modalOpen} onClose={() => setModalOpen(false)} />
        </Suspense>
      )}
    </PremiumActionsContext.Provider>
  );
}
