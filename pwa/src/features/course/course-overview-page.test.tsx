import type { CourseSummary, ProgressRecord, Role } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogContext } from '../../components/auth-dialog-context';
import { PremiumActionsContext } from '../../components/premium-actions-context';
import { deleteUserDb } from '../../offline/db';
import { buildCourse, buildCourseSummary, buildProgressRecord } from '../../test/course-fixtures';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import { CourseOverviewPage } from './course-overview-page';

vi.mock('canvas-confetti', () => ({ default: vi.fn() }));

const course = buildCourseSummary();
const premiumCourse = buildCourseSummary({
  id: 3,
  slug: 'prompt-engineering',
  title: 'Prompt Engineering',
  isPremium: true,
});
const comingSoon = buildCourseSummary({
  id: 7,
  slug: 'ai-powered-gamified-learning',
  title: 'AI-Powered Gamified Learning',
  isPremium: true,
  isComingSoon: true,
});

let userNumber = 0;
let userId = '';

interface Options {
  role?: Role | null;
  slug?: string;
  progress?: ProgressRecord[];
  handlers?: Parameters<typeof stubApi>[0];
}

function renderOverview({ role = 'free', slug = course.slug, progress = [], handlers = {} }: Options = {}) {
  const courses: CourseSummary[] = [course, premiumCourse, comingSoon];
  const api = stubApi({
    ...(role ? { 'GET /api/auth/me': () => jsonResponse(200, buildUser({ id: userId, role })) } : {}),
    'GET /api/content/catalogue': () => jsonResponse(200, { courses }),
    [`GET /api/content/courses/${slug}`]: () => {
      const summary = courses.find((c) => c.slug === slug);
      return summary ? jsonResponse(200, { course: buildCourse(summary) }) : jsonResponse(404, {});
    },
    'GET /api/progress': () => jsonResponse(200, progress),
    ...handlers,
  });
  const onUpgrade = vi.fn();
  const openAuthDialog = vi.fn();
  const utils = renderWithProviders(
    <AuthDialogContext.Provider value={openAuthDialog}>
      <PremiumActionsContext.Provider value={{ onUpgrade, onManageSubscription: vi.fn() }}>
        <CourseOverviewPage
          renderCertificateActions={({ isComplete }) => (isComplete ? <p>certificate slot</p> : null)}
          renderCourseNote={(courseSlug) => <p>note on {courseSlug}</p>}
        />
      </PremiumActionsContext.Provider>
    </AuthDialogContext.Provider>,
    { route: `/${slug}`, path: '/:courseSlug' },
  );
  return { ...utils, api, onUpgrade, openAuthDialog };
}

const done = (...ids: number[]) => ids.map((id) => buildProgressRecord(course.slug, id));

beforeEach(() => {
  userId = `course${++userNumber}`;
  localStorage.clear();
});
afterEach(() => deleteUserDb(userId));

describe('course overview: guard and gates', () => {
  it('asks a signed-out visitor to sign up, with Back to Home and a switch to sign in', async () => {
    const { user, openAuthDialog } = renderOverview({ role: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign up to start this course' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(openAuthDialog).toHaveBeenCalledWith('signUp');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(openAuthDialog).toHaveBeenLastCalledWith('signIn');
  });

  it('names premium in the sign-up prompt of a premium course (issue 16)', async () => {
    renderOverview({ role: null, slug: premiumCourse.slug });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign up to start this course' }),
    ).toBeVisible();
    expect(screen.getByText(/"Prompt Engineering" is a premium course/)).toBeVisible();
    expect(screen.queryByText(/open to signed-in teachers/)).not.toBeInTheDocument();
  });

  it('tells a signed-out visitor a coming-soon course is in development, without asking for an account', async () => {
    const { openAuthDialog } = renderOverview({ role: null, slug: comingSoon.slug });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'AI-Powered Gamified Learning' }),
    ).toBeVisible();
    expect(screen.getByText('This course is currently in development.')).toBeVisible();
    expect(screen.queryByText(/open to signed-in teachers/)).not.toBeInTheDocument();
    expect(openAuthDialog).not.toHaveBeenCalled();
  });

  it("shows 'Course not found' for an unknown slug", async () => {
    renderOverview({ slug: 'no-such-course' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/');
  });

  it('shows the premium wall to a free teacher on a premium course', async () => {
    const { user, onUpgrade, api } = renderOverview({ slug: premiumCourse.slug });
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Course' })).toBeVisible();
    expect(screen.getByText('"Prompt Engineering" is available to premium subscribers only.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Premium Benefits' })).toBeVisible();
    for (const benefit of [
      'Access to all advanced courses',
      'Priority support',
      'Exclusive resources and templates',
      'Certificate of completion',
    ]) {
      expect(screen.getByText(benefit)).toBeVisible();
    }
    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Contact Administrator' })).toHaveAttribute(
      'href',
      'mailto:support@brightpathlearning.org',
    );
    // The lesson content is never requested for a course the teacher cannot open.
    expect(api.calls('GET /api/content/courses/prompt-engineering')).toHaveLength(0);
  });

  it('shows the premium wall when the server refuses the course with PREMIUM_REQUIRED', async () => {
    renderOverview({
      role: 'premium',
      handlers: {
        [`GET /api/content/courses/${course.slug}`]: () =>
          jsonResponse(403, { error: 'Premium only', code: 'PREMIUM_REQUIRED' }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Course' })).toBeVisible();
  });

  it('shows the coming-soon message to anyone but a superadmin', async () => {
    renderOverview({ role: 'premium', slug: comingSoon.slug });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'AI-Powered Gamified Learning' }),
    ).toBeVisible();
    expect(screen.getByText('This course is currently in development.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Start Course' })).not.toBeInTheDocument();
  });

  it('opens a coming-soon course to a superadmin', async () => {
    renderOverview({ role: 'superadmin', slug: comingSoon.slug });
    expect(await screen.findByRole('link', { name: 'Start Course' })).toBeVisible();
    expect(screen.getByText('Preview (Super Admin)')).toBeVisible();
  });
});

