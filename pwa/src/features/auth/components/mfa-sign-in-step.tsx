import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authMessages, errorCodes, mfaMessages, type PublicUser } from '@pd/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../../components/toast-provider';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { signedIn, useMfaVerify } from '../api/mfa';
import { MfaSetupFlow } from './mfa-setup-flow';

interface MfaSignInStepProps {
  step: 'verify' | 'enrol';
  email: string;
  /** The sign-in is done: the dialog closes. */
  onSignedIn: () => void;
  /** Back to the password (the half-done sign-in ended, or the visitor asked). */
  onRestart: (message?: string) => void;
}

/** The code (or a recovery code) after the password. */
function CodeStep({ onSignedIn, onRestart }: Omit<MfaSignInStepProps, 'step' | 'email'>) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useMfaVerify();
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(mfaMessages.codeRequired);
      return;
    }
    setError(null);
    verify.mutate(
      { code },
      {
        onSuccess: (answer) => {
          toast({ variant: 'success', title: authMessages.welcomeBack });
          if (answer.recoveryCodesLeft !== undefined) {
            toast({ variant: 'info', title: mfaMessages.recoveryCodeUsed(answer.recoveryCodesLeft) });
          }
          onSignedIn();
        },
        onError: (cause) => {
          if (cause instanceof ApiError && cause.code === errorCodes.signInAgain) {
            onRestart(cause.serverMessage ?? mfaMessages.noPendingSignIn);
            return;
          }
          setError(errorMessage(cause) ?? mfaMessages.codeInvalid);
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Two-step sign-in">
      <Stack spacing={2.5}>
        <Typography>
          {recovery
            ? 'Enter one of the recovery codes you saved when you set up two-step sign-in.'
            : 'Open your authenticator app and enter the 6-digit code it shows for AI Classroom Academy.'}
        </Typography>
        <TextField
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? 'Recovery code' : '6-digit code'}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          slotProps={{ htmlInput: { inputMode: recovery ? 'text' : 'numeric', maxLength: 16 } }}
          autoFocus
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={verify.isPending} fullWidth>
          {verify.isPending ? 'Checking...' : 'Verify'}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setError(null);
            }}
          >
            {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Link>
          <Link component="button" type="button" variant="body2" onClick={() => onRestart()}>
            Back
          </Link>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * The sign-in's second step (decision 077): the code, or for an admin without two-step sign-in yet,
 * its setup. Loaded only when a sign-in needs it.
 */
export default function MfaSignInStep({ step, email, onSignedIn, onRestart }: MfaSignInStepProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  if (step === 'verify') return <CodeStep onSignedIn={onSignedIn} onRestart={onRestart} />;
  return (
    <Stack spacing={2}>
      <Typography sx={{ fontWeight: 600 }}>{mfaMessages.enrolRequired}</Typography>
      <MfaSetupFlow
        email={email}
        askPassword={false}
        onRestart={onRestart}
        onCancel={() => onRestart()}
        onFinished={(user: PublicUser | undefined) => {
          if (user) signedIn(queryClient, user);
          toast({ variant: 'success', title: mfaMessages.enabled, description: authMessages.welcomeBack });
          onSignedIn();
        }}
      />
    </Stack>
  );
}
