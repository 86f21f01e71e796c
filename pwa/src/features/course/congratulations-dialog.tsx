import CelebrationIcon from '@mui/icons-material/Celebration';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState, type ReactNode } from 'react';
import { celebrate } from '../../components/confetti';

export function celebratedKey(userId: string, courseSlug: string): string {
  return `course-celebrated:${userId}:${courseSlug}`;
}

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(key: string, value: boolean): void {
  try {
    if (value) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // Private mode or a full quota: the dialog may show again, nothing worse.
  }
}

export function forgetCelebration(userId: string, courseSlug: string): void {
  writeFlag(celebratedKey(userId, courseSlug), false);
}

/**
 * Opens once per course and teacher (remembered in localStorage) when the course reaches 100%,
 * with confetti unless the teacher prefers reduced motion.
 */
export function CongratulationsDialog({
  userId,
  courseSlug,
  courseTitle,
  isComplete,
  actions,
}: {
  userId: string;
  courseSlug: string;
  courseTitle: string;
  isComplete: boolean;
  /** Extra actions, e.g. the certificate button. */
  actions?: ReactNode;
}) {
  const key = celebratedKey(userId, courseSlug);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!isComplete || readFlag(key)) return;
    writeFlag(key, true);
    setOpen(true);
  }, [isComplete, key]);

  useEffect(() => (open ? celebrate() : undefined), [open]);

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      aria-labelledby="congrats-title"
      maxWidth="xs"
      fullWidth
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>
        <CelebrationIcon sx={{ fontSize: 56, color: 'secondary.main' }} aria-hidden="true" />
      </Box>
      <DialogTitle id="congrats-title" sx={{ textAlign: 'center' }}>
        Congratulations!
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ textAlign: 'center' }}>
          You have completed every module of "{courseTitle}". Well done! You can now get your certificate of
          completion.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', flexWrap: 'wrap', gap: 1, pb: 3 }}>
        {actions}
        <Button onClick={() => setOpen(false)}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
