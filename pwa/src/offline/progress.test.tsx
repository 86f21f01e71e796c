import type { CourseSummary, ProgressRecord } from '@pd/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meKeys } from '../lib/get-me';
import { createQueryClient } from '../lib/query-client';
import { buildUser, jsonResponse, stubApi } from '../test/render';
import { deleteUserDb, userDb } from './db';
import {
  progressKeys,
  resetCourseProgress,
  saveModuleProgress,
  setCurrentModule,
  useAllProgress,
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

describe('saveModuleProgress', () => {
  it('writes the device row before the server call, then keeps the server grade', async () => {
    let rowSeenByServer: unknown;
    const { api, context, queryClient } = setup({
      'POST /api/progress/ai-tools-beyond-chatgpt/1': async () => {
        rowSeenByServer = await userDb(userId).progress.get(slug);
        return jsonResponse(200, { ...record(1, true, 100), generation: 2 });
      },
    });
    queryClient.setQueryData(progressKeys.course(slug), []);
    const result = await saveModuleProgress(
      { courseSlug: slug, moduleId: 1, answers: [0, 1], answerKey: [0, 1] },
      context,
    );
    expect(rowSeenByServer).toMatchObject({ completedModules: [1], quizScores: { 1: 100 } });
    expect(api.calls('POST /api/progress/ai-tools-beyond-chatgpt/1')[0]?.body).toEqual({
      completed: true,
      score: 100,
      answers: [0, 1],
    });
    expect(result).toMatchObject({ synced: true, completed: true, score: 100 });
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ completedModules: [1], generation: 2 });
    expect(queryClient.getQueryData(progressKeys.course(slug))).toEqual([record(1, true, 100)]);
    expect(getProgressSaveState().error).toBeNull();
  });

  it('lets the server grade win over the device grade', async () => {
    const { context } = setup({
      // The device's key said 100; the server's key says one answer was wrong.
      'POST /api/progress/ai-tools-beyond-chatgpt/1': () =>
        jsonResponse(200, { ...record(1, false, 50), generation: 0 }),
    });
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
    const { context } = setup({
      'POST /api/progress/ai-tools-beyond-chatgpt/1': () => jsonResponse(503, { error: 'Down' }),
      'POST /api/progress/ai-tools-beyond-chatgpt/3': () => jsonResponse(503, { error: 'Down' }),
    });
    await saveModuleProgress({ courseSlug: slug, moduleId: 1, answers: [0, 0], answerKey: [0, 1] }, context);
    await saveModuleProgress({ courseSlug: slug, moduleId: 3, answers: [1], answerKey: [1] }, context);
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [],
      quizScores: { 1: 50, 3: 100 },
    });
  });

  it('grades against the cached course when no key is passed', async () => {
    const { context, queryClient, api } = setup({
      'POST /api/progress/ai-tools-beyond-chatgpt/1': () =>
        jsonResponse(200, { ...record(1, true, 100), generation: 0 }),
    });
    queryClient.setQueryData(['content', 'course', slug], {
      modules: [{ id: 1, quiz: [{ answer: 2 }, { answer: 3 }] }],
    });
    await saveModuleProgress({ courseSlug: slug, moduleId: 1, answers: [2, 3], score: 0 }, context);
    expect(api.calls('POST /api/progress/ai-tools-beyond-chatgpt/1')[0]?.body).toMatchObject({
      completed: true,
      score: 100,
    });
  });

  it('keeps local progress and flags "Connection issues detected" when the server is unreachable', async () => {
    const { api, context, wrapper } = setup();
    api.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const state = renderHook(() => useProgressSaveState(), { wrapper });
    const result = await act(() =>
      saveModuleProgress({ courseSlug: slug, moduleId: 1, answers: [1], answerKey: [1] }, context),
    );
    expect(result).toMatchObject({ synced: false, completed: true, score: 100 });
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ completedModules: [1] });
    expect(state.result.current.error).toBe('Connection issues detected');
    expect(state.result.current.saving).toBe(true);
    await waitFor(() => expect(state.result.current.saving).toBe(false));
  });

  it('sends an identical pending save only once', async () => {
    const { api, context } = setup({
      'POST /api/progress/ai-tools-beyond-chatgpt/1': () =>
        jsonResponse(200, { ...record(1, true, 100), generation: 0 }),
    });
    const input = { courseSlug: slug, moduleId: 1, answers: [1], answerKey: [1] };
    await Promise.all([saveModuleProgress(input, context), saveModuleProgress(input, context)]);
    expect(api.calls('POST /api/progress/ai-tools-beyond-chatgpt/1')).toHaveLength(1);
  });
});

describe('resetCourseProgress and setCurrentModule', () => {
  it('deletes on the server, then clears the device row', async () => {
    const { api, context, queryClient } = setup({
      'DELETE /api/progress/ai-tools-beyond-chatgpt': () => jsonResponse(200, { ok: true, generation: 3 }),
      'GET /api/progress': () => jsonResponse(200, []),
    });
    queryClient.setQueryData(progressKeys.course(slug), [record(1, true)]);
    await setCurrentModule(slug, 2, context);
    await userDb(userId).progress.update(slug, { completedModules: [1], quizScores: { 1: 100 } });
    await resetCourseProgress(slug, context);
    expect(api.calls('DELETE /api/progress/ai-tools-beyond-chatgpt')).toHaveLength(1);
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [],
      quizScores: {},
      currentModule: 1,
      generation: 3,
    });
    expect(queryClient.getQueryData(progressKeys.course(slug))).toEqual([]);
  });

  it('keeps the device row when the server refuses the reset', async () => {
    const { context } = setup({
      'DELETE /api/progress/ai-tools-beyond-chatgpt': () =>
        jsonResponse(500, { error: 'Failed to reset course progress' }),
    });
    await setCurrentModule(slug, 2, context);
    await expect(resetCourseProgress(slug, context)).rejects.toThrow('Failed to reset course progress');
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ currentModule: 2 });
  });
});
