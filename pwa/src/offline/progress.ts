import {
  bestScore,
  courseCompletion,
  gradeAnswers,
  passesQuiz,
  learningEndpoints,
  unionCompleted,
  type ProgressRecord,
  type Course,
  type PublicUser,
} from '@pd/domain';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { apiGet } from '../lib/api-client';
import { meKeys } from './get-me';
import { catalogueQuery, contentKeys } from './catalogue';
import { contentDb, emptyProgress, readUserDb, userDb, type LocalProgress } from './db';
import { newOutboxOp, requestBackgroundSync } from './outbox';
import { progressKeys } from './progress-keys';
import { applyGradeToRow, applyOpLocally } from './progress-merge';
import { isMobileDevice } from './save-state';
import { syncEngineFor } from './sync-engine';
import { useViewer } from './viewer';

export { useProgressSaveState, type ProgressSaveState } from './save-state';

/**
 * Progress, local first (docs/ARCHITECTURE.md, "Offline-first: how data moves"). Each teacher's progress
 * lives in their `user-<id>` database; what the screen shows is the union of that row and the server's
 * records (spec section 4). A change writes the device row and an outbox op in one Dexie transaction,
 * then kicks the drain (sync-engine.ts), which sends it to POST /api/progress/sync; the server grades
 * it and the reply's records replace the device's grade (drain.ts, progress-merge.ts).
 */

export { progressKeys };

// ---------------------------------------------------------------------------------------------------
// Server calls

