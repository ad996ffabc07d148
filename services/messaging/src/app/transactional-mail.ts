/**
 * Transactional mails (decision 0023): verification, password reset, receipts, gift cards,
 * certificates, settlements and expiry notices, asked for by any service through
 * `messaging.mail.requested` (or caused by an event messaging consumes itself). Each is rendered
 * in the recipient's language and stored once per key (its _id), a job of the kit's queue
 * (decision 0052), sent through the same mechanism as mass mail (app/mail-queue.ts). Unlike mass mail,
 * never lost: a mail a crash left being sent goes again when its claim's lease ends (a receipt or
 * a gift card's code matters more than the rare copy), and a mail the server refuses is tried
 * again with a growing pause.
 */
import { randomUUID } from 'node:crypto';
import { claimLease, DocumentJobQueue, pruneExpiredLeases, receiptPdf, type ClaimedJob, type MailAttachment, type Mailer } from '@taal/kit';
import type { MailReceipt } from '@taal/contracts';
import type { Logger } from 'pino';
import { isCappedMail, MAIL_CAP_WINDOW_MINUTES, MAILS_PER_MAILBOX, mailboxOf } from '../domain/mail-cap';
import { isDuplicateKey } from '../store/schema';
import { LEASES, MAIL_CAP_LEASES, MAIL_JOB_STATES, type MailDocuments, type OutgoingMailDoc } from '../store/mails';
import { MAIL_KINDS, renderMail, type MailData, type MailKind } from '../templates/mail-templates';
import { sendQueued, type MailQueue } from './mail-queue';

/** How long a claimed mail is its sender's: longer than a send to a slow server takes. */
const CLAIM_LEASE_MS = 2 * 60_000;

export interface MailRecipient {
  email: string;
  name: string;
  language: string;
}

export const isMailKind = (kind: string): kind is MailKind => (MAIL_KINDS as string[]).includes(kind);

