import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { brand, copyrightLine } from '@pd/domain';
import { lazy, Suspense, useState } from 'react';

// Loaded when the logo is first clicked.
const LeaveSiteDialog = lazy(() =>
  import('./leave-site-dialog').then((m) => ({ default: m.LeaveSiteDialog })),
);

/** Footer of every page: support link, copyright line, and the company logo with its leave dialog. */
export function SiteFooter() {
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The dialog stays mounted after its first opening (for its closing transition).
  const [leaveOpened, setLeaveOpened] = useState(false);
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 'auto' }}
    >
      <Container
        maxWidth="lg"
        sx={{
          py: 3,
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          textAlign: { xs: 'center', sm: 'left' },
        }}
      >
        <ButtonBase
          onClick={() => {
            setLeaveOpened(true);
            setConfirmOpen(true);
          }}
          aria-label={`${brand.companyName} logo: visit the company website`}
          aria-haspopup="dialog"
          sx={{
            borderRadius: 2,
            px: 1.5,
            py: 1,
            gap: 1,
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
          }}
        >
          <Box component="img" src="/icons/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
          <Typography component="span" color="primary.main" sx={{ fontWeight: 700 }}>
            {brand.companyName}
          </Typography>
        </ButtonBase>
        <Box>
          <Typography variant="body2">
            Need help?{' '}
            <Link href={`mailto:${brand.supportEmail}`} underline="always">
              {brand.supportEmail}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {copyrightLine}
          </Typography>
        </Box>
      </Container>

      {leaveOpened && (
        <Suspense fallback={null}>
          <LeaveSiteDialog open={confirmOpen} onClose={() => setConfirmOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
