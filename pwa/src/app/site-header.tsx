import MenuIcon from '@mui/icons-material/Menu';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { brand, paths } from '@pd/domain';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { usePremiumActions } from '../components/premium-actions-context';
import { AccountControl } from '../features/auth/components/account-control';
import { useLayoutRole } from '../offline/get-me';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Below the `md` breakpoint (900 px): phones and small tablets, where the header would wrap to two rows. */
const narrowQuery = '@media (max-width:899.95px)';

export interface SiteHeaderProps {
  onUpgrade?: () => void;
  /**
   * The reading room (a lesson open, issue 16): on a phone the header is one row — the logo, the
   * sync status folded in (`status`), the upgrade and account buttons and a menu button for the
   * links; laptops keep the full header.
   */
  reading?: boolean;
  /** The compact sync status shown in the reading room's single row (phones only). */
  status?: ReactNode;
}

/** Header of every page: title, company website, Prompt Library, FAQ, upgrade (free only), account. */
export function SiteHeader({ onUpgrade, reading = false, status }: SiteHeaderProps) {
  // While 'me' is on its way, laid out for the last signed-in teacher (the header keeps its height).
  const role = useLayoutRole();
  const premium = usePremiumActions();
  const upgrade = onUpgrade ?? premium.onUpgrade;
  const navId = useId();
  // The reading room's link menu; closed again on every new page.
  const { pathname } = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = reading && menuOpenOn === pathname;
  // Chosen by CSS, not script (the first render is the same at every width): on a phone in the
  // reading room these parts are hidden, or shown in their compact form.
  const onlyNarrow = reading ? { display: 'none', [narrowQuery]: { display: 'flex' } } : { display: 'none' };
  const navLink = {
    color: 'text.primary',
    fontWeight: 600,
    fontSize: { xs: 14, sm: 16 },
    px: { xs: 0.5, sm: 1 },
    py: 0.75,
    borderRadius: 1,
    whiteSpace: 'nowrap',
  } as const;

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      data-reading={reading || undefined}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="lg" disableGutters>
        <Toolbar
          sx={[
            { flexWrap: 'wrap', gap: { xs: 0.5, sm: 1.5 }, py: { xs: 1, md: 0 }, minHeight: { md: 68 } },
            reading && { [narrowQuery]: { py: 0.5, minHeight: 52, columnGap: 1 } },
          ]}
        >
          <Link
            component={RouterLink}
            to={paths.home()}
            underline="none"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              fontWeight: 800,
              fontSize: { xs: 16, sm: 20 },
              color: 'primary.dark',
              mr: reading ? { md: 'auto' } : 'auto',
            }}
          >
            <Box component="img" src="/icons/favicon.svg" alt="" sx={{ width: 30, height: 30 }} />
            <Box component="span" sx={reading ? { [narrowQuery]: visuallyHidden } : undefined}>
              {brand.productName}
            </Box>
          </Link>
          {status && (
            <Box
              data-testid="header-sync-status"
              sx={{ ...onlyNarrow, flex: 1, minWidth: 0, alignItems: 'center', order: 1 }}
            >
              {status}
            </Box>
          )}
          <Box
            sx={[
              { order: { xs: 3, md: 1 }, width: { xs: '100%', md: 'auto' }, minWidth: 0 },
              reading && !menuOpen && { [narrowQuery]: { display: 'none' } },
            ]}
          >
            <Box
              component="nav"
              id={navId}
              aria-label="Main"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                flexWrap: 'wrap',
                mx: { xs: -1, md: 0 },
              }}
            >
              <Link
                href={brand.companyUrl}
                target="_blank"
                rel="noopener noreferrer"
                underline="hover"
                sx={navLink}
              >
                {brand.companyName}
                <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: '-2px' }} aria-hidden="true" />
                <Box component="span" sx={visuallyHidden}>
                  (opens in a new tab)
                </Box>
              </Link>
              <Link component={RouterLink} to={paths.prompts()} sx={navLink}>
                Prompt Library
              </Link>
              <Link component={RouterLink} to={paths.faq()} sx={navLink}>
                FAQ
              </Link>
            </Box>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, order: 2 }}>
            {role === 'free' && (
              <Button
                variant="contained"
                color="secondary"
                startIcon={<WorkspacePremiumIcon />}
                onClick={upgrade}
                sx={[
                  { whiteSpace: 'nowrap' },
                  // In the reading room on a phone: the icon alone (the text stays its name).
                  reading && {
                    [narrowQuery]: { minWidth: 0, px: 1.25, '& .MuiButton-startIcon': { m: 0 } },
                  },
                ]}
              >
                <Box component="span" sx={reading ? { [narrowQuery]: visuallyHidden } : undefined}>
                  Upgrade to Premium
                </Box>
              </Button>
            )}
            <AccountControl />
            {reading && (
              <IconButton
                aria-label="Menu"
                aria-expanded={menuOpen}
                aria-controls={navId}
                onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
                sx={onlyNarrow}
              >
                <MenuIcon />
              </IconButton>
            )}
          </Box>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
