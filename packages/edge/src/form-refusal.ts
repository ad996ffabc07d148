import type { FieldRefusals, RefusalKey } from '@taal/contracts';
import { isGrpcStatusError } from '@taal/kit';
import { refusal, Refused, serviceRefusal } from './errors';

/**
 * A form's refusal under the form's own headline (decision 0026; the spec has one message per
 * form): a 400 of the edge or of a service keeps each field's key (`rename` maps a service's field
 * names to the form's), or names the refusal's own key under `form`. Anything else passes through.
 */
export function asFormRefusal(err: unknown, headline: RefusalKey, rename: Readonly<Record<string, string>> = {}): unknown {
  const refused = err instanceof Refused ? err : isGrpcStatusError(err) ? serviceRefusal(err) : undefined;
  if (!refused || refused.status !== 400) return err;
  const fields: FieldRefusals = refused.fieldRefusals ?? { form: refused.reason };
  // The fields' texts may fill the refusal's params (an upload's field name).
  return refusal(headline, { params: refused.params, fields: Object.fromEntries(Object.entries(fields).map(([field, key]) => [rename[field] ?? field, key])) });
}
