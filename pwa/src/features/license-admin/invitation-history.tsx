import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Invite, type InviteStatus, inviteStatuses, inviteStatusLabels } from '@pd/domain';
import { Fragment, useRef, useState } from 'react';
import { useToast } from '../../components/toast-provider';
import { errorMessage, rateLimitNotice } from '../../lib/api-client';
import { useResendInvite, useRevokeInvite } from './api/invites';
import { ConfirmDialog } from './confirm-dialog';
import { formatDate } from './format';

const statusColour: Record<InviteStatus, 'success' | 'info' | 'default' | 'warning'> = {
  used: 'success',
  pending: 'info',
  expired: 'warning',
  revoked: 'default',
};

/** Invitations a page (a district's history runs to hundreds). */
export const invitesPerPage = 20;

/** Hidden from sight, read by screen readers (a 1 px box: `width: 1` in `sx` would be 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** An address that may break after its '@' and its dots (and, as a last resort, anywhere). */
function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@._+-])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** Resend and Revoke of one pending invitation; Revoke asks first. */
function InviteActions({ invite, offline }: { invite: Invite; offline: boolean }) {
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  // A double click sends one e-mail: the second click lands before the button re-renders disabled.
  const resending = useRef(false);

  const onResend = () => {
    if (resending.current) return;
    resending.current = true;
    resend.mutate(invite.id, {
      onSuccess: () =>
        toast({ variant: 'success', title: 'Invitation sent again', description: invite.email }),
      onError: (error) => {
        // 429: sent less than a minute ago; the notice says how long to wait.
        const tooSoon = rateLimitNotice(error);
        toast(
          tooSoon
            ? { variant: 'error', title: tooSoon.title, description: tooSoon.description }
            : {
                variant: 'error',
                title: 'Error resending invitation',
                description: errorMessage(error) ?? 'Please try again.',
              },
        );
      },
      onSettled: () => {
        resending.current = false;
      },
    });
  };
  // The promise, not mutate's callbacks: the refetch after a revoke redraws this row without its
  // actions, and TanStack Query skips mutate's callbacks once their component has unmounted.
  const onRevoke = () =>
    void revoke.mutateAsync(invite.id).then(
      () => {
        setConfirming(false);
        toast({ variant: 'success', title: 'Invitation revoked', description: invite.email });
      },
      (error: unknown) => {
        setConfirming(false);
        toast({
          variant: 'error',
          title: 'Error revoking invitation',
          description: errorMessage(error) ?? 'Please try again.',
        });
      },
    );

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button
        size="small"
        disabled={offline || resend.isPending || revoke.isPending}
        aria-label={`Resend invitation to ${invite.email}`}
        onClick={onResend}
      >
        {resend.isPending ? 'Sending...' : 'Resend'}
      </Button>
      <Button
        size="small"
        color="error"
        disabled={offline || resend.isPending || revoke.isPending}
        aria-label={`Revoke invitation to ${invite.email}`}
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Revoke this invitation?"
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onConfirm={onRevoke}
        onClose={() => setConfirming(false)}
      >
        The invitation to {invite.email} stops working and its seat is free again. You can invite the address
        again later.
      </ConfirmDialog>
    </Stack>
  );
}

function StatusChip({ status, delivery }: { status: InviteStatus; delivery?: Invite['delivery'] }) {
  const chip = <Chip size="small" label={inviteStatusLabels[status]} color={statusColour[status]} />;
  // Issue 27: a send the mail server refused says so, with its reason.
  if (status !== 'pending' || delivery?.status !== 'not_delivered') return chip;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {chip}
      <Chip size="small" variant="outlined" color="error" label="Not delivered" />
      {delivery.error && (
        <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {delivery.error}
        </Typography>
      )}
    </Stack>
  );
}

