import type { z } from 'zod';
import { isRefusalKey, type RefusalKey } from '@taal/contracts';
import { HttpError, refusal } from './errors';

/**
 * Parses a request body with a zod schema. On failure: a 400 whose reason is the first
 * problem's (or `headline`) and whose fields name every problem's reason per field.
 * A schema words its checks as catalogue keys (`z.string({ error: 'NAME_REQUIRED' })`,
 * decision 0026); zod's own wording of a malformed value becomes INVALID_VALUE.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, headline?: string): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const keys: Record<string, RefusalKey> = {};
  const texts: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    keys[key] ??= isRefusalKey(issue.message) ? issue.message : 'INVALID_VALUE';
    texts[key] ??= issue.message;
  }
  if (result.error.issues.some((issue) => isRefusalKey(issue.message)) || isRefusalKey(headline)) {
    throw refusal(isRefusalKey(headline) ? headline : (Object.values(keys)[0] ?? 'INVALID_VALUE'), { fields: keys });
  }
  // TRANSITION (gone once every schema words its checks as keys): English messages.
  throw new HttpError(400, 'VALIDATION_FAILED', headline ?? result.error.issues[0]!.message, texts);
}
