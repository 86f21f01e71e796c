import { addCompleted, isModuleUnlocked, unionCompleted, type ProgressRecord } from '@pd/domain';
import { emptyProgress, type LocalProgress, type OutboxOp } from './db';

/**
 * How the device's progress row follows the server (ARCHITECTURE.md, "Offline-first"): the server's
 * records are the truth for completion and score (its grade wins), and the ops still waiting in the
 * outbox are replayed on top of them, so a change made on the device stays on screen until the
 * server has answered it. Pure functions: the drain and the sign-in rebuild call them inside a Dexie
 * transaction.
 */

/** Applies one queued op to a row the way the server will (its reset-generation rule included). */
export function applyOpLocally(row: LocalProgress, op: OutboxOp): LocalProgress {
  const known = row.generationKnown === true;
  if (op.type === 'course-reset') {
    // The server ignores a reset made on a generation it has already left behind.
    if (known && op.payload.generation < row.generation) return row;
    return {
      ...row,
      completedModules: [],
      quizScores: {},
      currentModule: 1,
      generation: known ? Math.max(row.generation, op.payload.generation) + 1 : row.generation,
    };
  }
  const { moduleId, generation } = op.payload;
  if (known && generation !== undefined && generation < row.generation) return row;
  const grade = op.localGrade;
  if (!grade) return row;
  const completes = grade.passed && isModuleUnlocked(moduleId, row.completedModules);
  return {
    ...row,
    completedModules: completes ? addCompleted(row.completedModules, moduleId) : row.completedModules,
    quizScores: { ...row.quizScores, [moduleId]: Math.max(row.quizScores[moduleId] ?? 0, grade.score) },
  };
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
