import { courseCompletion } from '@pd/domain';
import type { ProgressRow } from '../../db/schema.js';

/**
 * A course earns its certificate when the server's records show every one of its modules
 * completed (a course without modules never does). Answers the completion time, the latest first
 * completion among the course's modules, or null when the course is not complete.
 */
export function earnedCompletion(moduleIds: readonly number[], rows: readonly ProgressRow[]): Date | null {
  const done = rows.filter(
    (row) => row.completed && row.firstCompletedAt && moduleIds.includes(row.moduleId),
  );
  const { isComplete } = courseCompletion(
    done.map((row) => row.moduleId),
    moduleIds,
  );
  if (moduleIds.length === 0 || !isComplete) return null;
  return new Date(Math.max(...done.map((row) => row.firstCompletedAt?.getTime() ?? 0)));
}
