import {
  type Module,
  predrawnId,
  type OpenCourse,
  type ProgressRecord,
  type PublicUser,
  tooEarlyReason,
} from '@pd/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PremiumActionsContext } from '../../components/premium-actions-context';
import { QueryClient } from '@tanstack/react-query';
import { meKeys } from '../../offline/get-me';
import { contentKeys } from '../../offline/catalogue';
import { contentDb, deleteUserDb, userDb } from '../../offline/db';
import { forgetSignedInUser, rememberProfile } from '../../offline/profile';
import { dropHintedData } from '../../offline/viewer';
import { setProgressSaveState } from '../../offline/save-state';
import { buildUser, deferred, jsonResponse, renderWithProviders, stubApi } from '../../test/render';
import type * as Analytics from '../../offline/analytics';
import { recordModuleStarted, recordQuizSubmitted } from '../../offline/analytics';
import { ModulePage } from './module-page';

// The device's analytics queue is tested against the real api (offline/analytics.test.ts); here,
// what the page tells it.
vi.mock('../../offline/analytics', async (original) => ({
  ...(await original<typeof Analytics>()),
  recordModuleStarted: vi.fn(async () => {}),
  recordQuizSubmitted: vi.fn(async () => {}),
}));

const slug = 'ai-tools-beyond-chatgpt';

function buildModule(id: number, overrides: Partial<Module> = {}): Module {
  return {
    id,
    slug: `module-${id}`,
    title: `Module ${id} title`,
    description: `What module ${id} is about.`,
    duration: '10 min',
    image: `/images/courses/${slug}/0${id}-module-${id}.svg`,
    imageAlt: `Illustration of module ${id}`,
    markdown: `## Lesson ${id} section\n\nSome **bold** text and [a tool](https://example.org).`,
    // As the content loader compiles it (decision 071): the module page draws this (decision 122).
    lessonHtml: `<h2>Lesson ${id} section</h2>\n<p>Some <strong>bold</strong> text and <a href="https://example.org" target="_blank" rel="noopener noreferrer">a tool<span class="visually-hidden"> (opens in a new tab)</span></a>.</p>`,
    bestPracticeTip: `Tip of module ${id}.`,
    lastReviewed: '2026-10-01',
    quiz: [
      {
        question: `First question of module ${id}?`,
        choices: ['Right', 'Wrong'],
        answer: 0,
        explanation: 'Because it is right.',
      },
      {
        question: `Second question of module ${id}?`,
        choices: ['Wrong', 'Also wrong', 'Right'],
        answer: 2,
        explanation: 'The third one.',
      },
    ],
    ...overrides,
  };
}

function buildCourse(): OpenCourse {
  return {
    id: 2,
    slug,
    title: 'AI Tools Beyond ChatGPT',
    description: 'Tools for teachers.',
    theme: { gradient: 'from-teal-500 to-blue-600', primaryColor: '#0d9488' },
    duration: '30 Minutes',
    totalMinutes: 30,
    isPremium: false,
    isComingSoon: false,
    overview: 'An overview.',
    modules: [
      buildModule(1, { lastReviewed: '2026-11-23', workshopInquiry: true }),
      buildModule(2, { videoUrl: 'https://www.youtube-nocookie.com/embed/abcdef123' }),
      buildModule(3),
    ],
  };
}

function record(moduleId: number, completed: boolean): ProgressRecord {
  return { courseSlug: slug, moduleId, completed, score: completed ? 100 : 0, answers: [] };
}

/** The server's answer to a sync: every op of the batch gets `result`; the course's records follow. */
function syncAnswer(result: { status: 'applied' | 'rejected'; reason?: string }, records: ProgressRecord[]) {
  return (request: { body: unknown }) => {
    const { ops } = request.body as { ops: Array<{ opId: string }> };
    return jsonResponse(200, {
      results: ops.map((op) => ({ opId: op.opId, ...result })),
      progress: [{ courseSlug: slug, generation: 0, records }],
    });
  };
}

let userCount = 0;
let user: PublicUser;

beforeEach(() => {
  user = buildUser({ id: `module-page-${++userCount}`, role: 'free' });
  setProgressSaveState({ saving: false, error: null });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  await deleteUserDb(user.id);
  vi.mocked(console.warn).mockRestore();
});

