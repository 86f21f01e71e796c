import CloseIcon from '@mui/icons-material/Close';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  type Course,
  limits,
  moduleIdPattern,
  type ModuleOutline,
  moduleProgressIndicator,
  moduleStatus,
  passesQuiz,
  paths,
  progressMessages,
  type PublicUser,
  viewerHasPremium,
} from '@pd/domain';
import {
  type ComponentType,
  lazy,
  memo,
  Suspense,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { Callout } from '../../components/callout';
import { LoadingScreen } from '../../components/loading-screen';
import { CompiledMarkdown } from '../../components/compiled-markdown';
import { usePremiumActions } from '../../components/premium-actions-context';
import { courseErrorKind, useCourse } from '../../offline/course';
import {
  useCourseProgress,
  useProgressActions,
  useProgressSaveState,
  type CourseProgress,
  type SaveModuleProgressResult,
} from '../../offline/progress';
import type { ReturnState } from '../../lib/return-path';
import { predrawnOnScreen } from '../../lib/predrawn';
import { useAfterPaint } from '../../lib/use-after-paint';
import { useOnline } from '../../lib/use-online';
import { usePageTitle } from '../../lib/use-page-title';
import { recordEvent, recordMoment } from '../../offline/record-event';
import { useViewer } from '../../offline/viewer';
import { LastReviewed, WorkshopInquiry } from './module-extras';
import { ModuleNavigation } from './module-navigation';
import { ModuleQuiz, type QuizResult } from './module-quiz';
import { ContentLoadingErrorScreen, ModuleLockedScreen, ModuleNotFoundScreen } from './module-screens';
import { ModuleSidebar } from './module-sidebar';
import { ModuleVideo } from './module-video';

/**
 * The parts of a module below the first screen: the browser lays them out only when they come near
 * the viewport (they stay in the page, for find-in-page, links and screen readers), so the lesson
 * paints sooner. The size is a first guess; once drawn, each keeps its real one.
 */
const belowTheFold = { contentVisibility: 'auto', containIntrinsicSize: 'auto 480px' } as const;
/** The lesson's opening stays in normal layout; its later paragraphs, lists and headings are below the fold. */
const lessonBelowTheFold = {
  '& .markdown > * + * + * + *': { contentVisibility: 'auto', containIntrinsicSize: 'auto 160px' },
} as const;

/** The Markdown renderer, only for a lesson that came without its compiled HTML (decision 122). */
const Markdown = lazy(() => import('../../components/markdown').then((m) => ({ default: m.Markdown })));

/** Every module illustration is an 800 x 450 SVG (content/images); the attributes reserve its space. */
const imageSize = { width: 800, height: 450 } as const;

/** A box the app adds below the lesson (the templates a module uses), composed in app/routes. */
export type ModuleAsideComponent = ComponentType<{ courseSlug: string; moduleId: number }>;

export interface ModulePageProps {
  moduleAside?: ModuleAsideComponent;
}

/**
 * `/:courseSlug/module/:moduleId`. Signed-out visitors, users without access and unknown courses are
 * sent to the course page, which shows the sign-in guard, the premium wall or 'Course not found'.
 */
export function ModulePage({ moduleAside }: ModulePageProps = {}) {
  const { courseSlug = '', moduleId = '' } = useParams();
  const { pathname } = useLocation();
  // Drawn for the teacher this device kept while /me is on its way, then for whoever /me says
  // (decision 023); the course is the device's copy until the server's arrives.
  const viewer = useViewer();
  const course = useCourse(courseSlug);
  // The first course shown is drawn at once; a later one (the server's copy replacing the device's)
  // is drawn in the background, in small pieces, while the page on screen stays.
  // Paired with the viewer: a course read for another teacher (the hint /me contradicted) is never drawn.
  const viewerId = viewer.user?.id;
  const current = useMemo(() => ({ viewerId, course: course.data }), [viewerId, course.data]);
  const deferred = useDeferredValue(current);
  // While a drawn lesson is on screen (decisions 070 and 122) nothing waits for the module view, so
  // its first drawing is made in the background as well, in pieces a tap can come between; with
  // nothing on screen the first course is drawn at once.
  const atOnce = predrawnOnScreen() ? undefined : course.data;
  const courseData = course.data && deferred.viewerId === viewerId ? (deferred.course ?? atOnce) : atOnce;

  // Move focus to the new module's title when the teacher goes from one module to another.
  const moduleKey = `${courseSlug}/${moduleId}`;
  const [shownKey, setShownKey] = useState(moduleKey);
  const [moduleChanged, setModuleChanged] = useState(false);
  if (shownKey !== moduleKey) {
    setShownKey(moduleKey);
    setModuleChanged(true);
  }

  if (viewer.user === undefined) return <LoadingScreen />;
  if (!viewer.user) {
    // The course page asks the visitor to sign in, then comes back here (issue 16).
    const state: ReturnState = { from: pathname };
    return <Navigate to={paths.course(courseSlug)} replace state={state} />;
  }
  if (course.isError) {
    const kind = courseErrorKind(course.error);
    if (kind === 'offline' || kind === 'other')
      return <ContentLoadingErrorScreen offline={kind === 'offline'} />;
    return <Navigate to={paths.course(courseSlug)} replace />;
  }
  if (!courseData) return <LoadingScreen label="Loading module" />;
  return (
    <CourseModule
      course={courseData}
      moduleId={moduleId}
      user={viewer.user}
      userConfirmed={viewer.confirmed}
      key={`${viewer.user.id}/${moduleKey}`}
      focusTitle={moduleChanged}
      moduleAside={moduleAside}
    />
  );
}

function CourseModule({
  course,
  moduleId,
  user,
  userConfirmed,
  focusTitle,
  moduleAside,
}: {
  course: Course;
  moduleId: string;
  user: PublicUser;
  userConfirmed: boolean;
  focusTitle: boolean;
  moduleAside?: ModuleAsideComponent;
}) {
  const modules: readonly ModuleOutline[] = course.modules;
  const moduleIds = useMemo(() => modules.map((m) => m.id), [modules]);
  // Like the course: the first progress read from the device is drawn at once, later changes (the
  // server's records, a saved quiz) redraw the module in the background. While a drawn lesson is on
  // screen the first read is drawn in the background too: the module view's first render then comes
  // in pieces a tap can come between, not as one long task.
  const liveProgress = useCourseProgress(course.slug, moduleIds);
  const deferredProgress = useDeferredValue(liveProgress);
  const progress = deferredProgress.isDeviceLoading && !predrawnOnScreen() ? liveProgress : deferredProgress;
  const module = moduleIdPattern.test(moduleId) ? modules.find((m) => m.id === Number(moduleId)) : undefined;

  // What the module view shows of the progress, kept the same object while those values stay the
  // same: the device's row also changes when only the current module or the last visit does.
  const completedKey = progress.completedModules.join(',');
  const completedModules = useMemo(
    () => (completedKey ? completedKey.split(',').map(Number) : []),
    [completedKey],
  );
  const { completedCount, percent } = progress;
  const shownProgress = useMemo(
    () => ({ completedModules, completedCount, percent }),
    [completedModules, completedCount, percent],
  );

  // Whether this opening enrolls the teacher (the course never opened, nothing completed), as read
  // once the device's row and the server's records are in (opening the module records its visit
  // right after); undecided (null) until then. Offline, the device's row decides.
  const online = useOnline();
  const enrollingAtOpen = useRef(new Map<string, boolean>());
  const openKey = `${course.slug}/${moduleId}`;
  const progressKnown = !liveProgress.isLoading || (!online && !liveProgress.isDeviceLoading);
  if (progressKnown && !enrollingAtOpen.current.has(openKey))
    enrollingAtOpen.current.set(
      openKey,
      liveProgress.lastAccessed === null && liveProgress.completedModules.length === 0,
    );

  if (!module) return <ModuleNotFoundScreen courseSlug={course.slug} courseTitle={course.title} />;
  if (progress.isDeviceLoading) return <LoadingScreen label="Loading module" />;

  const preview = course.isComingSoon;
  const previous = modules.find((m) => m.id === module.id - 1) ?? null;
  if (!preview && previous && moduleStatus(module.id, progress.completedModules) === 'locked') {
    // The device's progress says locked: the server's records may still unlock it.
    if (progress.isLoading) return <LoadingScreen label="Loading module" />;
    return <ModuleLockedScreen courseSlug={course.slug} previousModule={previous} />;
  }
  return (
    <ModuleView
      course={course}
      module={module}
      previous={previous}
      progress={shownProgress}
      enrolling={enrollingAtOpen.current.get(openKey) ?? null}
      isFreeUser={!viewerHasPremium(user)}
      userConfirmed={userConfirmed}
      focusTitle={focusTitle}
      moduleAside={moduleAside}
    />
  );
}

interface ModuleViewProps {
  course: Course;
  module: ModuleOutline;
  previous: ModuleOutline | null;
  progress: Pick<CourseProgress, 'completedModules' | 'completedCount' | 'percent'>;
  /** This opening is the teacher's enrollment in the course (analytics); null while undecided. */
  enrolling: boolean | null;
  isFreeUser: boolean;
  /** /me answered for this user: the current module is saved only then (never for a hint). */
  userConfirmed: boolean;
  focusTitle: boolean;
  moduleAside?: ModuleAsideComponent;
}

/** Memoized: the page above re-renders as its queries settle; the module redraws only when its inputs change. */
const ModuleView = memo(function ModuleView({
  course,
  module,
  previous,
  progress,
  enrolling,
  isFreeUser,
  userConfirmed,
  focusTitle,
  moduleAside: ModuleAside,
}: ModuleViewProps) {
  usePageTitle(`${module.title} | ${course.title}`);
  const openedAt = useRef(0);
  useEffect(() => {
    openedAt.current = Date.now();
  }, [course.slug, module.id]);
  const recordedOpening = useRef('');
  useEffect(() => {
    const key = `${course.slug}/${module.id}`;
    if (enrolling === null || recordedOpening.current === key) return;
    recordedOpening.current = key;
    const started = { courseSlug: course.slug, moduleId: module.id };
    void recordMoment((m) => m.recordModuleStarted({ ...started, enrolling, freeCourse: !course.isPremium }));
  }, [course.slug, module.id, course.isPremium, enrolling]);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const premium = usePremiumActions();
  const actions = useProgressActions();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const indicatorLabelId = useId();
  // The first render draws what the first screen shows (title, progress, lesson); the module list,
  // the tip, the templates, the quiz and the navigation are drawn right after it has painted.
  const restDrawn = useAfterPaint();

  const completed = progress.completedModules.includes(module.id);
  const [videoLoaded, setVideoLoaded] = useState(false);
  const [quizDone, setQuizDone] = useState(false);
  const [lessonRead, setLessonRead] = useState(false);
  const [saveResult, setSaveResult] = useState<SaveModuleProgressResult | null>(null);

  const { slug } = course;
  const { id } = module;
  useEffect(() => {
    if (!userConfirmed) return;
    actions
      .setCurrentModule(slug, id)
      .catch((error: unknown) => console.warn('Could not save the current module', error));
  }, [actions, slug, id, userConfirmed]);

  useEffect(() => {
    if (focusTitle) titleRef.current?.focus({ preventScroll: true });
  }, [focusTitle]);

  const onQuizComplete = ({ answers, score }: QuizResult) => {
    setQuizDone(true);
    const seconds = (Date.now() - openedAt.current) / 1000;
    const before = progress.completedModules;
    actions
      .saveModuleProgress({
        courseSlug: slug,
        moduleId: id,
        answers,
        score,
        answerKey: module.quiz?.map((q) => q.answer),
      })
      .then(
        (result) => {
          setSaveResult(result);
          const done = result.progress.completedModules;
          void recordMoment((m) =>
            m.recordQuizSubmitted({
              courseSlug: slug,
              moduleId: id,
              seconds,
              score: result.score,
              passed: passesQuiz(result.score),
              moduleNewlyCompleted: result.completed && !before.includes(id),
              courseNewlyCompleted:
                course.modules.every((c) => done.includes(c.id)) &&
                !course.modules.every((c) => before.includes(c.id)),
            }),
          );
        },
        (error: unknown) => console.warn('Progress save failed', error),
      );
  };

  const indicator = moduleProgressIndicator({
    hasVideo: Boolean(module.videoUrl),
    videoProgressed: videoLoaded,
    lessonRead,
    quizCompleted: completed || quizDone,
  });
  const modules: readonly ModuleOutline[] = course.modules;
  const nextModule = modules.find((m) => m.id === id + 1) ?? null;
  const onUpgrade = isFreeUser ? premium.onUpgrade : undefined;

  const sidebar = (
    <ModuleSidebar
      courseSlug={slug}
      modules={modules}
      activeModuleId={id}
      completedModules={progress.completedModules}
      completedCount={progress.completedCount}
      percent={progress.percent}
      preview={course.isComingSoon}
      onUpgrade={onUpgrade}
      onNavigate={() => setDrawerOpen(false)}
    />
  );

  return (
    <Box sx={{ py: { xs: 2, sm: 3 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2, '& ol': { rowGap: 0.5 } }}>
        <Link component={RouterLink} to={paths.home()} color="inherit">
          Home
        </Link>
        <Link component={RouterLink} to={paths.course(slug)} color="inherit">
          {course.title}
        </Link>
        <Typography color="text.primary" aria-current="page" sx={{ fontWeight: 600 }}>
          {module.title}
        </Typography>
      </Breadcrumbs>

      {/* Phones and tablets: the modules in a drawer. Chosen by CSS, not script: the first render
          is the same for every screen size. */}
      <Button
        variant="outlined"
        fullWidth
        startIcon={<MenuBookIcon />}
        onClick={() => setDrawerOpen(true)}
        aria-haspopup="dialog"
        sx={{ mb: 2, justifyContent: 'space-between', display: { xs: 'flex', md: 'none' } }}
      >
        <span>Course Modules</span>
        <Box component="span" sx={{ fontWeight: 400 }}>
          {progress.completedCount} of {modules.length} done · {progress.percent}%
        </Box>
      </Button>
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        slotProps={{ paper: { sx: { width: 'min(340px, 88vw)', p: 2 } } }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: -1 }}>
          <IconButton aria-label="Close course modules" onClick={() => setDrawerOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        {sidebar}
      </Drawer>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '290px minmax(0, 1fr)' },
          gap: { xs: 0, md: 4 },
          alignItems: 'start',
        }}
      >
        <Paper
          variant="outlined"
          sx={{
            display: { xs: 'none', md: 'block' },
            p: 2,
            position: 'sticky',
            top: 88,
            maxHeight: 'calc(100dvh - 104px)',
            overflowY: 'auto',
          }}
        >
          {restDrawn && sidebar}
        </Paper>

        <Box component="article" sx={{ minWidth: 0, maxWidth: 820 }}>
          <Typography variant="overline" component="p" color="text.secondary">
            Module {id} of {modules.length} · {module.duration}
          </Typography>
          <Typography
            ref={titleRef}
            tabIndex={-1}
            variant="h4"
            component="h1"
            sx={{ mb: 1, outline: 'none', overflowWrap: 'anywhere' }}
          >
            {module.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2.5, fontSize: '1.1rem' }}>
            {module.description}
          </Typography>
          {module.lastReviewed && <LastReviewed date={module.lastReviewed} />}

          <Box sx={{ mb: 3 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
              <Typography id={indicatorLabelId} variant="body2" sx={{ fontWeight: 600 }}>
                Module progress
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {indicator}%
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={indicator}
              color={indicator >= 100 ? 'success' : 'primary'}
              aria-labelledby={indicatorLabelId}
              sx={{ height: 8, borderRadius: 4 }}
            />
          </Box>

          {course.isComingSoon && (
            <Alert severity="info" sx={{ mb: 3 }}>
              Preview: this course is still in development.
            </Alert>
          )}

          {module.videoUrl && (
            <Box sx={{ mb: 3 }}>
              <ModuleVideo
                url={module.videoUrl}
                title={module.title}
                onLoaded={() => {
                  setVideoLoaded(true);
                  void recordEvent('content_interaction', { kind: 'video', courseSlug: slug, moduleId: id });
                }}
              />
            </Box>
          )}

          {/* Lessons use ## and ### (content/README.md): they become h2 and h3 under the page's h1. */}
          {module.markdown.trim() ? (
            <Box sx={lessonBelowTheFold}>
              {module.lessonHtml ? (
                <CompiledMarkdown html={module.lessonHtml} />
              ) : (
                // A device copy saved before lessons were compiled (decision 071) until it is refreshed.
                <Suspense fallback={null}>
                  <Markdown headingOffset={0}>{module.markdown}</Markdown>
                </Suspense>
              )}
            </Box>
          ) : (
            <Typography color="text.secondary">The lesson for this module is being written.</Typography>
          )}
          <EndOfLesson onReached={setLessonRead} />

          {module.image && (
            <Box
              component="img"
              src={module.image}
              alt={module.imageAlt ?? ''}
              width={imageSize.width}
              height={imageSize.height}
              loading="lazy"
              decoding="async"
              sx={{
                display: 'block',
                width: '100%',
                height: 'auto',
                my: 3,
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
              }}
            />
          )}

          {restDrawn && module.bestPracticeTip && (
            <Callout
              component="section"
              icon={LightbulbIcon}
              title="Best Practice Tip"
              colours={{ background: '#fffbeb', border: '#fcd34d', icon: '#b45309' }}
              sx={belowTheFold}
            >
              <Typography>{module.bestPracticeTip}</Typography>
            </Callout>
          )}

          {restDrawn && (
            <>
              {module.workshopInquiry && <WorkshopInquiry />}
              {ModuleAside && <ModuleAside courseSlug={slug} moduleId={id} />}
              {module.quiz && module.quiz.length > 0 && (
                <Box sx={{ ...belowTheFold, my: 4 }}>
                  <ModuleQuiz
                    questions={module.quiz}
                    alreadyCompleted={completed}
                    onComplete={onQuizComplete}
                    footer={
                      <SaveStatus
                        quizDone={quizDone}
                        completed={completed}
                        result={saveResult}
                        courseSlug={nextModule ? null : slug}
                      />
                    }
                  />
                </Box>
              )}

              <Box sx={{ ...belowTheFold, mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>
                <ModuleNavigation
                  courseSlug={slug}
                  previousModule={previous}
                  nextModuleId={nextModule?.id ?? null}
                  completed={completed || course.isComingSoon}
                />
              </Box>
            </>
          )}
        </Box>
      </Box>
    </Box>
  );
});

/** An empty marker after the lesson: once it scrolls into view, the teacher has read to the end. */
function EndOfLesson({ onReached }: { onReached: (reached: true) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const marker = ref.current;
    if (!marker || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onReached(true);
    });
    observer.observe(marker);
    return () => observer.disconnect();
  }, [onReached]);
  return <Box ref={ref} data-testid="end-of-lesson" aria-hidden="true" sx={{ height: '1px' }} />;
}

