import { paths } from '@pd/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useReleasePredrawn } from '../lib/predrawn';
import { useOnline } from '../lib/use-online';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Shown when a page fails to render or its code cannot be loaded. Offline, that is nearly always a
 * page whose code is not on the device yet (the app was still being saved for offline use): it
 * says so, and that what was opened or downloaded before still works.
 */
export function RouteErrorPage() {
  const online = useOnline();
  const title = online ? 'Something went wrong' : 'This page is not on this device yet';
  usePageTitle(title);
  useReleasePredrawn();
  return (
    <Box component="main" sx={{ textAlign: 'center', py: 10, px: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: '36rem', mx: 'auto' }}>
        {online
          ? 'This page could not be shown. Reloading usually fixes it.'
          : 'It opens once you are back online. The courses you opened or downloaded still work offline, and your progress is saved on this device.'}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
        {!online && (
          // A full load: the home page's code is the app's own, kept for offline use.
          <Button variant="outlined" component={RouterLink} to={paths.home()} reloadDocument>
            Go to the courses
          </Button>
        )}
      </Stack>
    </Box>
  );
}
