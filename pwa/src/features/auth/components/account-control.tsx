import LogoutIcon from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { authMessages, canManageSubscription, roleLabels, type PublicUser, type Role } from '@pd/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useOpenAuthDialog } from '../../../components/auth-dialog-context';
import { usePremiumActions } from '../../../components/premium-actions-context';
import { useToast } from '../../../components/toast-provider';
import { useMe } from '../../../lib/get-me';
import { paths } from '../../../lib/paths';
import { useLogout } from '../api/logout';

const badgeColor: Record<Role, 'default' | 'primary' | 'secondary' | 'success'> = {
  superadmin: 'secondary',
  license_admin: 'primary',
  premium: 'success',
  free: 'default',
};

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() ||
    '?'
  );
}

/** The header's account control: 'Sign In' when anonymous, the avatar menu when signed in. */
export function AccountControl() {
  const me = useMe();
  const openAuthDialog = useOpenAuthDialog();
  if (me.isPending) return <Skeleton variant="circular" width={40} height={40} aria-hidden="true" />;
  if (!me.data) {
    return (
      <Button
        variant="contained"
        color="primary"
        onClick={() => openAuthDialog('signIn')}
        aria-haspopup="dialog"
      >
        Sign In
      </Button>
    );
  }
  return <AccountMenu user={me.data} />;
}

function AccountMenu({ user }: { user: PublicUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const toast = useToast();
  const logoutMutation = useLogout();
  const { onManageSubscription } = usePremiumActions();
  const close = () => setAnchor(null);

  const go = (to: string) => {
    close();
    navigate(to);
  };

  const signOut = () => {
    close();
    logoutMutation.mutate(undefined, {
      onSuccess: () => {
        toast({
          variant: 'success',
          title: 'Signed out',
          description: 'You have been signed out. See you soon!',
        });
        navigate(paths.home());
      },
      onError: () =>
        toast({
          variant: 'error',
          title: authMessages.signOutError,
          description: authMessages.signOutErrorText,
        }),
    });
  };

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={`Account menu for ${user.name}`}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'account-menu' : undefined}
          sx={{ p: 0.5 }}
        >
          <Avatar
            sx={{
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              width: 36,
              height: 36,
              fontSize: 15,
              fontWeight: 700,
            }}
          >
            {initials(user.name)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
      >
        <Box component="li" role="none" sx={{ px: 2, py: 1.5 }}>
          <Typography noWrap sx={{ fontWeight: 700 }}>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
          <Chip
            size="small"
            label={roleLabels[user.role]}
            color={badgeColor[user.role]}
            sx={{ mt: 1, fontWeight: 600 }}
          />
        </Box>
        <Divider />
        {canManageSubscription(user.role) && (
          <MenuItem
            onClick={() => {
              close();
              onManageSubscription();
            }}
          >
            Manage Subscription
          </MenuItem>
        )}
        {user.role === 'license_admin' && (
          <MenuItem onClick={() => go(paths.licenseAdmin())}>License Management</MenuItem>
        )}
        {user.role === 'superadmin' && (
          <MenuItem onClick={() => go(paths.admin())}>Super Admin Dashboard</MenuItem>
        )}
        <MenuItem onClick={signOut} disabled={logoutMutation.isPending}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
