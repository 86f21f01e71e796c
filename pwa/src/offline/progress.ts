import {
  addCompleted,
  courseCompletion,
  gradeAnswers,
  isModuleUnlocked,
  progressMessages,
  ProgressListResponse,
  ResetProgressResponse,
  SaveProgressResponse,
  unionCompleted,
  type ProgressRecord,
  type Course,
  type PublicUser,
} from '@pd/domain';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { apiGet, apiSend } from '../lib/api-client';
import { meKeys, useMe } from '../lib/get-me';
import { catalogueQuery, contentKeys } from './catalogue';
import { contentDb, emptyProgress, userDb, type LocalProgress } from './db';
import { isMobileDevice, setProgressSaveState } from './save-state';

export { useProgressSaveState, type ProgressSaveState } from './save-state';

/**
 * Progress, local first (ARCHITECTURE.md, "Offline-first: how data moves"). Each teacher's progress
 * lives in their `user-<id>` database; what the screen shows is the union of that row and the server's
 * records (spec section 4). A save is written on the device first, then sent; the server grades it
 * and its grade replaces the device's for that module. The offline issue replaces the direct POST and
 * DELETE below with outbox ops drained to POST /api/progress/sync; the hooks keep their shape.
 */

// ---------------------------------------------------------------------------------------------------
// Server calls

export const progressKeys = {
  all: ['progress'] as const,
  /** GET /api/progress */
  list: () => [...progressKeys.all, 'list'] as const,
  /** GET /api/progress?courseSlug= */
  course: (courseSlug: string) => [...progressKeys.all, 'course', courseSlug] as const,
};

export function fetchProgress(courseSlug?: string, signal?: AbortSignal): Promise<ProgressRecord[]> {
  const url = courseSlug ? `/api/progress?courseSlug=${encodeURIComponent(courseSlug)}` : '/api/progress';
  return apiGet(url, ProgressListResponse, { signal });
}

/** The server's records of one course, or of every course when `courseSlug` is omitted. */
export function progressQuery(courseSlug?: string) {
  return queryOptions({
    queryKey: courseSlug ? progressKeys.course(courseSlug) : progressKeys.list(),
    queryFn: ({ signal }) => fetchProgress(courseSlug, signal),
  });
}

// ---------------------------------------------------------------------------------------------------
// Who and where: the plain functions find the query client bound by the hooks (or one passed in).

export interface ProgressContext {
  queryClient?: QueryClient;
  /** Defaults to the signed-in user of the `GET /api/auth/me` query. */
  userId?: string;
}

let boundClient: QueryClient | null = null;

function useBoundQueryClient(): QueryClient {
  const client = useQueryClient();
  useEffect(() => {
    boundClient = client;
  }, [client]);
  return client;
}

function resolveContext(context: ProgressContext = {}): { queryClient: QueryClient | null; userId: string } {
  const queryClient = context.queryClient ?? boundClient;
  const userId = context.userId ?? queryClient?.getQueryData<PublicUser | null>(meKeys.all)?.id;
  if (!userId) throw new Error('Sign in to save your progress.');
  return { queryClient, userId };
}

function serverRecords(queryClient: QueryClient | null, courseSlug: string): ProgressRecord[] {
  if (!queryClient) return [];
  const own = queryClient.getQueryData<ProgressRecord[]>(progressKeys.course(courseSlug));
  const all = queryClient.getQueryData<ProgressRecord[]>(progressKeys.list()) ?? [];
  return [...(own ?? []), ...all.filter((r) => r.courseSlug === courseSlug)];
}

function completedIds(records: readonly ProgressRecord[]): number[] {
  return unionCompleted(records.filter((r) => r.completed).map((r) => r.moduleId));
}

