/**
 * Mass mail (back office `POST mass-mail/`): an admin queues a sanitised mail to recipients the
 * gateway resolved from identity; each recipient is a job of the kit's queue (decision 0052), sent in
 * batches through the mail port. Each is claimed (committed) before its mail is handed to the mail
 * port and marked sent after, so a restart resumes with the pending ones; one left claimed by a crash
 * is counted 'uncertain' and never retried: no address is mailed twice. Unsubscribed addresses are skipped.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { messagingV1 } from '@taal/contracts';
import { DocumentJobQueue, UserRoles, refuse, refuseFields, requireIdentity, type CallerIdentity, type ClaimedJob, type Mailer } from '@taal/kit';
import type { Logger } from 'pino';
import { checkMassMail, massMailBody } from '../domain/mass-mail';
import { clean, isEmail } from '../domain/rules';
import { isDuplicateKey } from '../store/schema';
import { documentPage, type PageAsk } from '../store/pages';
import { LEASES, MAIL_JOB_STATES, type MailDocuments, type MassMailDoc, type RecipientDoc } from '../store/mails';
import { sendQueued, type MailQueue } from './mail-queue';

type Ctx = { identity: CallerIdentity | null };

type Counts = { total: number; sent: number; skipped: number; uncertain: number; open: number };
const toMassMail = (m: MassMailDoc, c: Counts): messagingV1.MassMail => ({
  id: m._id,
  audience: m.audience,
  subject: m.subject,
  html: m.html,
  total: c.total,
  sent: c.sent,
  skipped: c.skipped,
  uncertain: c.uncertain,
  status: c.open > 0 ? 'sending' : 'done',
  createdAt: m.createdAt.toISOString(),
});

/** A recipient is claimed for as long as a send may take; then its state says it was (the lease only picks one claimer). */
const CLAIM_LEASE_MS = 10 * 60_000;

/** The admin's mail is HTML, kept to the mail allow-list by checkMassMail (not plain text: the plain-text sanitiser would take its formatting); NULs go. */
const richHtml = (html: string | undefined) => (html ?? '').replaceAll(String.fromCharCode(0), '').trim();

export interface MassMailOptions {
  /** The site's address: unsubscribe links hang off it. */
  publicUrl: () => string;
  /** Recipients per batch (default 25). */
  batchSize?: number;
}

export class MassMails {
  private readonly jobs: DocumentJobQueue<RecipientDoc>;

  constructor(
    private readonly docs: MailDocuments,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly options: MassMailOptions,
  ) {
    this.jobs = new DocumentJobQueue(docs.connection, {
      collection: docs.models.recipients.collection.name,
      leases: LEASES,
      leasePrefix: 'mass-mail:',
      states: MAIL_JOB_STATES,
      leaseMs: CLAIM_LEASE_MS,
      sort: { email: 1 },
      scopeFields: ['mailId'],
      readAhead: options.batchSize ?? 25,
    });
  }

  async create(ctx: Ctx, req: messagingV1.CreateMassMailRequest): Promise<messagingV1.MassMail> {
    requireIdentity(ctx, UserRoles.admin);
    const checked = checkMassMail({ audience: req.audience, subject: clean(req.subject), html: richHtml(req.html) });
    if (!checked.ok) throw refuseFields({ [checked.field]: checked.key });
    const recipients = new Map<string, messagingV1.MassMailRecipient>();
    for (const r of req.recipients) {
      const email = clean(r.email).toLowerCase();
      if (isEmail(email) && !recipients.has(email)) recipients.set(email, { email, name: clean(r.name), language: r.language === 'bn' ? 'bn' : 'en' });
    }
    if (recipients.size === 0) throw refuseFields({ mailTo: 'NO_RECIPIENTS' });
    const id = randomUUID();
    const { massMails } = this.docs.models;
    // No transaction: the mail is written not ready, then its recipients, then ready. A crash before
    // the last write leaves a mail that is never listed nor sent (the admin sends it again).
    await massMails.create({ _id: id, audience: req.audience, subject: clean(req.subject), html: checked.html, ready: false, open: true, createdAt: new Date() });
    const list = [...recipients.values()];
    for (let i = 0; i < list.length; i += 500) {
      await this.jobs.enqueueNew(
        list.slice(i, i + 500).map((r) => ({
          key: `${id}:${r.email}`,
          fields: { mailId: id, email: r.email, name: r.name.slice(0, 200), language: r.language, token: randomBytes(18).toString('base64url'), updatedAt: new Date() },
        })),
      );
    }
    await massMails.updateOne({ _id: id }, { $set: { ready: true } });
    return (await this.get(id))!;
  }

