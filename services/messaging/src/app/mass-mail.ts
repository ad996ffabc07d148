/**
 * Mass mail (back office `POST mass-mail/`): an admin queues a sanitised mail to an audience that
 * messaging reads from identity a page at a time, each page a chunk of recipients (decision 0088,
 * app/mass-mail-chunks.ts), sent in order; each recipient is marked before its mail is handed to the
 * mail port, so a restart resumes after the last one sent, and one being sent at a crash is counted
 * 'uncertain' and never retried: no address is mailed twice. Unsubscribed addresses are skipped.
 * Mails queued before chunks (a recipient document each, a job of the kit's queue, decision 0052)
 * are still sent and counted as they were.
 */
import { randomUUID } from 'node:crypto';
import type { messagingV1 } from '@taal/contracts';
import { DocumentJobQueue, UserRoles, refuse, refuseFields, requireIdentity, type CallerIdentity, type ClaimedJob, type Mailer } from '@taal/kit';
import type { Logger } from 'pino';
import { checkMassMail, massMailBody } from '../domain/mass-mail';
import { clean, isEmail } from '../domain/rules';
import { isDuplicateKey } from '../store/schema';
import { documentPage, type PageAsk } from '../store/pages';
import { LEASES, MAIL_JOB_STATES, type MailDocuments, type MassMailDoc, type RecipientDoc } from '../store/mails';
import { sendQueued, type MailQueue } from './mail-queue';
import { CHUNK_SIZE, MassMailChunks, type AudienceSource, type Recipient } from './mass-mail-chunks';

type Ctx = { identity: CallerIdentity | null };

type Counts = { total: number; sent: number; skipped: number; uncertain: number; open: number };
const toMassMail = (m: MassMailDoc, c: Counts, rate: number): messagingV1.MassMail => ({
  id: m._id,
  audience: m.audience,
  subject: m.subject,
  html: m.html,
  total: c.total,
  sent: c.sent,
  skipped: c.skipped,
  uncertain: c.uncertain,
  status: m.queuing ? 'queuing' : c.open > 0 ? 'sending' : 'done',
  createdAt: m.createdAt.toISOString(),
  rate,
});

/** Mails per second from the first handed over to the last counted (or now, while it sends). */
function rateOf(m: MassMailDoc, sent: number, status: string): number {
  if (!m.firstSentAt || sent === 0) return 0;
  const end = status === 'done' && m.lastSentAt ? m.lastSentAt.getTime() : Date.now();
  const seconds = Math.max((end - m.firstSentAt.getTime()) / 1000, 0.001);
  return Math.round((sent / seconds) * 10) / 10;
}

/** A recipient is claimed for as long as a send may take; then its state says it was (the lease only picks one claimer). */
const CLAIM_LEASE_MS = 10 * 60_000;

/** The admin's mail is HTML, kept to the mail allow-list by checkMassMail (not plain text: the plain-text sanitiser would take its formatting); NULs go. */
const richHtml = (html: string | undefined) => (html ?? '').replaceAll(String.fromCharCode(0), '').trim();

export interface MassMailOptions {
  /** The site's address: unsubscribe links hang off it. */
  publicUrl: () => string;
  /** Recipients per batch (default 250). */
  batchSize?: number;
  /** A page of an audience from identity (decision 0088); without it, only given addresses are mailed. */
  audience?: AudienceSource;
  /** Mails handed to the mail server at once (default 4): at most this many are uncertain after a crash. */
  window?: number;
}

export class MassMails {
  private readonly jobs: DocumentJobQueue<RecipientDoc>;
  private readonly chunks: MassMailChunks;

  constructor(
    private readonly docs: MailDocuments,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly options: MassMailOptions,
  ) {
    this.chunks = new MassMailChunks(docs, mailer, logger, options.publicUrl, options.window);
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
    const given = new Map<string, Recipient>();
    for (const r of req.recipients) {
      const email = clean(r.email).toLowerCase();
      if (isEmail(email) && !given.has(email)) given.set(email, { email, name: clean(r.name), language: r.language === 'bn' ? 'bn' : 'en' });
    }
    // The addresses given (the custom one), or the audience read from identity a page at a time (decision 0088).
    const list = [...given.values()];
    const audience = this.options.audience;
    const fromIdentity = list.length === 0 && !!audience && req.audience !== 'custom';
    const pageOf = async (after: string) => {
      const from = Number(after || 0);
      return { members: list.slice(from, from + CHUNK_SIZE), next: from + CHUNK_SIZE < list.length ? String(from + CHUNK_SIZE) : '' };
    };
    // An audience: one address read to know it is not empty; its pages are read by the queuing job, after this answer.
    if (fromIdentity ? (await audience(req.audience, '', 1)).members.length === 0 : list.length === 0) throw refuseFields({ mailTo: 'NO_RECIPIENTS' });
    const id = randomUUID();
    const { massMails } = this.docs.models;
    const figures = { chunks: 0, total: 0, counted: 0, sent: 0, skipped: 0, uncertain: 0, firstSentAt: null, lastSentAt: null };
    // Written not ready, then its first page, then ready: a crash before leaves a mail never listed nor sent.
    await massMails.create({ _id: id, audience: req.audience, subject: clean(req.subject), html: checked.html, ready: false, open: true, createdAt: new Date(), chunked: true, queuing: true, cursor: '', ...figures });
    // Given addresses are queued now (a bounded request); an audience's pages by the queuing job.
    for (let mail = await this.mail(id); !fromIdentity && mail?.queuing; mail = await this.mail(id)) await this.chunks.queue(mail, mail.chunks ?? 0, await pageOf(mail.cursor ?? ''));
    await massMails.updateOne({ _id: id }, { $set: { ready: true } });
    return (await this.get(id))!;
  }

