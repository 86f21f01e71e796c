// @vitest-environment jsdom-api
import type { Role } from '@pd/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import {
  freeCourse as slug,
  partlyRight,
  premiumCourse,
  rightAnswers,
  scoreOf,
  setupRealApi,
  type SentRequest,
  type Teacher,
} from '../test/real-api';
import { useAllProgress } from './catalogue-progress';
import { contentKeys } from './catalogue';
import { deleteUserDb, emptyProgress, userDb } from './db';
import { drainOutbox } from './drain';
import { meKeys } from './get-me';
import {
  progressKeys,
  resetCourseProgress,
  saveModuleProgress,
  setCurrentModule,
  useCourseProgress,
  useProgressSaveState,
} from './progress';
import { getProgressSaveState, setProgressSaveState } from './save-state';

/**
 * The progress reads and writes of the device against the real api (src/test/real-api.ts): the
 * server's records, grades and reset generations are its own; the network fails only where a test
 * says so.
 */
const api = setupRealApi();

let userId = '';

/** A teacher signed in on the page, and the page's query client as the app has it after /me. */
async function setup(role: Role = 'free') {
  const teacher = await api.signedInTeacher({ role });
  userId = teacher.id;
  const queryClient = createQueryClient();
  queryClient.setQueryData(meKeys.all, teacher.user);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { teacher, queryClient, wrapper, context: { queryClient } };
}

/** The teacher answers a quiz on another device, online (POST /api/progress/:courseSlug/:moduleId). */
async function answerElsewhere(teacher: Teacher, courseSlug: string, moduleId: number, answers: number[]) {
  const res = await (await teacher.device()).post(`/api/progress/${courseSlug}/${moduleId}`, { answers });
  expect(res.status).toBe(200);
}

type SyncBody = { ops: Array<Record<string, unknown> & { opId: string; type: string; courseSlug: string }> };
const syncCalls = () => api.calls('POST /api/progress/sync');
const opsOf = (request: SentRequest | undefined) => (request?.body as SyncBody).ops;

beforeEach(() => {
  setProgressSaveState({ saving: false, error: null });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  await deleteUserDb(userId);
  vi.mocked(console.warn).mockRestore();
});

describe('useCourseProgress', () => {
  it('shows the union of the device row and the server records', async () => {
    const { teacher, wrapper } = await setup();
    // On the server: module 1 passed, module 2 tried (1 of 3). On the device: module 2 passed.
    await answerElsewhere(teacher, slug, 1, await rightAnswers(slug, 1));
    await answerElsewhere(teacher, slug, 2, await partlyRight(slug, 2, 1));
    await userDb(userId).progress.put({
      courseSlug: slug,
      completedModules: [2],
      quizScores: { 2: 100 },
      currentModule: 2,
      lastAccessed: '2026-01-02T10:00:00.000Z',
      generation: 0,
    });
    const { result } = renderHook(() => useCourseProgress(slug), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await waitFor(() => expect(result.current.totalModules).toBe(3));
    expect(result.current).toMatchObject({
      completedModules: [1, 2],
      quizScores: { 1: 100, 2: 100 },
      currentModule: 2,
      lastAccessed: '2026-01-02T10:00:00.000Z',
      percent: 67,
      isComplete: false,
    });
  });

  it('follows the device row live and reports completion at 100%', async () => {
    const { teacher, wrapper } = await setup();
    await answerElsewhere(teacher, slug, 1, await rightAnswers(slug, 1));
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
    const { teacher, wrapper } = await setup('premium');
    await answerElsewhere(teacher, slug, 1, await rightAnswers(slug, 1));
    await answerElsewhere(teacher, premiumCourse, 1, await rightAnswers(premiumCourse, 1));
    await userDb(userId).progress.put({
      courseSlug: slug,
      completedModules: [2],
      quizScores: {},
      currentModule: 1,
      lastAccessed: new Date().toISOString(),
      generation: 0,
    });
    const { result } = renderHook(() => useAllProgress(), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ [slug]: [1, 2], [premiumCourse]: [1] }));
  });
});

