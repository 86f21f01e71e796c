import { z } from 'zod';
import { ProgressRecord } from './progress.js';

/**
 * The offline sync wire format (docs/ARCHITECTURE.md, "Offline-first: how data moves"). Extend it with new
 * op types; do not change these fields.
 */
export const maxOpsPerBatch = 50;

/**
 * What a teacher reads when an op of theirs cannot be read at all (a 400 the drain narrows to that op
 * and shows as its reason): what happened and what to do, not the field that failed.
 */
export const malformedOpReason =
  'The app sent this change in a form the server does not accept. Reload the app to update it, then do it again.';
const malformed = { message: malformedOpReason };

const opId = z.uuid({ message: 'opId must be a UUID made on the device' });
const courseSlug = z.string(malformed).min(1, malformed).max(100, malformed);
const generation = z.number(malformed).int(malformed).min(0, malformed);

export const QuizSubmittedOp = z.object({
  opId,
  type: z.literal('quiz-submitted'),
  courseSlug,
  moduleId: z.number(malformed).int(malformed).positive(malformed),
  answers: z
    .array(z.number(malformed).int(malformed).min(0, malformed).max(3, malformed), malformed)
    .min(1, malformed)
    .max(10, malformed),
  /**
   * Extension: the course generation the device knew when the quiz was taken. An op made before a
   * course reset (generation below the server's) is ignored and answered 'rejected' with
   * `syncReasons.supersededByReset`. Absent: the current generation.
   */
  generation: generation.optional(),
  /**
   * Extension: when the teacher submitted the quiz, by the device's clock (an offline completion).
   * The server keeps it within [the course's first arrival, the receipt] (time on task, decision 075).
   */
  at: z.iso.datetime({ offset: true, ...malformed }).optional(),
});

export const CourseResetOp = z.object({
  opId,
  type: z.literal('course-reset'),
  courseSlug,
  /** The generation the device knew when the teacher reset; the server moves past it. */
  generation,
});

export const SyncOp = z.discriminatedUnion('type', [QuizSubmittedOp, CourseResetOp], malformed);
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
  /** Time on task (decision 075); the answer names the minute from which it counts (`tooEarlyReason`). */
  tooEarly: 'Finish reading the lesson first.',
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
