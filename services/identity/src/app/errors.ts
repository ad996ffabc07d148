/**
 * Why a use case refused, for the gateway: a reason code (and per-field messages) travel as
 * details beside the kit's ServiceError kinds (invalidArgument, unauthenticated, …).
 */
import { invalidArgument, withDetails, type ServiceError } from '@taal/kit';
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

export function withReason(err: ServiceError, reason: Reason, fields?: Record<string, string>): ServiceError {
  const details: Record<string, string> = { [REASON_METADATA_KEY]: reason };
  if (fields && Object.keys(fields).length > 0) details[FIELDS_METADATA_KEY] = JSON.stringify(fields);
  return withDetails(err, details);
}

export function validationError(result: ValidationResult): ServiceError {
  return withReason(invalidArgument(result.message), 'VALIDATION_FAILED', result.fields);
}
