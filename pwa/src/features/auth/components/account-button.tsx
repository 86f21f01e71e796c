import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { PublicUser } from '@pd/domain';
import { lazy, Suspense, useState } from 'react';

// The menu is loaded when it is first opened.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() ||
    '?'
  );
}

/** The signed-in teacher's avatar button and its menu (account-control.tsx). */
export function AccountButton({
  user,
  signingOut,
  onSignOut,
}: {
  user: PublicUser;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu stays mounted once opened: it holds the sign-out flow and its confirmation.
  const [opened, setOpened] = useState(false);

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          onClick={(event) => {
            setOpened(true);
            setAnchor(event.currentTarget);
          }}
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
      {opened && (
        <Suspense fallback={null}>
          <AccountMenu
            user={user}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            signingOut={signingOut}
            onSignOut={onSignOut}
          />
        </Suspense>
      )}
    </>
  );
}