  private mail(id: string): Promise<MassMailDoc | null> {
    return this.docs.models.massMails.findById(id).lean<MassMailDoc>();
  }

  /** Reads the next page of each mail whose audience is still being read; answers the pages queued. */
  async queueAudiences(): Promise<number> {
    const audience = this.options.audience;
    if (!audience) return 0;
    let queued = 0;
    for (const mail of await this.docs.models.massMails.find({ ready: true, queuing: true }).lean<MassMailDoc[]>()) {
      await this.chunks.queue(mail, mail.chunks ?? 0, await audience(mail.audience, mail.cursor ?? ''));
      queued++;
    }
    return queued;
  }

  async get(id: string): Promise<messagingV1.MassMail | null> {
    const mail = await this.docs.models.massMails.findOne({ _id: id, ready: true }).lean<MassMailDoc>();
    return mail ? (await this.withCounts([mail]))[0]! : null;
  }

  /** A page of the mass mails with their progress, newest first (decision 0085). */
  async list(ctx: Ctx, ask: PageAsk): Promise<{ items: messagingV1.MassMail[]; next: string }> {
    requireIdentity(ctx, UserRoles.admin);
    const { items: mails, next } = await documentPage<MassMailDoc>(this.docs.models.massMails, 'mass-mails', { ready: true }, ask);
    return { items: await this.withCounts(mails), next };
  }

  /** Each mail with its figures: a chunked one's kept sums (decision 0088), an older one's recipients counted. */
  private async withCounts(mails: MassMailDoc[]): Promise<messagingV1.MassMail[]> {
    const old = await this.counts(mails.filter((m) => !m.chunked).map((m) => m._id));
    const out: messagingV1.MassMail[] = [];
    for (const m of mails) {
      if (!m.chunked) {
        out.push(toMassMail(m, old.get(m._id) ?? noCounts(), 0));
        continue;
      }
      const f = await this.chunks.figures(m);
      const done = f.sent + f.skipped + f.uncertain;
      const status = m.queuing ? 'queuing' : m.open && done < f.total ? 'sending' : 'done';
      out.push(toMassMail(m, { ...f, open: status === 'done' ? 0 : 1 }, rateOf(m, f.sent, status)));
    }
    return out;
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
    const recipient =
      (await this.docs.models.tokens.findOne({ _id: token }).lean<{ email: string }>()) ?? (await this.docs.models.recipients.findOne({ token }, { email: 1 }).lean<{ email: string }>());
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
    await this.chunks.settleInterrupted();
    const { modifiedCount } = await this.docs.models.recipients.updateMany({ state: 'claimed' }, { $set: { state: 'uncertain', updatedAt: new Date() } });
    return modifiedCount;
  }

  /** Sends up to one batch; returns how many mails went out. */
  async sendBatch(): Promise<number> {
    const size = this.options.batchSize ?? 250;
    const { massMails, recipients, unsubscribed } = this.docs.models;
    for (const open of await massMails.find({ ready: true, open: true, chunked: true }).sort({ createdAt: 1 }).lean<MassMailDoc[]>()) {
      const sent = await this.chunks.sendNext(open, size);
      if (sent !== null) return sent;
      await this.chunks.count(open._id); // every chunk sent: closed once all are counted and queued
    }
    // Mails queued before decision 0088, a recipient document each.
    type Claimed = { job: ClaimedJob<RecipientDoc>; to: string; subject: string; html: string; text: string };
    const queue: MailQueue<Claimed> = {
      // Claim one (written before the mail leaves: a crash after this never mails it again). An
      // unsubscribed address is marked skipped by its claimer instead of mailed.
      claim: async () => {
        for (const open of await massMails.find({ ready: true, open: true, chunked: { $ne: true } }).sort({ createdAt: 1 }).lean<MassMailDoc[]>()) {
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
