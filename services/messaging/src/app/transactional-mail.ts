/**
 * Transactional mails (decision 0023): verification, password reset, receipts, gift cards,
 * certificates, settlements and expiry notices, asked for by any service through
 * `messaging.mail.requested` (or caused by an event messaging consumes itself). Each is rendered
 * in the recipient's language and stored once per key in the inbox transaction; a durable job
 * sends them through the same queue mechanism as mass mail (app/mail-queue.ts). Unlike mass mail,
 * never lost: a mail a crash left being sent goes again when its claim's lease ends (a receipt or
 * a gift card's code matters more than the rare copy), and a mail the server refuses is tried
 * again with a growing pause.
 */
import type { Mailer, Sql, SqlExecutor } from '@taal/kit';
import type { Logger } from 'pino';
import { CAPPED_MAIL_KINDS, isCappedMail, MAIL_CAP_WINDOW_MINUTES, mailboxOf, mayMailAgain } from '../domain/mail-cap';
import { MAIL_KINDS, renderMail, type MailData, type MailKind } from '../templates/mail-templates';
import { sendQueued, type MailQueue } from './mail-queue';

/** How long a claimed mail is its sender's: longer than a send to a slow server takes. */
const CLAIM_LEASE = '2 minutes';

export interface MailRecipient {
  email: string;
  name: string;
  language: string;
}

export const isMailKind = (kind: string): kind is MailKind => (MAIL_KINDS as string[]).includes(kind);

/** The pause before the n-th retry of a refused mail: 5 s doubling, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));

export class TransactionalMails {
  constructor(
    private readonly sql: Sql,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {}

  /**
   * Renders and queues one mail in `tx` (the inbox transaction); false when this key was queued
   * before, or when the mail is one anyone can cause and its mailbox had its cap within the hour
   * (domain/mail-cap.ts: kept as 'capped', never sent). Data that the template cannot render is a
   * bug of the asking service: logged, dropped.
   */
  async queue(tx: SqlExecutor, key: string, kind: MailKind, to: MailRecipient, data: Record<string, unknown>): Promise<boolean> {
    const mailbox = mailboxOf(to.email);
    if (isCappedMail(kind) && !(await this.underCap(tx, key, kind, to.email, mailbox))) return false;
    let mail: { subject: string; html: string; text: string };
    try {
      mail = renderMail(kind, to.language, { ...data, name: typeof data.name === 'string' && data.name ? data.name : to.name } as unknown as MailData[typeof kind]);
    } catch (err) {
      this.logger.error({ err, key, kind }, 'transactional mail could not be rendered; dropped');
      return false;
    }
    const { rowCount } = await tx.query(
      `INSERT INTO messaging.outgoing_mail (key, kind, recipient, mailbox, language, subject, html, text) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (key) DO NOTHING`,
      [key, kind, to.email, mailbox, to.language === 'bn' ? 'bn' : 'en', mail.subject, mail.html, mail.text],
    );
    return rowCount > 0;
  }

  /**
   * Whether a capped kind of mail may still go to `mailbox`: fewer than the cap of them (any kind,
   * any spelling of the address) within the window. The count is serialised per mailbox (a lock
   * for the transaction), so consumers of parallel partitions cannot both take the last one. One
   * over the cap is recorded as 'capped' under its key, without its body (a repeat of the same
   * cause is then a duplicate, not another count).
   */
  private async underCap(tx: SqlExecutor, key: string, kind: MailKind, recipient: string, mailbox: string): Promise<boolean> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`taal.mail-cap.${mailbox}`]);
    const { rows } = await tx.query<{ known: boolean; sent: number }>(
      `SELECT EXISTS (SELECT 1 FROM messaging.outgoing_mail WHERE key = $1) AS known,
              (SELECT count(*)::int FROM messaging.outgoing_mail
                WHERE mailbox = $2 AND kind = ANY($3::text[]) AND state <> 'capped'
                  AND created_at > now() - make_interval(mins => $4)) AS sent`,
      [key, mailbox, CAPPED_MAIL_KINDS, MAIL_CAP_WINDOW_MINUTES],
    );
    const { known, sent } = rows[0]!;
    if (known || mayMailAgain(sent)) return true;
    await tx.query(
      `INSERT INTO messaging.outgoing_mail (key, kind, recipient, mailbox, subject, html, text, state) VALUES ($1, $2, $3, $4, '', '', '', 'capped')
       ON CONFLICT (key) DO NOTHING`,
      [key, kind, recipient, mailbox],
    );
    this.logger.warn({ key, kind, sent }, 'mail cap of its mailbox reached within the hour; mail not sent');
    return false;
  }

  /** Sends up to `size` mails that are due; returns how many went out. */
  sendBatch(size = 25): Promise<number> {
    type Claimed = { key: string; to: string; subject: string; html: string; text: string; attempts: number };
    const queue: MailQueue<Claimed> = {
      claim: async () => {
        const { rows } = await this.sql.query<{ key: string; recipient: string; subject: string; html: string; text: string; attempts: number }>(
          // A claim is a lease of CLAIM_LEASE: a mail whose sender died while sending it, or lost its
          // database before marking it, is taken again once the lease ends, by any sender (a
          // restart does not touch the claims of other replicas still sending).
          `UPDATE messaging.outgoing_mail SET state = 'claimed', attempts = attempts + 1, next_attempt_at = now() + interval '${CLAIM_LEASE}'
            WHERE key = (SELECT key FROM messaging.outgoing_mail WHERE state IN ('pending', 'claimed') AND next_attempt_at <= now()
                          ORDER BY next_attempt_at, created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING key, recipient, subject, html, text, attempts`,
        );
        const r = rows[0];
        return r ? { key: r.key, to: r.recipient, subject: r.subject, html: r.html, text: r.text, attempts: r.attempts } : null;
      },
      // Sent: the bodies (links, codes) are not kept.
      sent: async (m) => {
        await this.sql.query(`UPDATE messaging.outgoing_mail SET state = 'sent', sent_at = now(), html = '', text = '' WHERE key = $1`, [m.key]);
      },
      refused: async (m) => {
        await this.sql.query(
          `UPDATE messaging.outgoing_mail SET state = 'pending', next_attempt_at = now() + make_interval(secs => $2::double precision) WHERE key = $1`,
          [m.key, retryDelaySeconds(m.attempts)],
        );
      },
    };
    return sendQueued(queue, this.mailer, size, this.logger, 'transactional mail');
  }

  /**
   * Deletes finished mails (sent, uncertain or capped) older than `olderThanDays` (default 30, the inbox's
   * retention: a cause delivered again after that is past the bus's 7-day retention anyway).
   */
  async prune(olderThanDays = 30): Promise<number> {
    const { rowCount } = await this.sql.query(
      `DELETE FROM messaging.outgoing_mail WHERE state IN ('sent', 'uncertain', 'capped') AND created_at < now() - make_interval(days => $1)`,
      [olderThanDays],
    );
    return rowCount;
  }

  /** How the mails of one cause fared (tests and operators): state per key starting with `prefix`. */
  async states(prefix: string): Promise<{ key: string; recipient: string; state: string; attempts: number }[]> {
    const { rows } = await this.sql.query<{ key: string; recipient: string; state: string; attempts: number }>(
      `SELECT key, recipient, state, attempts FROM messaging.outgoing_mail WHERE starts_with(key, $1) ORDER BY key`,
      [prefix],
    );
    return rows;
  }
}
