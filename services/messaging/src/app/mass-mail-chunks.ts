/**
 * A mass mail's recipients in chunks (decision 0088), so that a million are queued and sent with
 * writes by _id only (FerretDB reads a whole collection for any other filter, decision 0060):
 *
 * - Queuing: chunk n is page n of the audience (identity, in id order, after the cursor chunk n-1
 *   ended at). Its _id is `<mail>:<n>`, so a page queued again after a crash finds the chunk it
 *   wrote and takes its cursor on: no recipient is lost or queued twice. Each recipient's
 *   unsubscribe token is written first.
 * - Sending: one sender holds a chunk's lease and walks it in order, a window of a few mails at once
 *   over the pooled SMTP connections. Before each window it writes the chunk's progress document
 *   (small, apart from its recipients): `at` past the window, and the window as `flying` (which also
 *   says the window before it was sent). A crash leaves them flying; the next holder counts them
 *   uncertain and never retries them (decision 0019; at most a window per sending process). Mails
 *   the server refuses go to `retry`.
 * - Progress: a finished chunk's figures are added to the mail's sums in order (`counted`), each
 *   by one write of the new sums, so they equal the chunks'; those not yet counted are read by _id.
 */
import { randomBytes } from 'node:crypto';
import { claimLease, dropLeases, type Mailer } from '@taal/kit';
import type { Logger } from 'pino';
import { htmlToText, massMailBody } from '../domain/mass-mail';
import { anyOf } from '../store/any-of';
import { isDuplicateKey } from '../store/schema';
import { LEASES, type ChunkDoc, type ChunkProgressDoc, type MailDocuments, type MassMailDoc } from '../store/mails';

export type Recipient = { email: string; name: string; language: string };
/** A page of an audience (identity's ListMailAudience): its members and the next page's cursor. */
export type AudienceSource = (audience: string, after: string, limit?: number) => Promise<{ members: Recipient[]; next: string }>;
export type ChunkFigures = { total: number; sent: number; skipped: number; uncertain: number };

/** Recipients per chunk: identity's page. */
export const CHUNK_SIZE = 1000;
const LEASE_MS = 10 * 60_000;
const chunkId = (mailId: string, n: number) => `${mailId}:${String(n).padStart(7, '0')}`;
const leaseKey = (mailId: string, n: number) => `mass-mail-chunk:${chunkId(mailId, n)}`;

/** A chunk's figures: recipients before `at` (all when done) were sent unless skipped or uncertain. */
export function chunkFigures(c: ChunkProgressDoc): ChunkFigures {
  const passed = c.done ? c.size : c.at;
  const skipped = c.skipped.filter((i) => i < passed).length;
  const open = (c.flying?.length ?? 0) + (c.retry?.length ?? 0);
  return { total: c.size, sent: passed - skipped - c.uncertain.length - open, skipped, uncertain: c.uncertain.length };
}

export class MassMailChunks {
  private readonly owner = randomBytes(8).toString('hex');
  /** Mails whose first send this process has written. */
  private readonly started = new Set<string>();

  constructor(
    private readonly docs: MailDocuments,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly publicUrl: () => string,
    /** Mails handed to the mail server at once (at most this many are uncertain after a crash). */
    private readonly window = 4,
  ) {}

  /** Queues chunk n of `mail` from `page` (or finds the one a crashed attempt wrote); answers it, or null for an empty last page. */
  async queue(mail: MassMailDoc, n: number, page: { members: Recipient[]; next: string }): Promise<ChunkDoc | null> {
    const { chunks, tokens, massMails, progress } = this.docs.models;
    let chunk = await chunks.findOne({ _id: chunkId(mail._id, n) }).lean<ChunkDoc>();
    if (!chunk && page.members.length > 0) {
      const recipients = page.members.map((m) => ({ email: m.email, name: m.name.slice(0, 200), language: m.language === 'bn' ? 'bn' : 'en', token: randomBytes(18).toString('base64url') }));
      await tokens.collection.insertMany(recipients.map((r) => ({ _id: r.token, email: r.email }) as never));
      const fresh: ChunkDoc = { _id: chunkId(mail._id, n), mailId: mail._id, n, recipients, after: page.next };
      // Its progress first (a chunk without one is never sent), then the chunk.
      const start: ChunkProgressDoc = { _id: fresh._id, size: recipients.length, at: 0, flying: [], retry: [], skipped: [], uncertain: [], done: false };
      await progress.collection.insertOne(start as never).catch((err: unknown) => {
        if (!isDuplicateKey(err)) throw err;
      });
      try {
        await chunks.collection.insertOne(fresh as never);
        chunk = fresh;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        chunk = await chunks.findOne({ _id: fresh._id }).lean<ChunkDoc>(); // queued meanwhile by another
      }
    }
    const total = (mail.total ?? 0) + (chunk?.recipients.length ?? 0);
    const after = chunk ? chunk.after : page.next;
    await massMails.updateOne({ _id: mail._id, chunks: n }, { $set: { chunks: chunk ? n + 1 : n, total, cursor: after, queuing: after !== '' } });
    return chunk;
  }

