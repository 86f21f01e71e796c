// Zod-free on purpose (zod appears only as a type): the pwa's first screen imports these without
// pulling in the schemas (errors.ts).
import type { z } from 'zod';

/** Machine-readable codes that the client acts on. */
export const errorCodes = {
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  conflict: 'CONFLICT',
  /** The database cannot be reached for a moment (503 with Retry-After): send the request again. */
  unavailable: 'UNAVAILABLE',
  /** A half-done two-step sign-in ended (timed out, or too many wrong codes): start again. */
  signInAgain: 'SIGN_IN_AGAIN',
} as const;

/** First message of a zod error, and one message per field (the first for each path). */
export function describeZodError(error: z.core.$ZodError): { error: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return { error: error.issues[0]?.message ?? 'Invalid request', fields };
}
