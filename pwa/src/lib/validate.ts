import { describeZodError } from '@pd/domain';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

export type Validation<S extends z.ZodType> =
  { ok: true; data: z.output<S>; errors: FieldErrors } | { ok: false; errors: FieldErrors };

/** Validates form values with a shared domain schema: the parsed data, or one message per field. */
export function validate<S extends z.ZodType>(schema: S, values: unknown): Validation<S> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  return { ok: false, errors: describeZodError(result.error).fields };
}
