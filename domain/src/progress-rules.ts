// Zod-free on purpose: the pwa's first screen imports these without pulling in the schemas (progress.ts).
// The course-level rules the catalogue's cards need; what a module page and the api need besides (its
// steps, grading, attempts, generations, texts) is in module-progress-rules.ts, off the first load.

/** Spec section 4: module status on the overview and in the sidebar. */
export type ModuleStatus = 'completed' | 'current' | 'locked';

/** Union of completed module ids from any number of sources, de-duplicated and sorted. */
export function unionCompleted(...lists: ReadonlyArray<readonly number[]>): number[] {
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/** Adds a module to a completed list without duplicates, keeping it sorted. */
export function addCompleted(completed: readonly number[], moduleId: number): number[] {
  return unionCompleted(completed, [moduleId]);
}

/** Percent = rounded(completed / total * 100), capped at 100; 0 for a course with no modules. */
export function percentComplete(completedCount: number, totalModules: number): number {
  if (totalModules <= 0) return 0;
  return Math.min(100, Math.round((completedCount / totalModules) * 100));
}

/** Counts only ids that belong to the course (a stale id never pushes progress past 100%). */
export function courseCompletion(completed: readonly number[], moduleIds: readonly number[]) {
  const known = new Set(moduleIds);
  const done = unionCompleted(completed).filter((id) => known.has(id));
  const percent = percentComplete(done.length, moduleIds.length);
  return {
    completed: done,
    completedCount: done.length,
    total: moduleIds.length,
    percent,
    isComplete: percent === 100,
  };
}

/** Module 1 is always open; module n only once module n-1 is completed. */
export function isModuleUnlocked(moduleId: number, completed: readonly number[]): boolean {
  return moduleId <= 1 || completed.includes(moduleId - 1) || completed.includes(moduleId);
}

export function moduleStatus(moduleId: number, completed: readonly number[]): ModuleStatus {
  if (completed.includes(moduleId)) return 'completed';
  return isModuleUnlocked(moduleId, completed) ? 'current' : 'locked';
}

/** Where 'Start', 'Continue' and 'Review' go: the first incomplete unlocked module, else the first. */
export function nextModuleToTake(moduleIds: readonly number[], completed: readonly number[]): number {
  const sorted = [...moduleIds].sort((a, b) => a - b);
  const next = sorted.find((id) => !completed.includes(id) && isModuleUnlocked(id, completed));
  return next ?? sorted[0] ?? 1;
}

/** Course card button (spec section 4). */
export function courseCardAction(percent: number): 'Start Course' | 'Continue Course' | 'Review Course' {
  if (percent >= 100) return 'Review Course';
  return percent > 0 ? 'Continue Course' : 'Start Course';
}

/** Course overview main button (spec section 2). */
export function courseOverviewAction(
  percent: number,
): 'Start Course' | 'Continue Learning' | 'Review Course' {
  if (percent >= 100) return 'Review Course';
  return percent > 0 ? 'Continue Learning' : 'Start Course';
}