  async get(id: string): Promise<messagingV1.MassMail | null> {
    const mail = await this.docs.models.massMails.findOne({ _id: id, ready: true }).lean<MassMailDoc>();
    return mail ? toMassMail(mail, (await this.counts([id])).get(id) ?? noCounts()) : null;
  }

  /** A page of the mass mails with their progress, newest first (decision 0085). */
  async list(ctx: Ctx, ask: PageAsk): Promise<{ items: messagingV1.MassMail[]; next: string }> {
    requireIdentity(ctx, UserRoles.admin);
    const { items: mails, next } = await documentPage<MassMailDoc>(this.docs.models.massMails, 'mass-mails', { ready: true }, ask);
    const counts = await this.counts(mails.map((m) => m._id));
    return { items: mails.map((m) => toMassMail(m, counts.get(m._id) ?? noCounts())), next };
  }

  /** Recipients per state of each mail (one grouping on the server). */
  private async counts(ids: string[]): Promise<Map<string, Counts>> {
    const groups = await this.docs.models.recipients.aggregate<{ _id: { mailId: string; state: string }; n: number }>([
      { $match: { mailId: { $in: ids } } },
      { $group: { _id: { mailId: '$mailId', state: '$state' }, n: { $sum: 1 } } },
    ]);
    const out = new Map<string, Counts>();
    for (const { _id, n } of groups) {
      const c = out.get(_id.mailId) ?? noCounts();
      c.total += n;
      if (_id.state === 'sent') c.sent += n;
      else if (_id.state === 'skipped') c.skipped += n;
      else if (_id.state === 'uncertain') c.uncertain += n;
      else c.open += n;
      out.set(_id.mailId, c);
    }
    return out;
  }

  async unsubscribe(token: string): Promise<string> {
    const recipient = await this.docs.models.recipients.findOne({ token }, { email: 1 }).lean<{ email: string }>();
    if (!recipient) throw refuse('UNSUBSCRIBE_LINK_INVALID');
    try {
      await this.docs.models.unsubscribed.updateOne({ _id: recipient.email }, { $setOnInsert: { at: new Date() } }, { upsert: true });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err; // unsubscribed at the same moment by another request
    }
    return recipient.email;
  }

  /** At start-up: a recipient still claimed was being mailed when the process died; it is never retried. */
  async settleInterrupted(): Promise<number> {
    const { modifiedCount } = await this.docs.models.recipients.updateMany({ state: 'claimed' }, { $set: { state: 'uncertain', updatedAt: new Date() } });
    return modifiedCount;
  }

  /** Sends up to one batch; returns how many mails went out. */
  async sendBatch(): Promise<number> {
    const size = this.options.batchSize ?? 25;
    const { massMails, recipients, unsubscribed } = this.docs.models;
    type Claimed = { job: ClaimedJob<RecipientDoc>; to: string; subject: string; html: string; text: string };
    const queue: MailQueue<Claimed> = {
      // Claim one (written before the mail leaves: a crash after this never mails it again). An
      // unsubscribed address is marked skipped by its claimer instead of mailed.
      claim: async () => {
        for (const open of await massMails.find({ ready: true, open: true }).sort({ createdAt: 1 }).lean<MassMailDoc[]>()) {
          for (let job = await this.jobs.claim({ mailId: open._id }); job; job = await this.jobs.claim({ mailId: open._id })) {
            const r = job.data;
            if (job.attempts > 1) {
              // Left claimed by a sender that died while mailing it, its lease over: it may have gone.
              await this.jobs.giveUp(job, { updatedAt: new Date() });
            } else if (await unsubscribed.exists({ _id: r.email })) {
              await this.jobs.complete(job, { state: 'skipped', updatedAt: new Date() });
            } else {
              const url = `${this.options.publicUrl().replace(/\/$/, '')}/api/v1/mass-mail/unsubscribe/${r.token}`;
              const body = massMailBody(open.html, url, r.language);
              return { job, to: r.email, subject: open.subject, html: body.html, text: body.text };
            }
          }
          // None due: the mail is done once no recipient is pending or being mailed.
          if (!(await recipients.exists({ mailId: open._id, state: { $in: ['pending', 'claimed'] } }))) await massMails.updateOne({ _id: open._id }, { $set: { open: false } });
        }
        return null;
      },
      sent: async (m) => void (await this.jobs.complete(m.job, { updatedAt: new Date() })),
      // Refused by the mail server before it was accepted: back to pending, tried again on the next tick.
      refused: async (m) => void (await this.jobs.release(m.job, { updatedAt: new Date() })),
    };
    return sendQueued(queue, this.mailer, size, this.logger, 'mass mail');
  }
}

const noCounts = (): Counts => ({ total: 0, sent: 0, skipped: 0, uncertain: 0, open: 0 });
