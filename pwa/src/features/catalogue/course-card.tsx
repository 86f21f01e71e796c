import AccessTimeIcon from '@mui/icons-material/AccessTime';
import LockIcon from '@mui/icons-material/Lock';
import SchoolIcon from '@mui/icons-material/School';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import {
  contentMessages,
  courseCardAction,
  courseCardState,
  type CourseCardState,
  courseCompletion,
  type CourseSummary,
  paths,
  type AccessViewer,
} from '@pd/domain';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LazyTooltip } from '../../components/lazy-tooltip';
import { ProgressBar } from '../../components/progress-bar';
import { courseBackground } from '../../lib/course-theme';

interface CourseCardProps {
  course: CourseSummary;
  completedModules: readonly number[];
  /** Who looks: role and licence seat (the signed-in user), or null when signed out. */
  viewer: AccessViewer | null | undefined;
  onUpgrade: () => void;
  /** A line under the description, composed in by the page ("Assigned by {group}, due {date}", issue 28). */
  note?: ReactNode;
}

export function CourseCard({ course, completedModules, viewer, onUpgrade, note }: CourseCardProps) {
  const titleId = useId();
  const state = courseCardState(course, viewer);
  const progress = courseCompletion(
    completedModules,
    course.modules.map((m) => m.id),
  );
  const dimmed = state === 'locked' || state === 'comingSoon';

  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      data-state={state}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 3,
        bgcolor: dimmed ? 'grey.50' : 'background.paper',
        transition: 'box-shadow 150ms, transform 150ms',
        '&:hover': dimmed ? undefined : { boxShadow: 4, transform: 'translateY(-2px)' },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
      }}
    >
      <Box
        sx={{
          position: 'relative',
          height: 112,
          background: courseBackground(course.theme),
          filter: dimmed ? 'grayscale(0.7)' : undefined,
          opacity: dimmed ? 0.75 : 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {state === 'locked' ? (
          <LockIcon sx={{ fontSize: 44, color: 'common.white' }} aria-hidden="true" />
        ) : (
          <SchoolIcon sx={{ fontSize: 44, color: 'common.white' }} aria-hidden="true" />
        )}
      </Box>
      <Stack spacing={1.5} sx={{ p: 2.5, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
          {course.isComingSoon ? (
            <CardTag sx={{ bgcolor: 'grey.800', color: 'common.white', fontWeight: 700 }}>
              Coming Soon
            </CardTag>
          ) : (
            course.isPremium && (
              <CardTag sx={{ bgcolor: '#fef3c7', color: '#78350f', fontWeight: 700 }}>
                <WorkspacePremiumIcon aria-hidden="true" sx={{ fontSize: 18, color: '#b45309', ml: -0.5 }} />
                Premium
              </CardTag>
            )
          )}
          <CardTag sx={{ border: 1, borderColor: 'grey.400' }}>Professional Development</CardTag>
        </Stack>
        <Typography component="h2" variant="h6" id={titleId} sx={{ lineHeight: 1.3 }}>
          {course.title}
        </Typography>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {course.description}
        </Typography>
        {note}
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <AccessTimeIcon fontSize="small" aria-hidden="true" />
          <Typography variant="body2">{course.duration}</Typography>
        </Stack>
        <Box data-testid="course-progress">
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Progress
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {progress.completedCount}/{progress.total} modules
            </Typography>
          </Stack>
          <ProgressBar value={progress.percent} label={`${course.title} progress`} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
            {progress.percent}% complete
          </Typography>
        </Box>
        <CardAction
          state={state}
          course={course}
          percent={progress.percent}
          titleId={titleId}
          onUpgrade={onUpgrade}
        />
      </Stack>
    </Card>
  );
}

function CardAction({
  state,
  course,
  percent,
  titleId,
  onUpgrade,
}: {
  state: CourseCardState;
  course: CourseSummary;
  percent: number;
  titleId: string;
  onUpgrade: () => void;
}) {
  const common = { fullWidth: true, size: 'large', 'aria-describedby': titleId } as const;
  switch (state) {
    case 'comingSoon':
      return (
        // A disabled button gets no pointer events: the span carries the tooltip (and keyboard focus).
        <LazyTooltip title={contentMessages.comingSoon} describeChild>
          <Box component="span" tabIndex={0} sx={{ display: 'block', borderRadius: 1 }}>
            <Button {...common} variant="contained" disabled>
              Coming Soon
            </Button>
          </Box>
        </LazyTooltip>
      );
    case 'locked':
      return (
        <Button {...common} variant="outlined" color="secondary" startIcon={<LockIcon />} onClick={onUpgrade}>
          Requires Premium
        </Button>
      );
    case 'preview':
      return (
        <Button {...common} variant="contained" component={RouterLink} to={paths.course(course.slug)}>
          Preview Course (Super Admin)
        </Button>
      );
    case 'open':
      return (
        <Button {...common} variant="contained" component={RouterLink} to={paths.course(course.slug)}>
          {courseCardAction(percent)}
        </Button>
      );
  }
}

/**
 * A small label on the card (MUI's small chip, as text): the catalogue, the first screen, draws no
 * interactive chip, so the first load carries no chip component.
 */
function CardTag({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="span"
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          boxSizing: 'border-box',
          height: 24,
          px: 1,
          borderRadius: '16px',
          fontSize: '0.8125rem',
          lineHeight: 1,
          whiteSpace: 'nowrap',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