/** Puts the server's record of a module into the cached answers of both progress queries. */
function cacheServerRecord(queryClient: QueryClient | null, record: ProgressRecord): void {
  if (!queryClient) return;
  const replace = (old: ProgressRecord[] | undefined) =>
    old && [
      ...old.filter((r) => !(r.courseSlug === record.courseSlug && r.moduleId === record.moduleId)),
      record,
    ];
  queryClient.setQueryData<ProgressRecord[]>(progressKeys.course(record.courseSlug), replace);
  queryClient.setQueryData<ProgressRecord[]>(progressKeys.list(), replace);
}

async function answerKeyFor(
  queryClient: QueryClient | null,
  userId: string,
  courseSlug: string,
  moduleId: number,
): Promise<number[] | undefined> {
  const fromCourse = (course: Course | undefined) =>
    course?.modules.find((m) => m.id === moduleId)?.quiz?.map((q) => q.answer);
  const cached = fromCourse(queryClient?.getQueryData<Course>(contentKeys.course(courseSlug)));
  if (cached) return cached;
  const stored =
    (await contentDb().courses.get(courseSlug)) ?? (await userDb(userId).courses.get(courseSlug));
  return fromCourse(stored?.course);
}

// ---------------------------------------------------------------------------------------------------
// Writes

export interface SaveModuleProgressInput {
  courseSlug: string;
  moduleId: number;
  /** One zero-based choice per question. */
  answers: number[];
  /** The score the quiz computed; used only when no answer key is known on the device. */
  score?: number;
  /** The quiz's answer key; defaults to the cached course content. */
  answerKey?: readonly number[];
}

export interface SaveModuleProgressResult {
  /** The grade now on the device (the server's when `synced`). */
  score: number;
  completed: boolean;
  /** True when the server took the save; false when it is kept on the device only. */
  synced: boolean;
  progress: LocalProgress;
}

interface PendingSave {
  key: string;
  courseSlug: string;
  moduleId: number;
  startedAt: number;
  promise: Promise<SaveModuleProgressResult>;
}

let pending: PendingSave | null = null;
let savingTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Saves a quiz result: grades it on the device (`gradeAnswers`), writes the local row first (the module
 * is added only when the score is >= 70 and the module is unlocked), then POSTs the answers. On success
 * the server's record replaces the device's grade for that module; on failure the local progress stays
 * and the save state reads 'Connection issues detected'. A repeat of the pending save (same answers, or
 * the same module within 1 s, 2 s on phones) returns the pending promise instead of saving twice.
 */
export function saveModuleProgress(
  input: SaveModuleProgressInput,
  context?: ProgressContext,
): Promise<SaveModuleProgressResult> {
  const { queryClient, userId } = resolveContext(context);
  const key = JSON.stringify([userId, input.courseSlug, input.moduleId, input.answers]);
  const repeatWindowMs = isMobileDevice() ? 2000 : 1000;
  if (
    pending &&
    (pending.key === key ||
      (pending.courseSlug === input.courseSlug &&
        pending.moduleId === input.moduleId &&
        Date.now() - pending.startedAt < repeatWindowMs))
  ) {
    return pending.promise;
  }
  const promise = runSave(input, queryClient, userId).finally(() => {
    if (pending?.promise === promise) pending = null;
  });
  pending = { key, courseSlug: input.courseSlug, moduleId: input.moduleId, startedAt: Date.now(), promise };
  return promise;
}

