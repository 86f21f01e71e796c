import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { canManageSubscription, paths, type PublicUser, type Role, roleLabelOf } from '@pd/domain';
import { useNavigate } from 'react-router-dom';
import { usePremiumActions } from '../../../components/premium-actions-context';

/** The signed-in teacher's account menu, loaded when it is first opened (account-control.tsx). */

const badgeColor: Record<Role, 'default' | 'primary' | 'secondary' | 'success'> = {
  superadmin: 'secondary',
  license_admin: 'primary',
  premium: 'success',
  free: 'default',
};

export function AccountMenu({
  user,
  anchor,
  onClose,
  signingOut,
  onSignOut,
}: {
  user: PublicUser;
  anchor: HTMLElement | null;
  onClose: () => void;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  const navigate = useNavigate();
  const { onManageSubscription } = usePremiumActions();
  const close = onClose;

  const go = (to: string) => {
    close();
    navigate(to);
  };

  const signOut = () => {
    close();
    onSignOut();
  };

  return (
    <>
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
            label={roleLabelOf(user.role, user.licence)}
            color={badgeColor[user.role]}
            sx={{ mt: 1, fontWeight: 600 }}
          />
        </Box>
        <Divider />
        {canManageSubscription(user) && (
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
        <MenuItem onClick={() => go(paths.account())}>Account and sign-in</MenuItem>
        <MenuItem onClick={() => go(paths.transcript())}>PD transcript</MenuItem>
        <MenuItem onClick={signOut} disabled={signingOut}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
