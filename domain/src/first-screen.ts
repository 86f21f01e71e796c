import { z } from 'zod';
import { PublicUser } from './auth.js';
import { Course } from './content.js';
import { ProgressListResponse } from './progress-api.js';

// The ids of the data blocks are in first-screen-ids.ts: zod-free, for the app's first script.

/**
 * Decision 018: a module page drawn for a signed-in teacher: who they are (GET /api/auth/me), the
 * course they may open (GET /api/content/courses/:slug) and the server's records of it
 * (GET /api/progress?courseSlug=), each exactly as those calls answer.
 */
export const ModuleScreenData = z.strictObject({
  me: PublicUser,
  course: Course,
  progress: ProgressListResponse,
});
export type ModuleScreenData = z.infer<typeof ModuleScreenData>;