async function runSave(
  input: SaveModuleProgressInput,
  queryClient: QueryClient | null,
  userId: string,
): Promise<SaveModuleProgressResult> {
  const { courseSlug, moduleId, answers } = input;
  const db = userDb(userId);
  const answerKey = input.answerKey ?? (await answerKeyFor(queryClient, userId, courseSlug, moduleId));
  const score = answerKey ? gradeAnswers(answerKey, answers).score : Math.round(input.score ?? 0);
  const passed = answerKey ? gradeAnswers(answerKey, answers).passed : score >= 70;
  const fromServer = completedIds(serverRecords(queryClient, courseSlug));

  // 1. The device first.
  let local = await db.transaction('rw', db.progress, async () => {
    const row = (await db.progress.get(courseSlug)) ?? emptyProgress(courseSlug);
    const known = unionCompleted(row.completedModules, fromServer);
    const completes = passed && isModuleUnlocked(moduleId, known);
    const next: LocalProgress = {
      ...row,
      completedModules: completes ? addCompleted(row.completedModules, moduleId) : row.completedModules,
      quizScores: { ...row.quizScores, [moduleId]: Math.max(row.quizScores[moduleId] ?? 0, score) },
      lastAccessed: new Date().toISOString(),
    };
    await db.progress.put(next);
    return next;
  });
  const completedLocally = local.completedModules.includes(moduleId);

  // 2. Then the server, which grades the answers itself.
  clearTimeout(savingTimer);
  setProgressSaveState({ saving: true });
  try {
    const record = await apiSend(
      'POST',
      `/api/progress/${encodeURIComponent(courseSlug)}/${moduleId}`,
      { completed: completedLocally, score, answers },
      SaveProgressResponse,
    );
    local = await db.transaction('rw', db.progress, async () => {
      const row = (await db.progress.get(courseSlug)) ?? emptyProgress(courseSlug);
      const next: LocalProgress = {
        ...row,
        completedModules: record.completed
          ? addCompleted(row.completedModules, moduleId)
          : row.completedModules.filter((id) => id !== moduleId),
        quizScores: { ...row.quizScores, [moduleId]: record.score },
        generation: record.generation,
      };
      await db.progress.put(next);
      return next;
    });
    const { generation: _generation, ...serverRecord } = record;
    cacheServerRecord(queryClient, serverRecord);
    void queryClient?.invalidateQueries({ queryKey: progressKeys.list() });
    setProgressSaveState({ error: null });
    return { score: record.score, completed: record.completed, synced: true, progress: local };
  } catch (error) {
    // Logged only (spec section 8): the teacher keeps going on local progress.
    console.warn('Progress save failed; kept on this device', error);
    setProgressSaveState({ error: progressMessages.connectionIssues });
    return { score, completed: completedLocally, synced: false, progress: local };
  } finally {
    savingTimer = setTimeout(() => setProgressSaveState({ saving: false }), isMobileDevice() ? 1000 : 500);
  }
}

/**
 * DELETE /api/progress/:courseSlug, then clears the course's row on the device (keeping the server's new
 * generation). Throws when the server refuses or cannot be reached; nothing is cleared then.
 */
export async function resetCourseProgress(courseSlug: string, context?: ProgressContext): Promise<void> {
  const { queryClient, userId } = resolveContext(context);
  const reply = await apiSend(
    'DELETE',
    `/api/progress/${encodeURIComponent(courseSlug)}`,
    undefined,
    ResetProgressResponse,
  );
  const db = userDb(userId);
  await db.transaction('rw', db.progress, async () => {
    const row = await db.progress.get(courseSlug);
    await db.progress.put({
      ...emptyProgress(courseSlug),
      generation: Math.max(reply.generation, row?.generation ?? 0),
    });
  });
  if (queryClient) {
    queryClient.setQueryData<ProgressRecord[]>(progressKeys.course(courseSlug), []);
    queryClient.setQueryData<ProgressRecord[]>(progressKeys.list(), (old) =>
      old?.filter((r) => r.courseSlug !== courseSlug),
    );
    await queryClient.invalidateQueries({ queryKey: progressKeys.all });
  }
}

/** Remembers the module the teacher opened (and when). Does nothing when signed out. */
export async function setCurrentModule(
  courseSlug: string,
  moduleId: number,
  context?: ProgressContext,
): Promise<void> {
  let userId: string;
  try {
    userId = resolveContext(context).userId;
  } catch {
    return;
  }
  const db = userDb(userId);
  await db.transaction('rw', db.progress, async () => {
    const row = (await db.progress.get(courseSlug)) ?? emptyProgress(courseSlug);
    await db.progress.put({ ...row, currentModule: moduleId, lastAccessed: new Date().toISOString() });
  });
}

