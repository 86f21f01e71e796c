import type { CourseProgress, ProgressRecord } from '@pd/domain';
import type { ProgressRow } from '../../db/schema.js';

/** The spec's progress record (section 3) plus its completion time: no user id, no internals. */
export function presentRecord(row: ProgressRow): ProgressRecord {
  return {
    courseSlug: row.courseSlug,
    moduleId: row.moduleId,
    completed: row.completed,
    score: row.bestScore,
    answers: row.answers,
    completedAt: row.firstCompletedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentCourseProgress(
  courseSlug: string,
  generation: number,
  rows: readonly ProgressRow[],
): CourseProgress {
  return { courseSlug, generation, records: rows.map(presentRecord) };
}
