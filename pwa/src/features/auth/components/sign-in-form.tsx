import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authMessages, errorCodes, paths } from '@pd/domain';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toast-provider';
import { ApiError, errorMessage, rateLimitNotice } from '../../../lib/api-client';
import { useDirtyForm } from '../../../lib/dirty-forms';
import { validate, type FieldErrors } from '../../../lib/validate';
import { LoginRequest, useLogin } from '../api/login';
import { useResendVerification } from '../api/resend-verification';
import { SsoButtons } from './sso-buttons';

interface SignInFormProps {
  onSuccess?: () => void;
  onSwitchToSignUp?: () => void;
  /** Called when the visitor follows the forgot-password link (e.g. to close a dialog). */
  onNavigate?: () => void;
  /** The page the teacher asked for: a new verification link leads back to it (issue 16). */
  next?: string;
  /** Runs as the teacher leaves for Google, Microsoft or the district's sign-in. */
  onSsoStart?: () => void;
}

// The second step of a two-step sign-in (decision 077): loaded only when a sign-in needs it.
const MfaSignInStep = lazy(() => import('./mfa-sign-in-step'));

function isEmailNotVerified(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === errorCodes.emailNotVerified || error.serverMessage === authMessages.emailNotVerified)
  );
}

/** Sign-in form (spec sections 2, 5 and 8). */
export function SignInForm({ onSuccess, onSwitchToSignUp, onNavigate, next, onSsoStart }: SignInFormProps) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<{ step: 'verify' | 'enrol'; email: string } | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const toast = useToast();
  const loginMutation = useLogin();
  const resend = useResendVerification();
  useDirtyForm(values.email !== '' || values.password !== '');

  const change = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validate(LoginRequest, next).errors);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(LoginRequest, values);
    setErrors(result.errors);
    if (!result.ok) return;
    setUnverifiedEmail(null);
    setRestartNotice(null);
    loginMutation.mutate(result.data, {
      onSuccess: (answer) => {
        setValues({ email: '', password: '' });
        if ('mfa' in answer) {
          setSecondStep({ step: answer.mfa, email: result.data.email });
          return;
        }
        toast({ variant: 'success', title: authMessages.welcomeBack });
        onSuccess?.();
      },
      onError: (error) => {
        if (isEmailNotVerified(error)) {
          setUnverifiedEmail(result.data.email);
          toast({
            variant: 'error',
            title: authMessages.emailNotVerifiedTitle,
            description: authMessages.emailNotVerifiedText,
          });
          return;
        }
        toast({
          variant: 'error',
          ...(rateLimitNotice(error) ?? {
            title: authMessages.signInFailed,
            description: errorMessage(error) ?? authMessages.checkCredentials,
          }),
        });
      },
    });
  };

  const onResend = () => {
    if (!unverifiedEmail) return;
    resend.mutate(
      { email: unverifiedEmail, ...(next ? { next } : {}) },
      {
        onSuccess: () => toast({ variant: 'success', title: authMessages.verificationSent }),
        onError: (error) =>
          toast({ variant: 'error', ...(rateLimitNotice(error) ?? { title: authMessages.resendFailed }) }),
      },
    );
  };

  if (secondStep) {
    return (
      <Suspense fallback={<Typography role="status">Loading...</Typography>}>
        <MfaSignInStep
          step={secondStep.step}
          email={secondStep.email}
          onSignedIn={() => onSuccess?.()}
          onRestart={(message) => {
            setSecondStep(null);
            if (message) setRestartNotice(message);
          }}
        />
      </Suspense>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in">
      <Stack spacing={2.5}>
        {/* Google, Microsoft or the district's sign-in (issue 27): only those the server offers. */}
        {<SsoButtons next={next} onStart={onSsoStart} />}
        {restartNotice && <Alert severity="info">{restartNotice}</Alert>}
        {unverifiedEmail && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={onResend} disabled={resend.isPending}>
                Resend verification email
              </Button>
            }
          >
            {authMessages.emailNotVerifiedText}
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
          error={Boolean(errors.email)}
          helperText={errors.email}
          required
          fullWidth
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={Boolean(errors.password)}
          helperText={errors.password}
          required
          fullWidth
        />
        <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
          <Link component={RouterLink} to={paths.forgotPassword()} onClick={onNavigate} variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={loginMutation.isPending} fullWidth>
          {loginMutation.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
        {onSwitchToSignUp && (
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Don&apos;t have an account?{' '}
            <Link component="button" type="button" onClick={onSwitchToSignUp} variant="body2">
              Create an account
            </Link>
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