/** The pause before the n-th retry of a refused mail: 5 s doubling, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class TransactionalMails {
  /** This process among the senders (whose lease is whose, in the logs). */
  private readonly owner = randomUUID();
  private readonly jobs: DocumentJobQueue<OutgoingMailDoc>;

  constructor(
    private readonly docs: MailDocuments,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {
    // A claim is a lease of CLAIM_LEASE_MS: a mail whose sender died while sending it, or lost its
    // store before marking it, is taken again once the lease ends, by any sender.
    this.jobs = new DocumentJobQueue(docs.connection, {
      collection: docs.models.outgoing.collection.name,
      leases: LEASES,
      leasePrefix: 'mail:',
      states: MAIL_JOB_STATES,
      leaseMs: CLAIM_LEASE_MS,
      sort: { nextAttemptAt: 1, createdAt: 1 },
    });
  }

  /**
   * Renders and queues one mail; false when this key was queued before, or when the mail is one
   * anyone can cause and its mailbox had its cap within the hour (domain/mail-cap.ts: kept as
   * 'capped', never sent). Data that the template cannot render is a bug of the asking service:
   * logged, dropped. The mail's key is its _id: a cause delivered twice, or by two consumers at
   * once, is one mail (the second insert gets 11000).
   */
  async queue(key: string, kind: MailKind, to: MailRecipient, data: Record<string, unknown>, receipt?: MailReceipt): Promise<boolean> {
    if (await this.docs.models.outgoing.exists({ _id: key })) return false;
    let mail: { subject: string; html: string; text: string };
    try {
      mail = renderMail(kind, to.language, { ...data, name: typeof data.name === 'string' && data.name ? data.name : to.name } as unknown as MailData[typeof kind]);
    } catch (err) {
      this.logger.error({ err, key, kind }, 'transactional mail could not be rendered; dropped');
      return false;
    }
    const mailbox = mailboxOf(to.email);
    const now = new Date();
    const fields = { kind, recipient: to.email, mailbox, language: to.language === 'bn' ? 'bn' : 'en', ...mail, createdAt: now, sentAt: null, ...(receipt ? { receipt } : {}) };
    if (isCappedMail(kind) && !(await this.takeCapSlot(mailbox))) {
      this.logger.warn({ key, kind }, 'mail cap of its mailbox reached within the hour; mail not sent');
      // Kept (a cause delivered again is still this one mail), never a job.
      const capped: OutgoingMailDoc = { ...fields, _id: key, subject: '', html: '', text: '', state: 'capped', attempts: 0, nextAttemptAt: now };
      try {
        await this.docs.models.outgoing.create(capped);
      } catch (err) {
        if (!isDuplicateKey(err)) throw err; // queued meanwhile by another delivery
      }
      return false;
    }
    // False when queued meanwhile by another delivery.
    return this.jobs.enqueue(key, fields);
  }

  /**
   * One of the cap's slots of a mailbox, held for the cap's window: a lease per slot (claimLease: an
   * insert under a unique key, so racing consumers of parallel partitions cannot both take the last
   * one). All held: the cap is reached. A slot taken by a mail that then turns out to be a duplicate
   * is lost for the window: the cap errs on the side of fewer mails.
   */
  private async takeCapSlot(mailbox: string): Promise<boolean> {
    for (let slot = 0; slot < MAILS_PER_MAILBOX; slot++) {
      const lease = await claimLease(this.docs.connection, {
        key: `mail-cap:${mailbox}:${slot}`,
        owner: this.owner,
        leaseMs: MAIL_CAP_WINDOW_MINUTES * 60_000,
        collection: MAIL_CAP_LEASES,
      });
      if (lease) return true;
    }
    return false;
  }

  /** Sends up to `size` mails that are due; returns how many went out. */
  sendBatch(size = 25): Promise<number> {
    type Claimed = { job: ClaimedJob<OutgoingMailDoc>; to: string; subject: string; html: string; text: string; attachments?: MailAttachment[] };
    const queue: MailQueue<Claimed> = {
      claim: async () => {
        const job = await this.jobs.claim();
        if (!job) return null;
        const mail = job.data;
        // A receipt's PDF is rendered from what the paid-order event carried, in the mail's language (decision 0049).
        const language = mail.language === 'bn' ? 'bn' : 'en';
        let attachments: MailAttachment[] | undefined;
        if (mail.receipt) {
          try {
            attachments = [{ filename: `taal-receipt-${mail.receipt.orderId.slice(0, 8)}-${language}.pdf`, content: await receiptPdf({ ...mail.receipt, language }), contentType: 'application/pdf' }];
          } catch (err) {
            // The receipt mail still goes (its body has the figures); the PDF is in Purchase History.
            this.logger.error({ err, key: job.key }, 'receipt PDF could not be rendered; the mail goes without it');
          }
        }
        return { job, to: mail.recipient, subject: mail.subject, html: mail.html, text: mail.text, attachments };
      },
      // Sent: the bodies (links, codes) are not kept.
      sent: async (m) => void (await this.jobs.complete(m.job, { sentAt: new Date(), html: '', text: '', receipt: null })),
      refused: async (m) => void (await this.jobs.retry(m.job, retryDelaySeconds(m.job.attempts) * 1000)),
    };
    return sendQueued(queue, this.mailer, size, this.logger, 'transactional mail');
  }

  /**
   * Withdraws the mails not yet claimed whose keys start with one of `prefixes` (their cause was taken
   * back: an answer's mails once its question is hidden, decision 0063): kept as 'withdrawn' without
   * their bodies, never sent (a claim drops their due-list entries). Returns how many.
   */
  async withdraw(prefixes: readonly string[]): Promise<number> {
    let withdrawn = 0;
    for (const prefix of prefixes) {
      const { modifiedCount } = await this.docs.models.outgoing.updateMany(
        { _id: { $regex: `^${escapeRegExp(prefix)}` }, state: 'pending' },
        { $set: { state: 'withdrawn', subject: '', html: '', text: '' } },
      );
      withdrawn += modifiedCount;
    }
    return withdrawn;
  }

  /**
   * Deletes finished mails (sent, uncertain, capped or withdrawn) older than `olderThanDays` (default 30: a cause
   * delivered again after that is past the bus's 7-day retention anyway).
   */
  async prune(olderThanDays = 30): Promise<number> {
    const { deletedCount } = await this.docs.models.outgoing.deleteMany({
      state: { $in: ['sent', 'uncertain', 'capped', 'withdrawn'] },
      createdAt: { $lt: new Date(Date.now() - olderThanDays * 86_400_000) },
    });
    // The cap's slots are leases held for the cap's window, one per slot and mailbox ever mailed:
    // those expired a day ago go (a mailbox mailed again takes a slot anew).
    for (const collection of [MAIL_CAP_LEASES, LEASES /* slots kept there by older versions */]) {
      await pruneExpiredLeases(this.docs.connection, { keyPrefix: 'mail-cap:', expiredForMs: 86_400_000, collection });
    }
    return deletedCount;
  }

  /** How the mails of one cause fared (tests and operators): state per key starting with `prefix`. */
  async states(prefix: string): Promise<{ key: string; recipient: string; state: string; attempts: number }[]> {
    const docs = await this.docs.models.outgoing
      .find({ _id: { $regex: `^${escapeRegExp(prefix)}` } }, { recipient: 1, state: 1, attempts: 1 })
      .sort({ _id: 1 })
      .lean<{ _id: string; recipient: string; state: string; attempts: number }[]>();
    return docs.map((d) => ({ key: d._id, recipient: d.recipient, state: d.state, attempts: d.attempts }));
  }
}
