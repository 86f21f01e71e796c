import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { authMessages } from '@pd/domain';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast-provider';
import { rateLimitNotice } from '../../../lib/api-client';
import { useDirtyForm } from '../../../lib/dirty-forms';
import { validate, type FieldErrors } from '../../../lib/validate';
import { ForgotPasswordRequest, useForgotPassword } from '../api/forgot-password';

/** The e-mail form of /forgot-password; `onSent` receives the address once the api accepted it. */
export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const toast = useToast();
  const forgot = useForgotPassword();
  useDirtyForm(email !== '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(ForgotPasswordRequest, { email });
    setErrors(result.errors);
    if (!result.ok) return;
    forgot.mutate(result.data, {
      onSuccess: () => {
        setEmail('');
        onSent(result.data.email);
      },
      onError: (error) =>
        toast({ variant: 'error', ...(rateLimitNotice(error) ?? { title: authMessages.forgotFailed }) }),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Request a password reset link">
      <Stack spacing={2.5}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (submitted) setErrors(validate(ForgotPasswordRequest, { email: event.target.value }).errors);
          }}
          error={Boolean(errors.email)}
          helperText={errors.email}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </Stack>
    </Box>
  );
}
