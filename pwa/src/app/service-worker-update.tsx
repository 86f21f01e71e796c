import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { swMessages, swScriptUrl, type SwMessage } from '@pd/domain';
import { useEffect, useRef, useState } from 'react';
import { Workbox } from 'workbox-window';
import { hasDirtyForms } from '../lib/dirty-forms';
import { useOutboxPendingCount } from '../offline/outbox';

/**
 * Registers the service worker (production builds only) and, when a new version is waiting,
 * offers 'A new version is available' with 'Reload'. The swap never happens while a form or a
 * quiz holds unsaved input, nor while the outbox holds changes not yet on the server ('Reload'
 * waits, disabled, and says why).
 */
export function ServiceWorkerUpdate() {
  const workbox = useRef<Workbox | null>(null);
  const waitingWorker = useRef<ServiceWorker | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const pendingChanges = useOutboxPendingCount();

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const wb = new Workbox(swScriptUrl, { scope: '/' });
    workbox.current = wb;
    wb.addEventListener('waiting', (event) => {
      waitingWorker.current = event.sw ?? null;
      setWaiting(true);
    });
    wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
    const onVisible = () => {
      if (document.visibilityState === 'visible') void wb.update().catch(() => {});
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const reload = () => {
    const wb = workbox.current;
    if (!wb || pendingChanges > 0) return;
    if (hasDirtyForms()) {
      setBlocked(true);
      return;
    }
    wb.addEventListener('controlling', () => window.location.reload());
    const message: SwMessage = { type: swMessages.skipWaiting };
    waitingWorker.current?.postMessage(message);
  };

  return (
    <Snackbar open={waiting} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Alert
        severity="info"
        variant="filled"
        role="status"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={reload}
            disabled={pendingChanges > 0}
            sx={{ fontWeight: 700 }}
          >
            Reload
          </Button>
        }
      >
        A new version is available
        {pendingChanges > 0
          ? ` - it will be ready once your ${pendingChanges === 1 ? 'change has' : `${pendingChanges} changes have`} been saved to the server.`
          : blocked && ' - finish or submit the form you are filling in first, then reload.'}
      </Alert>
    </Snackbar>
  );
}
