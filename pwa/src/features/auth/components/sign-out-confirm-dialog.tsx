import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { signOutMessages } from './sign-out-messages';

/** 'Sign out and lose changes?' (loaded when the sign-out finds changes not yet on the server). */
export function SignOutConfirmDialog({
  count,
  open,
  onSignOutAnyway,
  onStay,
}: {
  count: number;
  open: boolean;
  onSignOutAnyway: () => void;
  onStay: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{signOutMessages.unsyncedTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{signOutMessages.unsynced(count)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onSignOutAnyway} color="error">
          {signOutMessages.signOutAnyway}
        </Button>
        <Button onClick={onStay} variant="contained" autoFocus>
          {signOutMessages.staySignedIn}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
