import { Metadata, status } from '@grpc/grpc-js';
import { ServiceError } from '@taal/kit';
import type { ValidationResult } from '../domain/user';

/** Trailing metadata the gateway reads to give a precise error code and per-field messages. */
export const REASON_METADATA_KEY = 'x-taal-reason';
export const FIELDS_METADATA_KEY = 'x-taal-fields';

export type Reason =
  | 'VALIDATION_FAILED'
  | 'EMAIL_TAKEN'
  | 'INVALID_CREDENTIALS'
  | 'EMAIL_NOT_VERIFIED'
  | 'ACCOUNT_SUSPENDED'
  | 'SESSION_EXPIRED'
  | 'REFRESH_TOKEN_REUSED'
  | 'LINK_INVALID';

export function reasonError(code: status, message: string, reason: Reason, fields?: Record<string, string>): ServiceError {
  const metadata = new Metadata();
  metadata.set(REASON_METADATA_KEY, reason);
  if (fields && Object.keys(fields).length > 0) metadata.set(FIELDS_METADATA_KEY, JSON.stringify(fields));
  return new ServiceError(code, message, metadata);
}

export function validationError(result: ValidationResult): ServiceError {
  return reasonError(status.INVALID_ARGUMENT, result.message, 'VALIDATION_FAILED', result.fields);
}
