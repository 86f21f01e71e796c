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
import { inviteMessages, licenceErrorCodes, licenceMessages, paths } from '@pd/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NarrowPage } from '../../../components/narrow-page';
import { useToast } from '../../../components/toast-provider';
import { ApiError, errorMessage, NetworkError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../../offline/get-me';
import { useAcceptInvite } from '../api/accept-invite';
import { inviteKeys, useInvite } from '../api/get-invite';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';

/**
 * Why an invitation cannot be used, in its own words, and the next step (issue 26): used -> sign
 * in; withdrawn, expired, suspended, term over or not begun -> ask the licence admin; not valid -> the whole link or a new
 * invitation. A network failure says so (the link may be fine).
 */
function inviteProblem(error: unknown): { title: string; text: string; signIn?: boolean } {
  if (error instanceof NetworkError || !(error instanceof ApiError)) {
    return { title: inviteMessages.invalidInvitation, text: inviteMessages.validateFailed };
  }
  const text = error.serverMessage ?? licenceMessages.inviteUnknownText;
  switch (error.code) {
    case licenceErrorCodes.inviteUsed:
      return { title: inviteMessages.usedInvitation, text, signIn: true };
    case licenceErrorCodes.inviteRevoked:
      return { title: inviteMessages.revokedInvitation, text };
    case licenceErrorCodes.inviteExpired:
      return { title: inviteMessages.expiredInvitation, text };
    case licenceErrorCodes.groupSuspended:
      return { title: inviteMessages.suspendedGroup, text };
    case licenceErrorCodes.groupTermEnded:
      return { title: inviteMessages.termEndedGroup, text };
    case licenceErrorCodes.groupTermNotStarted:
      return { title: inviteMessages.termNotStartedGroup, text };
    case licenceErrorCodes.invalidInvite:
      return { title: inviteMessages.invalidInvitation, text: licenceMessages.inviteUnknownText };
    default:
      return { title: inviteMessages.invalidInvitation, text };
  }
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
  // Once the sign-up has used the invitation, it is not looked up again (issue 26: a 410 otherwise).
  const [used, setUsed] = useState(false);
  const invite = useInvite(used ? undefined : inviteCode);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'signUp' | 'signIn'>('signUp');

  const validInvite = inviteCode && invite.data ? invite.data : undefined;
  const me = useMe();
  const signedIn = me.data;
  const accepting = Boolean(signedIn && validInvite);
  usePageTitle(accepting ? 'Accept Invitation' : mode === 'signUp' ? 'Create Account' : 'Sign In');
  const signedUp = () => {
    if (inviteCode) {
      setUsed(true);
      queryClient.removeQueries({ queryKey: inviteKeys.all });
    }
    navigate(paths.home());
  };

  return (
    <NarrowPage>
      <Typography variant="h4" component="h1" gutterBottom>
        {accepting ? 'Accept Your Invitation' : mode === 'signUp' ? 'Create Your Account' : 'Sign In'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {accepting && validInvite
          ? `${validInvite.license_group_name} invited you to Premium Access. Accept the invitation to use it with your account.`
          : mode === 'signUp'
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
          {invite.isError &&
            (() => {
              const problem = inviteProblem(invite.error);
              return (
                <Alert
                  severity="error"
                  icon={<ErrorOutlineIcon />}
                  action={
                    problem.signIn && !signedIn && mode === 'signUp' ? (
                      <Button color="inherit" size="small" onClick={() => setMode('signIn')}>
                        Sign In
                      </Button>
                    ) : undefined
                  }
                >
                  <AlertTitle>{problem.title}</AlertTitle>
                  {problem.text}
                  {!problem.signIn && !signedIn && mode === 'signUp' && (
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      {inviteMessages.freeAccountInstead}
                    </Typography>
                  )}
                </Alert>
              );
            })()}
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
            onSuccess={signedUp}
            onSwitchToSignIn={() => setMode('signIn')}
          />
        )
      ) : (
        <SignInForm onSuccess={() => navigate(paths.home())} onSwitchToSignUp={() => setMode('signUp')} />
      )}
    </NarrowPage>
  );
}
