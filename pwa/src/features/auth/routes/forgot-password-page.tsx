import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@pd/domain';
import { NarrowPage } from '../../../components/narrow-page';
import { usePageTitle } from '../../../lib/use-page-title';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/** /forgot-password: ask for a reset link, then 'Check your email'. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  usePageTitle(sentTo ? 'Check your email' : 'Forgot password');

  if (sentTo) {
    return (
      <NarrowPage>
        <Box sx={{ textAlign: 'center' }}>
          <MarkEmailReadIcon color="primary" sx={{ fontSize: 56, mb: 1 }} aria-hidden="true" />
          <Typography variant="h4" component="h1" gutterBottom>
            Check your email
          </Typography>
          <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset your password.
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            The link expires in 1 hour. Didn&apos;t get it? Check your spam folder or try again.
          </Typography>
          <Stack spacing={1.5}>
            <Button variant="outlined" size="large" onClick={() => setSentTo(null)}>
              Try again
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
        Forgot your password?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Enter the email address of your account and we&apos;ll send you a link to reset your password.
      </Typography>
      <ForgotPasswordForm onSent={setSentTo} />
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.home()}>
          Back to Courses
        </Link>
      </Typography>
    </NarrowPage>
  );
}
