import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { licenceMessages, paths } from '@pd/domain';
import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useCatalogue } from '../../offline/catalogue';
import type { OutboxOp } from '../../offline/db';
import { syncMessages, useSyncStatus, type SyncStatusKind } from '../../offline/sync-engine';

const icons: Record<SyncStatusKind, ReactNode> = {
  offline: <CloudOffIcon fontSize="small" color="action" />,
  saved: <CloudDoneIcon fontSize="small" color="success" />,
  saving: <CloudSyncIcon fontSize="small" color="primary" />,
  waiting: <CloudOffIcon fontSize="small" color="action" />,
  connectionIssues: <SyncProblemIcon fontSize="small" color="warning" />,
  actionNeeded: <ErrorOutlineIcon fontSize="small" color="error" />,
};

/**
 * The always-visible sync status of the signed-in teacher (a slim bar under the header): 'All changes
 * saved', 'Saving...', 'N changes waiting to sync', 'Connection issues detected', or 'Action needed'
 * with the list of refused changes; and 'Sync now'. The status text is a polite live region.
 */
export function SyncStatusBar({ compact = false }: { compact?: boolean }) {
  const status = useSyncStatus();
  const [listOpen, setListOpen] = useState(false);
  // License Management keeps none of the admin's work on the device: say what is true there (issue 26).
  const adminPage = useLocation().pathname === paths.licenseAdmin();
  const label =
    adminPage && status.kind === 'offline' && status.pendingCount === 0
      ? licenceMessages.offlineStatus
      : status.label;
  if (!status.signedIn) return null;
  if (compact) return <CompactSyncStatus label={label} kind={status.kind} />;
  const showCount = status.pendingCount > 0 && status.kind !== 'waiting' && status.kind !== 'offline';
  // Changes not on the server yet, and the device is online: say they are safe here meanwhile.
  const reassure = status.pendingCount > 0 && status.kind !== 'offline' && status.kind !== 'saving';

  return (
    <Box
      component="section"
      aria-label="Sync status"
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="lg">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 36, flexWrap: 'wrap' }}>
          <Box aria-hidden="true" sx={{ display: 'flex' }}>
            {icons[status.kind]}
          </Box>
          <Typography
            role="status"
            aria-live="polite"
            variant="body2"
            data-testid="sync-status"
            sx={{ fontWeight: 600, mr: 'auto' }}
          >
            {label}
            {showCount && (
              <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                {' · '}
                {syncMessages.waiting(status.pendingCount)}
              </Box>
            )}
            {reassure && (
              <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                {' · '}
                {syncMessages.keptOnDevice}
              </Box>
            )}
          </Typography>
          {status.rejectedOps.length > 0 && (
            <Button size="small" color="error" onClick={() => setListOpen(true)} aria-haspopup="dialog">
              Review {status.rejectedOps.length === 1 ? 'change' : `${status.rejectedOps.length} changes`}
            </Button>
          )}
          <Button
            size="small"
            onClick={() => void status.syncNow()}
            disabled={status.kind === 'saving' || status.kind === 'offline' || status.pendingCount === 0}
          >
            Sync now
          </Button>
        </Stack>
      </Container>
      <RejectedChangesDialog
        open={listOpen && status.rejectedOps.length > 0}
        ops={status.rejectedOps}
        onDismiss={(opId) => void status.dismiss(opId)}
        onClose={() => setListOpen(false)}
      />
    </Box>
  );
}

/**
 * The status folded into the reading room's one-row header on a phone (issue 16): the icon and the
 * same words on one line; 'Sync now' and the list of refused changes stay on the full bar (laptops,
 * and every other page).
 */
function CompactSyncStatus({ label, kind }: { label: string; kind: SyncStatusKind }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box aria-hidden="true" sx={{ display: 'flex' }}>
        {icons[kind]}
      </Box>
      <Typography
        role="status"
        aria-live="polite"
        variant="body2"
        data-testid="sync-status"
        sx={{
          fontWeight: 600,
          fontSize: 13,
          lineHeight: 1.3,
          minWidth: 0,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {label}
      </Typography>
    </Stack>
  );
}

function RejectedChangesDialog({
  open,
  ops,
  onDismiss,
  onClose,
}: {
  open: boolean;
  ops: OutboxOp[];
  onDismiss: (opId: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const catalogue = useCatalogue();
  const courseTitle = (slug: string) => catalogue.data?.find((c) => c.slug === slug)?.title ?? slug;
  const describe = (op: OutboxOp) =>
    op.type === 'quiz-submitted'
      ? `Quiz of module ${op.payload.moduleId} in “${courseTitle(op.payload.courseSlug)}”`
      : `Reset of “${courseTitle(op.payload.courseSlug)}”`;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{syncMessages.actionNeeded}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          The server did not accept these changes made on this device. Your other progress is saved.
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {ops.map((op) => (
            <li key={op.opId}>
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={() => onDismiss(op.opId)}>
                    Dismiss
                  </Button>
                }
              >
                <Typography sx={{ fontWeight: 600 }}>{describe(op)}</Typography>
                <Typography variant="body2">{op.reason}</Typography>
                <Typography variant="caption" color="text.secondary">
                  Made {new Date(op.createdAt).toLocaleString()}
                </Typography>
              </Alert>
            </li>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
