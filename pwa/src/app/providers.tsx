import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/toast-provider';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

/** Theme, data cache and toasts around the whole app (the router sits inside). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // A 401 "Please sign in to continue." from any call signs the page out (queued work is kept).
  // Loaded beside the first screen, not in it (the messages it compares with are not first-load code).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../offline/session-end').then((m) => {
      if (!gone) stop = m.followSessionEnd(client);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [client]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
