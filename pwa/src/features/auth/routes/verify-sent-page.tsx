import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authMessages, paths } from '@pd/domain';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { NarrowPage } from '../../../components/narrow-page';
import { useToast } from '../../../components/toast-provider';
import { usePageTitle } from '../../../lib/use-page-title';
import { validate } from '../../../lib/validate';
import { ResendVerificationRequest, useResendVerification } from '../api/resend-verification';

/** /verify-sent?email=: the verification link was sent; resend it or go back to the courses. */
export function VerifySentPage() {
  usePageTitle('Verify your email');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const toast = useToast();
  const resend = useResendVerification();

  const onResend = () => {
    const result = validate(ResendVerificationRequest, { email });
    if (!result.ok) {
      toast({ variant: 'error', title: result.errors.email ?? authMessages.emailNotProvided });
      return;
    }
    resend.mutate(result.data, {
      onSuccess: () =>
        toast({
          variant: 'success',
          title: authMessages.verificationSent,
          description: `We sent a new link to ${result.data.email}.`,
        }),
      onError: () => toast({ variant: 'error', title: authMessages.resendFailed }),
    });
  };

  return (
    <NarrowPage>
      <Box sx={{ textAlign: 'center' }}>
        <MarkEmailReadIcon color="primary" sx={{ fontSize: 56, mb: 1 }} aria-hidden="true" />
        <Typography variant="h4" component="h1" gutterBottom>
          Verify your email
        </Typography>
        {email ? (
          <Typography sx={{ mb: 1 }}>
            We sent a verification link to <strong>{email}</strong>.
          </Typography>
        ) : (
          <Typography sx={{ mb: 1 }}>We sent a verification link to your email address.</Typography>
        )}
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Click the link in that email to activate your account. It can take a minute to arrive; check your
          spam folder too.
        </Typography>
        <Stack spacing={1.5}>
          <Button variant="contained" size="large" onClick={onResend} disabled={resend.isPending}>
            {resend.isPending ? 'Sending...' : 'Resend verification email'}
          </Button>
          <Button component={RouterLink} to={paths.home()} size="large">
            Back to Courses
          </Button>
        </Stack>
      </Box>
    </NarrowPage>
  );
}
