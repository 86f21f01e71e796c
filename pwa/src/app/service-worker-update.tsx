import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useRef, useState } from 'react';
import { Workbox } from 'workbox-window';
import { hasDirtyForms } from '../lib/dirty-forms';

/**
 * Registers the service worker (production builds only) and, when a new version is waiting,
 * offers 'A new version is available' with 'Reload'. The swap never happens while a form
 * holds unsaved input; the offline-sync issue adds "while the outbox is not empty".
 */
export function ServiceWorkerUpdate() {
  const workbox = useRef<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const wb = new Workbox('/sw.js', { scope: '/' });
    workbox.current = wb;
    wb.addEventListener('waiting', () => setWaiting(true));
    wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
    const onVisible = () => {
      if (document.visibilityState === 'visible') void wb.update().catch(() => {});
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const reload = () => {
    const wb = workbox.current;
    if (!wb) return;
    if (hasDirtyForms()) {
      setBlocked(true);
      return;
    }
    wb.addEventListener('controlling', () => window.location.reload());
    wb.messageSkipWaiting();
  };

  return (
    <Snackbar open={waiting} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Alert
        severity="info"
        variant="filled"
        role="status"
        action={
          <Button color="inherit" size="small" onClick={reload} sx={{ fontWeight: 700 }}>
            Reload
          </Button>
        }
      >
        A new version is available
        {blocked && ' - finish or submit the form you are filling in first, then reload.'}
      </Alert>
    </Snackbar>
  );
}
