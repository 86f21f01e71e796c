import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authMessages, paths } from '@pd/domain';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useOpenAuthDialog } from '../../../components/auth-dialog-context';
import { NarrowPage } from '../../../components/narrow-page';
import { usePageTitle } from '../../../lib/use-page-title';
import { ResetPasswordForm } from '../components/reset-password-form';

/** /reset-password?token=: the reset form, its success screen, or 'Invalid Reset Link'. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const openAuthDialog = useOpenAuthDialog();
  usePageTitle(!token ? 'Invalid Reset Link' : done ? 'Password reset' : 'Reset your password');

  if (!token) {
    return (
      <NarrowPage>
        <Box sx={{ textAlign: 'center' }}>
          <LinkOffIcon color="error" sx={{ fontSize: 56, mb: 1 }} aria-hidden="true" />
          <Typography variant="h4" component="h1" gutterBottom>
            Invalid Reset Link
          </Typography>
          <Typography sx={{ mb: 3 }}>{authMessages.resetNoToken}</Typography>
          <Button
            component={RouterLink}
            to={paths.forgotPassword()}
            variant="contained"
            size="large"
            fullWidth
          >
            Request New Reset Link
          </Button>
        </Box>
      </NarrowPage>
    );
  }

  if (done) {
    return (
      <NarrowPage>
        <Box sx={{ textAlign: 'center' }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden="true" />
          <Typography variant="h4" component="h1" gutterBottom>
            Password reset successful
          </Typography>
          <Typography sx={{ mb: 3 }}>
            Your password has been changed. You can now sign in with your new password.
          </Typography>
          <Stack spacing={1.5}>
            <Button variant="contained" size="large" onClick={() => openAuthDialog('signIn')}>
              Sign In
            </Button>
            <Button component={RouterLink} to={paths.home()} size="large">
              Back to Courses
            </Button>
          </Stack>
        </Box>
      </NarrowPage>
    );
  }

  return (
    <NarrowPage>
      <Typography variant="h4" component="h1" gutterBottom>
        Reset your password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Choose a new password of at least 8 characters.
      </Typography>
      <ResetPasswordForm token={token} onDone={() => setDone(true)} />
    </NarrowPage>
  );
}
