import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { authMessages, paths } from '@pd/domain';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toast-provider';
import { useDirtyForm } from '../../../lib/dirty-forms';
import { validate, type FieldErrors } from '../../../lib/validate';
import { ResetPasswordForm as ResetPasswordSchema, useResetPassword } from '../api/reset-password';

/** New password + confirmation for the token of a reset link. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const toast = useToast();
  const reset = useResetPassword();
  useDirtyForm(values.newPassword !== '' || values.confirmPassword !== '');

  const change = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validate(ResetPasswordSchema, next).errors);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(ResetPasswordSchema, values);
    setErrors(result.errors);
    if (!result.ok) return;
    setFailed(false);
    reset.mutate(
      { token, newPassword: result.data.newPassword },
      {
        onSuccess: () => {
          setValues({ newPassword: '', confirmPassword: '' });
          onDone();
        },
        onError: () => {
          setFailed(true);
          toast({ variant: 'error', title: authMessages.resetFailed });
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Choose a new password">
      <Stack spacing={2.5}>
        {failed && (
          <Alert severity="error">
            {authMessages.resetFailed}{' '}
            <Link component={RouterLink} to={paths.forgotPassword()} color="inherit" underline="always">
              Request a new link
            </Link>
          </Alert>
        )}
        <PasswordField
          label="New password"
          name="new-password"
          autoComplete="new-password"
          toggleName="new password"
          value={values.newPassword}
          onChange={change('newPassword')}
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword ?? 'At least 8 characters'}
          required
          fullWidth
        />
        <PasswordField
          label="Confirm password"
          name="confirm-password"
          autoComplete="new-password"
          toggleName="confirm password"
          value={values.confirmPassword}
          onChange={change('confirmPassword')}
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </Stack>
    </Box>
  );
}
