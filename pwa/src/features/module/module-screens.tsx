import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockIcon from '@mui/icons-material/Lock';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@pd/domain';
import { usePageTitle } from '../../lib/use-page-title';

export const moduleScreenMessages = {
  contentErrorTitle: 'Content Loading Error',
  contentErrorText: "Sorry, we couldn't load the content for this module. Please try refreshing the page.",
} as const;

function ScreenFrame({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 10 }, maxWidth: 560, mx: 'auto' }}>
      <Box aria-hidden="true" sx={{ color: 'text.secondary', '& svg': { fontSize: 56 }, mb: 1 }}>
        {icon}
      </Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A module whose previous module is not completed yet (spec section 2). */
export function ModuleLockedScreen({
  courseSlug,
  previousModule,
}: {
  courseSlug: string;
  previousModule: { id: number; title: string };
}) {
  return (
    <ScreenFrame icon={<LockIcon />} title="Module Locked">
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Complete Module {previousModule.id}, &ldquo;{previousModule.title}&rdquo;, to unlock this module.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        <Button
          variant="contained"
          size="large"
          component={RouterLink}
          to={paths.module(courseSlug, previousModule.id)}
        >
          Go to Module {previousModule.id}: {previousModule.title}
        </Button>
        <Button variant="outlined" size="large" component={RouterLink} to={paths.home()}>
          Back to Courses
        </Button>
      </Stack>
    </ScreenFrame>
  );
}

/** A module id the course does not have. */
export function ModuleNotFoundScreen({
  courseSlug,
  courseTitle,
}: {
  courseSlug: string;
  courseTitle: string;
}) {
  return (
    <ScreenFrame icon={<SearchOffIcon />} title="Module Not Found">
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        This module does not exist in &ldquo;{courseTitle}&rdquo;.
      </Typography>
      <Button variant="contained" size="large" component={RouterLink} to={paths.course(courseSlug)}>
        Back to {courseTitle}
      </Button>
    </ScreenFrame>
  );
}

/** The course content could not be loaded (spec sections 2 and 8: '# Content Loading Error'). */
export function ContentLoadingErrorScreen({ offline }: { offline: boolean }) {
  return (
    <ScreenFrame icon={<ErrorOutlineIcon />} title={moduleScreenMessages.contentErrorTitle}>
      <Typography sx={{ mb: offline ? 1 : 4 }}>{moduleScreenMessages.contentErrorText}</Typography>
      {offline && (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          You seem to be offline, and this course is not saved on this device yet.
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" size="large" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
        <Button variant="outlined" size="large" component={RouterLink} to={paths.home()}>
          Back to Courses
        </Button>
      </Stack>
    </ScreenFrame>
  );
}
