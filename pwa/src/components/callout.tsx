import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ComponentType, type ReactNode } from 'react';

/** A callout's colours: its background, its border (the thick left edge too) and its icon. */
export interface CalloutColours {
  background: string;
  border: string;
  icon: string;
}

export interface CalloutProps {
  /** `aside` for a box beside the lesson, `section` for one that belongs to it. */
  component: 'aside' | 'section';
  icon: ComponentType<SvgIconProps>;
  /** The box's h2, which also names it for assistive technology. */
  title: string;
  colours: CalloutColours;
  /** Layout added to the box's own (e.g. `content-visibility` below the fold). */
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * A coloured box beside or inside a lesson, with an icon and a heading: the module page's best
 * practice tip, workshop inquiry and templates.
 */
export function Callout({ component, icon: Icon, title, colours, sx, children }: CalloutProps) {
  const headingId = useId();
  return (
    <Paper
      component={component}
      variant="outlined"
      aria-labelledby={headingId}
      sx={[
        {
          my: 3,
          p: { xs: 2, sm: 2.5 },
          bgcolor: colours.background,
          borderColor: colours.border,
          borderLeftWidth: 6,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Icon sx={{ color: colours.icon }} aria-hidden="true" />
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}
