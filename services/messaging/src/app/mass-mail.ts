/**
 * Mass mail (back office `POST mass-mail/`): an admin queues a sanitised mail to recipients the
 * gateway resolved from identity; a durable job sends it in batches through the mail port. Each
 * recipient is claimed (committed) before its mail is handed to the mail port and marked sent
 * after, so a restart resumes with the pending ones; one left claimed by a crash is counted
 * 'uncertain' and never retried: no address is mailed twice. Unsubscribed addresses are skipped.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { messagingV1 } from '@taal/contracts';
import { UserRoles, refuse, refuseFields, requireIdentity, type CallerIdentity, type Mailer, type Sql } from '@taal/kit';
import type { Logger } from 'pino';
import { checkMassMail, massMailBody } from '../domain/mass-mail';
import { clean, isEmail } from '../domain/rules';
import { sendQueued, type MailQueue } from './mail-queue';

type Ctx = { identity: CallerIdentity | null };

interface MassMailRow {
  id: string;
  audience: string;
  subject: string;
  html: string;
  created_at: Date;
  total: string;
  sent: string;
  skipped: string;
  uncertain: string;
  open: string;
}
const toMassMail = (r: MassMailRow): messagingV1.MassMail => ({
  id: r.id,
  audience: r.audience,
  subject: r.subject,
  html: r.html,
  total: Number(r.total),
  sent: Number(r.sent),
  skipped: Number(r.skipped),
  uncertain: Number(r.uncertain),
  status: Number(r.open) > 0 ? 'sending' : 'done',
  createdAt: r.created_at.toISOString(),
});

const MAIL_COLUMNS = `m.id, m.audience, m.subject, m.html, m.created_at,
  count(r.email) AS total,
  count(r.email) FILTER (WHERE r.state = 'sent') AS sent,
  count(r.email) FILTER (WHERE r.state = 'skipped') AS skipped,
  count(r.email) FILTER (WHERE r.state = 'uncertain') AS uncertain,
  count(r.email) FILTER (WHERE r.state IN ('pending', 'claimed')) AS open`;

export interface MassMailOptions {
  /** The site's address: unsubscribe links hang off it. */
  publicUrl: () => string;
  /** Recipients per batch (default 25). */
  batchSize?: number;
}

export class MassMails {
  constructor(
    private readonly sql: Sql,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly options: MassMailOptions,
  ) {}

  async create(ctx: Ctx, req: messagingV1.CreateMassMailRequest): Promise<messagingV1.MassMail> {
    requireIdentity(ctx, UserRoles.admin);
    const checked = checkMassMail({ audience: req.audience, subject: clean(req.subject), html: clean(req.html) });
    if (!checked.ok) throw refuseFields({ [checked.field]: checked.key });
    const recipients = new Map<string, messagingV1.MassMailRecipient>();
    for (const r of req.recipients) {
      const email = clean(r.email).toLowerCase();
      if (isEmail(email) && !recipients.has(email)) recipients.set(email, { email, name: clean(r.name), language: r.language === 'bn' ? 'bn' : 'en' });
    }
    if (recipients.size === 0) throw refuseFields({ mailTo: 'NO_RECIPIENTS' });
    const id = randomUUID();
    await this.sql.transaction(async (tx) => {
      await tx.query(`INSERT INTO messaging.mass_mail (id, audience, subject, html) VALUES ($1, $2, $3, $4)`, [id, req.audience, clean(req.subject), checked.html]);
      const list = [...recipients.values()];
      for (let i = 0; i < list.length; i += 500) {
        const chunk = list.slice(i, i + 500);
        const values = chunk.map((_, j) => `($1, $${j * 4 + 2}, $${j * 4 + 3}, $${j * 4 + 4}, $${j * 4 + 5})`).join(', ');
        await tx.query(
          `INSERT INTO messaging.mass_mail_recipient (mail_id, email, name, language, token) VALUES ${values}`,
          [id, ...chunk.flatMap((r) => [r.email, r.name.slice(0, 200), r.language, randomBytes(18).toString('base64url')])],
        );
      }
    });
    return (await this.get(id))!;
  }

