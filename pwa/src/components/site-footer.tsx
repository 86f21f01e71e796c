import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { brand, copyrightLine } from '@pd/domain';
import { useState } from 'react';

const leaveText =
  'You are about to leave the Learning Platform and go to the company website. Any unsaved progress will remain saved.';

/** Footer of every page: support link, copyright line, and the company logo with its leave dialog. */
export function SiteFooter() {
  const [confirmOpen, setConfirmOpen] = useState(false);
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
          onClick={() => setConfirmOpen(true)}
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

      <Dialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        aria-labelledby="leave-dialog-title"
        aria-describedby="leave-dialog-text"
      >
        <DialogTitle id="leave-dialog-title">Leave Learning Platform?</DialogTitle>
        <DialogContent>
          <DialogContentText id="leave-dialog-text">{leaveText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOpen(false)} autoFocus>
            Stay Here
          </Button>
          <Button
            variant="contained"
            component="a"
            href={brand.companyUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setConfirmOpen(false)}
          >
            Go to Website
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
