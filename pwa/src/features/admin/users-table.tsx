import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  adminMessages,
  adminPageSizes,
  type AdminUser,
  type Role,
  roleLabelOf,
  roleLabels,
  roles,
} from '@pd/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { TableScrollRegion } from '../../components/scroll-region';
import { useToast } from '../../components/toast-provider';
import { type UserFilter } from './api/admin-keys';
import { useLicenseGroups } from './api/license-groups';
import { useDeleteUser, useResetMfa, useUpdateRole, useUsers, useVerifyEmail } from './api/users';
import { formatDate, messageOr } from './format';

const roleColours: Record<Role, 'default' | 'primary' | 'secondary' | 'success'> = {
  free: 'default',
  premium: 'success',
  license_admin: 'secondary',
  superadmin: 'primary',
};

const firstPage: UserFilter = {
  search: '',
  role: '',
  verified: '',
  group: '',
  sort: 'joined_desc',
  page: 0,
  pageSize: 25,
};

interface ConfirmUserChangeProps {
  /** The dialog's id stem (its title's id). */
  id: string;
  title: string;
  children: ReactNode;
  color: 'error' | 'warning';
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A change to someone's account that needs a yes first: what it does, Cancel, and the action. */
function ConfirmUserChange(props: ConfirmUserChangeProps) {
  const { id, title, children, color, confirmLabel, pendingLabel, pending, onConfirm, onClose } = props;
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button color={color} variant="contained" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const toast = useToast();
  const remove = useDeleteUser();
  // The promise, not mutate's callbacks: the refetch after a delete drops the user's row, and
  // TanStack Query skips mutate's callbacks once their component has unmounted.
  const confirm = () =>
    void remove.mutateAsync(user.id).then(
      () => {
        toast({
          title: adminMessages.userDeleted,
          description: adminMessages.userDeletedText,
          variant: 'success',
        });
        onClose();
      },
      (error: unknown) =>
        toast({
          title: adminMessages.deleteError,
          description: messageOr(error, adminMessages.deleteFailed),
          variant: 'error',
        }),
    );
  return (
    <ConfirmUserChange
      id="delete-user"
      title={`Delete ${user.name}?`}
      color="error"
      confirmLabel="Delete User"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      The account of {user.name} ({user.email}) will be permanently removed with all of its data: name, e-mail
      address, course progress, sign-in sessions and queued e-mails. Their license seat is freed and an active
      subscription is cancelled. Certificates they earned stay verifiable by their number, without their
      e-mail. This cannot be undone.
    </ConfirmUserChange>
  );
}

/** Confirms resetting a user's two-step sign-in (decision 077): it signs them out everywhere. */
function ResetMfaDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const toast = useToast();
  const reset = useResetMfa();
  const confirm = () =>
    reset.mutate(user.id, {
      onSuccess: () => {
        toast({
          title: adminMessages.mfaReset,
          description: adminMessages.mfaResetText(user.email),
          variant: 'success',
        });
        onClose();
      },
      onError: (error) =>
        toast({
          title: adminMessages.mfaResetError,
          description: messageOr(error, adminMessages.mfaResetFailed),
          variant: 'error',
        }),
    });
  return (
    <ConfirmUserChange
      id="reset-mfa"
      title={`Reset two-step sign-in of ${user.name}?`}
      color="warning"
      confirmLabel="Reset Two-Step Sign-In"
      pendingLabel="Resetting..."
      pending={reset.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      Do this only when {user.name} ({user.email}) has lost both the phone with the authenticator app and the
      recovery codes, and you are sure it is them asking. They are signed out on every device;
      {user.role === 'license_admin' || user.role === 'superadmin'
        ? ' at their next sign-in they set up two-step sign-in again with a new phone.'
        : ' they then sign in with their password alone and can turn two-step sign-in on again.'}
    </ConfirmUserChange>
  );
}

function UserActions({ user }: { user: AdminUser }) {
  const toast = useToast();
  const updateRole = useUpdateRole();
  const verify = useVerifyEmail();
  const [deleting, setDeleting] = useState(false);
  const [resettingMfa, setResettingMfa] = useState(false);
  // The promises, not mutate's callbacks (as for a delete): the list's refetch after the change can
  // draw this row anew, and TanStack Query skips mutate's callbacks once their component has unmounted.
  const changeRole = (role: Role) =>
    void updateRole.mutateAsync({ userId: user.id, role }).then(
      () => toast({ title: adminMessages.roleUpdated, variant: 'success' }),
      (error: unknown) =>
        toast({
          title: adminMessages.roleUpdateError,
          description: messageOr(error, adminMessages.updateRoleFailed),
          variant: 'error',
        }),
    );
  const verifyEmail = () =>
    void verify.mutateAsync(user.id).then(
      () => toast({ title: adminMessages.emailVerified, variant: 'success' }),
      (error: unknown) =>
        toast({
          title: adminMessages.verifyError,
          description: messageOr(error, adminMessages.verifyFailed),
          variant: 'error',
        }),
    );
  return (
    // The buttons wrap under the role on a narrow column, so the e-mail keeps its room (issue 26).
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        value={user.role}
        onChange={(e) => changeRole(e.target.value as Role)}
        disabled={updateRole.isPending}
        slotProps={{ htmlInput: { 'aria-label': `Role of ${user.name}` } }}
        sx={{ minWidth: 150 }}
      >
        {roles.map((role) => (
          <MenuItem key={role} value={role}>
            {roleLabels[role]}
          </MenuItem>
        ))}
      </TextField>
      {!user.emailVerified && (
        <Button
          size="small"
          variant="outlined"
          onClick={verifyEmail}
          disabled={verify.isPending}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Verify Email
        </Button>
      )}
      {user.mfaEnabled && (
        <Button
          size="small"
          variant="outlined"
          color="warning"
          onClick={() => setResettingMfa(true)}
          aria-label={`Reset Two-Step sign-in of ${user.name}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Reset Two-Step
        </Button>
      )}
      {resettingMfa && <ResetMfaDialog user={user} onClose={() => setResettingMfa(false)} />}
      <IconButton aria-label={`Delete ${user.name}`} color="error" onClick={() => setDeleting(true)}>
        <DeleteIcon />
      </IconButton>
      {deleting && <DeleteUserDialog user={user} onClose={() => setDeleting(false)} />}
    </Stack>
  );
}

/** The users table (spec section 2): server-side search, filters, sort and paging. */
export function UsersTable({ meId }: { meId: string }) {
  const [filter, setFilter] = useState<UserFilter>(firstPage);
  const users = useUsers(filter);
  // Issue 28: the list filters by licence group (the api's ?group=); the groups are the ones the
  // License Groups tab lists (the same query, fetched once for both).
  const groups = useLicenseGroups();
  const set = (patch: Partial<UserFilter>) => setFilter((f) => ({ ...f, page: 0, ...patch }));
  // The search box is read when the form is sent, not kept in state: a keystroke re-renders nothing
  // (with 25 rows of selects and buttons, each keystroke re-rendered the table on a slow laptop).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    set({ search: String(new FormData(event.currentTarget).get('search') ?? '') });
  };

  return (
    <Box>
      <Box
        component="form"
        role="search"
        aria-label="Search users"
        onSubmit={submit}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}
      >
        <TextField size="small" label="Search name or email" name="search" sx={{ minWidth: 240, flex: 1 }} />
        <Button type="submit" variant="outlined" startIcon={<SearchIcon aria-hidden="true" />}>
          Search
        </Button>
        <TextField
          select
          size="small"
          label="Role"
          value={filter.role}
          onChange={(e) => set({ role: e.target.value as UserFilter['role'] })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All roles</MenuItem>
          {roles.map((role) => (
            <MenuItem key={role} value={role}>
              {roleLabels[role]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Verified"
          value={filter.verified}
          onChange={(e) => set({ verified: e.target.value as UserFilter['verified'] })}
          sx={{ minWidth: 130 }}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="yes">Yes</MenuItem>
          <MenuItem value="no">No</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="License group"
          value={filter.group ?? ''}
          onChange={(e) => set({ group: e.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All groups</MenuItem>
          {(groups.data ?? []).map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {group.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Joined"
          value={filter.sort}
          onChange={(e) => set({ sort: e.target.value as UserFilter['sort'] })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="joined_desc">Newest first</MenuItem>
          <MenuItem value="joined_asc">Oldest first</MenuItem>
        </TextField>
      </Box>
      {users.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {adminMessages.loadUsersError(messageOr(users.error, adminMessages.fetchUsersFailed))}
        </Alert>
      )}
      {/* Wider than a phone: the region scrolls sideways (a keyboard too); e-mails never break. */}
      <TableScrollRegion label="Users">
        <Table size="small" aria-label="Users" aria-busy={users.isFetching} sx={{ minWidth: 900 }}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Verified</TableCell>
              <TableCell>Joined</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.isPending && (
              <TableRow>
                <TableCell colSpan={6}>Loading users...</TableCell>
              </TableRow>
            )}
            {users.data?.users.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>No users match.</TableCell>
              </TableRow>
            )}
            {users.data?.users.map((user) => (
              <TableRow key={user.id} hover>
                <TableCell>{user.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.email}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={roleLabelOf(user.role, user.licence)}
                    color={user.licence?.live ? roleColours.premium : roleColours[user.role]}
                  />
                </TableCell>
                <TableCell>{user.emailVerified ? 'Yes' : 'No'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt)}</TableCell>
                <TableCell>
                  {user.id === meId ? (
                    <Typography variant="body2" color="text.secondary">
                      Your account
                    </Typography>
                  ) : (
                    <UserActions user={user} />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScrollRegion>
      <TablePagination
        component="div"
        count={users.data?.total ?? 0}
        page={filter.page}
        rowsPerPage={filter.pageSize}
        rowsPerPageOptions={[...adminPageSizes]}
        onPageChange={(_e, page) => setFilter((f) => ({ ...f, page }))}
        onRowsPerPageChange={(e) => set({ pageSize: Number(e.target.value) })}
      />
    </Box>
  );
}
