import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { brand, paths } from '@pd/domain';
import { Link as RouterLink } from 'react-router-dom';
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

/** Header of every page: title, company website, Prompt Library, FAQ, upgrade (free only), account. */
export function SiteHeader({ onUpgrade }: { onUpgrade?: () => void }) {
  // While 'me' is on its way, laid out for the last signed-in teacher (the header keeps its height).
  const role = useLayoutRole();
  const premium = usePremiumActions();
  const upgrade = onUpgrade ?? premium.onUpgrade;
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
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg" disableGutters>
        <Toolbar
          sx={{ flexWrap: 'wrap', gap: { xs: 0.5, sm: 1.5 }, py: { xs: 1, md: 0 }, minHeight: { md: 68 } }}
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
              mr: 'auto',
            }}
          >
            <Box component="img" src="/icons/favicon.svg" alt="" sx={{ width: 30, height: 30 }} />
            {brand.productName}
          </Link>
          <Box sx={{ order: { xs: 3, md: 1 }, width: { xs: '100%', md: 'auto' }, minWidth: 0 }}>
            <Box
              component="nav"
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
                sx={{ whiteSpace: 'nowrap' }}
              >
                Upgrade to Premium
              </Button>
            )}
            <AccountControl />
          </Box>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
