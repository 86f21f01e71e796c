import { z } from 'zod';

/** The one error body of every API call: a message a person can read, and an optional code. */
export const ApiErrorBody = z.object({
  error: z.string(),
  code: z.string().optional(),
  /** Per-field messages for a rejected form, keyed by field name. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Machine-readable codes that the client acts on. */
export const errorCodes = {
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  conflict: 'CONFLICT',
} as const;

/** First message of a zod error, and one message per field (the first for each path). */
export function describeZodError(error: z.ZodError): { error: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return { error: error.issues[0]?.message ?? 'Invalid request', fields };
}
