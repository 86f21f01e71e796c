import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { timings } from '@pd/domain';
import type { PointerEvent } from 'react';
import type { ShownToast } from './toast-provider';

export interface ToastViewProps {
  toast: ShownToast;
  open: boolean;
  offset: number;
  close: (event?: unknown, reason?: SnackbarCloseReason) => void;
  onPointerDown: (event: PointerEvent) => void;
  onPointerMove: (event: PointerEvent) => void;
  onPointerEnd: (event: PointerEvent) => void;
}

/**
 * The toast on screen (ToastProvider): loaded with the first toast, not with the first screen, which
 * shows none (the snackbar, the alert and their transitions are about 3 KiB of the first load).
 */
export default function ToastView({
  toast,
  open,
  offset,
  close,
  onPointerDown,
  onPointerMove,
  onPointerEnd,
}: ToastViewProps) {
  const variant = toast.variant ?? 'success';
  return (
    <Snackbar
      key={toast.id}
      open={open}
      autoHideDuration={timings.toastDurationMs}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={{ maxWidth: { xs: 'calc(100% - 16px)', sm: timings.toastViewportMaxWidthPx } }}
    >
      <Alert
        variant="filled"
        severity={variant}
        role={variant === 'error' ? 'alert' : 'status'}
        data-testid="toast"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        sx={{
          width: '100%',
          maxWidth: timings.toastViewportMaxWidthPx,
          boxShadow: 6,
          touchAction: 'pan-y',
          transform: offset ? `translateX(${offset}px)` : undefined,
          opacity: offset ? Math.max(0.3, 1 - offset / 200) : 1,
        }}
        action={
          <>
            {toast.action && (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  toast.action?.onClick();
                  close();
                }}
              >
                {toast.action.label}
              </Button>
            )}
            <IconButton aria-label="Close notification" color="inherit" size="small" onClick={() => close()}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
