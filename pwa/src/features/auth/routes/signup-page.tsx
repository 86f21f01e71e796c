import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { inviteMessages, licenceMessages, paths } from '@pd/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NarrowPage } from '../../../components/narrow-page';
import { useToast } from '../../../components/toast-provider';
import { ApiError, errorMessage, NetworkError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../../offline/get-me';
import { useAcceptInvite } from '../api/accept-invite';
import { useInvite } from '../api/get-invite';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';

function inviteErrorText(error: unknown): string {
  if (error instanceof NetworkError) return inviteMessages.validateFailed;
  if (error instanceof ApiError) return error.serverMessage ?? inviteMessages.invalidInviteCode;
  return inviteMessages.validateFailed;
}

/**
 * Signed in while opening an invitation (issue 18): the invited account accepts it with one button;
 * another account is told which address the invitation is for.
 */
function AcceptInvitation({ code, email, signedInAs }: { code: string; email: string; signedInAs: string }) {
  const accept = useAcceptInvite();
  const toast = useToast();
  const navigate = useNavigate();
  if (signedInAs !== email) {
    return <Alert severity="warning">{licenceMessages.inviteForOtherEmail(email)}</Alert>;
  }
  return (
    <Button
      variant="contained"
      fullWidth
      disabled={accept.isPending}
      onClick={() =>
        accept.mutate(code, {
          onSuccess: ({ licence }) => {
            toast({
              variant: 'success',
              title: 'Invitation Accepted',
              description: `You now have Premium Access through ${licence.groupName}.`,
            });
            navigate(paths.home());
          },
          onError: (error) =>
            toast({
              variant: 'error',
              title: inviteMessages.invalidInvitation,
              description: errorMessage(error) ?? inviteMessages.invalidInvitationText,
            }),
        })
      }
    >
      {accept.isPending ? 'Accepting...' : 'Accept Invitation'}
    </Button>
  );
}

/** /signup, with an optional ?invite= code: the invitation card, then the sign-up form. */
export function SignupPage() {
  const [params] = useSearchParams();
  const inviteCode = params.get('invite')?.trim() || undefined;
  const invite = useInvite(inviteCode);
  const navigate = useNavigate();
  const [mode, setMode] = useState<'signUp' | 'signIn'>('signUp');
  usePageTitle(mode === 'signUp' ? 'Create Account' : 'Sign In');

  const validInvite = inviteCode && invite.data ? invite.data : undefined;
  const me = useMe();
  const signedIn = me.data;

  return (
    <NarrowPage>
      <Typography variant="h4" component="h1" gutterBottom>
        {mode === 'signUp' ? 'Create Your Account' : 'Sign In'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {mode === 'signUp'
          ? 'Join thousands of educators learning to use AI in their classrooms.'
          : 'Welcome back. Sign in to continue your courses.'}
      </Typography>

      {inviteCode && (
        <Box sx={{ mb: 3 }} aria-live="polite">
          {invite.isPending && (
            <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} aria-hidden="true" />
              <Typography>Checking your invitation...</Typography>
            </Stack>
          )}
          {invite.isError && (
            <Alert severity="error" icon={<ErrorOutlineIcon />}>
              <AlertTitle>{inviteMessages.invalidInvitation}</AlertTitle>
              {inviteMessages.invalidInvitationText}
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {inviteErrorText(invite.error)}
              </Typography>
            </Alert>
          )}
          {validInvite && (
            <Alert severity="success" icon={<CheckCircleIcon />}>
              <AlertTitle>
                {inviteMessages.validInvitation}{' '}
                <Chip
                  label={inviteMessages.premiumAccess}
                  size="small"
                  color="success"
                  sx={{ ml: 1, fontWeight: 600 }}
                />
              </AlertTitle>
              <Typography variant="body2">
                <strong>Email:</strong> {validInvite.email}
              </Typography>
              <Typography variant="body2">
                <strong>Organization:</strong> {validInvite.license_group_name}
              </Typography>
            </Alert>
          )}
        </Box>
      )}

      {signedIn && validInvite && inviteCode ? (
        <AcceptInvitation code={inviteCode} email={validInvite.email} signedInAs={signedIn.email} />
      ) : mode === 'signUp' ? (
        (!inviteCode || !invite.isPending) && (
          <SignUpForm
            key={validInvite?.email ?? 'no-invite'}
            inviteCode={validInvite ? inviteCode : undefined}
            lockedEmail={validInvite?.email}
            onSuccess={() => navigate(paths.home())}
            onSwitchToSignIn={() => setMode('signIn')}
          />
        )
      ) : (
        <SignInForm onSuccess={() => navigate(paths.home())} onSwitchToSignUp={() => setMode('signUp')} />
      )}
    </NarrowPage>
  );
}
