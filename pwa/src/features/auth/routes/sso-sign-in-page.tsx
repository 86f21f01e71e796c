import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authMessages, isSsoErrorReason, paths, returnPath, ssoErrorReasons, ssoMessages } from '@pd/domain';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { NarrowPage } from '../../../components/narrow-page';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toast-provider';
import { errorMessage, rateLimitNotice } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSsoLink, useSsoPendingLink } from '../api/sso';

const MfaSignInStep = lazy(() => import('../components/mfa-sign-in-step'));

/**
 * /sign-in/sso: where Google, Microsoft or district sign-in lands when it needs one more step (issue
 * 27 part 3): `step=link`, the password of the account that already has this address (decision
 * 101); `step=verify` or `enrol`, the two-step sign-in's code or setup (an admin, decision 077);
 * `error=<reason>`, a sign-in that did not finish, with its sentence and the way back (decision 119).
 */
export function SsoSignInPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const next = returnPath(search.get('next')) ?? paths.home();
  const fromQuery = search.get('step');
  const [step, setStep] = useState<'link' | 'verify' | 'enrol'>(
    fromQuery === 'verify' || fromQuery === 'enrol' ? fromQuery : 'link',
  );
  const failed = search.get('error');
  const pending = useSsoPendingLink(step === 'link' && failed === null);
  const link = useSsoLink();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  usePageTitle(
    failed !== null ? 'Sign-in did not finish' : step === 'link' ? 'Link your account' : 'Two-step sign-in',
  );

  const finish = () => navigate(next, { replace: true });

  // A sign-in the provider or the api refused (decision 119): why, and the way back to try again.
  if (failed !== null) {
    return (
      <NarrowPage>
        <Typography variant="h4" component="h1" gutterBottom>
          Sign-in did not finish
        </Typography>
        <Stack spacing={2}>
          <Alert severity={failed === 'cancelled' ? 'info' : 'error'}>
            {ssoErrorReasons[isSsoErrorReason(failed) ? failed : 'refused']}
          </Alert>
          <Button component={RouterLink} to={next} variant="contained" size="large">
            {next === paths.home() ? 'Back to Courses' : 'Go back and try again'}
          </Button>
        </Stack>
      </NarrowPage>
    );
  }

  if (step !== 'link') {
    return (
      <NarrowPage>
        <Typography variant="h4" component="h1" gutterBottom>
          Two-step sign-in
        </Typography>
        <Suspense fallback={<Typography role="status">Loading...</Typography>}>
          <MfaSignInStep
            step={step}
            email=""
            onSignedIn={() => {
              toast({ variant: 'success', title: authMessages.welcomeBack });
              finish();
            }}
            onRestart={(message) => {
              if (message) toast({ variant: 'error', title: message });
              navigate(paths.home(), { replace: true });
            }}
          />
        </Suspense>
      </NarrowPage>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setProblem('Enter the password of this account.');
      return;
    }
    setProblem(null);
    link.mutate(
      { password },
      {
        onSuccess: (answer) => {
          setPassword('');
          if ('mfa' in answer) {
            setStep(answer.mfa);
            return;
          }
          toast({ variant: 'success', title: ssoMessages.linked });
          finish();
        },
        onError: (error) => {
          const notice = rateLimitNotice(error);
          if (notice) toast({ variant: 'error', ...notice });
          else setProblem(errorMessage(error) ?? ssoMessages.noPendingLink);
        },
      },
    );
  };

  return (
    <NarrowPage>
      <Typography variant="h4" component="h1" gutterBottom>
        Link your account
      </Typography>
      {pending.isError ? (
        <Stack spacing={2}>
          <Alert severity="info">{ssoMessages.noPendingLink}</Alert>
          <Button component={RouterLink} to={paths.home()} size="large">
            Back to Courses
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Link your account">
          <Stack spacing={2.5}>
            <Typography>
              {pending.data ? (
                <>
                  <strong style={{ overflowWrap: 'anywhere' }}>{pending.data.email}</strong> already has an
                  account here. Enter its password once to sign in with {pending.data.providerName} from now
                  on.
                </>
              ) : (
                'This address already has an account here. Enter its password once to link it.'
              )}
            </Typography>
            {problem && <Alert severity="error">{problem}</Alert>}
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) => setPassword(event.target.value)}
              required
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={link.isPending} fullWidth>
              {link.isPending ? 'Linking...' : 'Link and sign in'}
            </Button>
            <Typography variant="body2">
              No password, or forgot it?{' '}
              <Link component={RouterLink} to={paths.forgotPassword()}>
                Set a new one
              </Link>
              , then start again.
            </Typography>
          </Stack>
        </Box>
      )}
    </NarrowPage>
  );
}
