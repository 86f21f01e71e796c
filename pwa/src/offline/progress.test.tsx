import type { CourseSummary, ProgressRecord } from '@pd/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meKeys } from './get-me';
import { createQueryClient } from '../lib/query-client';
import { buildUser, jsonResponse, stubApi } from '../test/render';
import { useAllProgress } from './catalogue-progress';
import { deleteUserDb, emptyProgress, userDb } from './db';
import {
  progressKeys,
  resetCourseProgress,
  saveModuleProgress,
  setCurrentModule,
  useCourseProgress,
  useProgressSaveState,
} from './progress';
import { getProgressSaveState, setProgressSaveState } from './save-state';

const slug = 'ai-tools-beyond-chatgpt';

function summary(overrides: Partial<CourseSummary> = {}): CourseSummary {
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
    modules: [1, 2, 3].map((id) => ({
      id,
      slug: `module-${id}`,
      title: `Module ${id}`,
      description: 'About it.',
      duration: '10 min',
    })),
    ...overrides,
  };
}

function record(moduleId: number, completed: boolean, score = completed ? 100 : 0): ProgressRecord {
  return { courseSlug: slug, moduleId, completed, score, answers: [] };
}

let userCount = 0;
let userId = '';

function setup(handlers: Parameters<typeof stubApi>[0] = {}) {
  const user = buildUser({ id: userId });
  const api = stubApi({
    'GET /api/auth/me': () => jsonResponse(200, user),
    'GET /api/content/catalogue': () => jsonResponse(200, { courses: [summary()] }),
    ...handlers,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(meKeys.all, user);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { api, queryClient, wrapper, context: { queryClient } };
}

beforeEach(() => {
  userId = `t${++userCount}`;
  setProgressSaveState({ saving: false, error: null });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  await deleteUserDb(userId);
  vi.mocked(console.warn).mockRestore();
});

describe('useCourseProgress', () => {
  it('shows the union of the device row and the server records', async () => {
    const { wrapper } = setup({
      'GET /api/progress': () => jsonResponse(200, [record(2, true, 80), record(3, false, 33)]),
    });
    await userDb(userId).progress.put({
      courseSlug: slug,
      completedModules: [1],
      quizScores: { 1: 100 },
      currentModule: 2,
      lastAccessed: '2026-01-02T10:00:00.000Z',
      generation: 0,
    });
    const { result } = renderHook(() => useCourseProgress(slug), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await waitFor(() => expect(result.current.totalModules).toBe(3));
    expect(result.current).toMatchObject({
      completedModules: [1, 2],
      quizScores: { 1: 100, 2: 80, 3: 33 },
      currentModule: 2,
      lastAccessed: '2026-01-02T10:00:00.000Z',
      percent: 67,
      isComplete: false,
    });
  });

  it('follows the device row live and reports completion at 100%', async () => {
    const { wrapper } = setup({ 'GET /api/progress': () => jsonResponse(200, [record(1, true)]) });
    const { result } = renderHook(() => useCourseProgress(slug), { wrapper });
    await waitFor(() => expect(result.current.completedModules).toEqual([1]));
    await act(() =>
      userDb(userId).progress.put({
        courseSlug: slug,
        completedModules: [2, 3],
        quizScores: {},
        currentModule: 3,
        lastAccessed: new Date().toISOString(),
        generation: 0,
      }),
    );
    await waitFor(() => expect(result.current.percent).toBe(100));
    expect(result.current.isComplete).toBe(true);
  });
});

describe('useAllProgress', () => {
  it('gives completed modules per course from the device and the server', async () => {
    const { wrapper } = setup({
      'GET /api/progress': () =>
        jsonResponse(200, [record(1, true), { ...record(1, true), courseSlug: 'prompt-engineering' }]),
    });
    await userDb(userId).progress.put({
      courseSlug: slug,
      completedModules: [2],
      quizScores: {},
      currentModule: 1,
      lastAccessed: new Date().toISOString(),
      generation: 0,
    });
    const { result } = renderHook(() => useAllProgress(), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ [slug]: [1, 2], 'prompt-engineering': [1] }));
  });
});

type SyncBody = { ops: Array<Record<string, unknown> & { opId: string; type: string; courseSlug: string }> };

/** POST /api/progress/sync answering every op 'applied' with the given records of the course. */
function syncReplying(records: ProgressRecord[], generation = 0) {
  return (request: { body: unknown }) => {
    const { ops } = request.body as SyncBody;
    return jsonResponse(200, {
      results: ops.map((op) => ({ opId: op.opId, status: 'applied' })),
      progress: [{ courseSlug: slug, generation, records }],
    });
  };
}

describe('saveModuleProgress', () => {
  it('writes the device row and its outbox op before the sync, then keeps the server grade', async () => {
    let seenByServer: unknown;
    const { api, context, queryClient } = setup({
      'POST /api/progress/sync': async (request) => {
        seenByServer = {
          row: await userDb(userId).progress.get(slug),
          outbox: await userDb(userId).outbox.toArray(),
        };
        return syncReplying([record(1, true, 100)], 2)(request);
      },
    });
    queryClient.setQueryData(progressKeys.course(slug), []);
    const result = await saveModuleProgress(
      { courseSlug: slug, moduleId: 1, answers: [0, 1], answerKey: [0, 1] },
      context,
    );
    expect(seenByServer).toMatchObject({
      row: { completedModules: [1], quizScores: { 1: 100 } },
      outbox: [
        {
          type: 'quiz-submitted',
          status: 'pending',
          tries: 0,
          payload: { courseSlug: slug, moduleId: 1, answers: [0, 1] },
          localGrade: { score: 100, passed: true },
        },
      ],
    });
    const [sent] = (api.calls('POST /api/progress/sync')[0]?.body as SyncBody).ops;
    expect(sent).toEqual({
      opId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'quiz-submitted',
      courseSlug: slug,
      moduleId: 1,
      answers: [0, 1],
    });
    expect(result).toMatchObject({ synced: true, completed: true, score: 100 });
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [1],
      generation: 2,
      generationKnown: true,
    });
    expect(await userDb(userId).outbox.count()).toBe(0);
    expect(queryClient.getQueryData(progressKeys.course(slug))).toEqual([record(1, true, 100)]);
    expect(getProgressSaveState().error).toBeNull();
  });

  it('lets the server grade win over the device grade', async () => {
    // The device's key said 100; the server's key says one answer was wrong.
    const { context } = setup({ 'POST /api/progress/sync': syncReplying([record(1, false, 50)]) });
    const result = await saveModuleProgress(
      { courseSlug: slug, moduleId: 1, answers: [0, 1], answerKey: [0, 1] },
      context,
    );
    expect(result).toMatchObject({ synced: true, completed: false, score: 50 });
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [],
      quizScores: { 1: 50 },
    });
  });

  it('does not complete a failed or locked module on the device', async () => {
    const { context } = setup({ 'POST /api/progress/sync': () => jsonResponse(503, { error: 'Down' }) });
    await saveModuleProgress({ courseSlug: slug, moduleId: 1, answers: [0, 0], answerKey: [0, 1] }, context);
    await saveModuleProgress({ courseSlug: slug, moduleId: 3, answers: [1], answerKey: [1] }, context);
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [],
      quizScores: { 1: 50, 3: 100 },
    });
    expect(await userDb(userId).outbox.count()).toBe(2);
  });

  it('grades against the cached course when no key is passed, and sends the known generation', async () => {
    const { context, queryClient, api } = setup({
      'POST /api/progress/sync': syncReplying([record(1, true, 100)], 4),
    });
    await userDb(userId).progress.put({ ...emptyProgress(slug), generation: 4, generationKnown: true });
    queryClient.setQueryData(['content', 'course', slug], {
      modules: [{ id: 1, quiz: [{ answer: 2 }, { answer: 3 }] }],
    });
    const result = await saveModuleProgress(
      { courseSlug: slug, moduleId: 1, answers: [2, 3], score: 0 },
      context,
    );
    expect((api.calls('POST /api/progress/sync')[0]?.body as SyncBody).ops[0]).toMatchObject({
      answers: [2, 3],
      generation: 4,
    });
    expect(result).toMatchObject({ synced: true, completed: true, score: 100 });
  });

  it('keeps local progress and the op, and flags "Connection issues detected", when the server is unreachable', async () => {
    const { api, context, wrapper } = setup();
    api.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const state = renderHook(() => useProgressSaveState(), { wrapper });
    const result = await act(() =>
      saveModuleProgress({ courseSlug: slug, moduleId: 1, answers: [1], answerKey: [1] }, context),
    );
    expect(result).toMatchObject({ synced: false, completed: true, score: 100 });
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ completedModules: [1] });
    expect(await userDb(userId).outbox.toArray()).toMatchObject([
      { status: 'pending', tries: 1, lastError: expect.stringContaining('Unable to reach the server') },
    ]);
    expect(state.result.current.error).toBe('Connection issues detected');
    await waitFor(() => expect(state.result.current.saving).toBe(false));
  });

  it('queues an identical pending save only once', async () => {
    const { api, context } = setup({ 'POST /api/progress/sync': syncReplying([record(1, true, 100)]) });
    const input = { courseSlug: slug, moduleId: 1, answers: [1], answerKey: [1] };
    await Promise.all([saveModuleProgress(input, context), saveModuleProgress(input, context)]);
    expect(api.calls('POST /api/progress/sync')).toHaveLength(1);
    expect((api.calls('POST /api/progress/sync')[0]?.body as SyncBody).ops).toHaveLength(1);
  });
});