export function fetchProgress(courseSlug?: string, signal?: AbortSignal): Promise<ProgressRecord[]> {
  return apiGet(learningEndpoints.progress, { query: { courseSlug }, signal });
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

async function answerKeyFor(
  queryClient: QueryClient | null,
  userId: string,
  courseSlug: string,
  moduleId: number,
): Promise<number[] | undefined> {
  const fromCourse = (course: Course | undefined) =>
    course?.modules.find((m) => m.id === moduleId)?.quiz?.map((q) => q.answer);
  const cached = fromCourse(queryClient?.getQueryData<Course>(contentKeys.course(courseSlug, userId)));
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
  /** True when the server has taken the save; false while it waits in the outbox (or was refused). */
  synced: boolean;
  /** The server's reason when it refused the save (e.g. too early to complete: decision 075). */
  refused: string | null;
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

/** How long a save waits for the drain it kicked before answering with the device's grade. */
export const saveWaitMs = 10_000;

/**
 * Saves a quiz result, local first: grades it on the device (`gradeAnswers`; the module is added only
 * when the score reaches the pass mark and the module is unlocked) and writes the progress row and a
 * `quiz-submitted` outbox op in one Dexie transaction, so the screen (useLiveQuery) shows the result
 * at once. Then it kicks the drain and waits (at most `saveWaitMs`) for it: online, the answer carries
 * the server's grade, which has replaced the device's; offline, the device's grade with
 * `synced: false` (the status reads 'Connection issues detected' when the server could not be
 * reached). A repeat of the pending save (same answers, or the same module within 1 s, 2 s on
 * phones) returns the pending promise instead of saving twice.
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

function waitAtMost<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runSave(
  input: SaveModuleProgressInput,
  queryClient: QueryClient | null,
  userId: string,
): Promise<SaveModuleProgressResult> {
  const { courseSlug, moduleId, answers } = input;
  const db = userDb(userId);
  const answerKey = input.answerKey ?? (await answerKeyFor(queryClient, userId, courseSlug, moduleId));
  const grade = answerKey
    ? gradeAnswers(answerKey, answers)
    : { score: Math.round(input.score ?? 0), passed: passesQuiz(Math.round(input.score ?? 0)) };
  const fromServer = completedIds(serverRecords(queryClient, courseSlug));

  // The device first: the row and its outbox op, together or not at all.
  const { local, opId } = await db.transaction('rw', db.progress, db.outbox, async () => {
    const row = (await db.progress.get(courseSlug)) ?? emptyProgress(courseSlug);
    const known = unionCompleted(row.completedModules, fromServer);
    const next: LocalProgress = {
      ...applyGradeToRow(row, moduleId, grade, known),
      lastAccessed: new Date().toISOString(),
    };
    const op = newOutboxOp({
      type: 'quiz-submitted',
      payload: {
        courseSlug,
        moduleId,
        answers: [...answers],
        // When the teacher passed it, by this device's clock: an offline completion keeps its time.
        at: new Date().toISOString(),
        // Unknown generation: let the server use its current one.
        ...(row.generationKnown ? { generation: row.generation } : {}),
      },
      localGrade: { score: grade.score, passed: grade.passed },
    });
    await db.progress.put(next);
    await db.outbox.add(op);
    return { local: next, opId: op.opId };
  });

  // Then the drain, which the server answers with its own grade.
  void requestBackgroundSync();
  await waitAtMost(
    syncEngineFor(userId, { queryClient: queryClient ?? undefined }).kick('enqueue'),
    saveWaitMs,
  );
  const [row, queued] = await Promise.all([
    db.progress.get(courseSlug),
    db.outbox.where('opId').equals(opId).first(),
  ]);
  const progress = row ?? local;
  return {
    score: progress.quizScores[moduleId] ?? grade.score,
    completed: progress.completedModules.includes(moduleId),
    synced: !queued,
    refused: queued?.status === 'rejected' ? (queued.reason ?? null) : null,
    progress,
  };
}

/**
 * Resets a course, local first: clears the device row (keeping where the server's generation will be)
 * and queues a `course-reset` op in one Dexie transaction, then kicks the drain. The server's cached
 * records of the course are dropped so the screen does not show them again.
 */
export async function resetCourseProgress(courseSlug: string, context?: ProgressContext): Promise<void> {
  const { queryClient, userId } = resolveContext(context);
  const db = userDb(userId);
  await db.transaction('rw', db.progress, db.outbox, async () => {
    const row = (await db.progress.get(courseSlug)) ?? emptyProgress(courseSlug);
    const op = newOutboxOp({ type: 'course-reset', payload: { courseSlug, generation: row.generation } });
    await db.outbox.add(op);
    await db.progress.put({ ...applyOpLocally(row, op), lastAccessed: new Date().toISOString() });
  });
  if (queryClient) {
    queryClient.setQueryData<ProgressRecord[]>(progressKeys.course(courseSlug), []);
    queryClient.setQueryData<ProgressRecord[]>(progressKeys.list(), (old) =>
      old?.filter((r) => r.courseSlug !== courseSlug),
    );
  }
  void requestBackgroundSync();
  void syncEngineFor(userId, { queryClient: queryClient ?? undefined }).kick('enqueue');
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
  /** True until the device's row has been read (the server's records may follow). */
  isDeviceLoading: boolean;
}

function mergeScores(local: Record<number, number>, records: readonly ProgressRecord[]) {
  const scores: Record<number, number> = { ...local };
  for (const r of records) {
    if (r.score > 0 || r.completed) scores[r.moduleId] = bestScore(scores[r.moduleId], r.score);
  }
  return scores;
}

/**
 * A course's progress as the screen shows it: the union of the device's row (live, via useLiveQuery)
 * and `GET /api/progress?courseSlug=`. `moduleIds` defaults to the course's modules in the catalogue.
 */
export function useCourseProgress(courseSlug: string, moduleIds?: readonly number[]): CourseProgress {
  useBoundQueryClient();
  // The viewer (decision 023): the device's kept teacher while /me is on its way, then /me's answer.
  const userId = useViewer().user?.id;
  const local = useLiveQuery(
    async () =>
      userId ? readUserDb(userId, async (db) => (await db.progress.get(courseSlug)) ?? null, null) : null,
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
      isDeviceLoading: local === undefined,
    };
  }, [local, server.data, server.isPending, ids, userId]);
}
