import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import AutoStoriesIcon from '@mui/icons-material/AutoStories';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import SchoolIcon from '@mui/icons-material/School';
import ScheduleIcon from '@mui/icons-material/Schedule';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  contentMessages,
  courseAccess,
  courseOverviewAction,
  type CourseSummary,
  moduleStatus,
  nextModuleToTake,
  paths,
  type PublicUser,
} from '@pd/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ProgressBar } from '../../components/progress-bar';
import { QueryStatus } from '../../components/query-status';
import { courseBackground } from '../../lib/course-theme';
import { meKeys, useMe } from '../../offline/get-me';
import { usePageTitle } from '../../lib/use-page-title';
import { useCatalogue } from '../../offline/catalogue';
import { courseErrorKind, useCourse } from '../../offline/course';
import { useCourseProgress, useProgressActions } from '../../offline/progress';
import { CongratulationsDialog, forgetCelebration } from './congratulations-dialog';
import { CourseDownload } from './course-download';
import { BackToCourses, ComingSoonNotice, CourseNotFound, PremiumWall } from './course-gates';
import { ModuleCard } from './module-card';
import { CoursePageSkeleton, RequireSignIn } from './require-sign-in';
import { ResetProgressButton } from './reset-progress-dialog';
import { useRecordOnMount } from '../../offline/record-event';

export interface CertificateSlotProps {
  courseSlug: string;
  isComplete: boolean;
}

export interface CourseOverviewPageProps {
  /** The certificate buttons (another feature; the route composes them in). */
  renderCertificateActions?: (props: CertificateSlotProps) => ReactNode;
  /** A line about the course under its header, whatever the progress ("Assigned by...": issue 28). */
  renderCourseNote?: (courseSlug: string) => ReactNode;
}

/** /{courseSlug}: the course overview (spec section 2). Requires sign-in. */
export function CourseOverviewPage({ renderCertificateActions, renderCourseNote }: CourseOverviewPageProps) {
  const { courseSlug = '' } = useParams();
  const catalogue = useCatalogue();
  const summary = catalogue.data?.find((course) => course.slug === courseSlug);
  const me = useMe();
  usePageTitle(summary?.title ?? (catalogue.data ? contentMessages.courseNotFound : ''));
  useRecordOnMount('course_page_view', { courseSlug }, courseSlug);

  if (catalogue.isPending && catalogue.fetchStatus !== 'paused') return <CoursePageSkeleton />;
  if (!catalogue.data) return <QueryStatus query={catalogue} subject="the course" />;
  if (!summary) return <CourseNotFound />;
  // A coming-soon course opens to nobody who signs up today: say so rather than ask for an account.
  if (summary.isComingSoon && me.data === null) return <ComingSoonNotice courseTitle={summary.title} />;
  return (
    <RequireSignIn courseTitle={summary.title} isPremium={summary.isPremium}>
      <CourseAccess
        summary={summary}
        renderCertificateActions={renderCertificateActions}
        renderCourseNote={renderCourseNote}
      />
    </RequireSignIn>
  );
}

function CourseAccess({
  summary,
  renderCertificateActions,
  renderCourseNote,
}: { summary: CourseSummary } & CourseOverviewPageProps) {
  const me = useMe();
  const user = me.data;
  if (!user) return <CoursePageSkeleton />;
  const access = courseAccess(user, summary);
  if (access === 'comingSoon') return <ComingSoonNotice courseTitle={summary.title} />;
  if (access === 'premiumRequired') return <PremiumWall courseTitle={summary.title} />;
  return (
    <CourseOverview
      summary={summary}
      user={user}
      renderCertificateActions={renderCertificateActions}
      renderCourseNote={renderCourseNote}
    />
  );
}

const whyChoose = [
  {
    title: 'Educator-Focused',
    text: 'Built by educators for K-12 teachers, with examples taken from real classrooms.',
    icon: <SchoolIcon aria-hidden="true" />,
  },
  {
    title: 'Self-Paced Learning',
    text: 'Short modules you can take whenever it suits you, with your progress saved as you go.',
    icon: <ScheduleIcon aria-hidden="true" />,
  },
  {
    title: 'Practical Application',
    text: 'Every module ends with strategies and tools you can use in your lessons the next day.',
    icon: <LightbulbIcon aria-hidden="true" />,
  },
] as const;

