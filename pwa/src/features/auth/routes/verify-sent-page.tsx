import LinkOffIcon from '@mui/icons-material/LinkOff';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authMessages, paths, returnPath } from '@pd/domain';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useOpenAuthDialog } from '../../../components/auth-dialog-context';
import { NarrowPage } from '../../../components/narrow-page';
import { useToast } from '../../../components/toast-provider';
import { rateLimitNotice } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { validate } from '../../../lib/validate';
import { ResendVerificationRequest, useResendVerification } from '../api/resend-verification';

/** The texts of a verification link the api refused (used, expired or mistyped). */
export const invalidLinkTexts = {
  title: 'This verification link has expired or was already used',
  text: 'Each link works once and only for a limited time. If you have already verified your account, sign in. Otherwise, ask for a new link below.',
} as const;

/** Resends the verification link, with the spec's texts and the api's wait on a 429. */
function useResend(next: string | undefined) {
  const toast = useToast();
  const resend = useResendVerification();
  const send = (email: string) => {
    const result = validate(ResendVerificationRequest, { email, next });
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
      onError: (error) =>
        toast({ variant: 'error', ...(rateLimitNotice(error) ?? { title: authMessages.resendFailed }) }),
    });
  };
  return { send, isPending: resend.isPending };
}

/**
 * /verify-sent?email=: the verification link was sent; resend it or go back to the courses. With
 * `error=invalid` (the api's redirect for a used or expired link) it says so and offers sign-in or a
 * new link.
 */
export function VerifySentPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const invalidLink = params.get('error') === 'invalid';
  // The page the teacher asked for before signing up: a new link leads back to it too.
  const next = returnPath(params.get('next'));
  usePageTitle(invalidLink ? 'Verification link expired' : 'Verify your email');
  return invalidLink ? <InvalidLink email={email} next={next} /> : <LinkSent email={email} next={next} />;
}

function LinkSent({ email, next }: { email: string; next: string | undefined }) {
  const resend = useResend(next);
  return (
    <NarrowPage>
      <Box sx={{ textAlign: 'center' }}>
        <MarkEmailReadIcon color="primary" sx={{ fontSize: 56, mb: 1 }} aria-hidden="true" />
        <Typography variant="h4" component="h1" gutterBottom>
          Verify your email
        </Typography>
        {email ? (
          <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>
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
          <Button
            variant="contained"
            size="large"
            onClick={() => resend.send(email)}
            disabled={resend.isPending}
          >
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

function InvalidLink({ email: initialEmail, next }: { email: string; next: string | undefined }) {
  const resend = useResend(next);
  const openAuthDialog = useOpenAuthDialog();
  const [email, setEmail] = useState(initialEmail);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    resend.send(email.trim());
  };
  return (
    <NarrowPage>
      <Box sx={{ textAlign: 'center' }}>
        <LinkOffIcon color="warning" sx={{ fontSize: 56, mb: 1 }} aria-hidden="true" />
        <Typography variant="h4" component="h1" gutterBottom>
          {invalidLinkTexts.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {invalidLinkTexts.text}
        </Typography>
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={() => openAuthDialog('signIn')}
          aria-haspopup="dialog"
        >
          Sign In
        </Button>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label="Request a new verification link"
          sx={{ mt: 3 }}
        >
          <Stack spacing={1.5}>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              fullWidth
            />
            <Button type="submit" variant="outlined" size="large" disabled={resend.isPending}>
              {resend.isPending ? 'Sending...' : 'Send a new verification link'}
            </Button>
            <Button component={RouterLink} to={paths.home()} size="large">
              Back to Courses
            </Button>
          </Stack>
        </Box>
      </Box>
    </NarrowPage>
  );
}
