import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockIcon from '@mui/icons-material/Lock';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ModuleStatus, type ModuleSummary, paths, progressMessages } from '@pd/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

const statusView: Record<ModuleStatus, { label: string; icon: ReactNode }> = {
  completed: {
    label: 'Completed',
    icon: <CheckCircleIcon sx={{ color: 'success.main', fontSize: 32 }} aria-hidden="true" />,
  },
  current: {
    label: 'Available',
    icon: <PlayCircleIcon sx={{ color: 'primary.main', fontSize: 32 }} aria-hidden="true" />,
  },
  locked: {
    label: 'Locked',
    icon: <LockIcon sx={{ color: 'text.secondary', fontSize: 28 }} aria-hidden="true" />,
  },
};

/** A module on the course overview: completed, current (available) or locked; a link unless locked. */
export function ModuleCard({
  courseSlug,
  module,
  status,
}: {
  courseSlug: string;
  module: ModuleSummary;
  status: ModuleStatus;
}) {
  const view = statusView[status];
  const locked = status === 'locked';
  return (
    <Paper
      variant="outlined"
      data-status={status}
      sx={{
        position: 'relative',
        p: { xs: 2, sm: 2.5 },
        borderRadius: 3,
        display: 'flex',
        gap: 2,
        bgcolor: locked ? 'grey.50' : 'background.paper',
        borderColor: status === 'completed' ? '#86efac' : 'divider',
        transition: 'box-shadow 150ms',
        '&:hover': locked ? undefined : { boxShadow: 3 },
        '&:focus-within': locked ? undefined : { boxShadow: 3 },
      }}
    >
      <Box sx={{ pt: 0.25, flexShrink: 0, width: 32, display: 'flex', justifyContent: 'center' }}>
        {view.icon}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          Module {module.id}
        </Typography>
        <Typography component="h3" variant="h6" sx={{ lineHeight: 1.3, mb: 0.5 }}>
          {locked ? (
            module.title
          ) : (
            <Link
              component={RouterLink}
              to={paths.module(courseSlug, module.id)}
              color="inherit"
              underline="hover"
              // The whole card is the link's target area.
              sx={{ '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 3 } }}
            >
              {module.title}
            </Link>
          )}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {module.description}
        </Typography>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <AccessTimeIcon fontSize="small" aria-hidden="true" />
            <Typography variant="body2">{module.duration}</Typography>
          </Stack>
          <Chip
            size="small"
            label={view.label}
            variant={status === 'completed' ? 'filled' : 'outlined'}
            color={status === 'completed' ? 'success' : status === 'current' ? 'primary' : 'default'}
          />
        </Stack>
        {locked && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {progressMessages.moduleLocked}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
