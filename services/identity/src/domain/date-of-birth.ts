/**
 * The date of birth is given once (decision 0077). An e-mail sign-up gives it on the form (the age
 * rule of decision 0047); a Google or Facebook sign-up has none and gives it before its first
 * purchase, under the same rule: under 13 refused (nothing stored, as at sign-up), 13 to 17 name a
 * guardian and wait for the approval, 18 and over nothing more. A stored date is never changed by
 * the user (DOB_LOCKED): moving it would slip past the rule. Sending the stored date again is no change.
 */
import { ageRule, guardianEmailRefusal, normaliseEmail, type RefusalKey } from '@taal/contracts';

/** What a profile change does to the date of birth: nothing, or set a first one (with a guardian for 13-17). */
export type DobChange = { kind: 'none' } | { kind: 'first'; dob: string; guardianEmail?: string };

export type DobRefusal = { field: 'dob' | 'guardianEmail'; key: RefusalKey };

/**
 * `dob`: the date sent (already checked with the sign-up's date rule), undefined when not sent;
 * `stored`: the account's ('' when it has none); `email`: the account's, which a guardian's may not be.
 */
export function dobChange(input: { dob?: string; guardianEmail?: string }, stored: string, email: string, today: string): DobChange | DobRefusal {
  if (input.dob === undefined) return { kind: 'none' };
  const dob = input.dob.trim();
  if (stored) return dob === stored ? { kind: 'none' } : { field: 'dob', key: 'DOB_LOCKED' };
  const rule = ageRule(dob, today);
  if (rule === 'tooYoung') return { field: 'dob', key: 'TOO_YOUNG' };
  if (rule === 'none') return { kind: 'first', dob };
  const guardian = guardianEmailRefusal(input.guardianEmail, email);
  if (guardian) return { field: 'guardianEmail', key: guardian };
  return { kind: 'first', dob, guardianEmail: normaliseEmail(input.guardianEmail ?? '') };
}
