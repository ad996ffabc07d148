/**
 * The one way messaging hands queued mails to the mail port, for mass mail and transactional
 * mail alike (decisions 0019, 0023): each mail is claimed in its own committed transaction
 * before it is sent and marked sent after, so a mail a crash interrupted stays claimed (mass mail
 * marks it 'uncertain' at the next start and never sends it twice; a transactional mail goes again
 * when its claim's lease ends, decision 0023); a mail the server refuses is given back to be
 * tried again, and the batch stops there (the server is likely down).
 */
import type { MailAttachment, Mailer } from '@taal/kit';
import type { Logger } from 'pino';

export interface QueuedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent with it (a receipt's PDF). */
  attachments?: MailAttachment[];
}

export interface MailQueue<T extends QueuedMail> {
  /** Claims the next mail due (committed), or null when there is none. */
  claim(): Promise<T | null>;
  /** The mail server took it. */
  sent(mail: T): Promise<void>;
  /** The mail server refused it: back in the queue, to be tried again later. */
  refused(mail: T, err: unknown): Promise<void>;
}

/** Sends up to `size` mails of `queue`, one claimed at a time; returns how many went out. */
export async function sendQueued<T extends QueuedMail>(queue: MailQueue<T>, mailer: Mailer, size: number, logger: Logger, what: string): Promise<number> {
  let sent = 0;
  for (let i = 0; i < size; i++) {
    const mail = await queue.claim();
    if (!mail) break;
    try {
      await mailer.send({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, ...(mail.attachments?.length ? { attachments: mail.attachments } : {}) });
    } catch (err) {
      await queue.refused(mail, err);
      logger.warn({ err }, `${what} not accepted by the mail server; tried again later`);
      break;
    }
    // The server took it: the mark must follow, through a database restart of a few seconds
    // (otherwise the mail stays claimed: mass mail would count it uncertain, transactional mail
    // would send it again).
    await whileFailing(() => queue.sent(mail), logger, what);
    sent++;
  }
  return sent;
}

/** Tries `mark` again for about half a minute while it throws (the database away a moment), then gives up with its error. */
async function whileFailing(mark: () => Promise<void>, logger: Logger, what: string): Promise<void> {
  for (let attempt = 1, delay = 200; ; attempt++, delay = Math.min(delay * 2, 5_000)) {
    try {
      return await mark();
    } catch (err) {
      if (attempt >= 10) throw err;
      logger.warn({ err, retryInMs: delay }, `${what} sent but not yet marked sent; trying again`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
