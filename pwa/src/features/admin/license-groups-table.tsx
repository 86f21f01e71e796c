import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  adminMessages,
  isAllowedLicenseCount,
  type LicenseGroup,
  lowestLicenseCount,
  usageLabels,
  usageLevel,
  usagePercent,
  paths,
} from '@pd/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useToast } from '../../components/toast-provider';
import { useLicenseGroups, useUpdateLicenseCount } from './api/license-groups';
import { formatDate, messageOr } from './format';
import { TableScrollRegion } from '../../components/scroll-region';

const levelColours = { full: 'error', high: 'warning', available: 'success' } as const;

/** The count's inline edit (spec section 4): confirm saves, cancel discards, confirm disabled below used. */
function LicenseCountCell({ group }: { group: LicenseGroup }) {
  const toast = useToast();
  const update = useUpdateLicenseCount();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <IconButton
        size="small"
        aria-label={`Edit license count of ${group.name}`}
        onClick={() => setDraft(String(group.license_count))}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    );
  }
  const value = Number(draft);
  // An empty field reads as 0 (`Number('')`), below the lowest count (never below one).
  const valid = isAllowedLicenseCount(value, group.licenses_used);
  const lowest = lowestLicenseCount(group.licenses_used);
  const save = () =>
    update.mutate(
      { groupId: group.id, licenseCount: value },
      {
        onSuccess: () => {
          toast({ title: adminMessages.licenseCountUpdated, variant: 'success' });
          setDraft(null);
        },
        onError: (error) =>
          toast({
            title: adminMessages.licenseCountError,
            description: messageOr(error, adminMessages.updateCountFailed),
            variant: 'error',
          }),
      },
    );
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        type="number"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && valid) save();
          if (e.key === 'Escape') setDraft(null);
        }}
        error={!valid}
        helperText={!valid ? `At least ${lowest}` : undefined}
        slotProps={{
          htmlInput: {
            min: lowest,
            'aria-label': `License count of ${group.name}`,
          },
        }}
        sx={{ width: 110 }}
      />
      <IconButton
        size="small"
        color="primary"
        aria-label="Save license count"
        disabled={!valid || update.isPending}
        onClick={save}
      >
        <CheckIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label="Cancel editing"
        disabled={update.isPending}
        onClick={() => setDraft(null)}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/** Every licence group with its seats (spec section 2). */
export function LicenseGroupsTable() {
  const groups = useLicenseGroups();
  if (groups.isError) {
    return <Alert severity="error">{messageOr(groups.error, adminMessages.fetchGroupsFailed)}</Alert>;
  }
  return (
    <TableScrollRegion label="License groups">
      <Table size="small" aria-label="License groups" sx={{ minWidth: 860 }}>
        <TableHead>
          <TableRow>
            <TableCell>Group Name</TableCell>
            <TableCell>Licenses</TableCell>
            <TableCell>Used</TableCell>
            <TableCell>Available</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.isPending && (
            <TableRow>
              <TableCell colSpan={7}>Loading license groups...</TableCell>
            </TableRow>
          )}
          {groups.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={7}>
                No license groups yet. Create one with 'Create License Group'.
              </TableCell>
            </TableRow>
          )}
          {groups.data?.map((group) => {
            const level = usageLevel(
              usagePercent({
                total: group.license_count,
                used: group.licenses_used,
                pending: group.licenses_pending,
              }),
            );
            return (
              <TableRow key={group.id} hover>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {group.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                    ID: {group.id}
                  </Typography>
                  {group.purchaser_email && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      Purchaser: {group.purchaser_email}
                    </Typography>
                  )}
                  {/* Issue 28: the group's License Management page, the same a licence admin sees. */}
                  <Link component={RouterLink} to={paths.licenseAdmin(group.id)} variant="caption">
                    Open License Management
                  </Link>
                </TableCell>
                <TableCell>{group.license_count}</TableCell>
                <TableCell>{group.licenses_used}</TableCell>
                <TableCell>{group.licenses_available}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(group.created_at)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5}>
                    <Chip size="small" label={group.status === 'active' ? 'Active' : 'Suspended'} />
                    <Chip size="small" color={levelColours[level]} label={usageLabels[level]} />
                  </Stack>
                </TableCell>
                <TableCell>
                  <LicenseCountCell group={group} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableScrollRegion>
  );
}
