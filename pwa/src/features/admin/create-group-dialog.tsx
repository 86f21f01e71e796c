import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { adminMessages, licenceMessages, limits } from '@pd/domain';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../components/toast-provider';
import { useCreateLicenseGroup } from './api/license-groups';
import { useUsers } from './api/users';
import { messageOr } from './format';

const licenseAdminsFilter = {
  search: '',
  role: 'license_admin',
  verified: '',
  sort: 'joined_asc',
  page: 0,
  pageSize: 100,
} as const;

/** 'Create License Group' (spec section 5): name trimmed and required, a license admin, 10 / 30 / 50. */
function CreateGroupForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const admins = useUsers(licenseAdminsFilter);
  const create = useCreateLicenseGroup();
  const [name, setName] = useState('');
  const [purchaserId, setPurchaserId] = useState('');
  const [count, setCount] = useState<number>(limits.defaultLicenseGroupSize);
  const [errors, setErrors] = useState<{ name?: string; purchaser?: string }>({});
  const noAdmins = admins.data?.users.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setErrors({ name: licenceMessages.nameRequiredText });
      toast({
        title: licenceMessages.nameRequired,
        description: licenceMessages.nameRequiredText,
        variant: 'error',
      });
      return;
    }
    if (!purchaserId) {
      setErrors({ purchaser: licenceMessages.purchaserRequiredText });
      toast({
        title: licenceMessages.purchaserRequired,
        description: licenceMessages.purchaserRequiredText,
        variant: 'error',
      });
      return;
    }
    setErrors({});
    const purchaser = admins.data?.users.find((u) => u.id === purchaserId);
    create.mutate(
      { name: trimmed, purchaserId, licenseCount: count },
      {
        onSuccess: ({ license_group: group }) => {
          toast({
            title: adminMessages.groupCreated,
            description: `${group.name} for ${purchaser?.email ?? 'the license admin'}: ${group.license_count} licenses (ID ${group.id}).`,
            variant: 'success',
          });
          onDone();
        },
        onError: (error) =>
          toast({
            title: adminMessages.groupCreateError,
            description: messageOr(error, adminMessages.createGroupFailed),
            variant: 'error',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {noAdmins && (
            <Alert severity="info">
              There is no license admin yet. Give a user the License Admin role first, then create their
              group.
            </Alert>
          )}
          <TextField
            label="License group name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
            required
            autoFocus
          />
          <TextField
            select
            label="Purchaser (license admin)"
            value={purchaserId}
            onChange={(e) => setPurchaserId(e.target.value)}
            error={Boolean(errors.purchaser)}
            helperText={errors.purchaser}
            required
            disabled={!admins.data || noAdmins}
          >
            {(admins.data?.users ?? []).map((admin) => (
              <MenuItem key={admin.id} value={admin.id}>
                {admin.name} ({admin.email})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Number of licenses"
            value={count}
            onChange={(e) => setCount(Number(e.target.value))}
          >
            {limits.licenseGroupSizes.map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!admins.data || noAdmins || create.isPending}>
          {create.isPending ? 'Creating...' : 'Create License Group'}
        </Button>
      </DialogActions>
    </form>
  );
}

export function CreateGroupButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon aria-hidden="true" />} onClick={() => setOpen(true)}>
        Create License Group
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="create-group-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="create-group-title">Create License Group</DialogTitle>
        {open && <CreateGroupForm onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
