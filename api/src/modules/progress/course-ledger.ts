import { applyAttempt, gradeAnswers, isModuleUnlocked, isSuperseded, nextGeneration } from '@pd/domain';
import type { ProgressRow } from '../../db/schema.js';

/**
 * One course of one teacher while the server applies changes to it in memory: its records and reset
 * generation as read under the course's lock, then as each op leaves them. The merges are the
 * domain's rules (`applyAttempt`, `isSuperseded`, `nextGeneration`, `isModuleUnlocked`); what
 * changed is written back in a few statements (`ledgerWrites`). The online save, the online reset
 * and every op of a sync batch go through it, so they cannot merge differently.
 */
export interface CourseLedger {
  readonly userId: string;
  readonly courseSlug: string;
  generation: number;
  /** The course's records by module id, as they stand after the changes applied so far. */
  readonly rows: Map<number, ProgressRow>;
  /** A reset was applied: the stored records all go before the changed ones are written. */
  cleared: boolean;
  generationChanged: boolean;
  /** Modules whose record must be written. */
  readonly changed: Set<number>;
}

export function openLedger(
  userId: string,
  courseSlug: string,
  generation: number,
  rows: readonly ProgressRow[],
): CourseLedger {
  return {
    userId,
    courseSlug,
    generation,
    rows: new Map(rows.map((row) => [row.moduleId, row])),
    cleared: false,
    generationChanged: false,
    changed: new Set(),
  };
}

/** A quiz attempt whose course, module, access and answer count were already checked. */
export interface QuizAttempt {
  moduleId: number;
  answerKey: readonly number[];
  answers: readonly number[];
  /** The course generation the device knew; absent: the current one. */
  generation?: number;
  /** The attempt's time: the server's, or an offline completion's device time kept in bounds. */
  at: Date;
  /**
   * Time on task (decision 075): the earliest time this module's completion counts, or null when
   * the course's content never reached the teacher from the server. Absent: no such rule.
   */
  earliestCompletion?: Date | null;
  /**
   * The teacher's time over every course (decision 089): for a new completion at `at`, null when it
   * fits the time the teacher had, else how many milliseconds after `at` it would. Absent: no rule.
   */
  teacherTime?: (at: Date) => number | null;
}

export type QuizMerge =
  | { status: 'applied'; row: ProgressRow }
  | { status: 'rejected'; reason: 'supersededByReset' | 'moduleLocked' }
  | { status: 'rejected'; reason: 'tooEarly'; earliest: Date | null; teacherTimeMs?: number };

/**
 * Grades an attempt and merges it into the module's record. An attempt made before the course's
 * last reset is ignored; a module is open only on the server's records (module 1, module n-1
 * completed, or a review), never on what the device says.
 */
export function mergeQuiz(ledger: CourseLedger, attempt: QuizAttempt): QuizMerge {
  if (isSuperseded(attempt.generation, ledger.generation)) {
    return { status: 'rejected', reason: 'supersededByReset' };
  }
  const completed = [...ledger.rows.values()].filter((row) => row.completed).map((row) => row.moduleId);
  if (!isModuleUnlocked(attempt.moduleId, completed)) return { status: 'rejected', reason: 'moduleLocked' };

  const { score, passed } = gradeAnswers(attempt.answerKey, attempt.answers);
  const before = ledger.rows.get(attempt.moduleId);
  const merged = applyAttempt(
    before && {
      completed: before.completed,
      score: before.bestScore,
      answers: before.answers,
      completedAt: before.firstCompletedAt,
    },
    { score, passed, unlocked: true, answers: attempt.answers, at: attempt.at },
  );
  // A new completion counts only after the time on task (a failed try or a review always counts).
  const { earliestCompletion } = attempt;
  if (
    merged.completed &&
    !before?.completed &&
    earliestCompletion !== undefined &&
    (earliestCompletion === null || attempt.at < earliestCompletion)
  ) {
    return { status: 'rejected', reason: 'tooEarly', earliest: earliestCompletion };
  }
  if (merged.completed && !before?.completed && attempt.teacherTime) {
    const waitMs = attempt.teacherTime(attempt.at);
    if (waitMs !== null) {
      const earliest = new Date(attempt.at.getTime() + waitMs);
      return { status: 'rejected', reason: 'tooEarly', earliest, teacherTimeMs: waitMs };
    }
  }
  const row: ProgressRow = {
    userId: ledger.userId,
    courseSlug: ledger.courseSlug,
    moduleId: attempt.moduleId,
    completed: merged.completed,
    bestScore: merged.score,
    answers: [...(merged.answers ?? attempt.answers)],
    firstCompletedAt: merged.completedAt ?? null,
    updatedAt: attempt.at,
  };
  ledger.rows.set(row.moduleId, row);
  ledger.changed.add(row.moduleId);
  return { status: 'applied', row };
}

/**
 * Resets the course: its records go and its generation moves past the one the device knew. A reset
 * made on a generation already left behind (another device reset the course since) changes nothing.
 */
export function mergeReset(ledger: CourseLedger, knownGeneration?: number): void {
  if (isSuperseded(knownGeneration, ledger.generation)) return;
  ledger.generation = nextGeneration(ledger.generation, knownGeneration);
  ledger.generationChanged = true;
  ledger.cleared = true;
  ledger.rows.clear();
  ledger.changed.clear();
}

/** The course's records, by module. */
export function ledgerRows(ledger: CourseLedger): ProgressRow[] {
  return [...ledger.rows.values()].sort((a, b) => a.moduleId - b.moduleId);
}

export interface LedgerWrites {
  /** Courses whose stored records all go (first). */
  cleared: string[];
  /** New generations by course. */
  generations: Map<string, number>;
  /** Records to insert or update (after the clearing). */
  rows: ProgressRow[];
}

/** What the ledgers changed, to be written in one statement of each kind. */
export function ledgerWrites(ledgers: Iterable<CourseLedger>): LedgerWrites {
  const writes: LedgerWrites = { cleared: [], generations: new Map(), rows: [] };
  for (const ledger of ledgers) {
    if (ledger.cleared) writes.cleared.push(ledger.courseSlug);
    if (ledger.generationChanged) writes.generations.set(ledger.courseSlug, ledger.generation);
    for (const moduleId of [...ledger.changed].sort((a, b) => a - b)) {
      const row = ledger.rows.get(moduleId);
      if (row) writes.rows.push(row);
    }
  }
  return writes;
}
