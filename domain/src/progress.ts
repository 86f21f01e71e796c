import { z } from 'zod';

/** The spec's server progress record; `answers` are the chosen choice indexes, one per question. */
export const ProgressRecord = z.object({
  courseSlug: z.string(),
  moduleId: z.number().int().positive(),
  completed: z.boolean(),
  score: z.number().int().min(0).max(100).default(0),
  answers: z.array(z.number().int().min(0)).default([]),
  completedAt: z.string().nullable().optional(),
  updatedAt: z.string().optional(),
});
export type ProgressRecord = z.infer<typeof ProgressRecord>;

/** Save payload: the spec's {completed, score} plus the chosen answers, which the server grades. */
export const SaveProgressRequest = z.object({
  completed: z.boolean().optional(),
  score: z.number().min(0).max(100).optional(),
  answers: z
    .array(z.number().int().min(0).max(3), { message: 'Answers must be a list of choice numbers' })
    .min(1, 'Answers are required')
    .max(10),
});
export type SaveProgressRequest = z.input<typeof SaveProgressRequest>;

// The zod-free rules and texts live in progress-rules.ts (the app's first screen needs them without zod).
export {
  unionCompleted,
  addCompleted,
  percentComplete,
  courseCompletion,
  isModuleUnlocked,
  moduleStatus,
  nextModuleToTake,
  courseCardAction,
  courseOverviewAction,
} from './progress-rules.js';
export {
  moduleProgressIndicator,
  gradeAnswers,
  passesQuiz,
  bestScore,
  applyAttempt,
  isSuperseded,
  nextGeneration,
  progressMessages,
} from './module-progress-rules.js';
export type { ModuleStatus } from './progress-rules.js';
export type { ModuleProgressState, GradedAttempt } from './module-progress-rules.js';
