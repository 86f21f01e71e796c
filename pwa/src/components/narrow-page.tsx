import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/** A centred card for form pages (sign-up, password reset...), full width on phones. */
export function NarrowPage({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, sm: 6 }, px: { xs: 0, sm: 2 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        {children}
      </Paper>
    </Box>
  );
}
