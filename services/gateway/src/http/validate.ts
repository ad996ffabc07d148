import type { z } from 'zod';
import { HttpError } from './errors';

/**
 * Parses a request body with a zod schema. On failure: 400 VALIDATION_FAILED whose message
 * is the first problem (or `headline`) and whose `fields` name every problem per field.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, headline?: string): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    fields[key] ??= issue.message;
  }
  throw new HttpError(400, 'VALIDATION_FAILED', headline ?? result.error.issues[0]!.message, fields);
}
