import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AdminLicenseGroup, groupAdminMessages, type LicenseGroupStatus } from '@pd/domain';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useAddGroupAdmin, useRemoveGroupAdmin, useSetGroupTerm, useTransferGroup } from './api/group-admin';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Who manages the group (issue 28 part 1): its licence admins, adding and removing co-admins; for
 * the super admin, the group's term and status. Its own chunk, after the page.
 */
export function GroupManagement({
  group,
  superadmin,
  offline,
}: {
  group: AdminLicenseGroup;
  superadmin: boolean;
  offline: boolean;
}) {
  const add = useAddGroupAdmin();
  const remove = useRemoveGroupAdmin();
  const [email, setEmail] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ groupId: group.id, body: { email } }, { onSuccess: () => setEmail('') });
  };
  const failed = add.error ?? remove.error;
  return (
    <section aria-labelledby="group-admins-heading">
      <Typography id="group-admins-heading" variant="h5" component="h2" sx={{ mt: 5, mb: 2 }}>
        License admins
      </Typography>
      <List dense aria-label="License admins">
        {(group.admins ?? []).map((admin) => (
          <ListItem
            key={admin.id}
            secondaryAction={
              admin.purchaser ? (
                <Chip size="small" label="Purchaser" />
              ) : (
                <Button
                  size="small"
                  disabled={offline || remove.isPending}
                  onClick={() => remove.mutate({ groupId: group.id, userId: admin.id })}
                >
                  Remove
                </Button>
              )
            }
          >
            <ListItemText primary={admin.name} secondary={admin.email} />
          </ListItem>
        ))}
      </List>
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} onSubmit={submit}>
        <TextField
          size="small"
          type="email"
          label="Add a co-admin (a license admin's e-mail)"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          sx={{ minWidth: 320 }}
          required
        />
        <Button type="submit" variant="outlined" disabled={offline || add.isPending || !email.trim()}>
          Add co-admin
        </Button>
      </Stack>
      {failed && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(failed)}
        </Alert>
      )}
      {superadmin && <HandOver group={group} offline={offline} />}
      {superadmin && <GroupTerm group={group} offline={offline} />}
    </section>
  );
}

/**
 * The super admin hands the group to another licence admin (issue 28 part 1): one of its co-admins
 * becomes the purchaser, after a confirmation naming both; the old purchaser stops managing it.
 */
function HandOver({ group, offline }: { group: AdminLicenseGroup; offline: boolean }) {
  const transfer = useTransferGroup();
  const coAdmins = (group.admins ?? []).filter((a) => !a.purchaser);
  const purchaser = (group.admins ?? []).find((a) => a.purchaser);
  const [chosen, setChosen] = useState('');
  const [asking, setAsking] = useState(false);
  const next = coAdmins.find((a) => a.id === chosen);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next) setAsking(true);
  };
  const confirm = () =>
    transfer.mutate(
      { groupId: group.id, body: { purchaser_id: chosen } },
      {
        onSettled: () => setAsking(false),
        onSuccess: () => setChosen(''),
      },
    );
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 4, mb: 1 }}>
        {groupAdminMessages.handOverHeading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {coAdmins.length > 0 ? groupAdminMessages.handOverText : groupAdminMessages.noCoAdmins}
      </Typography>
      {coAdmins.length > 0 && (
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} onSubmit={submit}>
          <TextField
            select
            size="small"
            label={groupAdminMessages.handOverLabel}
            value={next ? chosen : ''}
            onChange={(e) => setChosen(e.target.value)}
            sx={{ minWidth: { sm: 320 } }}
          >
            {coAdmins.map((a) => (
              <MenuItem key={a.id} value={a.id} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                {a.name} ({a.email})
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="outlined" disabled={offline || transfer.isPending || !next}>
            {groupAdminMessages.handOverButton}
          </Button>
        </Stack>
      )}
      {transfer.isSuccess && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {groupAdminMessages.ownerChanged}
        </Alert>
      )}
      {transfer.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(transfer.error)}
        </Alert>
      )}
      <ConfirmDialog
        open={asking && Boolean(next)}
        title={groupAdminMessages.handOverTitle(group.name)}
        confirmLabel={groupAdminMessages.handOverButton}
        busy={transfer.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        {next &&
          groupAdminMessages.handOverConfirm(
            `${next.name} (${next.email})`,
            purchaser ? `${purchaser.name} (${purchaser.email})` : null,
          )}
      </ConfirmDialog>
    </>
  );
}

/** The super admin sets the term (first day, first day without access) and suspends or resumes. */
function GroupTerm({ group, offline }: { group: AdminLicenseGroup; offline: boolean }) {
  const save = useSetGroupTerm();
  const [startsOn, setStartsOn] = useState(group.starts_on ?? '');
  const [endsOn, setEndsOn] = useState(group.ends_on ?? '');
  const [status, setStatus] = useState<LicenseGroupStatus>(group.status);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      groupId: group.id,
      body: { starts_on: startsOn || null, ends_on: endsOn || null, status },
    });
  };
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 4, mb: 1 }}>
        Term
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Members have premium access from the first day until the day before the end date. Empty: from the
        start, open-ended. Renew by moving the end date later.
      </Typography>
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} onSubmit={submit}>
        <TextField
          size="small"
          type="date"
          label="First day"
          value={startsOn}
          onChange={(e) => setStartsOn(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="Access ends on"
          value={endsOn}
          onChange={(e) => setEndsOn(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as LicenseGroupStatus)}
        >
          <MenuItem value="active">Active</MenuItem>
          <MenuItem value="suspended">Suspended</MenuItem>
        </TextField>
        <Button type="submit" variant="outlined" disabled={offline || save.isPending}>
          Save term
        </Button>
      </Stack>
      {save.isSuccess && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {groupAdminMessages.termSaved}
        </Alert>
      )}
      {save.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(save.error)}
        </Alert>
      )}
    </>
  );
}
