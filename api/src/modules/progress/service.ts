import {
  type CourseProgress,
  gradeAnswers,
  type ProgressRecord,
  type ResetProgressResponse,
  type SaveProgressResponse,
  type SyncOp,
  type SyncOpResult,
  type SyncRequest,
  type SyncResponse,
  syncReasons,
} from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { ProgressRow, UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { canOpenCourse } from '../content/policy.js';
import { findCourse } from '../content/service.js';
import { attemptCompletes, canSubmitQuiz, isSuperseded } from './policy.js';
import { presentCourseProgress, presentRecord } from './present.js';
import * as store from './store.js';

type ServiceDeps = Pick<AppDeps, 'db' | 'clock' | 'content'>;
type Teacher = Pick<UserRow, 'id' | 'role'>;

export type RejectionReason = keyof typeof syncReasons;

export type QuizOutcome =
  | { status: 'applied'; row: ProgressRow; generation: number }
  | { status: 'rejected'; reason: RejectionReason };

/**
 * Grades a quiz attempt against the answer key and merges it into the server's record of the
 * module, inside the caller's transaction (the online save and each sync op use this one rule).
 *
 * The module completes only when the score is at least 70 and the module is unlocked on the
 * server (module 1, or module n-1 completed). Merge: completed stays completed, the best score
 * and the answers of the best attempt are kept, the first completion time is the server's clock
 * at the first pass. An op made before the course's last reset (lower generation) is ignored.
 */
export async function applyQuizAnswers(
  deps: Pick<AppDeps, 'clock' | 'content'>,
  tx: Db,
  user: Teacher,
  courseSlug: string,
  moduleId: number,
  answers: readonly number[],
  generation?: number,
): Promise<QuizOutcome> {
  const course = findCourse(deps.content, courseSlug);
  if (!course) return { status: 'rejected', reason: 'unknownCourse' };
  if (canOpenCourse(user, course) !== 'allowed') return { status: 'rejected', reason: 'notEntitled' };
  const module = course.modules.find((m) => m.id === moduleId);
  if (!module) return { status: 'rejected', reason: 'unknownModule' };
  const answerKey = (module.quiz ?? []).map((question) => question.answer);
  if (answerKey.length === 0 || answers.length !== answerKey.length) {
    return { status: 'rejected', reason: 'wrongAnswerCount' };
  }

  // From here on, merges of this (user, course) run one at a time.
  const current = await store.lockCourse(tx, user.id, courseSlug);
  if (isSuperseded(generation, current)) return { status: 'rejected', reason: 'supersededByReset' };
  const rows = await store.listRows(tx, user.id, courseSlug);
  const completedOnServer = rows.filter((r) => r.completed).map((r) => r.moduleId);
  if (!canSubmitQuiz(moduleId, completedOnServer)) return { status: 'rejected', reason: 'moduleLocked' };

  const { score } = gradeAnswers(answerKey, answers);
  const passed = attemptCompletes(score);
  const now = deps.clock();
  const before = rows.find((r) => r.moduleId === moduleId);
  const better = !before || score > before.bestScore;
  const completed = (before?.completed ?? false) || passed;
  const row = await store.upsertRow(tx, {
    userId: user.id,
    courseSlug,
    moduleId,
    completed,
    bestScore: better ? score : before.bestScore,
    answers: better ? [...answers] : before.answers,
    firstCompletedAt: before?.firstCompletedAt ?? (completed ? now : null),
    updatedAt: now,
  });
  return { status: 'applied', row, generation: current };
}

/**
 * Resets a course inside the caller's transaction: its records go and its generation moves past
 * the one the device knew. A reset made on a generation already left behind (another device reset
 * the course since) changes nothing. Answers the generation now current.
 */
export async function resetCourse(
  tx: Db,
  userId: string,
  courseSlug: string,
  knownGeneration?: number,
): Promise<number> {
  const current = await store.lockCourse(tx, userId, courseSlug);
  if (isSuperseded(knownGeneration, current)) return current;
  const next = Math.max(current, knownGeneration ?? current) + 1;
  await store.deleteCourseRows(tx, userId, courseSlug);
  await store.setGeneration(tx, userId, courseSlug, next);
  return next;
}

// ---------------------------------------------------------------------------------------------------
// The online calls of spec section 7.

export type SaveOutcome =
  { status: 'applied'; answer: SaveProgressResponse } | { status: 'rejected'; reason: RejectionReason };

export async function saveProgress(
  deps: ServiceDeps,
  user: Teacher,
  courseSlug: string,
  moduleId: number,
  answers: readonly number[],
): Promise<SaveOutcome> {
  const outcome = await deps.db.transaction((tx) =>
    applyQuizAnswers(deps, tx, user, courseSlug, moduleId, answers),
  );
  if (outcome.status === 'rejected') return outcome;
  return { status: 'applied', answer: { ...presentRecord(outcome.row), generation: outcome.generation } };
}

/** Null when the course does not exist. */
export async function resetProgress(
  deps: ServiceDeps,
  user: Teacher,
  courseSlug: string,
): Promise<ResetProgressResponse | null> {
  if (!findCourse(deps.content, courseSlug)) return null;
  const generation = await deps.db.transaction((tx) => resetCourse(tx, user.id, courseSlug));
  return { ok: true, generation };
}

export async function listProgress(
  deps: ServiceDeps,
  user: Teacher,
  courseSlug?: string,
): Promise<ProgressRecord[]> {
  return (await store.listRows(deps.db, user.id, courseSlug)).map(presentRecord);
}

/** The server's records of a course (certificates read completion from here). */
export function courseRows(deps: Pick<AppDeps, 'db'>, userId: string, courseSlug: string) {
  return store.listRows(deps.db, userId, courseSlug);
}

// ---------------------------------------------------------------------------------------------------
// The offline batch sync (ARCHITECTURE.md "Offline-first: how data moves").

/**
 * Applies each op exactly once, in order, each in its own transaction: the op id goes into
 * sync_receipts first (ON CONFLICT DO NOTHING); an id already there is a duplicate and is not
 * applied again. Answers per-op results and the merged progress of every course the batch touched.
 */
export async function syncProgress(
  deps: ServiceDeps,
  user: Teacher,
  request: SyncRequest,
): Promise<SyncResponse> {
  const results: SyncOpResult[] = [];
  for (const op of request.ops) {
    results.push(await applyOp(deps, user, op));
  }
  const touched = [...new Set(request.ops.map((op) => op.courseSlug))].filter((slug) =>
    findCourse(deps.content, slug),
  );
  const progress: CourseProgress[] = [];
  for (const slug of touched) {
    const [generation, rows] = await Promise.all([
      store.readGeneration(deps.db, user.id, slug),
      store.listRows(deps.db, user.id, slug),
    ]);
    progress.push(presentCourseProgress(slug, generation, rows));
  }
  return { results, progress };
}

async function applyOp(deps: ServiceDeps, user: Teacher, op: SyncOp): Promise<SyncOpResult> {
  return deps.db.transaction(async (tx) => {
    const fresh = await store.insertReceipt(tx, op.opId, user.id, deps.clock());
    if (!fresh) return { opId: op.opId, status: 'duplicate' };
    let reason: RejectionReason | null = null;
    if (op.type === 'quiz-submitted') {
      const outcome = await applyQuizAnswers(
        deps,
        tx,
        user,
        op.courseSlug,
        op.moduleId,
        op.answers,
        op.generation,
      );
      if (outcome.status === 'rejected') reason = outcome.reason;
    } else if (!findCourse(deps.content, op.courseSlug)) {
      reason = 'unknownCourse';
    } else {
      await resetCourse(tx, user.id, op.courseSlug, op.generation);
    }
    if (reason === null) return { opId: op.opId, status: 'applied' };
    await store.markReceiptRejected(tx, op.opId, syncReasons[reason]);
    return { opId: op.opId, status: 'rejected', reason: syncReasons[reason] };
  });
}
