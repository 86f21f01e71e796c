import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '@pd/domain';
import { moduleTimings, useIsCoarsePointer } from './module-timings';

export interface ModuleNavigationProps {
  courseSlug: string;
  previousModule: { id: number; title: string } | null;
  /** Null on the last module. */
  nextModuleId: number | null;
  /** The module on screen is completed: the only case where the next module may be opened. */
  completed: boolean;
}

/** Previous-module link and the next button of spec sections 2 and 4. */
export function ModuleNavigation({
  courseSlug,
  previousModule,
  nextModuleId,
  completed,
}: ModuleNavigationProps) {
  return (
    <Box
      component="nav"
      aria-label="Module navigation"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column-reverse', sm: 'row' },
        justifyContent: 'space-between',
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 1.5,
      }}
    >
      {previousModule ? (
        <Button
          component={RouterLink}
          to={paths.module(courseSlug, previousModule.id)}
          startIcon={<ArrowBackIcon />}
          variant="outlined"
          size="large"
          sx={{ justifyContent: { xs: 'center', sm: 'flex-start' } }}
        >
          Previous: {previousModule.title}
        </Button>
      ) : (
        <Box />
      )}
      {nextModuleId === null && completed ? (
        <Button
          component={RouterLink}
          to={paths.course(courseSlug)}
          variant="contained"
          color="success"
          size="large"
          startIcon={<EmojiEventsIcon />}
        >
          Course Complete!
        </Button>
      ) : (
        <NextModuleButton courseSlug={courseSlug} nextModuleId={nextModuleId} completed={completed} />
      )}
    </Box>
  );
}

function NextModuleButton({
  courseSlug,
  nextModuleId,
  completed,
}: {
  courseSlug: string;
  nextModuleId: number | null;
  completed: boolean;
}) {
  const navigate = useNavigate();
  const mobile = useIsCoarsePointer();
  const [loading, setLoading] = useState(false);
  const guarded = useRef(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  if (!completed || nextModuleId === null) {
    return (
      <Button variant="contained" size="large" disabled startIcon={<LockIcon />}>
        Complete Module to Continue
      </Button>
    );
  }

  const onClick = () => {
    // Double-click guard: further clicks are ignored until it clears (spec section 4).
    if (guarded.current) return;
    guarded.current = true;
    setLoading(true);
    const device = mobile ? 'mobile' : 'desktop';
    timers.current.push(
      window.setTimeout(
        () => navigate(paths.module(courseSlug, nextModuleId)),
        moduleTimings.nextNavigationDelayMs[device],
      ),
      window.setTimeout(() => {
        guarded.current = false;
        setLoading(false);
      }, moduleTimings.nextClickGuardMs[device]),
    );
  };

  return (
    <Button
      variant="contained"
      size="large"
      onClick={onClick}
      aria-busy={loading || undefined}
      endIcon={
        loading ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <ArrowForwardIcon />
      }
    >
      {loading ? 'Loading next module' : 'Continue to Next Module'}
    </Button>
  );
}
