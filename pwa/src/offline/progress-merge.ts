import {
  addCompleted,
  applyAttempt,
  isModuleUnlocked,
  isSuperseded,
  nextGeneration,
  unionCompleted,
  type ProgressRecord,
} from '@pd/domain';
import { emptyProgress, type LocalProgress, type OutboxOp } from './db';

/**
 * How the device's progress row follows the server (docs/ARCHITECTURE.md, "Offline-first"): the server's
 * records are the truth for completion and score (its grade wins), and the ops still waiting in the
 * outbox are replayed on top of them, so a change made on the device stays on screen until the
 * server has answered it. Pure functions: the drain and the sign-in rebuild call them inside a Dexie
 * transaction.
 */

/**
 * Applies a quiz attempt graded on the device to a row with the domain's `applyAttempt` (the rule the
 * server merges with): the module completes when the attempt passes and the module is unlocked by
 * `completedKnown` (default: the row's own completed modules); the best score is kept.
 */
export function applyGradeToRow(
  row: LocalProgress,
  moduleId: number,
  grade: { score: number; passed: boolean },
  completedKnown: readonly number[] = row.completedModules,
): LocalProgress {
  const merged = applyAttempt(
    { completed: row.completedModules.includes(moduleId), score: row.quizScores[moduleId] ?? 0 },
    { score: grade.score, passed: grade.passed, unlocked: isModuleUnlocked(moduleId, completedKnown) },
  );
  return {
    ...row,
    completedModules: merged.completed ? addCompleted(row.completedModules, moduleId) : row.completedModules,
    quizScores: { ...row.quizScores, [moduleId]: merged.score },
  };
}

/** Applies one queued op to a row the way the server will (its reset-generation rule included). */
export function applyOpLocally(row: LocalProgress, op: OutboxOp): LocalProgress {
  const known = row.generationKnown === true;
  if (op.type === 'course-reset') {
    // The server ignores a reset made on a generation it has already left behind.
    if (known && isSuperseded(op.payload.generation, row.generation)) return row;
    return {
      ...row,
      completedModules: [],
      quizScores: {},
      currentModule: 1,
      generation: known ? nextGeneration(row.generation, op.payload.generation) : row.generation,
    };
  }
  const { moduleId, generation } = op.payload;
  if (known && isSuperseded(generation, row.generation)) return row;
  const grade = op.localGrade;
  if (!grade) return row;
  return applyGradeToRow(row, moduleId, grade);
}

export interface ServerCourseState {
  records: readonly ProgressRecord[];
  /** Absent when the answer did not carry it (GET /api/progress). */
  generation?: number;
}

/**
 * The row rebuilt from the server's records of a course, with the pending ops of that course replayed
 * in order. Where the teacher is (currentModule, lastAccessed) is the device's and is kept.
 */
export function rebaseProgress(
  courseSlug: string,
  local: LocalProgress | undefined,
  server: ServerCourseState,
  pending: readonly OutboxOp[],
): LocalProgress {
  const base = local ?? emptyProgress(courseSlug);
  const records = server.records.filter((r) => r.courseSlug === courseSlug);
  const quizScores: Record<number, number> = {};
  for (const r of records) {
    if (r.completed || r.score > 0) quizScores[r.moduleId] = r.score;
  }
  let row: LocalProgress = {
    ...base,
    courseSlug,
    completedModules: unionCompleted(records.filter((r) => r.completed).map((r) => r.moduleId)),
    quizScores,
    generation: server.generation ?? base.generation,
    generationKnown: server.generation !== undefined ? true : base.generationKnown === true,
  };
  for (const op of pending) {
    if (op.status === 'pending' && op.payload.courseSlug === courseSlug) row = applyOpLocally(row, op);
  }
  return row;
}
