import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Invite, type InviteStatus, inviteStatusLabels } from '@pd/domain';
import { useToast } from '../../components/toast-provider';
import { errorMessage } from '../../lib/api-client';
import { useResendInvite, useRevokeInvite } from './api/invites';
import { formatDate } from './format';

const statusColour: Record<InviteStatus, 'success' | 'info' | 'default' | 'warning'> = {
  used: 'success',
  pending: 'info',
  expired: 'warning',
  revoked: 'default',
};

/** 'Invitation History': Email, Status, Date Sent, Expires, and Resend / Revoke on pending rows. */
export function InvitationHistory({ invites, offline }: { invites: Invite[]; offline: boolean }) {
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const toast = useToast();
  const busy = resend.isPending || revoke.isPending;
  const fail = (title: string) => (error: unknown) =>
    toast({ variant: 'error', title, description: errorMessage(error) ?? 'Please try again.' });

  return (
    <Box component="section" aria-labelledby="history-heading" sx={{ mb: 4 }}>
      <Typography id="history-heading" variant="h5" component="h2" gutterBottom>
        Invitation History
      </Typography>
      {invites.length === 0 ? (
        <Typography color="text.secondary">No invitations sent yet.</Typography>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Table size="small" sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell>Email</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Date Sent</TableCell>
                <TableCell>Expires</TableCell>
                <TableCell>
                  <Box
                    component="span"
                    sx={{
                      position: 'absolute',
                      width: 1,
                      height: 1,
                      overflow: 'hidden',
                      clip: 'rect(0 0 0 0)',
                    }}
                  >
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invites.map((invite) => (
                <TableRow key={invite.id}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{invite.email}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={inviteStatusLabels[invite.status]}
                      color={statusColour[invite.status]}
                    />
                  </TableCell>
                  <TableCell>{formatDate(invite.last_sent_at)}</TableCell>
                  <TableCell>{formatDate(invite.expires_at)}</TableCell>
                  <TableCell>
                    {invite.status === 'pending' && (
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          disabled={busy || offline}
                          aria-label={`Resend invitation to ${invite.email}`}
                          onClick={() =>
                            resend.mutate(invite.id, {
                              onSuccess: () =>
                                toast({
                                  variant: 'success',
                                  title: 'Invitation sent again',
                                  description: invite.email,
                                }),
                              onError: fail('Error resending invitation'),
                            })
                          }
                        >
                          Resend
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={busy || offline}
                          aria-label={`Revoke invitation to ${invite.email}`}
                          onClick={() =>
                            revoke.mutate(invite.id, {
                              onSuccess: () =>
                                toast({
                                  variant: 'success',
                                  title: 'Invitation revoked',
                                  description: invite.email,
                                }),
                              onError: fail('Error revoking invitation'),
                            })
                          }
                        >
                          Revoke
                        </Button>
                      </Stack>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
