import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useReleasePredrawn } from '../lib/predrawn';
import { usePageTitle } from '../lib/use-page-title';

/** Shown when a page fails to render or its code cannot be loaded (e.g. offline after an update). */
export function RouteErrorPage() {
  usePageTitle('Something went wrong');
  useReleasePredrawn();
  return (
    <Box component="main" sx={{ textAlign: 'center', py: 10, px: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This page could not be shown. Reloading usually fixes it.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
