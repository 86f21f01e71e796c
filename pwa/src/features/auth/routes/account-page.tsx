import CloudOffIcon from '@mui/icons-material/CloudOff';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  membershipNotice,
  mfaMessages,
  type MfaStatusResponse,
  paths,
  type PublicUser,
  roleLabelOf,
} from '@pd/domain';
import { Link as RouterLink } from 'react-router-dom';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useOpenAuthDialog } from '../../../components/auth-dialog-context';
import { LoadingScreen } from '../../../components/loading-screen';
import { PasswordField } from '../../../components/password-field';
import { QueryStatus } from '../../../components/query-status';
import { useToast } from '../../../components/toast-provider';
import { errorMessage } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../../offline/get-me';
import { useMfaDisable, useMfaStatus, useRenewRecoveryCodes } from '../api/mfa';
import { MfaSetupFlow } from '../components/mfa-setup-flow';
import { RecoveryCodes } from '../components/recovery-codes';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** New recovery codes, or turning two-step sign-in off: each asks for a code (and off, the password). */
function CodeForm({
  action,
  withPassword,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  action: string;
  withPassword: boolean;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (values: { password: string; code: string }) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ password, code });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={action}>
      <Stack spacing={2}>
        {withPassword && (
          <PasswordField
            label="Your password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
            fullWidth
          />
        )}
        <TextField
          label="Code from your authenticator app, or a recovery code"
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          error={Boolean(error)}
          helperText={error ?? ' '}
          required
          fullWidth
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

type Mode = 'idle' | 'setup' | 'renew' | 'disable';

function TwoStepSignIn({ user, status }: { user: PublicUser; status: MfaStatusResponse }) {
  const [mode, setMode] = useState<Mode>('idle');
  const [error, setError] = useState<string | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const renew = useRenewRecoveryCodes();
  const disable = useMfaDisable();
  const toast = useToast();
  const online = useOnline();
  const go = (next: Mode) => {
    setError(null);
    setMode(next);
  };

  if (newCodes) {
    return (
      <RecoveryCodes
        codes={newCodes}
        email={user.email}
        continueLabel="Done"
        onContinue={() => setNewCodes(null)}
      />
    );
  }
  if (mode === 'setup') {
    return (
      <MfaSetupFlow
        email={user.email}
        askPassword
        askCurrentCode={status.enabled}
        onCancel={() => go('idle')}
        onFinished={() => {
          toast({ variant: 'success', title: mfaMessages.enabled });
          go('idle');
        }}
      />
    );
  }
  if (mode === 'renew') {
    return (
      <CodeForm
        action="Make new recovery codes"
        withPassword={false}
        submitLabel="Make new codes"
        busy={renew.isPending}
        error={error}
        onCancel={() => go('idle')}
        onSubmit={({ code }) =>
          renew.mutate(
            { code },
            {
              onSuccess: (answer) => {
                go('idle');
                setNewCodes(answer.recoveryCodes);
              },
              onError: (cause) => setError(errorMessage(cause) ?? mfaMessages.setupCodeInvalid),
            },
          )
        }
      />
    );
  }
  if (mode === 'disable') {
    return (
      <CodeForm
        action="Turn off two-step sign-in"
        withPassword
        submitLabel="Turn off"
        busy={disable.isPending}
        error={error}
        onCancel={() => go('idle')}
        onSubmit={(values) =>
          disable.mutate(values, {
            onSuccess: () => {
              toast({ variant: 'success', title: mfaMessages.disabled });
              go('idle');
            },
            onError: (cause) => setError(errorMessage(cause) ?? mfaMessages.codeInvalid),
          })
        }
      />
    );
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip
          icon={status.enabled ? <VerifiedUserIcon /> : undefined}
          color={status.enabled ? 'success' : 'default'}
          label={status.enabled ? 'On' : 'Off'}
        />
        {status.enabledAt && (
          <Typography variant="body2" color="text.secondary">
            Since {formatDate(status.enabledAt)}
          </Typography>
        )}
      </Stack>
      <Typography>
        {status.enabled
          ? `After your password, sign-in asks for a code from your authenticator app. ${status.recoveryCodesLeft} of 10 recovery codes left.`
          : 'Add a second step to your sign-in: a 6-digit code from an authenticator app on your phone.'}
      </Typography>
      {status.required && (
        <Typography variant="body2" color="text.secondary">
          {mfaMessages.requiredForRole}
        </Typography>
      )}
      {!online && (
        <Alert severity="info" icon={<CloudOffIcon />}>
          Changes to two-step sign-in need a connection.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {!status.enabled && (
          <Button variant="contained" disabled={!online} onClick={() => go('setup')}>
            Turn on two-step sign-in
          </Button>
        )}
        {status.enabled && (
          <>
            <Button variant="outlined" disabled={!online} onClick={() => go('renew')}>
              New recovery codes
            </Button>
            <Button variant="outlined" disabled={!online} onClick={() => go('setup')}>
              Move to a new phone
            </Button>
            {!status.required && (
              <Button color="error" disabled={!online} onClick={() => go('disable')}>
                Turn off
              </Button>
            )}
          </>
        )}
      </Stack>
    </Stack>
  );
}

function Account({ user }: { user: PublicUser }) {
  const status = useMfaStatus(true);
  return (
    <Box sx={{ py: { xs: 3, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h3" component="h1" sx={{ mb: 3, fontSize: { xs: 30, sm: 40 } }}>
        Your account
      </Typography>
      <Section title="Profile">
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1 }}>
          <Typography component="dt" color="text.secondary">
            Name
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {user.name}
          </Typography>
          <Typography component="dt" color="text.secondary">
            Email
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
            {user.email}
          </Typography>
          <Typography component="dt" color="text.secondary">
            Account
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {roleLabelOf(user.role, user.licence)}
          </Typography>
          {membershipNotice(user.licence) && (
            <Typography component="dd" color="warning.main" sx={{ m: 0, gridColumn: '1 / -1' }}>
              {membershipNotice(user.licence)}
            </Typography>
          )}
        </Box>
      </Section>
      <Section title="PD transcript">
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          Every course you completed with its PD hours, totalled per school year, as a PDF with its own
          verification page.
        </Typography>
        <Button component={RouterLink} to={paths.transcript()} variant="outlined">
          Open your PD transcript
        </Button>
      </Section>
      <Section title="Two-step sign-in">
        <QueryStatus query={status} subject="your two-step sign-in" />
        {status.data && <TwoStepSignIn user={user} status={status.data} />}
      </Section>
    </Box>
  );
}

/** /account: the signed-in user's account and two-step sign-in (decision 077). */
export function AccountPage() {
  usePageTitle('Your account');
  const me = useMe();
  const openAuthDialog = useOpenAuthDialog();
  if (me.isPending) return <LoadingScreen />;
  if (!me.data) {
    return (
      <Box sx={{ maxWidth: 560, mx: 'auto', py: { xs: 4, sm: 8 }, textAlign: 'center' }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Your account
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Sign in to see your account and its two-step sign-in.
        </Typography>
        <Button variant="contained" onClick={() => openAuthDialog('signIn')}>
          Sign In
        </Button>
      </Box>
    );
  }
  return <Account user={me.data} />;
}
