import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AdminLicenseGroup,
  inviteLines,
  licenceErrorCodes,
  licenceMessages,
  limits,
  type SendInvitesResponse,
} from '@pd/domain';
import { useState } from 'react';
import { useToast } from '../../components/toast-provider';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSendInvites } from './api/invites';
import { ConfirmDialog } from './confirm-dialog';

/** 'a@school.org (already a member), b@school.org (already has a pending invitation)' */
const describeSkipped = (skipped: SendInvitesResponse['skipped']) =>
  skipped.map((s) => `${s.email} (${s.reason})`).join(', ');

/** 'Invite Teachers': one e-mail per line, with the live count and the rules of spec section 5. */
export function InviteForm({ group, offline }: { group: AdminLicenseGroup; offline: boolean }) {
  const [text, setText] = useState('');
  // The api's refusal of administrators' addresses, waiting for the admin's answer (issue 26).
  const [staff, setStaff] = useState<{ emails: string[]; message: string } | null>(null);
  const send = useSendInvites();
  const toast = useToast();
  const lines = inviteLines(text);
  const noneLeft = group.licenses_available <= 0;
  const disabled = noneLeft || offline;

  const report = ({ invites, skipped }: SendInvitesResponse) => {
    setText('');
    if (invites.length === 0) {
      // Nothing was sent: say why, not success.
      toast({
        variant: 'info',
        title: 'No invitations sent',
        description: `Every address was skipped: ${describeSkipped(skipped)}.`,
      });
      return;
    }
    toast({
      variant: 'success',
      title: licenceMessages.invitesSent,
      description:
        licenceMessages.invitesSentText(invites.length) +
        (skipped.length > 0 ? `. Not sent again: ${describeSkipped(skipped)}.` : ''),
    });
  };

  const sendNow = (emails: string[], confirmStaff: boolean) =>
    send.mutate(
      { groupId: group.id, emails, confirmStaff },
      {
        onSuccess: (answer) => {
          setStaff(null);
          report(answer);
        },
        onError: (error) => {
          if (
            !confirmStaff &&
            error instanceof ApiError &&
            error.status === 409 &&
            error.code === licenceErrorCodes.staffAddresses
          ) {
            setStaff({ emails, message: error.serverMessage ?? licenceMessages.staffAddresses([]) });
            return;
          }
          setStaff(null);
          toast({
            variant: 'error',
            title: licenceMessages.errorSendingInvites,
            description: errorMessage(error) ?? licenceMessages.sendFailed,
          });
        },
      },
    );

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
    sendNow(lines, false);
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
          id="invite-emails"
          label="Teacher emails (one per line)"
          multiline
          minRows={4}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          disabled={disabled}
          helperText={`Up to ${limits.maxInvitesPerSend} per send · ${group.licenses_available} licenses available`}
          slotProps={{
            htmlInput: { 'aria-describedby': 'invite-emails-helper-text invite-count' },
            // A disabled field's helper text still has to be read (the default grey is 2.66:1).
            formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
          }}
        />
        {/* The count, once: a polite live region. */}
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
      <ConfirmDialog
        open={staff !== null}
        title={licenceMessages.staffAddressesTitle}
        confirmLabel="Send anyway"
        busy={send.isPending}
        onConfirm={() => staff && sendNow(staff.emails, true)}
        onClose={() => setStaff(null)}
      >
        {staff?.message}
      </ConfirmDialog>
    </Box>
  );
}