/** The write functions bound to this component's query client (handy in tests and other roots). */
export function useProgressActions() {
  const queryClient = useBoundQueryClient();
  return useMemo(
    () => ({
      saveModuleProgress: (input: SaveModuleProgressInput) => saveModuleProgress(input, { queryClient }),
      resetCourseProgress: (courseSlug: string) => resetCourseProgress(courseSlug, { queryClient }),
      setCurrentModule: (courseSlug: string, moduleId: number) =>
        setCurrentModule(courseSlug, moduleId, { queryClient }),
    }),
    [queryClient],
  );
}

// ---------------------------------------------------------------------------------------------------
// Reads

export interface CourseProgress {
  /** Union of the device's and the server's completed modules of this course, sorted. */
  completedModules: number[];
  /** Best score per module, device or server. */
  quizScores: Record<number, number>;
  currentModule: number;
  lastAccessed: string | null;
  completedCount: number;
  totalModules: number;
  percent: number;
  isComplete: boolean;
  generation: number;
  /** True until the device's row (and, when signed in, the server's records) have been read. */
  isLoading: boolean;
}

function mergeScores(local: Record<number, number>, records: readonly ProgressRecord[]) {
  const scores: Record<number, number> = { ...local };
  for (const r of records) {
    if (r.score > 0 || r.completed) scores[r.moduleId] = Math.max(scores[r.moduleId] ?? 0, r.score);
  }
  return scores;
}

/**
 * A course's progress as the screen shows it: the union of the device's row (live, via useLiveQuery)
 * and `GET /api/progress?courseSlug=`. `moduleIds` defaults to the course's modules in the catalogue.
 */
export function useCourseProgress(courseSlug: string, moduleIds?: readonly number[]): CourseProgress {
  useBoundQueryClient();
  const me = useMe();
  const userId = me.data?.id;
  const local = useLiveQuery(
    async () => (userId ? ((await userDb(userId).progress.get(courseSlug)) ?? null) : null),
    [userId, courseSlug],
  );
  const server = useQuery({ ...progressQuery(courseSlug), enabled: Boolean(userId) });
  const catalogue = useQuery(catalogueQuery());
  const ids = useMemo(
    () => moduleIds ?? catalogue.data?.find((c) => c.slug === courseSlug)?.modules.map((m) => m.id) ?? [],
    [moduleIds, catalogue.data, courseSlug],
  );

  return useMemo(() => {
    const records = server.data ?? [];
    const completion = courseCompletion(
      unionCompleted(local?.completedModules ?? [], completedIds(records)),
      ids,
    );
    const serverTimes = records.map((r) => r.updatedAt).filter((t): t is string => Boolean(t));
    const lastServer = serverTimes.sort().at(-1) ?? null;
    return {
      completedModules: completion.completed,
      quizScores: mergeScores(local?.quizScores ?? {}, records),
      currentModule: local?.currentModule ?? 1,
      lastAccessed: local?.lastAccessed ?? lastServer,
      completedCount: completion.completedCount,
      totalModules: completion.total,
      percent: completion.percent,
      isComplete: completion.isComplete,
      generation: local?.generation ?? 0,
      isLoading: local === undefined || (Boolean(userId) && server.isPending),
    };
  }, [local, server.data, server.isPending, ids, userId]);
}

/** Completed modules per course slug (device union server), for the catalogue; {} when signed out. */
export function useAllProgress(): Record<string, number[]> {
  useBoundQueryClient();
  const me = useMe();
  const userId = me.data?.id;
  const local = useLiveQuery(async () => (userId ? await userDb(userId).progress.toArray() : []), [userId]);
  const server = useQuery({ ...progressQuery(), enabled: Boolean(userId) });
  return useMemo(() => {
    const result: Record<string, number[]> = {};
    for (const row of local ?? []) result[row.courseSlug] = unionCompleted(row.completedModules);
    for (const r of server.data ?? []) {
      if (r.completed) result[r.courseSlug] = addCompleted(result[r.courseSlug] ?? [], r.moduleId);
    }
    return result;
  }, [local, server.data]);
}
