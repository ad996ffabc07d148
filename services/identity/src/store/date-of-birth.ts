/**
 * The first date of birth of an account that had none (decision 0077): set only while none is
 * stored, so two requests cannot both set one; with a guardian (13 to 17) the account starts
 * waiting for the approval with the link's nonce, as a sign-up does (decision 0047).
 */
import type { SqlExecutor } from '@taal/kit';
import { COLUMNS, type UserRow } from './user-rows';

/** The row after the change; null when the account already had a date of birth (or is unknown). */
export async function setFirstDob(tx: SqlExecutor, id: string, dob: string, guardian?: { email: string; nonce: string }): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `UPDATE identity.users SET
        dob = $2::date,
        guardian_email = coalesce($3, guardian_email),
        guardian_status = CASE WHEN $3::text IS NULL THEN guardian_status ELSE 'pending' END,
        guardian_nonce = coalesce($4, guardian_nonce)
      WHERE id = $1 AND dob IS NULL
      RETURNING ${COLUMNS}`,
    [id, dob, guardian?.email ?? null, guardian?.nonce ?? null],
  );
  return rows[0] ?? null;
}
