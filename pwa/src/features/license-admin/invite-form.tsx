import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AdminLicenseGroup, inviteLines, licenceMessages, limits } from '@pd/domain';
import { useState } from 'react';
import { useToast } from '../../components/toast-provider';
import { errorMessage } from '../../lib/api-client';
import { useSendInvites } from './api/invites';

/** 'Invite Teachers': one e-mail per line, with the live count and the rules of spec section 5. */
export function InviteForm({ group, offline }: { group: AdminLicenseGroup; offline: boolean }) {
  const [text, setText] = useState('');
  const send = useSendInvites();
  const toast = useToast();
  const lines = inviteLines(text);
  const noneLeft = group.licenses_available <= 0;
  const disabled = noneLeft || offline;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (lines.length === 0) {
      toast({ variant: 'error', title: licenceMessages.noEmails, description: licenceMessages.noEmailsText });
      return;
    }
    if (lines.length > limits.maxInvitesPerSend) {
      toast({
        variant: 'error',
        title: licenceMessages.tooManyEmails,
        description: licenceMessages.tooManyEmailsText,
      });
      return;
    }
    if (lines.length > group.licenses_available) {
      toast({
        variant: 'error',
        title: licenceMessages.notEnoughLicenses,
        description: licenceMessages.notEnoughLicensesText(group.licenses_available, lines.length),
      });
      return;
    }
    send.mutate(
      { groupId: group.id, emails: lines },
      {
        onSuccess: ({ invites, skipped }) => {
          setText('');
          const notSent = skipped.map((s) => `${s.email} (${s.reason})`).join(', ');
          toast({
            variant: 'success',
            title: licenceMessages.invitesSent,
            description:
              licenceMessages.invitesSentText(invites.length) +
              (notSent ? `. Not sent again: ${notSent}.` : ''),
          });
        },
        onError: (error) =>
          toast({
            variant: 'error',
            title: licenceMessages.errorSendingInvites,
            description: errorMessage(error) ?? licenceMessages.sendFailed,
          }),
      },
    );
  };

  const count = `${lines.length} ${lines.length === 1 ? 'email' : 'emails'}`;
  return (
    <Box component="section" aria-labelledby="invite-heading" sx={{ mb: 4 }}>
      <Typography id="invite-heading" variant="h5" component="h2" gutterBottom>
        Invite Teachers
      </Typography>
      {noneLeft && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {licenceMessages.allUsed}
        </Alert>
      )}
      {offline && !noneLeft && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You are offline. Invitations can be sent once you are back online.
        </Alert>
      )}
      <Box component="form" onSubmit={submit} noValidate>
        <TextField
          label="Teacher emails (one per line)"
          multiline
          minRows={4}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          disabled={disabled}
          helperText={`${count} · up to ${limits.maxInvitesPerSend} per send · ${group.licenses_available} licenses available`}
          slotProps={{ htmlInput: { 'aria-describedby': 'invite-count' } }}
        />
        <Typography id="invite-count" role="status" variant="body2" sx={{ mt: 1 }}>
          {count}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SendIcon aria-hidden="true" />}
          disabled={disabled || send.isPending}
          sx={{ mt: 1.5 }}
        >
          {send.isPending ? 'Sending...' : 'Send Invites'}
        </Button>
      </Box>
    </Box>
  );
}
