import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { brand } from '@pd/domain';

const leaveText =
  'You are about to leave the Learning Platform and go to the company website. Any unsaved progress will remain saved.';

/** 'Leave Learning Platform?' before the company website opens (site-footer.tsx). */
export function LeaveSiteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="leave-dialog-title"
      aria-describedby="leave-dialog-text"
    >
      <DialogTitle id="leave-dialog-title">Leave Learning Platform?</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-dialog-text">{leaveText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Stay Here
        </Button>
        <Button
          variant="contained"
          component="a"
          href={brand.companyUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClose}
        >
          Go to Website
        </Button>
      </DialogActions>
    </Dialog>
  );
}
