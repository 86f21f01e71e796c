import CloudOffIcon from '@mui/icons-material/CloudOff';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../lib/api-client';
import { LoadingScreen } from './loading-screen';

export interface QueryStatusProps {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'fetchStatus' | 'refetch'>;
  /** What is being loaded, as it reads in a sentence: 'the Prompt Library', 'the FAQ'. */
  subject: string;
}

function failureText(error: unknown, subject: string): { title: string; text: string } {
  if (error instanceof NetworkError || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
    return {
      title: 'You seem to be offline',
      text: `We couldn't reach the server to load ${subject}. Check your connection, then try again.`,
    };
  }
  const server = error instanceof ApiError ? error.serverMessage : undefined;
  return {
    title: `We couldn't load ${subject}`,
    text: server ?? 'Something went wrong on our side. Please try again in a moment.',
  };
}

/**
 * The state of a page's data while it has none: 'Loading', an offline notice while the request waits
 * for the network, or the failure with a 'Try again' button. Renders nothing once the data is there.
 */
export function QueryStatus({ query, subject }: QueryStatusProps) {
  const retry = (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={<RefreshIcon aria-hidden="true" />}
      onClick={() => void query.refetch()}
      disabled={query.fetchStatus === 'fetching'}
    >
      {query.fetchStatus === 'fetching' ? 'Trying again...' : 'Try again'}
    </Button>
  );

  if (query.isError) {
    const { title, text } = failureText(query.error, subject);
    return (
      <Alert severity="error" variant="outlined" sx={{ my: 3 }}>
        <AlertTitle>{title}</AlertTitle>
        <Box sx={{ mb: 1.5 }}>{text}</Box>
        {retry}
      </Alert>
    );
  }
  if (query.isPending && query.fetchStatus === 'paused') {
    return (
      <Alert
        severity="info"
        variant="outlined"
        icon={<CloudOffIcon aria-hidden="true" />}
        sx={{ my: 3 }}
        role="status"
      >
        <AlertTitle>You're offline</AlertTitle>
        {`This page needs a connection the first time you open it. ${subject.charAt(0).toUpperCase()}${subject.slice(1)} will load as soon as you're back online.`}
      </Alert>
    );
  }
  if (query.isPending) return <LoadingScreen />;
  return null;
}
