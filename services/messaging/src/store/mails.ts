import { Schema, type Connection } from 'mongoose';
import type { MailReceipt } from '@taal/contracts';
import { createLeaseIndexes } from '@taal/kit';

/**
 * Messaging's mail documents (decision 0043): the outgoing-mail queue, mass mails, their recipients and
 * unsubscribed addresses. No write here needs a transaction: each document has one writer at a time
 * (the holder of its lease, app/transactional-mail.ts and app/mass-mail.ts), and what two writers may
 * race for is a unique key (a mail's key, a recipient's mail and address, an address unsubscribed).
 */
export interface OutgoingMailDoc {
  /** The cause and recipient: a cause mails a recipient once. */
  _id: string;
  kind: string;
  recipient: string;
  /** The normalised mailbox (domain/mail-cap.ts). */
  mailbox: string | null;
  language: string;
  subject: string;
  html: string;
  text: string;
  /** withdrawn: its cause was taken back before it was sent (an answer's mail once its question is hidden, decision 0063); never sent. */
  state: 'pending' | 'claimed' | 'sent' | 'uncertain' | 'capped' | 'withdrawn';
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  sentAt: Date | null;
  /** A paid order's receipt (issue 41): what its PDF prints, rendered and attached when the mail is sent. */
  receipt?: MailReceipt | null;
}

export interface MassMailDoc {
  _id: string;
  audience: string;
  subject: string;
  html: string;
  /** Written last by its creator: recipients of a mail whose creation a crash cut short are never sent. */
  ready: boolean;
  /** Pending recipients may remain (what the sender looks at); cleared once none does. */
  open: boolean;
  createdAt: Date;
  /** Its recipients are in chunks (decision 0088); older mails have one document per recipient. */
  chunked?: boolean;
  /** The audience is still being read from identity, a page (a chunk) at a time, from `cursor` on. */
  queuing?: boolean;
  cursor?: string;
  /** Chunks queued (numbered from 0), and recipients in them. */
  chunks?: number;
  total?: number;
  /** Chunks [0, counted) are sent and their figures are added up below. */
  counted?: number;
  sent?: number;
  skipped?: number;
  uncertain?: number;
  /** The first mail handed to the mail server, and when the last chunk counted ended (the rate). */
  firstSentAt?: Date | null;
  lastSentAt?: Date | null;
}

/** A page of a mass mail's audience, sent in order by one sender at a time (decision 0088); never changed. */
export interface ChunkDoc {
  /** `<mail id>:<number, 7 digits>`. */
  _id: string;
  mailId: string;
  n: number;
  recipients: { email: string; name: string; language: string; token: string }[];
  /** The audience's cursor after this page ('' when it was the last). */
  after: string;
}

/** A chunk's progress (its _id), apart from its recipients: each mail sent writes it. */
export interface ChunkProgressDoc {
  _id: string;
  /** Recipients in the chunk. */
  size: number;
  /** The first recipient not yet handed to the mail server: every one before it was sent, skipped, uncertain, or is in `flying` or `retry`. */
  at: number;
  /** Recipients being handed to the mail server (a window of a few at once): after a crash, they are uncertain and never retried. */
  flying: number[];
  /** Recipients the mail server refused (it never took them): tried again. */
  retry: number[];
  skipped: number[];
  uncertain: number[];
  done: boolean;
}

/** A mass mail's unsubscribe link: the token (its _id) and the address. */
export interface UnsubscribeTokenDoc {
  _id: string;
  email: string;
}

export interface RecipientDoc {
  /** `<mail id>:<address>`: an address is one recipient of a mail. */
  _id: string;
  mailId: string;
  email: string;
  name: string;
  language: string;
  state: 'pending' | 'claimed' | 'sent' | 'skipped' | 'uncertain';
  token: string;
  updatedAt: Date;
  /** The job queue's (decision 0052): claims so far, and when a claim's lease ends. */
  attempts: number;
  nextAttemptAt: Date;
}

export interface UnsubscribedDoc {
  /** The address. */
  _id: string;
  at: Date;
}

const outgoingMailSchema = new Schema<OutgoingMailDoc>(
  {
    _id: String,
    kind: String,
    recipient: String,
    mailbox: String,
    language: String,
    subject: String,
    html: String,
    text: String,
    state: String,
    attempts: Number,
    nextAttemptAt: Date,
    createdAt: Date,
    sentAt: Date,
    receipt: Schema.Types.Mixed,
  },
  { versionKey: false },
);
// Mails by state (the pruning; the sender itself looks in the queue's due list, decision 0060) and by age.
outgoingMailSchema.index({ state: 1, nextAttemptAt: 1 });
outgoingMailSchema.index({ createdAt: 1 });