function setup({
  moduleId = 1,
  completed = [] as number[],
  handlers = {} as Parameters<typeof stubApi>[0],
  onUpgrade = vi.fn(),
} = {}) {
  const api = stubApi({
    'GET /api/auth/me': () => jsonResponse(200, user),
    'GET /api/content/courses/ai-tools-beyond-chatgpt': () => jsonResponse(200, { course: buildCourse() }),
    'GET /api/progress': () =>
      jsonResponse(
        200,
        completed.map((id) => record(id, true)),
      ),
    ...handlers,
  });
  const utils = renderWithProviders(
    <PremiumActionsContext.Provider value={{ onUpgrade, onManageSubscription: vi.fn() }}>
      <ModulePage />
    </PremiumActionsContext.Provider>,
    { route: `/${slug}/module/${moduleId}`, path: '/:courseSlug/module/:moduleId' },
  );
  return { ...utils, api, onUpgrade };
}

const question = (n: number) => screen.getByTestId(`question-${n}`);

async function answerQuiz(userEvents: ReturnType<typeof setup>['user']) {
  // The quiz is drawn right after the lesson's first paint.
  await screen.findByTestId('question-1');
  await userEvents.click(within(question(1)).getByRole('radio', { name: 'Right' }));
  await userEvents.click(within(question(1)).getByRole('button', { name: 'Check Answer' }));
  await userEvents.click(within(question(2)).getByRole('radio', { name: 'Right' }));
  await userEvents.click(within(question(2)).getByRole('button', { name: 'Check Answer' }));
}

