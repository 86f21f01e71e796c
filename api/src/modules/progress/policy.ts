import { isModuleUnlocked, passesQuiz } from '@pd/domain';

/**
 * A quiz may be submitted for module 1, for a module whose previous module the server has
 * recorded as completed, and for a module already completed (a review). Decided from the server's
 * records only, never from what the device says.
 */
export function canSubmitQuiz(moduleId: number, completedOnServer: readonly number[]): boolean {
  return isModuleUnlocked(moduleId, completedOnServer);
}

/** A graded attempt completes the module only when it passes (score >= 70). */
export function attemptCompletes(score: number): boolean {
  return passesQuiz(score);
}

/** A quiz op made before the course's last reset (a lower generation) no longer counts. */
export function isSuperseded(opGeneration: number | undefined, currentGeneration: number): boolean {
  return opGeneration !== undefined && opGeneration < currentGeneration;
}
