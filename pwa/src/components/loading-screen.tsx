import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useHoldPredrawn } from '../lib/predrawn';

/**
 * 'Loading' shown until a page is ready (spec section 2). A screen tall, so the footer starts below
 * the fold and the page that replaces it does not push a visible footer down (no layout shift).
 */
export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  // A lesson the service worker drew stays on screen instead (decision 070).
  useHoldPredrawn();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        py: 10,
        minHeight: '100dvh',
      }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
