/**
 * Why a use case refused, for the gateway: a reason code (and per-field messages) travel as
 * details beside the kit's ServiceError kinds (invalidArgument, unauthenticated, …).
 */
import { invalidArgument, withReason as withKitReason, type ServiceError } from '@taal/kit';
import type { ValidationResult } from '../domain/user';

export { REASON_METADATA_KEY, FIELDS_METADATA_KEY } from '@taal/kit';

export type Reason =
  | 'VALIDATION_FAILED'
  | 'EMAIL_TAKEN'
  | 'INVALID_CREDENTIALS'
  | 'EMAIL_NOT_VERIFIED'
  | 'ACCOUNT_SUSPENDED'
  | 'SESSION_EXPIRED'
  | 'REFRESH_TOKEN_REUSED'
  | 'LINK_INVALID';

/** Identity's reasons only (the kit's withReason takes any). */
export function withReason(err: ServiceError, reason: Reason, fields?: Record<string, string>): ServiceError {
  return withKitReason(err, reason, fields);
}

export function validationError(result: ValidationResult): ServiceError {
  return withReason(invalidArgument(result.message), 'VALIDATION_FAILED', result.fields);
}
