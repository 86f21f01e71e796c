import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone (issue 26): a named region a keyboard can reach
 * (Tab to it, then the arrow keys scroll it; axe's `scrollable-region-focusable`), with a visible
 * focus ring. The page itself never gets wider than the screen.
 */
export function TableScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        maxWidth: '100%',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </TableContainer>
  );
}
