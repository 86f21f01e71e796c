import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { progressMessages } from '@pd/domain';
import { useState } from 'react';

/** 'Reset Course Progress' and its confirmation (spec sections 2 and 4; failure alert of section 8). */
export function ResetProgressButton({
  courseTitle,
  onReset,
}: {
  courseTitle: string;
  onReset: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await onReset();
      setOpen(false);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<RestartAltIcon />}
        onClick={() => {
          setFailed(false);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        Reset Course Progress
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="reset-title" maxWidth="sm">
        <DialogTitle id="reset-title">Reset Course Progress</DialogTitle>
        <DialogContent>
          <DialogContentText>{progressMessages.resetConfirm(courseTitle)}</DialogContentText>
          {failed && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {progressMessages.resetFailedAlert}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" color="error" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Resetting...' : 'Reset Progress'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
