/** A rejected form, for the edge: its headline and each field's key from the refusal catalogue (decision 0026). */
import { refuseFields, type ServiceError } from '@taal/kit';
import type { ValidationResult } from '../domain/user';

export function validationError(result: ValidationResult): ServiceError {
  return refuseFields(result.fields, result.headline);
}