function CourseOverview({
  summary,
  user,
  renderCertificateActions,
  renderCourseNote,
}: { summary: CourseSummary; user: PublicUser } & CourseOverviewPageProps) {
  const slug = summary.slug;
  const queryClient = useQueryClient();
  // The full course (lessons, quizzes) is fetched for the module pages and as the access check; the
  // overview itself needs only the catalogue entry, so it shows at once (and offline).
  const course = useCourse(slug);
  const errorKind = course.isError ? courseErrorKind(course.error) : null;
  const moduleIds = useMemo(() => summary.modules.map((m) => m.id), [summary.modules]);
  const progress = useCourseProgress(slug, moduleIds);
  const actions = useProgressActions();

  useEffect(() => {
    // The session ended elsewhere: back to the sign-in guard.
    if (errorKind === 'signedOut') queryClient.setQueryData(meKeys.all, null);
  }, [errorKind, queryClient]);

  if (errorKind === 'premiumRequired') return <PremiumWall courseTitle={summary.title} />;
  if (errorKind === 'comingSoon') return <ComingSoonNotice courseTitle={summary.title} />;
  if (errorKind === 'notFound') return <CourseNotFound />;
  if (errorKind === 'signedOut' || progress.isLoading) return <CoursePageSkeleton />;

  const next = nextModuleToTake(moduleIds, progress.completedModules);
  const hasProgress = progress.completedCount > 0 || Object.keys(progress.quizScores).length > 0;
  const certificate = renderCertificateActions?.({ courseSlug: slug, isComplete: progress.isComplete });

  return (
    <Box sx={{ py: { xs: 2, sm: 3 } }}>
      <BackToCourses />

      <Paper
        component="section"
        aria-labelledby="course-title"
        elevation={0}
        sx={{
          mt: 1.5,
          mb: 3,
          p: { xs: 2.5, sm: 4, md: 5 },
          borderRadius: 4,
          color: 'common.white',
          background: courseBackground(summary.theme, 0.5),
        }}
      >
        <Stack
          direction="row"
          spacing={1}
          sx={{ mb: 2, flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}
        >
          {summary.isComingSoon ? (
            <Chip
              size="small"
              label="Preview (Super Admin)"
              sx={{ bgcolor: 'grey.900', color: 'common.white' }}
            />
          ) : (
            summary.isPremium && (
              <Chip
                size="small"
                icon={<WorkspacePremiumIcon aria-hidden="true" />}
                label="Premium"
                sx={{
                  bgcolor: '#fef3c7',
                  color: '#78350f',
                  fontWeight: 700,
                  '& .MuiChip-icon': { color: '#b45309' },
                }}
              />
            )
          )}
          <Chip
            size="small"
            label="Professional Development"
            sx={{ bgcolor: 'rgba(255,255,255,0.9)', color: 'grey.900' }}
          />
        </Stack>
        <Typography id="course-title" variant="h3" component="h1" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
          {summary.title}
        </Typography>
        <Typography sx={{ fontSize: { sm: '1.125rem' }, maxWidth: 760, opacity: 0.95 }}>
          {summary.description}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 3 }}
          sx={{ mt: 3, mb: 3, fontWeight: 600 }}
          data-testid="course-stats"
        >
          <Stat icon={<AutoStoriesIcon fontSize="small" aria-hidden="true" />}>
            {progress.completedCount} of {progress.totalModules} modules completed
          </Stat>
          <Stat icon={<TaskAltIcon fontSize="small" aria-hidden="true" />}>{progress.percent}% complete</Stat>
          <Stat icon={<AccessTimeIcon fontSize="small" aria-hidden="true" />}>
            ~{summary.totalMinutes} Minutes Total
          </Stat>
        </Stack>
        <Button
          component={RouterLink}
          to={paths.module(slug, next)}
          variant="contained"
          size="large"
          endIcon={<ArrowForwardIcon />}
          sx={{ bgcolor: 'common.white', color: 'primary.dark', '&:hover': { bgcolor: 'grey.100' } }}
        >
          {courseOverviewAction(progress.percent)}
        </Button>
      </Paper>
      {/* Under the header, complete or not (nothing drawn: no gap). */}
      <Box sx={{ mt: -1.5, mb: 3, '&:empty': { display: 'none' } }}>{renderCourseNote?.(slug)}</Box>

      {(progress.isComplete || hasProgress) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 3 }}>
          {progress.isComplete && certificate}
          {hasProgress && (
            <ResetProgressButton
              courseTitle={summary.title}
              onReset={async () => {
                await actions.resetCourseProgress(slug);
                forgetCelebration(user.id, slug);
              }}
            />
          )}
        </Stack>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-labelledby="modules-heading">
          <Typography id="modules-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
            Course Modules
          </Typography>
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {summary.modules.map((module) => (
              <li key={module.id}>
                <ModuleCard
                  courseSlug={slug}
                  module={module}
                  status={moduleStatus(module.id, progress.completedModules)}
                />
              </li>
            ))}
          </Stack>
        </Box>
        <Stack spacing={3}>
          {progress.completedCount > 0 && (
            <Paper
              component="section"
              aria-labelledby="your-progress"
              variant="outlined"
              sx={{ p: 3, borderRadius: 3 }}
            >
              <Stack
                direction="row"
                sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}
              >
                <Typography id="your-progress" variant="h6" component="h2">
                  Your Progress
                </Typography>
                {progress.isComplete && (
                  <Chip
                    icon={<EmojiEventsIcon aria-hidden="true" />}
                    label="Course Completed!"
                    color="success"
                    size="small"
                  />
                )}
              </Stack>
              <ProgressBar value={progress.percent} label="Course progress" />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
                {progress.completedCount} of {progress.totalModules} modules completed ({progress.percent}%)
              </Typography>
              <Button component={RouterLink} to={paths.module(slug, next)} variant="contained" fullWidth>
                {progress.isComplete ? 'Review Course' : `Continue with Module ${next}`}
              </Button>
            </Paper>
          )}
          <CourseDownload courseSlug={slug} courseTitle={summary.title} userId={user.id} />
          <Paper
            component="section"
            aria-labelledby="why-choose"
            variant="outlined"
            sx={{ p: 3, borderRadius: 3 }}
          >
            <Typography id="why-choose" variant="h6" component="h2" sx={{ mb: 2 }}>
              Why Choose This Course
            </Typography>
            <Stack spacing={2}>
              {whyChoose.map((point) => (
                <Stack key={point.title} direction="row" spacing={1.5}>
                  <Box sx={{ color: 'primary.main', pt: 0.25 }}>{point.icon}</Box>
                  <Box>
                    <Typography component="h3" sx={{ fontWeight: 700 }}>
                      {point.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {point.text}
                    </Typography>
                  </Box>
                </Stack>
              ))}
            </Stack>
          </Paper>
        </Stack>
      </Box>

      <CongratulationsDialog
        userId={user.id}
        courseSlug={slug}
        courseTitle={summary.title}
        isComplete={progress.isComplete}
        actions={certificate}
      />
    </Box>
  );
}

function Stat({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      {icon}
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Stack>
  );
}