/** The browser's IntersectionObserver, driven by the test: `scrollIntoView` brings an element into view. */
const observed = new Map<Element, IntersectionObserverCallback>();
class TestIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observed.set(target, this.callback);
  }
  unobserve(target: Element) {
    observed.delete(target);
  }
  disconnect() {
    for (const [target, callback] of observed) if (callback === this.callback) observed.delete(target);
  }
  takeRecords() {
    return [];
  }
}
beforeEach(() => {
  observed.clear();
  vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
});
function scrollIntoView(target: Element) {
  const callback = observed.get(target);
  expect(callback, 'the element is observed').toBeTruthy();
  act(() =>
    callback!([{ target, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
  );
}

describe('ModulePage', () => {
  it('shows the lesson with breadcrumb, sidebar, image, tip, quiz and the module progress indicator', async () => {
    const { user: events, onUpgrade } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Module 1 title' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Lesson 1 section' })).toBeInTheDocument();

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByRole('link', { name: 'AI Tools Beyond ChatGPT' })).toHaveAttribute(
      'href',
      `/${slug}`,
    );
    expect(within(breadcrumb).getByText('Module 1 title')).toHaveAttribute('aria-current', 'page');

    // The module list, the tip and the quiz come right after the lesson's first paint.
    const sidebar = await screen.findByRole('navigation', { name: 'Course Modules' });
    expect(within(sidebar).getByRole('link', { name: /1\. Module 1 title.*Available/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sidebar).getByText('2. Module 2 title')).toBeInTheDocument();
    expect(within(sidebar).queryByRole('link', { name: /Module 2 title/ })).not.toBeInTheDocument();
    expect(within(sidebar).getAllByText('Locked · 10 min')).toHaveLength(2);
    expect(within(sidebar).getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await events.click(within(sidebar).getByRole('button', { name: 'Upgrade to Premium' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);

    const image = screen.getByRole('img', { name: 'Illustration of module 1' });
    expect(image).toHaveAttribute('src', `/images/courses/${slug}/01-module-1.svg`);
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('height', '450');
    expect(screen.getByRole('region', { name: 'Best Practice Tip' })).toHaveTextContent('Tip of module 1.');
    expect(screen.getByRole('heading', { level: 2, name: 'Knowledge Check' })).toBeInTheDocument();
    // No video: nothing done yet is 0% (issue 16); reading to the end of the lesson is half.
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Module progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    scrollIntoView(screen.getByTestId('end-of-lesson'));
    expect(screen.getByRole('progressbar', { name: 'Module progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByRole('button', { name: 'Complete Module to Continue' })).toBeDisabled();

    // The module opened is remembered on the device.
    await waitFor(async () => expect((await userDb(user.id).progress.get(slug))?.currentModule).toBe(1));
  });

  it("shows the review date, the workshop inquiry box and the app's box below the lesson", async () => {
    const aside = vi.fn(({ moduleId }: { courseSlug: string; moduleId: number }) => (
      <p>Templates of module {moduleId}</p>
    ));
    stubApi({
      'GET /api/auth/me': () => jsonResponse(200, user),
      'GET /api/content/courses/ai-tools-beyond-chatgpt': () => jsonResponse(200, { course: buildCourse() }),
      'GET /api/progress': () => jsonResponse(200, []),
    });
    renderWithProviders(<ModulePage moduleAside={aside} />, {
      route: `/${slug}/module/1`,
      path: '/:courseSlug/module/:moduleId',
    });
    expect(await screen.findByText('Last reviewed')).toHaveTextContent('Last reviewed November 23, 2026');
    expect(screen.getByText('November 23, 2026')).toHaveAttribute('dateTime', '2026-11-23');
    const inquiry = await screen.findByRole('complementary', { name: 'Bring this workshop to your school' });
    // Outside the lesson text: not inside the rendered Markdown.
    expect(inquiry.closest('.markdown')).toBeNull();
    expect(within(inquiry).getByRole('link', { name: 'workshops@brightpathlearning.org' })).toHaveAttribute(
      'href',
      'mailto:workshops@brightpathlearning.org',
    );
    expect(screen.getByText('Templates of module 1')).toBeInTheDocument();
  });

  it('draws a lesson kept without its compiled HTML (an older device copy) with the Markdown renderer', async () => {
    const course = buildCourse();
    const first = course.modules[0]!;
    course.modules[0] = { ...first, lessonHtml: undefined };
    stubApi({
      'GET /api/auth/me': () => jsonResponse(200, user),
      'GET /api/content/courses/ai-tools-beyond-chatgpt': () => jsonResponse(200, { course }),
      'GET /api/progress': () => jsonResponse(200, []),
    });
    renderWithProviders(<ModulePage />, {
      route: `/${slug}/module/1`,
      path: '/:courseSlug/module/:moduleId',
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Lesson 1 section' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
  });

  it('with a lesson drawn before the app (decisions 070, 122), draws the module view with the progress the device and server hold', async () => {
    // The drawn lesson keeps the page while the module view's first render runs in the background.
    const drawn = document.createElement('div');
    drawn.id = predrawnId;
    drawn.innerHTML = '<h1>Module 2 title</h1>';
    document.body.prepend(drawn);
    try {
      setup({ moduleId: 2, completed: [1] });
      expect(await screen.findByRole('navigation', { name: 'Course Modules' })).toBeInTheDocument();
      const sidebar = screen.getByRole('navigation', { name: 'Course Modules' });
      expect(
        within(sidebar).getByRole('link', { name: /1\. Module 1 title.*Completed/ }),
      ).toBeInTheDocument();
      expect(within(sidebar).getByRole('link', { name: /2\. Module 2 title/ })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(screen.queryByRole('heading', { name: 'Module Locked' })).not.toBeInTheDocument();
    } finally {
      drawn.remove();
    }
  });

  it("shows each module's own review date, and no workshop box on a module that does not ask for it", async () => {
    setup({ moduleId: 2, completed: [1] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Module 2 title' })).toBeInTheDocument();
    expect(screen.getByText('Last reviewed')).toHaveTextContent('Last reviewed October 1, 2026');
    expect(screen.queryByText('Bring this workshop to your school')).not.toBeInTheDocument();
  });

  it('puts the module list in a drawer, the phone layout', async () => {
    const { user: events } = setup({ completed: [1] });
    await screen.findByRole('heading', { level: 1, name: 'Module 1 title' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: /Course Modules.*1 of 3 done · 33%/ }));
    const drawer = await screen.findByRole('dialog');
    await events.click(within(drawer).getByRole('link', { name: /2\. Module 2 title/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/${slug}/module/2`));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves the chosen answers when the quiz completes (an outbox op, synced), then opens the next module', async () => {
    const { user: events, api } = setup({
      handlers: {
        'POST /api/progress/sync': syncAnswer({ status: 'applied' }, [
          { ...record(1, true), answers: [0, 2] },
        ]),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Module 1 title' });
    await answerQuiz(events);

    await waitFor(() => expect(api.calls('POST /api/progress/sync')).toHaveLength(1));
    expect(api.calls('POST /api/progress/sync')[0]?.body).toEqual({
      ops: [
        {
          opId: expect.any(String),
          type: 'quiz-submitted',
          courseSlug: slug,
          moduleId: 1,
          answers: [0, 2],
          at: expect.any(String),
        },
      ],
    });
    const next = await screen.findByRole('button', { name: 'Continue to Next Module' });
    expect(next).toBeEnabled();
    expect(screen.getByText('Module completed! You can continue to the next module.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Module progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );

    await events.click(next);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/${slug}/module/2`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Module 2 title' })).toBeInTheDocument();
  });

  it('records the opening of a course never started as an enrollment, and the graded quiz with the completion', async () => {
    vi.mocked(recordModuleStarted).mockClear();
    vi.mocked(recordQuizSubmitted).mockClear();
    const { user: events } = setup({
      handlers: {
        'POST /api/progress/sync': syncAnswer({ status: 'applied' }, [
          { ...record(1, true), answers: [0, 2] },
        ]),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Module 1 title' });
    await waitFor(() =>
      expect(recordModuleStarted).toHaveBeenCalledWith({
        courseSlug: slug,
        moduleId: 1,
        enrolling: true,
        freeCourse: true,
      }),
    );
    await answerQuiz(events);
    await waitFor(() =>
      expect(recordQuizSubmitted).toHaveBeenCalledWith({
        courseSlug: slug,
        moduleId: 1,
        seconds: expect.any(Number),
        score: 100,
        passed: true,
        moduleNewlyCompleted: true,
        courseNewlyCompleted: false,
      }),
    );
    expect(recordModuleStarted).toHaveBeenCalledTimes(1);
  });

  it("says why the server refused the completion (too early) instead of 'score saved'", async () => {
    const reason = tooEarlyReason(3 * 60_000);
    const { user: events } = setup({
      handlers: {
        'POST /api/progress/sync': syncAnswer({ status: 'rejected', reason }, []),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Module 1 title' });
    await answerQuiz(events);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByText('This module is not complete yet.')).toBeInTheDocument();
    expect(screen.queryByText(/was saved, but this module is not marked complete/)).toBeNull();
    expect(screen.queryByText('Module completed! You can continue to the next module.')).toBeNull();
  });

  it('opening a module of a course already started is no enrollment', async () => {
    vi.mocked(recordModuleStarted).mockClear();
    setup({ moduleId: 2, completed: [1] });
    await screen.findByRole('heading', { level: 1, name: 'Module 2 title' });
    await waitFor(() =>
      expect(recordModuleStarted).toHaveBeenCalledWith(
        expect.objectContaining({ moduleId: 2, enrolling: false }),
      ),
    );
  });

  it("shows 'Connection issues detected' when the save does not reach the server, keeping local progress", async () => {
    const { user: events } = setup({
      handlers: {
        'POST /api/progress/sync': () => jsonResponse(503, { error: 'Unavailable' }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Module 1 title' });
    await answerQuiz(events);
    expect(await screen.findByText('Connection issues detected')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue to Next Module' })).toBeEnabled();
  });

  it('shows a completed module with every question answered correctly', async () => {
    setup({ moduleId: 1, completed: [1] });
    await screen.findByRole('heading', { level: 1, name: 'Module 1 title' });
    await waitFor(() => expect(question(1)).toHaveAttribute('data-status', 'correct'));
    expect(question(2)).toHaveAttribute('data-status', 'correct');
    expect(screen.queryByRole('button', { name: 'Check Answer' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Next Module' })).toBeEnabled();
  });

  it('embeds the video in a lazy 16:9 frame and counts it once loaded', async () => {
    setup({ moduleId: 2, completed: [1] });
    await screen.findByRole('heading', { level: 1, name: 'Module 2 title' });
    const frame = screen.getByTitle('Video: Module 2 title');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abcdef123');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame).toHaveAttribute('allowfullscreen');
    expect(screen.getByText('Videos play when you are online.')).toBeInTheDocument();
    const indicator = screen.getByRole('progressbar', { name: 'Module progress' });
    expect(indicator).toHaveAttribute('aria-valuenow', '0');
    fireEvent.load(frame);
    expect(indicator).toHaveAttribute('aria-valuenow', '33');
  });

  it('on the last module says the course is complete and points to the certificate (issue 16)', async () => {
    const { user: events } = setup({ moduleId: 3, completed: [1, 2] });
    await screen.findByRole('heading', { level: 1, name: 'Module 3 title' });
    await answerQuiz(events);
    const done = await screen.findByText(/Module completed, and with it the course!/);
    expect(screen.queryByText(/You can continue to the next module/)).not.toBeInTheDocument();
    expect(
      within(done.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'course page' }),
    ).toHaveAttribute('href', `/${slug}`);
  });

  it("shows 'Module Locked', naming and linking the previous module", async () => {
    setup({ moduleId: 3, completed: [1] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Module Locked' })).toBeInTheDocument();
    expect(
      screen.getByText(/Complete Module 2, “Module 2 title”, to unlock this module\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Module 2: Module 2 title' })).toHaveAttribute(
      'href',
      `/${slug}/module/2`,
    );
    expect(screen.queryByRole('heading', { name: 'Knowledge Check' })).not.toBeInTheDocument();
  });

  it("shows 'Module Not Found' for an id the course does not have", async () => {
    setup({ moduleId: 9 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Module Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to AI Tools Beyond ChatGPT' })).toHaveAttribute(
      'href',
      `/${slug}`,
    );
  });

  it("shows 'Content Loading Error' when the course content fails to load", async () => {
    setup({
      handlers: {
        'GET /api/content/courses/ai-tools-beyond-chatgpt': () => jsonResponse(500, { error: 'Boom' }),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content Loading Error' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Sorry, we couldn't load the content for this module. Please try refreshing the page.",
      ),
    ).toBeInTheDocument();
  });

  it('sends users without access to the course page, which shows the premium wall', async () => {
    setup({
      handlers: {
        'GET /api/content/courses/ai-tools-beyond-chatgpt': () =>
          jsonResponse(403, { error: 'Premium only', code: 'PREMIUM_REQUIRED' }),
      },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/${slug}$`)));
  });

  it('sends signed-out visitors to the course page, which shows the sign-in guard, keeping the module asked for', async () => {
    stubApi();
    renderWithProviders(<ModulePage />, {
      route: `/${slug}/module/2`,
      path: '/:courseSlug/module/:moduleId',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/${slug}$`)));
    // Issue 16: signing in there comes back to the module.
    expect(screen.getByTestId('location')).toHaveAttribute('data-from', `/${slug}/module/2`);
  });
});

describe('ModulePage, drawn from the device while /me and the network are on their way (decision 023)', () => {
  /** What `fetch` does when the network is down. */
  const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
  let other: PublicUser | null = null;

  afterEach(async () => {
    forgetSignedInUser();
    await contentDb().courses.clear();
    if (other) await deleteUserDb(other.id);
    other = null;
  });

  it('shows the lesson from the device for the teacher it kept, with /me pending and the network failing', async () => {
    await rememberProfile(user);
    await contentDb().courses.put({ slug, course: buildCourse(), fetchedAt: new Date().toISOString() });
    const me = deferred<Response>();
    const api = stubApi({
      'GET /api/auth/me': () => me.promise,
      [`GET /api/content/courses/${slug}`]: networkDown,
      'GET /api/progress': networkDown,
    });
    const { queryClient } = renderWithProviders(<ModulePage />, {
      route: `/${slug}/module/1`,
      path: '/:courseSlug/module/:moduleId',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Module 1 title' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Lesson 1 section' })).toBeInTheDocument();
    expect(queryClient.getQueryState(meKeys.all)?.status).toBe('pending');
    // The server is asked once the lesson has painted (its copy would replace the device's), without
    // waiting for /me.
    await waitFor(() => expect(api.calls(`GET /api/content/courses/${slug}`)).toHaveLength(1));
    expect(queryClient.getQueryState(meKeys.all)?.status).toBe('pending');
    // Nothing is written for a teacher /me has not confirmed.
    expect((await userDb(user.id).progress.get(slug))?.currentModule).toBeUndefined();

    me.resolve(jsonResponse(200, user));
    await waitFor(async () => expect((await userDb(user.id).progress.get(slug))?.currentModule).toBe(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Module 1 title' })).toBeInTheDocument();
  });

  it("replaces the device's copy with the server's when it arrives", async () => {
    await rememberProfile(user);
    await contentDb().courses.put({ slug, course: buildCourse(), fetchedAt: new Date().toISOString() });
    const server = deferred<Response>();
    const updated = buildCourse();
    updated.modules[0] = buildModule(1, { title: 'Module 1 title, revised' });
    stubApi({
      'GET /api/auth/me': () => jsonResponse(200, user),
      [`GET /api/content/courses/${slug}`]: () => server.promise,
      'GET /api/progress': () => jsonResponse(200, []),
    });
    renderWithProviders(<ModulePage />, {
      route: `/${slug}/module/1`,
      path: '/:courseSlug/module/:moduleId',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Module 1 title' })).toBeInTheDocument();

    server.resolve(jsonResponse(200, { course: updated }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Module 1 title, revised' }),
    ).toBeInTheDocument();
    await waitFor(async () =>
      expect((await contentDb().courses.get(slug))?.course.modules[0]?.title).toBe('Module 1 title, revised'),
    );
  });

  it("stops showing the kept teacher's premium course once /me answers with another teacher", async () => {
    const kept = buildUser({ id: `${user.id}-kept`, role: 'premium' });
    other = kept;
    await rememberProfile(kept);
    const premium = { ...buildCourse(), isPremium: true };
    premium.modules[0] = buildModule(1, { title: 'Premium lesson of the kept teacher' });
    await userDb(kept.id).courses.put({ slug, course: premium, fetchedAt: new Date().toISOString() });
    const me = deferred<Response>();
    stubApi({
      'GET /api/auth/me': () => me.promise,
      [`GET /api/content/courses/${slug}`]: networkDown,
      'GET /api/progress': networkDown,
    });
    renderWithProviders(<ModulePage />, {
      route: `/${slug}/module/1`,
      path: '/:courseSlug/module/:moduleId',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Premium lesson of the kept teacher' }),
    ).toBeInTheDocument();

    // The session is another teacher's (the device's hint was wrong): their own data, or nothing.
    me.resolve(jsonResponse(200, user));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content Loading Error' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Premium lesson of the kept teacher')).not.toBeInTheDocument();
  });

  it('sends the page to the sign-in guard when /me says signed out, whatever the device kept', async () => {
    await rememberProfile(user);
    await contentDb().courses.put({ slug, course: buildCourse(), fetchedAt: new Date().toISOString() });
    const me = deferred<Response>();
    stubApi({
      'GET /api/auth/me': () => me.promise,
      [`GET /api/content/courses/${slug}`]: networkDown,
      'GET /api/progress': networkDown,
    });
    renderWithProviders(<ModulePage />, {
      route: `/${slug}/module/1`,
      path: '/:courseSlug/module/:moduleId',
    });
    await screen.findByRole('heading', { level: 1, name: 'Module 1 title' });

    me.resolve(jsonResponse(401, { error: 'Please sign in to continue.' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/${slug}$`)));
    expect(screen.queryByRole('heading', { name: 'Module 1 title' })).not.toBeInTheDocument();
  });
});

describe('dropHintedData', () => {
  it('removes every query read for the hinted teacher when /me names someone else, and keeps the rest', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(contentKeys.course(slug, 'kept'), buildCourse());
    queryClient.setQueryData(['device-profile', 'kept'], buildUser({ id: 'kept' }));
    queryClient.setQueryData(contentKeys.catalogue(), []);
    dropHintedData(queryClient, 'kept', buildUser({ id: 'someone-else' }));
    expect(queryClient.getQueryData(contentKeys.course(slug, 'kept'))).toBeUndefined();
    expect(queryClient.getQueryData(['device-profile', 'kept'])).toBeUndefined();
    expect(queryClient.getQueryData(contentKeys.catalogue())).toEqual([]);
  });

  it('keeps them when /me confirms the hint', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(contentKeys.course(slug, 'kept'), buildCourse());
    dropHintedData(queryClient, 'kept', buildUser({ id: 'kept' }));
    expect(queryClient.getQueryData(contentKeys.course(slug, 'kept'))).toBeDefined();
  });
});
