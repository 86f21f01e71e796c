import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authMessages, inviteMessages, paths } from '@pd/domain';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toast-provider';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDirtyForm } from '../../../lib/dirty-forms';
import { validate, type FieldErrors } from '../../../lib/validate';
import { RegisterRequest, useRegister } from '../api/register';
import { SsoButtons } from './sso-buttons';

interface SignUpFormProps {
  /** Invitation code from `/signup?invite=`; sent as `?invite=` and in the body. */
  inviteCode?: string;
  /** E-mail from a valid invitation: pre-filled and locked. */
  lockedEmail?: string;
  /** Runs when the account is active at once (no verification needed). */
  onSuccess?: () => void;
  onSwitchToSignIn?: () => void;
  /** Called before navigating away (e.g. to close a dialog). */
  onNavigate?: () => void;
  /** The page the visitor asked for: the verification link leads back to it. */
  next?: string;
  /** Runs as the visitor leaves for Google, Microsoft or the district's sign-in. */
  onSsoStart?: () => void;
}

/** Sign-up form (spec sections 2, 4, 5 and 8). */
export function SignUpForm({
  inviteCode,
  lockedEmail,
  onSuccess,
  onSwitchToSignIn,
  onNavigate,
  next,
  onSsoStart,
}: SignUpFormProps) {
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [marketingOptIn, setMarketingOptIn] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const termsErrorId = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const email = lockedEmail ?? values.email;
  useDirtyForm(values.name !== '' || values.email !== '' || values.password !== '');

  const input = () => ({
    name: values.name,
    email,
    password: values.password,
    acceptTerms,
    marketingOptIn,
    ...(inviteCode ? { inviteCode } : {}),
    ...(next ? { next } : {}),
  });

  const revalidate = (next: ReturnType<typeof input>) => {
    if (submitted) setErrors(validate(RegisterRequest, next).errors);
  };

  const change = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    revalidate({ ...input(), ...next, email: lockedEmail ?? next.email });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(RegisterRequest, input());
    setErrors(result.errors);
    if (!result.ok) return;
    registerMutation.mutate(result.data, {
      onSuccess: ({ needsVerification, marketingJoinUrl }) => {
        setValues({ name: '', email: '', password: '' });
        if (needsVerification) {
          toast({
            variant: 'success',
            title: authMessages.accountCreated,
            description: 'Please check your email to verify your account.',
          });
          onNavigate?.();
          navigate(paths.verifySent(result.data.email, undefined, next));
          return;
        }
        toast({
          variant: 'success',
          title: authMessages.accountCreated,
          description: inviteCode
            ? 'Welcome! Your premium access through your organisation is active.'
            : 'Welcome! You can start learning now.',
        });
        // Opted in to the newsletter and the server has its join page: go there (spec section 4).
        if (marketingJoinUrl) {
          window.location.assign(marketingJoinUrl);
          return;
        }
        onSuccess?.();
      },
      onError: (error) => {
        // The server's field messages (a common password, the e-mail as password) go under the field too.
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        toast({
          variant: 'error',
          title: authMessages.registrationFailed,
          description: errorMessage(error) ?? authMessages.pleaseTryAgain,
        });
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create account">
      <Stack spacing={2.5}>
        {/* Google, Microsoft or the district's sign-in (issue 27): only those the server offers. */}
        {!lockedEmail && <SsoButtons next={next} onStart={onSsoStart} />}
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={change('name')}
          error={Boolean(errors.name)}
          helperText={errors.name}
          required
          fullWidth
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={change('email')}
          error={Boolean(errors.email)}
          helperText={errors.email ?? (lockedEmail ? inviteMessages.emailLocked : undefined)}
          required
          fullWidth
          slotProps={{ htmlInput: { readOnly: Boolean(lockedEmail) } }}
          sx={lockedEmail ? { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } : undefined}
        />
        <PasswordField
          label="Password"
          name="new-password"
          autoComplete="new-password"
          value={values.password}
          onChange={change('password')}
          error={Boolean(errors.password)}
          helperText={errors.password ?? 'At least 8 characters'}
          required
          fullWidth
        />
        <FormControl error={Boolean(errors.acceptTerms)} sx={{ mt: '12px !important' }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={acceptTerms}
                onChange={(event) => {
                  setAcceptTerms(event.target.checked);
                  revalidate({ ...input(), acceptTerms: event.target.checked });
                }}
                slotProps={{
                  input: {
                    'aria-describedby': errors.acceptTerms ? termsErrorId : undefined,
                  } as React.InputHTMLAttributes<HTMLInputElement>,
                }}
              />
            }
            label={
              <Typography variant="body2">
                I agree to the{' '}
                <Link href={paths.terms()} target="_blank" rel="noopener">
                  Terms of Service
                </Link>{' '}
                and{' '}
                <Link href={paths.privacy()} target="_blank" rel="noopener">
                  Privacy Policy
                </Link>
              </Typography>
            }
          />
          {errors.acceptTerms && <FormHelperText id={termsErrorId}>{errors.acceptTerms}</FormHelperText>}
        </FormControl>
        {/* In a FormControl like the terms: the Stack's spacing would reset the label's negative
            margin, and the box would sit 11 px right of the terms box (issue 16). */}
        <FormControl sx={{ mt: '0 !important' }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={marketingOptIn}
                onChange={(event) => setMarketingOptIn(event.target.checked)}
              />
            }
            label={
              <Typography variant="body2">
                Send me the newsletter with new courses and classroom AI tips
              </Typography>
            }
          />
        </FormControl>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={!acceptTerms || registerMutation.isPending}
        >
          {registerMutation.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
        {onSwitchToSignIn && (
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Already have an account?{' '}
            <Link component="button" type="button" onClick={onSwitchToSignIn} variant="body2">
              Sign in
            </Link>
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
