import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { GroupMember } from '@pd/domain';
import { useId, useState } from 'react';
import { useToast } from '../../components/toast-provider';
import { errorMessage } from '../../lib/api-client';
import { useRemoveMember } from './api/remove-member';

/** Removes a member from the group, after a confirmation: the seat is free again. */
export function RemoveMemberButton({
  groupId,
  member,
  disabled,
}: {
  groupId: string;
  member: GroupMember;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveMember();
  const toast = useToast();
  const titleId = useId();
  // The promise, not mutate's callbacks: the refetch after a removal drops this member's row, and
  // TanStack Query skips mutate's callbacks once their component has unmounted.
  const confirm = () =>
    void remove.mutateAsync({ groupId, userId: member.id }).then(
      () => {
        setOpen(false);
        toast({
          variant: 'success',
          title: 'Member removed',
          description: `${member.name}'s seat is free again.`,
        });
      },
      (error: unknown) =>
        toast({
          variant: 'error',
          title: 'Error removing member',
          description: errorMessage(error) ?? 'Please try again.',
        }),
    );
  return (
    <>
      <Button
        size="small"
        color="error"
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label={`Remove ${member.name}`}
      >
        Remove
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Remove {member.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {member.name} ({member.email}) loses the Premium Access of your licence and their seat is free
            again. They keep their account, their progress and their certificates.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={remove.isPending}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
