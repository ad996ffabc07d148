import type { z } from 'zod';
import { isRefusalKey, type RefusalKey } from '@taal/contracts';
import { refusal } from './errors';

/**
 * Parses a request body with a zod schema. On failure: a 400 whose reason is `headline` or the
 * first problem's, and whose fields name every problem's reason per field. A schema words its
 * checks as catalogue keys (`z.string({ error: 'NAME_REQUIRED' })`, decision 0026); zod's own
 * wording of a malformed value becomes INVALID_VALUE.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, headline?: RefusalKey): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, RefusalKey> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    fields[key] ??= isRefusalKey(issue.message) ? issue.message : 'INVALID_VALUE';
  }
  throw refusal(headline ?? Object.values(fields)[0] ?? 'INVALID_VALUE', { fields });
}
