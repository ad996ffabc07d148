import { status } from '@grpc/grpc-js';
import { isRefusalKey, type FieldRefusals, type RefusalKey, type RefusalParams } from '@taal/contracts';
import { FIELDS_METADATA_KEY, isGrpcStatusError, REASON_METADATA_KEY } from '@taal/kit';
import { refusal, Refused } from './errors';

/** A trailing metadata value of a gRPC refusal. */
function metadataOf(err: { metadata?: { get(key: string): unknown[] } }, key: string): string | undefined {
  const value = err.metadata?.get(key)[0];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The field keys a service attached to its refusal (`refuseFields`), if any. */
function fieldKeysOf(err: { metadata?: { get(key: string): unknown[] } }): Record<string, RefusalKey> | undefined {
  try {
    const parsed = JSON.parse(metadataOf(err, FIELDS_METADATA_KEY) ?? 'null') as unknown;
    if (!parsed || typeof parsed !== 'object') return undefined;
    const entries = Object.entries(parsed).filter((e): e is [string, RefusalKey] => isRefusalKey(e[1]));
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A form's refusal under the form's own headline (decision 0026; the spec has one message per
 * form): a 400 of the edge or of a service keeps each field's key (`rename` maps a service's field
 * names to the form's), or names the refusal's own key under `form`. Anything else passes through.
 */
export function asFormRefusal(err: unknown, headline: RefusalKey, rename: Readonly<Record<string, string>> = {}): unknown {
  let fields: FieldRefusals;
  let params: RefusalParams | undefined;
  if (err instanceof Refused) {
    if (err.status !== 400) return err;
    fields = err.fieldRefusals ?? { form: err.reason };
    // The fields' texts may fill the edge's params (an upload's field name).
    params = err.params;
  } else if (isGrpcStatusError(err) && (err.code === status.INVALID_ARGUMENT || err.code === status.FAILED_PRECONDITION)) {
    const reason = metadataOf(err, REASON_METADATA_KEY);
    fields = fieldKeysOf(err) ?? { form: isRefusalKey(reason) ? reason : 'INVALID_VALUE' };
  } else {
    return err;
  }
  return refusal(headline, { params, fields: Object.fromEntries(Object.entries(fields).map(([field, key]) => [rename[field] ?? field, key])) });
}
