import { z } from 'zod';
import { ProgressRecord } from './progress.js';

/**
 * Response contracts of the progress calls (spec section 7, ADR 004). The api builds its answers
 * to match them; the pwa validates what it receives with them.
 */

/** GET /api/progress (optional ?courseSlug=): the signed-in teacher's server records. */
export const ProgressListResponse = z.array(ProgressRecord);
export type ProgressListResponse = z.infer<typeof ProgressListResponse>;

/**
 * POST /api/progress/:courseSlug/:moduleId: the module's record after the server graded the
 * answers and merged them (completed = once completed, best score, first completion time), plus
 * the course's current reset generation.
 */
export const SaveProgressResponse = ProgressRecord.extend({ generation: z.number().int().min(0) });
export type SaveProgressResponse = z.infer<typeof SaveProgressResponse>;

/** DELETE /api/progress/:courseSlug: the course's records are gone and its generation moved on. */
export const ResetProgressResponse = z.object({
  ok: z.literal(true),
  generation: z.number().int().min(0),
});
export type ResetProgressResponse = z.infer<typeof ResetProgressResponse>;

export const progressApiMessages = {
  moduleNotFound: 'Module not found',
} as const;
