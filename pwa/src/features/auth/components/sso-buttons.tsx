import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { ssoButtonLabel } from '@pd/domain';
import { ssoStartUrl, useSsoProviders } from '../api/sso';

interface SsoButtonsProps {
  /** The page to come back to once signed in (a `returnPath`). */
  next?: string;
  /** Runs as the teacher leaves for the provider (the join page remembers to join on the way back). */
  onStart?: () => void;
}

/**
 * "Continue with Google", "... Microsoft" or the district's own service (issue 27 part 3), above the
 * sign-in and sign-up forms: only the providers the server is configured for; nothing while their
 * list loads, offline, or when there is none. Each is a link: the provider's page follows.
 */
export function SsoButtons({ next, onStart }: SsoButtonsProps) {
  const providers = useSsoProviders().data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={ssoStartUrl(provider.id, next)}
          onClick={onStart}
          variant="outlined"
          size="large"
          fullWidth
        >
          {ssoButtonLabel(provider)}
        </Button>
      ))}
      <Divider sx={{ pt: 1 }}>or with your e-mail</Divider>
    </Stack>
  );
}