  async get(id: string): Promise<messagingV1.MassMail | null> {
    const { rows } = await this.sql.query<MassMailRow>(
      `SELECT ${MAIL_COLUMNS} FROM messaging.mass_mail m LEFT JOIN messaging.mass_mail_recipient r ON r.mail_id = m.id WHERE m.id = $1 GROUP BY m.id`,
      [id],
    );
    return rows[0] ? toMassMail(rows[0]) : null;
  }

  async list(ctx: Ctx): Promise<messagingV1.MassMail[]> {
    requireIdentity(ctx, UserRoles.admin);
    const { rows } = await this.sql.query<MassMailRow>(
      `SELECT ${MAIL_COLUMNS} FROM messaging.mass_mail m LEFT JOIN messaging.mass_mail_recipient r ON r.mail_id = m.id GROUP BY m.id ORDER BY m.created_at DESC LIMIT 100`,
    );
    return rows.map(toMassMail);
  }

  async unsubscribe(token: string): Promise<string> {
    const { rows } = await this.sql.query<{ email: string }>(`SELECT email FROM messaging.mass_mail_recipient WHERE token = $1`, [token]);
    if (!rows[0]) throw refuse('UNSUBSCRIBE_LINK_INVALID');
    await this.sql.query(`INSERT INTO messaging.unsubscribed (email) VALUES ($1) ON CONFLICT DO NOTHING`, [rows[0].email]);
    return rows[0].email;
  }

  /** At start-up: a recipient still claimed was being mailed when the process died; it is never retried. */
  async settleInterrupted(): Promise<number> {
    const { rowCount } = await this.sql.query(`UPDATE messaging.mass_mail_recipient SET state = 'uncertain', updated_at = now() WHERE state = 'claimed'`);
    return rowCount;
  }

  /** Sends up to one batch; returns how many mails went out. */
  async sendBatch(): Promise<number> {
    const size = this.options.batchSize ?? 25;
    // Unsubscribed addresses are skipped, not mailed.
    await this.sql.query(
      `UPDATE messaging.mass_mail_recipient r SET state = 'skipped', updated_at = now()
        WHERE r.state = 'pending' AND EXISTS (SELECT 1 FROM messaging.unsubscribed u WHERE u.email = r.email)`,
    );
    type Claimed = { mailId: string; to: string; subject: string; html: string; text: string };
    const queue: MailQueue<Claimed> = {
      // Claim one (committed before the mail leaves: a crash after this never mails it again).
      // An address unsubscribed since the skip above (a mail created meanwhile) is never claimed;
      // the next batch marks it skipped.
      claim: async () => {
        const { rows } = await this.sql.query<{ mail_id: string; email: string; language: string; token: string; subject: string; html: string }>(
          `UPDATE messaging.mass_mail_recipient r SET state = 'claimed', updated_at = now()
             FROM messaging.mass_mail m
            WHERE m.id = r.mail_id AND (r.mail_id, r.email) = (
              SELECT mail_id, email FROM messaging.mass_mail_recipient p
               WHERE state = 'pending' AND NOT EXISTS (SELECT 1 FROM messaging.unsubscribed u WHERE u.email = p.email)
               ORDER BY mail_id, email LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING r.mail_id, r.email, r.language, r.token, m.subject, m.html`,
        );
        const claimed = rows[0];
        if (!claimed) return null;
        const url = `${this.options.publicUrl().replace(/\/$/, '')}/api/v1/mass-mail/unsubscribe/${claimed.token}`;
        const body = massMailBody(claimed.html, url, claimed.language);
        return { mailId: claimed.mail_id, to: claimed.email, subject: claimed.subject, html: body.html, text: body.text };
      },
      sent: async (m) => {
        await this.sql.query(`UPDATE messaging.mass_mail_recipient SET state = 'sent', updated_at = now() WHERE mail_id = $1 AND email = $2`, [m.mailId, m.to]);
      },
      // Refused by the mail server before it was accepted: back to pending, tried again on the next tick.
      refused: async (m) => {
        await this.sql.query(`UPDATE messaging.mass_mail_recipient SET state = 'pending', updated_at = now() WHERE mail_id = $1 AND email = $2`, [m.mailId, m.to]);
      },
    };
    return sendQueued(queue, this.mailer, size, this.logger, 'mass mail');
  }
}