describe('resetCourseProgress and setCurrentModule', () => {
  it('clears the device row and queues a course-reset op together, then adopts the server generation', async () => {
    const { api, context, queryClient } = setup({ 'POST /api/progress/sync': syncReplying([], 3) });
    queryClient.setQueryData(progressKeys.course(slug), [record(1, true)]);
    await setCurrentModule(slug, 2, context);
    await userDb(userId).progress.update(slug, {
      completedModules: [1],
      quizScores: { 1: 100 },
      generation: 2,
      generationKnown: true,
    });
    await resetCourseProgress(slug, context);
    // At once, from the device.
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [],
      quizScores: {},
      currentModule: 1,
    });
    expect(queryClient.getQueryData(progressKeys.course(slug))).toEqual([]);
    await waitFor(() => expect(api.calls('POST /api/progress/sync')).toHaveLength(1));
    expect((api.calls('POST /api/progress/sync')[0]?.body as SyncBody).ops).toEqual([
      { opId: expect.any(String), type: 'course-reset', courseSlug: slug, generation: 2 },
    ]);
    await waitFor(async () => expect(await userDb(userId).outbox.count()).toBe(0));
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ completedModules: [], generation: 3 });
  });

  it('keeps the reset on the device, and its op, while the server is down', async () => {
    const { api, context } = setup({
      'POST /api/progress/sync': () => jsonResponse(500, { error: 'Failed to reset course progress' }),
    });
    await setCurrentModule(slug, 2, context);
    await userDb(userId).progress.update(slug, { completedModules: [1], quizScores: { 1: 100 } });
    await resetCourseProgress(slug, context);
    await waitFor(() => expect(api.calls('POST /api/progress/sync')).toHaveLength(1));
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ completedModules: [], currentModule: 1 });
    await waitFor(async () =>
      expect(await userDb(userId).outbox.toArray()).toMatchObject([
        { type: 'course-reset', status: 'pending', tries: 1 },
      ]),
    );
  });
});