const massMailSchema = new Schema<MassMailDoc>(
  {
    _id: String,
    audience: String,
    subject: String,
    html: String,
    ready: Boolean,
    open: Boolean,
    createdAt: Date,
    chunked: Boolean,
    queuing: Boolean,
    cursor: String,
    chunks: Number,
    total: Number,
    counted: Number,
    sent: Number,
    skipped: Number,
    uncertain: Number,
    firstSentAt: Date,
    lastSentAt: Date,
  },
  { versionKey: false },
);
// The history, a page at a time (decision 0085).
massMailSchema.index({ ready: 1, createdAt: -1, _id: -1 });
massMailSchema.index({ open: 1 });

const recipientSchema = new Schema<RecipientDoc>(
  { _id: String, mailId: String, email: String, name: String, language: String, state: String, token: String, updatedAt: Date, attempts: Number, nextAttemptAt: Date },
  { versionKey: false },
);
// The sender's next pending recipients of a mail, the counts per state, the unsubscribe link.
recipientSchema.index({ mailId: 1, state: 1, email: 1 });
recipientSchema.index({ state: 1 });
recipientSchema.index({ token: 1 }, { unique: true });

const chunkSchema = new Schema<ChunkDoc>(
  { _id: String, mailId: String, n: Number, recipients: Schema.Types.Mixed, after: String },
  { versionKey: false },
);
const progressSchema = new Schema<ChunkProgressDoc>(
  { _id: String, size: Number, at: Number, flying: [Number], retry: [Number], skipped: [Number], uncertain: [Number], done: Boolean },
  { versionKey: false },
);
const tokenSchema = new Schema<UnsubscribeTokenDoc>({ _id: String, email: String }, { versionKey: false });

const unsubscribedSchema = new Schema<UnsubscribedDoc>({ _id: String, at: Date }, { versionKey: false });

/** The claims of queued mails and recipients: only the running ones are kept. */
export const LEASES = 'leases';
/**
 * The mail cap's slots (a lease per slot and mailbox, kept a day past its hour), apart from the
 * claims: FerretDB v1 reads a whole collection to find a key's lease, and every mail sent reads the
 * claims' twice, which thousands of mailboxes' slots would make slow. Slots kept in `leases` by
 * older versions are no longer counted and go with its daily pruning.
 */
export const MAIL_CAP_LEASES = 'mail_cap_leases';

/** Mails and recipients are jobs of the kit's queue (decision 0052) under messaging's names for the states. */
export const MAIL_JOB_STATES = { queued: 'pending', running: 'claimed', done: 'sent', failed: 'uncertain' };

function mailModelsOn(connection: Connection) {
  return {
    outgoing: connection.model('OutgoingMail', outgoingMailSchema, 'outgoing_mails'),
    massMails: connection.model('MassMail', massMailSchema, 'mass_mails'),
    recipients: connection.model('MassMailRecipient', recipientSchema, 'mass_mail_recipients'),
    unsubscribed: connection.model('Unsubscribed', unsubscribedSchema, 'unsubscribed'),
    chunks: connection.model('MassMailChunk', chunkSchema, 'mass_mail_chunks'),
    progress: connection.model('MassMailChunkProgress', progressSchema, 'mass_mail_chunk_progress'),
    tokens: connection.model('UnsubscribeToken', tokenSchema, 'mass_mail_tokens'),
  };
}
export type MailModels = ReturnType<typeof mailModelsOn>;

export class MailDocuments {
  readonly models: MailModels;

  constructor(readonly connection: Connection) {
    this.models = mailModelsOn(connection);
  }

  async init(): Promise<void> {
    for (const model of Object.values(this.models)) await model.createIndexes();
    await createLeaseIndexes(this.connection, LEASES);
    await createLeaseIndexes(this.connection, MAIL_CAP_LEASES);
    // Recipients written before they were jobs of the kit's queue (decision 0052) get its fields, once:
    // one left claimed counts as tried (a crash may have mailed it; it is never sent again).
    const { recipients } = this.models;
    await recipients.updateMany({ attempts: { $exists: false }, state: 'claimed' }, { $set: { attempts: 1, nextAttemptAt: new Date(0) } });
    await recipients.updateMany({ attempts: { $exists: false } }, { $set: { attempts: 0, nextAttemptAt: new Date(0) } });
  }
}
