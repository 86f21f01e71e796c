import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  authMessages,
  isSsoErrorReason,
  type LoginResponse,
  paths,
  returnPath,
  ssoErrorReasons,
  ssoMessages,
} from '@pd/domain';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { NarrowPage } from '../../../components/narrow-page';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toast-provider';
import { ApiError, errorMessage, rateLimitNotice } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSsoLink, useSsoLinkCode, useSsoPendingLink } from '../api/sso';

const linkCodeMessage = 'Enter the 6-digit code from the e-mail.';

const MfaSignInStep = lazy(() => import('../components/mfa-sign-in-step'));

/**
 * The sentence of a refused code or request for one: the api's own (the tries left, "expired, ask
 * for a new code", the wait before a new one); the general limit's with how long to wait.
 */
function codeProblem(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.serverMessage &&
    error.serverMessage !== authMessages.tooManyRequests
  ) {
    return error.serverMessage;
  }
  return errorMessage(error) ?? ssoMessages.noPendingLink;
}

/**
 * /sign-in/sso: where Google, Microsoft or district sign-in lands when it needs one more step (issue
 * 27 part 3): `step=link`, the password of the account that already has this address (decision
 * 101), or a code e-mailed to it (decision 112); `step=verify` or `enrol`, the two-step sign-in's code or setup (an admin, decision 077);
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
  const sendCode = useSsoLinkCode();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // "Send me a code instead": the sentence saying where it went, and the code typed.
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [code, setCode] = useState('');
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

  const linked = (answer: LoginResponse) => {
    setPassword('');
    setCode('');
    if ('mfa' in answer) {
      setStep(answer.mfa);
      return;
    }
    toast({ variant: 'success', title: ssoMessages.linked });
    finish();
  };

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
        onSuccess: linked,
        onError: (error) => {
          const notice = rateLimitNotice(error);
          if (notice) toast({ variant: 'error', ...notice });
          else setProblem(errorMessage(error) ?? ssoMessages.noPendingLink);
        },
      },
    );
  };

  const askForCode = () => {
    setProblem(null);
    sendCode.mutate(undefined, {
      onSuccess: (answer) => {
        setCodeSent(answer.message);
        setCode('');
      },
      onError: (error) => setProblem(codeProblem(error)),
    });
  };

  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setProblem(linkCodeMessage);
      return;
    }
    setProblem(null);
    link.mutate({ code: typed }, { onSuccess: linked, onError: (error) => setProblem(codeProblem(error)) });
  };

  if (codeSent !== null && !pending.isError) {
    return (
      <NarrowPage>
        <Typography variant="h4" component="h1" gutterBottom>
          Link your account
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmitCode} aria-label="Link with a code">
          <Stack spacing={2.5}>
            <Alert severity="info">{codeSent}</Alert>
            {problem && <Alert severity="error">{problem}</Alert>}
            <TextField
              label="Code from the e-mail"
              name="code"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
              required
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={link.isPending} fullWidth>
              {link.isPending ? 'Linking...' : 'Link and sign in'}
            </Button>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <Button onClick={askForCode} disabled={sendCode.isPending}>
                {sendCode.isPending ? 'Sending...' : 'Send a new code'}
              </Button>
              <Button
                onClick={() => {
                  setCodeSent(null);
                  setProblem(null);
                }}
              >
                Use the password instead
              </Button>
            </Stack>
          </Stack>
        </Box>
      </NarrowPage>
    );
  }

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
            <Button onClick={askForCode} disabled={sendCode.isPending} fullWidth>
              {sendCode.isPending ? 'Sending...' : 'Send me a code instead'}
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