  /** Sends the first unsent chunk of `mail` whose lease this process wins; answers the mails sent, or null when none was left to take. */
  async sendNext(mail: MassMailDoc, limit: number): Promise<number | null> {
    for (let n = mail.counted ?? 0; n < (mail.chunks ?? 0); n++) {
      const lease = await claimLease(this.docs.connection, { key: leaseKey(mail._id, n), owner: this.owner, leaseMs: LEASE_MS, collection: LEASES });
      if (!lease) continue; // another sender's
      try {
        const state = await this.docs.models.progress.findOne({ _id: chunkId(mail._id, n) }).lean<ChunkProgressDoc>();
        const chunk = state && !state.done ? await this.docs.models.chunks.findOne({ _id: state._id }).lean<ChunkDoc>() : null;
        if (state && chunk) {
          const { sent, finished } = await this.send(mail, chunk, state, limit);
          if (sent > 0 || !finished) return sent; // a chunk that ended with none sent (the rest skipped or uncertain): the next one
        }
      } finally {
        await dropLeases(this.docs.connection, leaseKey(mail._id, n), LEASES);
        await this.count(mail._id);
      }
    }
    return null;
  }

  /** Sends up to `limit` mails of the chunk, from where it stands, `window` at a time. */
  private async send(mail: MassMailDoc, chunk: ChunkDoc, state: ChunkProgressDoc, limit: number): Promise<{ sent: number; finished: boolean }> {
    const { progress, unsubscribed, massMails } = this.docs.models;
    const write = (set: Partial<ChunkProgressDoc>) => progress.updateOne({ _id: chunk._id }, { $set: set });
    let { at } = state;
    const uncertain = [...state.uncertain];
    const retry = [...(state.retry ?? [])];
    if (state.flying?.length) {
      // Being handed over when their sender died: they may have gone, so they never go again.
      uncertain.push(...state.flying);
      await write({ flying: [], uncertain });
    }
    if (!this.started.has(mail._id)) {
      await massMails.updateOne({ _id: mail._id, firstSentAt: null }, { $set: { firstSentAt: new Date() } });
      this.started.add(mail._id);
    }
    // This call's recipients (at most `limit` past `at`) checked against the unsubscribed at once, by _id (anyOf: the index).
    const end = Math.min(chunk.recipients.length, at + limit);
    const match = anyOf('_id', chunk.recipients.slice(at, end).map((r) => r.email));
    const unsubscribedNow = new Set(match ? (await unsubscribed.find(match, { _id: 1 }).lean<{ _id: string }[]>()).map((u) => u._id) : []);
    const skipped = [...state.skipped];
    const base = this.publicUrl().replace(/\/$/, '');
    const text = htmlToText(mail.html);
    const mailTo = (k: number) => {
      const r = chunk.recipients[k]!;
      const body = massMailBody(mail.html, `${base}/api/v1/mass-mail/unsubscribe/${r.token}`, r.language, text);
      return this.mailer.send({ to: r.email, subject: mail.subject, html: body.html, text: body.text });
    };
    let sent = 0;
    for (;;) {
      // The next window: refused ones first, then the next recipients (the unsubscribed are skipped).
      const window: number[] = [];
      const room = Math.min(this.window, limit - sent);
      while (window.length < room && retry.length > 0) window.push(retry.shift()!);
      for (; window.length < room && at < end; at++) {
        if (!unsubscribedNow.has(chunk.recipients[at]!.email)) window.push(at);
        else if (!skipped.includes(at)) skipped.push(at);
      }
      if (window.length === 0) break;
      await write({ at, flying: window, retry, skipped });
      const results = await Promise.allSettled(window.map(mailTo));
      const refused = window.filter((_, i) => results[i]!.status === 'rejected');
      sent += window.length - refused.length;
      if (refused.length > 0 || sent >= limit) {
        // Refused before the server took them: tried again on a next tick. Or the batch is full.
        retry.push(...refused);
        await write({ at, flying: [], retry, skipped });
        if (refused.length > 0) this.logger.warn({ err: (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason, refused: refused.length }, 'mass mail not accepted by the mail server; tried again later');
        return { sent, finished: false };
      }
    }
    if (at < chunk.recipients.length) {
      await write({ at, flying: [], retry, skipped }); // the range read was all unsubscribed: the rest on the next call
      return { sent, finished: false };
    }
    await write({ at, flying: [], retry: [], skipped, done: true });
    return { sent, finished: true };
  }

  /** Adds the finished chunks after `counted` to the mail's sums, in order; closes the mail once every chunk is counted and none is left to queue. */
  async count(mailId: string): Promise<void> {
    const { massMails, progress } = this.docs.models;
    for (;;) {
      const mail = await massMails.findOne({ _id: mailId }).lean<MassMailDoc>();
      if (!mail) return;
      const n = mail.counted ?? 0;
      if (n >= (mail.chunks ?? 0)) {
        if (!mail.queuing && mail.open) await massMails.updateOne({ _id: mailId }, { $set: { open: false } });
        return;
      }
      const state = await progress.findOne({ _id: chunkId(mailId, n) }).lean<ChunkProgressDoc>();
      if (!state?.done) return;
      const f = chunkFigures(state);
      const sums = { sent: (mail.sent ?? 0) + f.sent, skipped: (mail.skipped ?? 0) + f.skipped, uncertain: (mail.uncertain ?? 0) + f.uncertain };
      // The mail's first send again when a concurrent write of the queuing job took it (FerretDB writes a whole document).
      await massMails.updateOne({ _id: mailId, counted: n }, { $set: { counted: n + 1, ...sums, firstSentAt: mail.firstSentAt ?? new Date(), lastSentAt: new Date() } });
    }
  }

  /** The mail's figures: its sums, and those of the chunks not counted yet (read by _id, a few). */
  async figures(mail: MassMailDoc): Promise<ChunkFigures> {
    const out = { total: mail.total ?? 0, sent: mail.sent ?? 0, skipped: mail.skipped ?? 0, uncertain: mail.uncertain ?? 0 };
    for (let n = mail.counted ?? 0; n < Math.min(mail.chunks ?? 0, (mail.counted ?? 0) + UNCOUNTED_READ); n++) {
      const state = await this.docs.models.progress.findOne({ _id: chunkId(mail._id, n) }).lean<ChunkProgressDoc>();
      if (!state || (state.at === 0 && !state.done)) break; // not started: none after it either
      const f = chunkFigures(state);
      out.sent += f.sent;
      out.skipped += f.skipped;
      out.uncertain += f.uncertain;
    }
    return out;
  }

  /** At start-up: the leases of this install's open chunks were its dead senders' (one sender per install, as decision 0019 has it). */
  async settleInterrupted(): Promise<void> {
    for (const mail of await this.docs.models.massMails.find({ chunked: true, open: true }).lean<MassMailDoc[]>()) {
      for (let n = mail.counted ?? 0; n < (mail.chunks ?? 0); n++) {
        await dropLeases(this.docs.connection, leaseKey(mail._id, n), LEASES);
        const state = await this.docs.models.progress.findOne({ _id: chunkId(mail._id, n) }).lean<ChunkProgressDoc>();
        if (state && state.at === 0 && !state.done) break; // untouched: so are those after it
      }
    }
  }
}

/** Chunks past the counted ones read for a mail's progress: one sender has at most one open and one finished but not yet counted. */
const UNCOUNTED_READ = 3;
