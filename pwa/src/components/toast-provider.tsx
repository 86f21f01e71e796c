import Box from '@mui/material/Box';
import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import { timings } from '@pd/domain';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

const ToastView = lazy(() => import('./toast-view'));

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; onClick: () => void };
}

export interface ShownToast extends ToastOptions {
  id: number;
}

type ShowToast = (toast: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Shows a toast. One is visible at a time: a new one replaces the current one (spec section 4). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}

/**
 * Toasts of spec section 9: 5 s, one at a time, F8 focuses the notification region,
 * at most 420 px wide, a swipe right of more than 50 px dismisses.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);
  const nextId = useRef(1);
  const regionRef = useRef<HTMLElement>(null);
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const show = useCallback<ShowToast>((options) => {
    setToast({ ...options, id: nextId.current++ });
    setOffset(0);
    setOpen(true);
  }, []);

  const close = useCallback((_event?: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onPointerDown = (event: React.PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerMove = (event: React.PointerEvent) => {
    if (swipeStart.current === null) return;
    setOffset(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerEnd = (event: React.PointerEvent) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance > timings.toastSwipeThresholdPx) close();
    else setOffset(0);
  };

  return (
    <ToastContext.Provider value={show}>
      {children}
      <Box
        component="section"
        ref={regionRef}
        tabIndex={-1}
        aria-label="Notifications (F8)"
        sx={{ '&:focus-visible': { outline: 'none' } }}
      >
        {toast && (
          <Suspense fallback={null}>
            <ToastView
              toast={toast}
              open={open}
              offset={offset}
              close={close}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerEnd={onPointerEnd}
            />
          </Suspense>
        )}
      </Box>
    </ToastContext.Provider>
  );
}
