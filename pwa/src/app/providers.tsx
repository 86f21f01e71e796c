import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/toast-provider';
import { createQueryClient } from '../lib/query-client';
import { followSessionEnd } from '../offline/get-me';
import { theme } from './theme';

/** Theme, data cache and toasts around the whole app (the router sits inside). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // A 401 "Please sign in to continue." from any call signs the page out (queued work is kept).
  useEffect(() => followSessionEnd(client), [client]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