describe('saveModuleProgress', () => {
  it('writes the device row and its outbox op before the sync, then keeps the server grade', async () => {
    const { teacher, context, queryClient } = await setup();
    // Two resets on another device: the server's course is at generation 2.
    for (let i = 0; i < 2; i += 1) {
      expect((await (await teacher.device()).request('DELETE', `/api/progress/${slug}`)).status).toBe(200);
    }
    let seenWhenSent: unknown;
    api.network.beforeSend(async (request) => {
      if (request.url !== '/api/progress/sync') return;
      seenWhenSent = {
        row: await userDb(userId).progress.get(slug),
        outbox: await userDb(userId).outbox.toArray(),
      };
    });
    queryClient.setQueryData(progressKeys.course(slug), []);
    const answers = await rightAnswers(slug, 1);
    const result = await saveModuleProgress(
      { courseSlug: slug, moduleId: 1, answers, answerKey: answers },
      context,
    );
    expect(seenWhenSent).toMatchObject({
      row: { completedModules: [1], quizScores: { 1: 100 } },
      outbox: [
        {
          type: 'quiz-submitted',
          status: 'pending',
          tries: 0,
          // The device's time of the completion (decision 075).
          payload: {
            courseSlug: slug,
            moduleId: 1,
            answers,
            at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          },
          localGrade: { score: 100, passed: true },
        },
      ],
    });
    expect(opsOf(syncCalls()[0])).toEqual([
      {
        opId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: 'quiz-submitted',
        courseSlug: slug,
        moduleId: 1,
        answers,
        at: expect.any(String),
      },
    ]);
    expect(result).toMatchObject({ synced: true, completed: true, score: 100 });
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [1],
      generation: 2,
      generationKnown: true,
    });
    expect(await userDb(userId).outbox.count()).toBe(0);
    expect(queryClient.getQueryData(progressKeys.course(slug))).toMatchObject([
      { courseSlug: slug, moduleId: 1, completed: true, score: 100 },
    ]);
    expect(await api.serverProgress(slug)).toMatchObject([{ moduleId: 1, completed: true, score: 100 }]);
    expect(getProgressSaveState().error).toBeNull();
  });

  it('lets the server grade win over the device grade', async () => {
    // The device's key says every answer is right; the server's says only the first one is.
    const { context } = await setup();
    const answers = await partlyRight(slug, 1, 1);
    const score = await scoreOf(slug, 1, 1);
    const result = await saveModuleProgress(
      { courseSlug: slug, moduleId: 1, answers, answerKey: answers },
      context,
    );
    expect(result).toMatchObject({ synced: true, completed: false, score });
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [],
      quizScores: { 1: score },
    });
    expect(await api.serverProgress(slug)).toMatchObject([{ moduleId: 1, completed: false, score }]);
  });

  it('does not complete a failed or locked module on the device', async () => {
    const { context } = await setup();
    api.network.fail({ status: 503 }, { times: Infinity });
    const key1 = await rightAnswers(slug, 1);
    const key3 = await rightAnswers(slug, 3);
    await saveModuleProgress(
      { courseSlug: slug, moduleId: 1, answers: await partlyRight(slug, 1, 1), answerKey: key1 },
      context,
    );
    await saveModuleProgress({ courseSlug: slug, moduleId: 3, answers: key3, answerKey: key3 }, context);
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [],
      quizScores: { 1: await scoreOf(slug, 1, 1), 3: 100 },
    });
    expect(await userDb(userId).outbox.count()).toBe(2);
    expect(await api.serverProgress(slug)).toEqual([]);
  });

  it('grades against the cached course when no key is passed, and sends the known generation', async () => {
    const { teacher, context, queryClient } = await setup();
    expect((await (await teacher.device()).request('DELETE', `/api/progress/${slug}`)).status).toBe(200);
    await userDb(userId).progress.put({ ...emptyProgress(slug), generation: 1, generationKnown: true });
    const answers = await rightAnswers(slug, 1);
    queryClient.setQueryData(contentKeys.course(slug, userId), {
      modules: [{ id: 1, quiz: answers.map((answer) => ({ answer })) }],
    });
    // Offline: the answer is the device's own grade, from the cached course's key.
    api.network.fail('offline');
    const result = await saveModuleProgress({ courseSlug: slug, moduleId: 1, answers, score: 0 }, context);
    expect(result).toMatchObject({ synced: false, completed: true, score: 100 });
    expect(opsOf(syncCalls()[0])[0]).toMatchObject({ answers, generation: 1 });
    // Back online, the server takes the op: it was made on the generation the server is at.
    expect(await drainOutbox(userId)).toEqual({ status: 'done', sent: 1, applied: 1, rejected: 0 });
    expect(await api.serverProgress(slug)).toMatchObject([{ moduleId: 1, completed: true, score: 100 }]);
  });

  it('keeps local progress and the op, and flags "Connection issues detected", when the server is unreachable', async () => {
    const { context, wrapper } = await setup();
    api.network.fail('offline');
    const state = renderHook(() => useProgressSaveState(), { wrapper });
    const answers = await rightAnswers(slug, 1);
    const result = await act(() =>
      saveModuleProgress({ courseSlug: slug, moduleId: 1, answers, answerKey: answers }, context),
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
    const { context } = await setup();
    const answers = await rightAnswers(slug, 1);
    const input = { courseSlug: slug, moduleId: 1, answers, answerKey: answers };
    await Promise.all([saveModuleProgress(input, context), saveModuleProgress(input, context)]);
    expect(syncCalls()).toHaveLength(1);
    expect(opsOf(syncCalls()[0])).toHaveLength(1);
  });
});

describe('resetCourseProgress and setCurrentModule', () => {
  it('clears the device row and queues a course-reset op together, then adopts the server generation', async () => {
    const { teacher, context, queryClient } = await setup();
    await answerElsewhere(teacher, slug, 1, await rightAnswers(slug, 1));
    queryClient.setQueryData(progressKeys.course(slug), await api.serverProgress(slug));
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
    await waitFor(() => expect(syncCalls()).toHaveLength(1));
    expect(opsOf(syncCalls()[0])).toEqual([
      { opId: expect.any(String), type: 'course-reset', courseSlug: slug, generation: 2 },
    ]);
    await waitFor(async () => expect(await userDb(userId).outbox.count()).toBe(0));
    // The server moved past the generation the device knew (2 -> 3) and cleared the course.
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ completedModules: [], generation: 3 });
    expect(await api.serverProgress(slug)).toEqual([]);
  });

  it('keeps the reset on the device, and its op, while the server is down', async () => {
    const { teacher, context } = await setup();
    await answerElsewhere(teacher, slug, 1, await rightAnswers(slug, 1));
    api.network.fail({ status: 500 }, { times: Infinity });
    await setCurrentModule(slug, 2, context);
    await userDb(userId).progress.update(slug, { completedModules: [1], quizScores: { 1: 100 } });
    await resetCourseProgress(slug, context);
    await waitFor(() => expect(syncCalls()).toHaveLength(1));
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ completedModules: [], currentModule: 1 });
    await waitFor(async () =>
      expect(await userDb(userId).outbox.toArray()).toMatchObject([
        { type: 'course-reset', status: 'pending', tries: 1 },
      ]),
    );
    // The server never saw it: its records are as they were.
    expect(await api.serverProgress(slug)).toMatchObject([{ moduleId: 1, completed: true }]);
  });
});
