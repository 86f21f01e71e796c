import { describeZodError } from '@pd/domain';
import { z } from 'zod';

/** An error whose message is meant for the person using the app (4xx), with an optional code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A 5xx the operator already knows of, logged once at start (payments not configured: issue 30.11):
 * answered as any AppError, never logged per request, so no one can fill the error log with it.
 */
export class KnownUnavailable extends AppError {}

/**
 * Validates input with a domain contract (classic zod or zod/mini); a bad input becomes a 400 with
 * the spec's message.
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input ?? {});
  if (!result.success) {
    const { error, fields } = describeZodError(result.error);
    throw new AppError(400, error, 'VALIDATION_ERROR', fields);
  }
  return result.data;
}