/**
 * 'Saving...', the connection notice, and the module's completion as the save left it (spec section
 * 4). It reads the tab's save flags itself: when they change, only this part of the page is drawn again.
 */
function SaveStatus({
  quizDone,
  completed,
  result,
  courseSlug,
}: {
  quizDone: boolean;
  completed: boolean;
  result: SaveModuleProgressResult | null;
  /** The course, when this is its last module: completing it completes the course. */
  courseSlug: string | null;
}) {
  const { saving, error } = useProgressSaveState();
  return (
    <Box role="status" sx={{ mt: 1.5, display: 'grid', gap: 1.5 }}>
      {saving && <Typography color="text.secondary">Saving...</Typography>}
      {error && (
        <Alert severity="warning">
          <strong>{progressMessages.connectionIssues}</strong>. Your progress is kept on this device and will
          be sent when the connection is back.
        </Alert>
      )}
      {quizDone && completed && !courseSlug && (
        <Alert severity="success">Module completed! You can continue to the next module.</Alert>
      )}
      {quizDone && completed && courseSlug && (
        <Alert severity="success">
          <strong>Module completed, and with it the course!</strong> Download your certificate on the{' '}
          <Link component={RouterLink} to={paths.course(courseSlug)} sx={{ fontWeight: 600 }}>
            course page
          </Link>
          .
        </Alert>
      )}
      {quizDone && !completed && result?.refused && (
        <Alert severity="warning">
          <strong>This module is not complete yet.</strong> {result.refused}
        </Alert>
      )}
      {quizDone && !completed && result && !result.refused && (
        <Alert severity="info">
          Your score of {result.score}% was saved, but this module is not marked complete yet. A score of{' '}
          {limits.quizPassMark}% or more completes it.
        </Alert>
      )}
    </Box>
  );
}
