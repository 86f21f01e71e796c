import { z } from 'zod';
import { ProgressRecord } from './progress.js';

/**
 * The offline sync wire format (ARCHITECTURE.md, "Offline-first: how data moves"). Extend it with new
 * op types; do not change these fields.
 */
export const maxOpsPerBatch = 50;

const opId = z.uuid({ message: 'opId must be a UUID made on the device' });
const courseSlug = z.string().min(1).max(100);

export const QuizSubmittedOp = z.object({
  opId,
  type: z.literal('quiz-submitted'),
  courseSlug,
  moduleId: z.number().int().positive(),
  answers: z.array(z.number().int().min(0).max(3)).min(1).max(10),
  /**
   * Extension: the course generation the device knew when the quiz was taken. An op made before a
   * course reset (generation below the server's) is ignored and answered 'rejected' with
   * `syncReasons.supersededByReset`. Absent: the current generation.
   */
  generation: z.number().int().min(0).optional(),
});

export const CourseResetOp = z.object({
  opId,
  type: z.literal('course-reset'),
  courseSlug,
  /** The generation the device knew when the teacher reset; the server moves past it. */
  generation: z.number().int().min(0),
});

export const SyncOp = z.discriminatedUnion('type', [QuizSubmittedOp, CourseResetOp]);
export type SyncOp = z.infer<typeof SyncOp>;

export const SyncRequest = z.object({
  ops: z
    .array(SyncOp)
    .min(1, 'Send at least one operation')
    .max(maxOpsPerBatch, `Send at most ${maxOpsPerBatch} operations at a time`),
});
export type SyncRequest = z.infer<typeof SyncRequest>;

/** Reasons the server gives for a rejected op; the pwa shows them to the teacher. */
export const syncReasons = {
  supersededByReset: 'This answer was made before the course was reset, so it was not counted.',
  unknownCourse: 'This course no longer exists.',
  unknownModule: 'This module no longer exists.',
  notEntitled: 'This course needs a premium plan or a group licence.',
  moduleLocked: 'Complete the previous module first.',
  wrongAnswerCount: 'Send one answer for each question of the quiz.',
} as const;

export const SyncOpResult = z.object({
  opId: z.string(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  reason: z.string().optional(),
});
export type SyncOpResult = z.infer<typeof SyncOpResult>;

export const CourseProgress = z.object({
  courseSlug: z.string(),
  generation: z.number().int().min(0),
  records: z.array(ProgressRecord),
});
export type CourseProgress = z.infer<typeof CourseProgress>;

export const SyncResponse = z.object({
  results: z.array(SyncOpResult),
  progress: z.array(CourseProgress),
});
export type SyncResponse = z.infer<typeof SyncResponse>;
