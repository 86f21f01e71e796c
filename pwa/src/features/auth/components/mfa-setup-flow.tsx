import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  errorCodes,
  MfaEnableRequest,
  type MfaSetupResponse,
  mfaMessages,
  type PublicUser,
} from '@pd/domain';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../../components/password-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useMfaEnable, useMfaSetup } from '../api/mfa';
import { RecoveryCodes } from './recovery-codes';

interface MfaSetupFlowProps {
  email: string;
  /** From the Account page: the password again before a new secret is shown. */
  askPassword: boolean;
  /**
   * Moving to a new phone (issue 30.2): a code of the authenticator being replaced (or a recovery
   * code) with the password.
   */
  askCurrentCode?: boolean;
  /** Done, the recovery codes saved; `user` when this also finished a sign-in. */
  onFinished: (user: PublicUser | undefined) => void;
  /** The half-done sign-in ended (timed out, too many wrong codes): back to the password. */
  onRestart?: (message: string) => void;
  onCancel?: () => void;
}

/** The key in groups of four, as authenticator apps show a typed key. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up two-step sign-in (decision 077): the password (from the Account page), then the QR code
 * and its key, a first code to confirm, and the recovery codes, shown once.
 */
export function MfaSetupFlow({
  email,
  askPassword,
  askCurrentCode = false,
  onFinished,
  onRestart,
  onCancel,
}: MfaSetupFlowProps) {
  const setup = useMfaSetup();
  const enable = useMfaEnable();
  const [password, setPassword] = useState('');
  const [currentCode, setCurrentCode] = useState('');
  const [code, setCode] = useState('');
  const [secret, setSecret] = useState<MfaSetupResponse | null>(null);
  const [done, setDone] = useState<{ codes: string[]; user?: PublicUser } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fail = (cause: unknown) => {
    if (cause instanceof ApiError && cause.code === errorCodes.signInAgain && onRestart) {
      onRestart(cause.serverMessage ?? mfaMessages.noPendingSignIn);
      return;
    }
    setError(errorMessage(cause) ?? mfaMessages.setupCodeInvalid);
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // An empty code is left out: the api then says what it needs (a current code or a recovery code).
    const withCode = askCurrentCode && currentCode.trim() ? { code: currentCode } : {};
    const input = askPassword ? { password, ...withCode } : {};
    setup.mutate(input, { onSuccess: setSecret, onError: fail });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    // The domain's rule for the first code (6 digits, spaces forgiven), checked before sending.
    const parsed = MfaEnableRequest.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? mfaMessages.codeRequired);
      return;
    }
    setError(null);
    enable.mutate(parsed.data, {
      onSuccess: (answer) => setDone({ codes: answer.recoveryCodes, user: answer.user }),
      onError: fail,
    });
  };

  if (done) {
    return (
      <RecoveryCodes
        codes={done.codes}
        email={email}
        continueLabel="Continue"
        onContinue={() => onFinished(done.user)}
      />
    );
  }

  if (!secret) {
    return (
      <Box component="form" noValidate onSubmit={start} aria-label="Set up two-step sign-in">
        <Stack spacing={2}>
          <Typography>
            Two-step sign-in asks for a 6-digit code from an authenticator app on your phone (Google
            Authenticator, Microsoft Authenticator, 1Password, Authy...) after your password, so a stolen
            password alone cannot open your account.
          </Typography>
          {askPassword && (
            <PasswordField
              label="Your password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(error) && !askCurrentCode}
              helperText={(!askCurrentCode && error) || ' '}
              required
              fullWidth
            />
          )}
          {askPassword && askCurrentCode && (
            <TextField
              label="Code from your current authenticator app, or a recovery code"
              name="current-code"
              value={currentCode}
              onChange={(event) => setCurrentCode(event.target.value)}
              autoComplete="one-time-code"
              error={Boolean(error)}
              helperText={error ?? ' '}
              required
              fullWidth
            />
          )}
          {!askPassword && error && (
            <Typography color="error" role="alert">
              {error}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {onCancel && <Button onClick={onCancel}>Cancel</Button>}
            <Button type="submit" variant="contained" disabled={setup.isPending}>
              {setup.isPending ? 'Preparing...' : 'Set up two-step sign-in'}
            </Button>
          </Stack>
        </Stack>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={confirm} aria-label="Confirm two-step sign-in">
      <Stack spacing={2}>
        <Typography>1. Scan this QR code with your authenticator app.</Typography>
        <Box
          component="img"
          src={secret.qrCode}
          alt={`QR code for your authenticator app. If you cannot scan it, type the key ${grouped(secret.secret)}.`}
          sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff' }}
        />
        <Typography variant="body2" color="text.secondary">
          Cannot scan it? Add an account in the app by hand with this key:
        </Typography>
        <Typography
          component="code"
          sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', wordBreak: 'break-all' }}
        >
          {grouped(secret.secret)}
        </Typography>
        <Typography>2. Enter the 6-digit code the app shows for {email}.</Typography>
        <TextField
          label="6-digit code"
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          required
          fullWidth
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
          <Button type="submit" variant="contained" disabled={enable.isPending}>
            {enable.isPending ? 'Checking...' : 'Turn on two-step sign-in'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
