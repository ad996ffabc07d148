/**
 * A mass mail's audience a page at a time (decision 0088): live users (not suspended, with an
 * address) of one audience, in primary-key order after the last id read. The walk reads the
 * primary key's index in order, so a page costs its rows (and, for a rare audience, the rows
 * passed over to find them), never a sort of the table; the whole walk reads the table once.
 * The cursor is the last id: a user who signs up during the walk is in it when their id sorts
 * after it; none is read twice.
 */
import { UserRoles, type identityV1 } from '@taal/contracts';
import { refuse, type SqlExecutor } from '@taal/kit';

/** Each audience's condition on identity.users (back office §7; `custom` is the admin's one address). */
export const AUDIENCE_CONDITIONS: Record<string, string> = {
  allUser: 'true',
  subscriber: 'subscriber',
  'non-subscriber': 'NOT subscriber',
  'verified-user': 'email_verify',
  'non-verified-user': 'NOT email_verify',
  instructors: `type = ${UserRoles.instructor}`,
  admin: `type = ${UserRoles.admin}`,
};

export const MAIL_AUDIENCE_PAGE = 1000;

export async function mailAudiencePage(sql: SqlExecutor, req: identityV1.ListMailAudienceRequest): Promise<identityV1.ListMailAudienceResponse> {
  const condition = AUDIENCE_CONDITIONS[req.audience];
  if (!condition) throw refuse('INVALID_VALUE');
  if (req.after.length > 200) throw refuse('INVALID_CURSOR');
  const limit = Math.min(Math.max(req.limit || MAIL_AUDIENCE_PAGE, 1), MAIL_AUDIENCE_PAGE);
  const { rows } = await sql.query<{ id: string; email: string; name: string; language: string }>(
    `SELECT id, email, name, language FROM identity.users
      WHERE id > $1 AND NOT suspend AND email <> '' AND ${condition}
      ORDER BY id LIMIT $2`,
    [req.after, limit],
  );
  const last = rows.at(-1);
  return {
    members: rows.map((r) => ({ email: r.email, name: r.name, language: r.language === 'bn' ? 'bn' : 'en' })),
    next: rows.length === limit && last ? last.id : '',
  };
}