/** Laptops: a table, in a focusable region so that it can be scrolled with the keyboard if it must. */
function InviteTable({ invites, offline }: { invites: Invite[]; offline: boolean }) {
  return (
    <TableContainer
      role="region"
      aria-label="Invitations table"
      tabIndex={0}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Email</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Date Sent</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invites.map((invite) => (
            <TableRow key={invite.id}>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                <EmailText email={invite.email} />
              </TableCell>
              <TableCell>
                <StatusChip status={invite.status} delivery={invite.delivery} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(invite.last_sent_at)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(invite.expires_at)}</TableCell>
              <TableCell>
                {invite.status === 'pending' && <InviteActions invite={invite} offline={offline} />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one card an invitation, the address on its own lines, the actions below it. */
function InviteCards({ invites, offline }: { invites: Invite[]; offline: boolean }) {
  return (
    <Box
      component="ul"
      aria-label="Invitations"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}
    >
      {invites.map((invite) => (
        <Paper
          component="li"
          key={invite.id}
          variant="outlined"
          sx={{ p: 1.5, borderRadius: 2, minWidth: 0 }}
        >
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
          >
            <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
              <EmailText email={invite.email} />
            </Typography>
            <StatusChip status={invite.status} delivery={invite.delivery} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Sent {formatDate(invite.last_sent_at)} · Expires {formatDate(invite.expires_at)}
          </Typography>
          {invite.status === 'pending' && (
            <Box sx={{ mt: 1 }}>
              <InviteActions invite={invite} offline={offline} />
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}

type StatusFilter = InviteStatus | 'all';

/**
 * 'Invitation History': search by address, filter by status, 20 a page (over the group's invitations,
 * which the api answers with the group); a table on a laptop, cards on a phone. Resend and Revoke on
 * pending invitations.
 */
export function InvitationHistory({ invites, offline }: { invites: Invite[]; offline: boolean }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(0);
  const needle = search.trim().toLowerCase();
  const matching = invites.filter(
    (invite) =>
      (status === 'all' || invite.status === status) &&
      (needle === '' || invite.email.toLowerCase().includes(needle)),
  );
  const lastPage = Math.max(0, Math.ceil(matching.length / invitesPerPage) - 1);
  const shownPage = Math.min(page, lastPage);
  const shown = matching.slice(shownPage * invitesPerPage, (shownPage + 1) * invitesPerPage);
  const noun = (n: number) => (n === 1 ? 'invitation' : 'invitations');

  return (
    <Box component="section" aria-labelledby="history-heading" sx={{ mb: 4, minWidth: 0 }}>
      <Typography id="history-heading" variant="h5" component="h2" gutterBottom>
        Invitation History
      </Typography>
      {invites.length === 0 ? (
        <Typography color="text.secondary">No invitations sent yet.</Typography>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
            <TextField
              label="Search by email"
              type="search"
              size="small"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(0);
              }}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              sx={{ flex: 1 }}
            />
            <TextField
              select
              label="Status"
              size="small"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as StatusFilter);
                setPage(0);
              }}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="all">All statuses</MenuItem>
              {inviteStatuses.map((s) => (
                <MenuItem key={s} value={s}>
                  {inviteStatusLabels[s]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {matching.length === invites.length
              ? `${invites.length} ${noun(invites.length)}`
              : `${matching.length} of ${invites.length} ${noun(invites.length)}`}
          </Typography>
          {matching.length === 0 ? (
            <Typography color="text.secondary">No invitation matches.</Typography>
          ) : phone ? (
            <InviteCards invites={shown} offline={offline} />
          ) : (
            <InviteTable invites={shown} offline={offline} />
          )}
          {matching.length > invitesPerPage && (
            <TablePagination
              component="div"
              count={matching.length}
              page={shownPage}
              rowsPerPage={invitesPerPage}
              rowsPerPageOptions={[]}
              onPageChange={(_e, next) => setPage(next)}
              labelDisplayedRows={({ from, to, count }) => `${from}–${to} of ${count}`}
              getItemAriaLabel={(type) => `Go to ${type} page of invitations`}
            />
          )}
        </>
      )}
    </Box>
  );
}
