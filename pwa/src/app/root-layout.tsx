import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { Fragment, lazy, Suspense, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { isModulePath } from '@pd/domain';
import { Outlet, useLocation } from 'react-router-dom';
import { useAfterFirstScreen } from '../components/after-first-screen';
import { AuthDialogContext, type AuthDialogMode } from '../components/auth-dialog-context';
import { LoadingScreen } from '../components/loading-screen';
import { SiteFooter } from '../components/site-footer';
import { useReleasePredrawn } from '../lib/predrawn';
import { useLayoutRole, useMe } from '../offline/get-me';
import { hintedUserId } from '../offline/viewer';
import { usePageReloadRules, useScrollToTopOnPathChange } from './page-reload-rules';
import { SiteHeader } from './site-header';

// Not needed to draw the first screen: loaded on demand (the dialog when first opened) or once the
// page is up (the sync engine and its status bar bring Dexie; the update prompt brings workbox-window).
const AuthDialog = lazy(() =>
  import('../features/auth/components/auth-dialog').then((m) => ({ default: m.AuthDialog })),
);
const SyncStatusBar = lazy(() =>
  import('../features/sync/sync-status').then((m) => ({ default: m.SyncStatusBar })),
);
const SyncEngineRunner = lazy(() =>
  import('../offline/sync-engine').then((m) => ({
    default: function SyncEngineRunner() {
      m.useSyncEngine();
      return null;
    },
  })),
);
const AnalyticsTracker = lazy(() =>
  import('../offline/analytics-tracker').then((m) => ({
    default: function AnalyticsTracker() {
      m.useAnalyticsTracker();
      return null;
    },
  })),
);
const ServiceWorkerUpdate = lazy(() =>
  import('./service-worker-update').then((m) => ({ default: m.ServiceWorkerUpdate })),
);

/** Phones and small tablets (below MUI's `md`), where the reading room's header is one row. */
const narrowQuery = '@media (max-width:899.95px)';

export interface RootLayoutProps {
  /**
   * Provides the real 'Upgrade to Premium' / 'Manage Subscription' (the routes pass the premium
   * feature's provider; it sits inside the auth dialog context because signed-out visitors are
   * asked to sign in first). Without it the surrounding PremiumActionsContext is used.
   */
  premiumActions?: ComponentType<{ children: ReactNode }>;
}

/** Skip link, header and sync status, main (the routed page), footer; auth dialog, update prompt. */
export function RootLayout({ premiumActions: PremiumActions = Fragment }: RootLayoutProps = {}) {
  // A lesson the service worker drew goes once the app's page is on screen (decision 070).
  useReleasePredrawn();
  const me = useMe();
  // The module page draws for the teacher this device kept while 'me' is on its way (decision 023);
  // every other page waits for the server's answer here.
  const reading = isModulePath(useLocation().pathname);
  const drawsForHint = reading && hintedUserId() !== null;
  // The reading room on a phone (issue 16): the one-row header slides away while the teacher reads
  // on (scrolls down) and comes back as soon as they scroll up.
  const scrolledDown = useScrollTrigger({ threshold: 96 });
  const hideHeader = reading && scrolledDown;
  const signedIn = Boolean(me.data);
  // Laid out for the last signed-in teacher while 'me' is on its way: the page does not jump.
  const laidOutSignedIn = useLayoutRole() !== null;
  const pageUp = useAfterFirstScreen();
  // `opened`: the dialog stays mounted after its first opening (for its closing transition).
  const [dialog, setDialog] = useState<{ open: boolean; opened: boolean; mode: AuthDialogMode }>({
    open: false,
    opened: false,
    mode: 'signIn',
  });
  const openAuthDialog = useCallback(
    (mode: AuthDialogMode) => setDialog({ open: true, opened: true, mode }),
    [],
  );
  usePageReloadRules();
  useScrollToTopOnPathChange();

  return (
    <AuthDialogContext.Provider value={openAuthDialog}>
      <PremiumActions>
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
          <Box
            data-testid="sticky-header"
            data-hidden={hideHeader || undefined}
            sx={{
              position: 'sticky',
              top: 0,
              zIndex: 'appBar',
              [narrowQuery]: {
                transform: hideHeader ? 'translateY(-100%)' : 'none',
                transition: 'transform 200ms ease-out',
                // A keyboard user inside the header keeps it in view (a tap leaves no visible focus).
                '&:has(:focus-visible)': { transform: 'none' },
                '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
              },
            }}
          >
            <SiteHeader
              reading={reading}
              status={
                reading && laidOutSignedIn ? (
                  <Suspense fallback={null}>{pageUp && signedIn && <SyncStatusBar compact />}</Suspense>
                ) : undefined
              }
            />
            {laidOutSignedIn && (
              // The bar's height is kept while its code loads, so the page does not jump. In the
              // reading room on a phone it is folded into the header instead.
              <Box sx={reading ? { [narrowQuery]: { display: 'none' } } : undefined}>
                <Suspense fallback={<SyncStatusPlaceholder />}>
                  {pageUp && signedIn ? <SyncStatusBar /> : <SyncStatusPlaceholder />}
                </Suspense>
              </Box>
            )}
          </Box>
          <Container
            component="main"
            id="main-content"
            tabIndex={-1}
            maxWidth="lg"
            sx={{ flex: 1, outline: 'none' }}
          >
            {me.isPending && !drawsForHint ? (
              <LoadingScreen />
            ) : (
              <Suspense fallback={<LoadingScreen />}>
                <Outlet />
              </Suspense>
            )}
          </Container>
          <SiteFooter />
        </Box>
      </PremiumActions>
      {/* One boundary each: code arriving for one (the update prompt after the first screen, say)
          must not hide the others, such as an open sign-in dialog with a request in flight. */}
      <Suspense fallback={null}>
        {dialog.opened && (
          <AuthDialog
            open={dialog.open}
            mode={dialog.mode}
            onModeChange={(mode) => setDialog({ open: true, opened: true, mode })}
            onClose={() => setDialog((d) => ({ ...d, open: false }))}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>{pageUp && signedIn && <SyncEngineRunner />}</Suspense>
      <Suspense fallback={null}>{pageUp && <ServiceWorkerUpdate />}</Suspense>
      <Suspense fallback={null}>{pageUp && <AnalyticsTracker />}</Suspense>
    </AuthDialogContext.Provider>
  );
}

/** The sync status bar's place (signed in) while its code loads. */
function SyncStatusPlaceholder() {
  return (
    <Box
      aria-hidden="true"
      data-testid="sync-status-placeholder"
      sx={{ minHeight: 37, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
    />
  );
}