describe('course overview: progress', () => {
  it('starts a course with no progress', async () => {
    renderOverview();
    const start = await screen.findByRole('link', { name: 'Start Course' });
    expect(start).toHaveAttribute('href', '/ai-tools-beyond-chatgpt/module/1');
    expect(screen.getByRole('heading', { level: 1, name: 'AI Tools Beyond ChatGPT' })).toBeVisible();
    const stats = screen.getByTestId('course-stats');
    expect(stats).toHaveTextContent('0 of 3 modules completed');
    expect(stats).toHaveTextContent('0% complete');
    // The course's real total (issue 19), not the spec's fixed '~90 Minutes Total'.
    expect(stats).toHaveTextContent('~30 Minutes Total');
    expect(stats).not.toHaveTextContent('~90 Minutes Total');
    // The course's note (an assignment's "Assigned by...", issue 28) before any progress, unlike
    // the certificate's slot.
    expect(screen.getByText(`note on ${course.slug}`)).toBeVisible();
    expect(screen.queryByText('certificate slot')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Progress' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Course Progress' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why Choose This Course' })).toBeVisible();
    for (const point of ['Educator-Focused', 'Self-Paced Learning', 'Practical Application']) {
      expect(screen.getByRole('heading', { name: point })).toBeVisible();
    }
  });

  it('continues with the first incomplete module and shows module states', async () => {
    renderOverview({ progress: done(1) });
    const next = await screen.findByRole('link', { name: 'Continue Learning' });
    expect(next).toHaveAttribute('href', '/ai-tools-beyond-chatgpt/module/2');
    expect(screen.getByTestId('course-stats')).toHaveTextContent('1 of 3 modules completed');
    expect(screen.getByTestId('course-stats')).toHaveTextContent('33% complete');

    const progressCard = screen.getByRole('region', { name: 'Your Progress' });
    expect(within(progressCard).getByRole('link', { name: 'Continue with Module 2' })).toHaveAttribute(
      'href',
      '/ai-tools-beyond-chatgpt/module/2',
    );
    expect(within(progressCard).queryByText('Course Completed!')).not.toBeInTheDocument();

    const modules = screen.getByRole('region', { name: 'Course Modules' });
    expect(within(modules).getByRole('link', { name: 'Module title 1' })).toHaveAttribute(
      'href',
      '/ai-tools-beyond-chatgpt/module/1',
    );
    expect(within(modules).getByRole('link', { name: 'Module title 2' })).toBeVisible();
    expect(within(modules).queryByRole('link', { name: 'Module title 3' })).not.toBeInTheDocument();
    expect(within(modules).getByText('Completed')).toBeVisible();
    expect(within(modules).getByText('Available')).toBeVisible();
    expect(within(modules).getByText('Locked')).toBeVisible();
    expect(screen.queryByText('certificate slot')).not.toBeInTheDocument();
  });

  it('reviews a completed course, celebrates once and offers the certificate', async () => {
    const first = renderOverview({ progress: done(1, 2, 3) });
    expect(await screen.findAllByRole('link', { name: 'Review Course' })).toHaveLength(2);
    expect(screen.getByText('Course Completed!')).toBeVisible();
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(within(dialog).getByText('certificate slot')).toBeInTheDocument();
    await first.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('certificate slot')).toBeVisible();
    first.unmount();

    // Remembered: the dialog does not open again for this course.
    renderWithProvidersAgain();
    expect(await screen.findAllByRole('link', { name: 'Review Course' })).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before resetting, then clears the progress', async () => {
    let records = done(1);
    const { user, api } = renderOverview({
      handlers: {
        'GET /api/progress': () => jsonResponse(200, records),
        'POST /api/progress/sync': (request) => {
          records = [];
          const { ops } = request.body as { ops: Array<{ opId: string }> };
          return jsonResponse(200, {
            results: ops.map((op) => ({ opId: op.opId, status: 'applied' })),
            progress: [{ courseSlug: course.slug, generation: 1, records }],
          });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reset Course Progress' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset Course Progress' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to reset progress for "AI Tools Beyond ChatGPT"? This will clear all completed modules and quiz scores for this course. This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reset Progress' }));
    expect(await screen.findByRole('link', { name: 'Start Course' })).toBeVisible();
    await waitFor(() => expect(api.calls('POST /api/progress/sync')).toHaveLength(1));
    expect(api.calls('POST /api/progress/sync')[0]?.body).toMatchObject({
      ops: [{ type: 'course-reset', courseSlug: course.slug }],
    });
    expect(screen.getByTestId('course-stats')).toHaveTextContent('0 of 3 modules completed');
  });

  it('resets on the device at once, even while the server is down (the reset op waits to sync)', async () => {
    const { user, api } = renderOverview({
      progress: done(1),
      handlers: {
        'POST /api/progress/sync': () => jsonResponse(500, { error: 'Failed to reset course progress' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reset Course Progress' }));
    await user.click(screen.getByRole('button', { name: 'Reset Progress' }));
    expect(await screen.findByRole('link', { name: 'Start Course' })).toBeVisible();
    expect(screen.getByTestId('course-stats')).toHaveTextContent('0 of 3 modules completed');
    await waitFor(() => expect(api.calls('POST /api/progress/sync')).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

/** Same user, same course, new page load. */
function renderWithProvidersAgain() {
  const same = userId;
  const utils = renderOverview({ progress: done(1, 2, 3) });
  expect(userId).toBe(same);
  return utils;
}
