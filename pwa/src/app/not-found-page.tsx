import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '@pd/domain';
import { usePageTitle } from '../lib/use-page-title';

/** Any path the app does not know (spec section 2). */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  const navigate = useNavigate();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 10 } }}>
      <Typography variant="h2" component="p" color="primary.main" aria-hidden="true" sx={{ fontWeight: 800 }}>
        404
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The page you are looking for does not exist or has been moved.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        <Button variant="outlined" size="large" onClick={() => navigate(-1)}>
          Go Back
        </Button>
        <Button variant="contained" size="large" component={RouterLink} to={paths.home()}>
          Return Home
        </Button>
      </Stack>
    </Box>
  );
}
