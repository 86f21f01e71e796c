import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { accountNotices, paths } from '@pd/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useOpenAuthDialog } from '../../../components/auth-dialog-context';
import { useToast } from '../../../components/toast-provider';
import { useMe } from '../../../offline/get-me';
import { logoutOnServer } from '../api/logout';
import { signOutMessages } from './sign-out-messages';

// Loaded when needed: the menu when first opened, the confirmation when asked, the sign-out's
// device wipe (sync engine, IndexedDB) when it starts.
// The avatar button (with its tooltip) is loaded as soon as the header draws, in parallel with
// GET /api/auth/me; the skeleton stays until both are there, so the button is drawn once.
const loadAccountButton = () => import('./account-button');
const AccountButton = lazy(() => loadAccountButton().then((m) => ({ default: m.AccountButton })));
const SignOutConfirmDialog = lazy(() =>
  import('./sign-out-confirm-dialog').then((m) => ({ default: m.SignOutConfirmDialog })),
);
const loadSignOut = () => import('../../../offline/sign-out');

/**
 * Sign-out on a shared device: send what is left; if changes remain, say exactly how many will be
 * lost and ask; then wipe the teacher's data from the device and tell the server.
 */
function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<{ userId: string; count: number } | null>(null);

  const finish = async (userId: string) => {
    setConfirm(null);
    setBusy(true);
    try {
      await (await loadSignOut()).wipeUserData(userId, queryClient);
      const outcome = await logoutOnServer();
      if (outcome === 'failed') {
        toast({
          variant: 'error',
          title: accountNotices.signOutError,
          description: accountNotices.signOutErrorText,
        });
      } else {
        toast({
          variant: 'success',
          title: 'Signed out',
          description:
            outcome === 'offline'
              ? signOutMessages.signedOutOffline
              : 'You have been signed out. See you soon!',
        });
      }
      navigate(paths.home());
    } finally {
      setBusy(false);
    }
  };

  const start = async (userId: string) => {
    setBusy(true);
    const remaining = await (await loadSignOut()).drainBeforeSignOut(userId);
    setBusy(false);
    if (remaining > 0) setConfirm({ userId, count: remaining });
    else await finish(userId);
  };

  return {
    busy,
    confirm,
    start: (userId: string) => void start(userId),
    signOutAnyway: () => confirm && void finish(confirm.userId),
    stay: () => setConfirm(null),
  };
}

/** The header's account control: 'Sign In' when anonymous, the avatar menu when signed in. */
export function AccountControl() {
  const me = useMe();
  const openAuthDialog = useOpenAuthDialog();
  const signOut = useSignOut();
  // The confirmation stays mounted after its first opening (for its closing transition).
  const [confirmCount, setConfirmCount] = useState<number | null>(null);
  if (signOut.confirm && signOut.confirm.count !== confirmCount) setConfirmCount(signOut.confirm.count);

  // The account button's size (a 36 px avatar in 4 px of padding): the header keeps its height.
  // The account button's place while 'me' is on its way (a plain circle: the first load carries no
  // skeleton component for it).
  const skeleton = (
    <Box aria-hidden="true" sx={{ width: 44, height: 44, borderRadius: '50%', bgcolor: 'action.hover' }} />
  );
  if (me.isPending || me.data) void loadAccountButton();

  let control;
  if (me.isPending) control = skeleton;
  else if (!me.data) {
    control = (
      <Button
        variant="contained"
        color="primary"
        onClick={() => openAuthDialog('signIn')}
        aria-haspopup="dialog"
      >
        Sign In
      </Button>
    );
  } else {
    const userId = me.data.id;
    control = (
      <Suspense fallback={skeleton}>
        <AccountButton
          key={userId}
          user={me.data}
          signingOut={signOut.busy}
          onSignOut={() => signOut.start(userId)}
        />
      </Suspense>
    );
  }

  return (
    <>
      {control}
      {confirmCount !== null && (
        <Suspense fallback={null}>
          <SignOutConfirmDialog
            open={Boolean(signOut.confirm)}
            count={signOut.confirm?.count ?? confirmCount}
            onSignOutAnyway={signOut.signOutAnyway}
            onStay={signOut.stay}
          />
        </Suspense>
      )}
    </>
  );
}
