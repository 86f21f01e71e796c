import { z } from 'zod';

/** The one error body of every API call: a message a person can read, and an optional code. */
export const ApiErrorBody = z.object({
  error: z.string(),
  code: z.string().optional(),
  /** Per-field messages for a rejected form, keyed by field name. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

// The zod-free codes and helpers live in errors-core.ts (the app's first screen needs them without zod).
export { describeZodError, errorCodes } from './errors-core.js';
