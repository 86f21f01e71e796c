import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { districtErrorCodes, inviteMessages, licenceErrorCodes, paths } from '@pd/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { NarrowPage } from '../../../components/narrow-page';
import { useToast } from '../../../components/toast-provider';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../../offline/get-me';
import { useJoin, useJoinLink } from '../api/join-link';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';

/** Each refusal's title; its sentence (with the next step) is the api's, written once in the domain. */
function titleOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Could not open this join link';
  switch (error.code) {
    case districtErrorCodes.joinUsedUp:
      return 'Join link used up';
    case districtErrorCodes.joinExpired:
      return 'Join link expired';
    case districtErrorCodes.joinRevoked:
      return 'Join link withdrawn';
    case districtErrorCodes.joinGroupFull:
      return 'No free seats';
    case districtErrorCodes.joinWrongDomain:
      return 'Another address is needed';
    case districtErrorCodes.joinNeedsVerifiedEmail:
      return 'Verify your address first';
    case districtErrorCodes.joinAlreadyMember:
      return 'Already a member';
    case licenceErrorCodes.groupSuspended:
      return inviteMessages.suspendedGroup;
    case licenceErrorCodes.groupTermEnded:
      return inviteMessages.termEndedGroup;
    case licenceErrorCodes.groupTermNotStarted:
      return inviteMessages.termNotStartedGroup;
    default:
      return 'Invalid join link';
  }
}

/** The join link whose page the teacher left for an SSO provider: joined on the way back. */
const ssoJoinKey = 'pd.join-after-sso';

function takeSsoJoin(code: string): boolean {
  try {
    if (sessionStorage.getItem(ssoJoinKey) !== code) return false;
    sessionStorage.removeItem(ssoJoinKey);
    return true;
  } catch {
    return false;
  }
}

function rememberSsoJoin(code: string): void {
  try {
    sessionStorage.setItem(ssoJoinKey, code);
  } catch {
    // Storage off: the teacher comes back signed in and joins with one click.
  }
}

/**
 * /join/:code (issue 27): the group's name; signed out, sign up or sign in (a new account verifies
 * its address, and the e-mail's link brings the teacher back here), or continue with Google,
 * Microsoft or the district's sign-in, which comes back here signed in and joins at once (the
 * page remembers, in this tab only, that the teacher left from it); signed in, one click joins.
 */
export function JoinPage() {
  usePageTitle('Join your school');
  const { code = '' } = useParams();
  const link = useJoinLink(code);
  const me = useMe();
  const join = useJoin();
  const toast = useToast();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'signUp' | 'signIn'>('signUp');
  const joinAfterSignIn = useRef<boolean | null>(null);
  const next = paths.join(code);

  const doJoin = () =>
    join.mutate(code, {
      onSuccess: ({ licence }) => {
        toast({
          variant: 'success',
          title: 'Welcome',
          description: `You now have Premium Access through ${licence.groupName}.`,
        });
        navigate(paths.home());
      },
    });

  // Signed in on this page: join at once.
  const signedIn = me.data ?? null;
  useEffect(() => {
    // Back from the SSO provider that this page sent the teacher to: join as after a password.
    if (signedIn && joinAfterSignIn.current === null) joinAfterSignIn.current = takeSsoJoin(code);
    if (signedIn && joinAfterSignIn.current && !join.isPending && !join.isSuccess && !join.isError) {
      joinAfterSignIn.current = false;
      doJoin();
    }
  });

  if (link.isPending || me.isPending) return <CircularProgress aria-label="Loading" />;
  if (link.isError) {
    return (
      <NarrowPage>
        <Alert severity="error">
          <AlertTitle>{titleOf(link.error)}</AlertTitle>
          {errorMessage(link.error)}
        </Alert>
      </NarrowPage>
    );
  }
  const { license_group_name: groupName, allowed_domains: domains } = link.data;
  return (
    <NarrowPage>
      <Typography variant="h4" component="h1" gutterBottom>
        Join {groupName}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your school&apos;s licence gives you Premium Access to every course, free of charge.
        {domains.length > 0 && ` Use your ${domains.map((d) => `@${d}`).join(' or ')} address.`}
      </Typography>
      {join.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>{titleOf(join.error)}</AlertTitle>
          {errorMessage(join.error)}
        </Alert>
      )}
      {signedIn ? (
        <Button variant="contained" fullWidth disabled={join.isPending} onClick={doJoin}>
          Join {groupName} as {signedIn.email}
        </Button>
      ) : mode === 'signUp' ? (
        <SignUpForm
          next={next}
          onSsoStart={() => rememberSsoJoin(code)}
          onSwitchToSignIn={() => setMode('signIn')}
        />
      ) : (
        <SignInForm
          next={next}
          onSsoStart={() => rememberSsoJoin(code)}
          onSuccess={() => {
            joinAfterSignIn.current = true;
          }}
          onSwitchToSignUp={() => setMode('signUp')}
        />
      )}
    </NarrowPage>
  );
}
