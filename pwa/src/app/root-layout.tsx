import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Suspense, useCallback, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AuthDialogContext, type AuthDialogMode } from '../components/auth-dialog-context';
import { LoadingScreen } from '../components/loading-screen';
import { SiteFooter } from '../components/site-footer';
import { AuthDialog } from '../features/auth/components/auth-dialog';
import { useMe } from '../lib/get-me';
import { usePageReloadRules, useScrollToTopOnPathChange } from './page-reload-rules';
import { ServiceWorkerUpdate } from './service-worker-update';
import { SiteHeader } from './site-header';

/** Skip link, header, main (the routed page), footer; the auth dialog and update prompt. */
export function RootLayout() {
  const me = useMe();
  const [dialog, setDialog] = useState<{ open: boolean; mode: AuthDialogMode }>({
    open: false,
    mode: 'signIn',
  });
  const openAuthDialog = useCallback((mode: AuthDialogMode) => setDialog({ open: true, mode }), []);
  usePageReloadRules();
  useScrollToTopOnPathChange();

  return (
    <AuthDialogContext.Provider value={openAuthDialog}>
      <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
        <Box
          component="a"
          href="#main-content"
          sx={{
            position: 'absolute',
            left: 8,
            top: -48,
            zIndex: 2000,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            px: 2,
            py: 1,
            borderRadius: 1,
            fontWeight: 700,
            '&:focus': { top: 8 },
          }}
        >
          Skip to main content
        </Box>
        <SiteHeader />
        <Container
          component="main"
          id="main-content"
          tabIndex={-1}
          maxWidth="lg"
          sx={{ flex: 1, outline: 'none' }}
        >
          {me.isPending ? (
            <LoadingScreen />
          ) : (
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          )}
        </Container>
        <SiteFooter />
      </Box>
      <AuthDialog
        open={dialog.open}
        mode={dialog.mode}
        onModeChange={(mode) => setDialog({ open: true, mode })}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <ServiceWorkerUpdate />
    </AuthDialogContext.Provider>
  );
}
