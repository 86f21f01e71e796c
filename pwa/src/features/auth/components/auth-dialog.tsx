import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useNavigate } from 'react-router-dom';
import type { AuthDialogMode } from '../../../components/auth-dialog-context';
import { useReturnPath } from '../../../lib/return-path';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

interface AuthDialogProps {
  open: boolean;
  mode: AuthDialogMode;
  onModeChange: (mode: AuthDialogMode) => void;
  onClose: () => void;
}

/**
 * The dialog that toggles between Sign In and Create Account (spec section 2). Once signed in it
 * goes to the page the visitor asked for (`useReturnPath`), if any; a sign-up sends that page along,
 * so the verification link leads back to it (issue 16).
 */
export function AuthDialog({ open, mode, onModeChange, onClose }: AuthDialogProps) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const returnTo = useReturnPath();
  const navigate = useNavigate();
  const onSignedIn = () => {
    onClose();
    // The page decides what the teacher may see there (a premium wall, a locked module).
    if (returnTo) navigate(returnTo, { replace: true });
  };
  const title = mode === 'signIn' ? 'Sign In' : 'Create Account';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="xs"
      aria-labelledby="auth-dialog-title"
    >
      <DialogTitle id="auth-dialog-title" sx={{ pr: 6 }}>
        {title}
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          sx={{ display: 'block', mt: 0.5 }}
        >
          {mode === 'signIn'
            ? 'Welcome back. Sign in to continue your courses.'
            : 'Create a free account to start learning.'}
        </Typography>
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: '8px !important' }}>
        {mode === 'signIn' ? (
          <SignInForm
            next={returnTo}
            onSuccess={onSignedIn}
            onSwitchToSignUp={() => onModeChange('signUp')}
            onNavigate={onClose}
          />
        ) : (
          <SignUpForm
            next={returnTo}
            onSuccess={onSignedIn}
            onSwitchToSignIn={() => onModeChange('signIn')}
            onNavigate={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
