import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { messagingV1 } from '@taal/contracts';
import { notificationLink, notificationText } from '../domain/notification-texts';
import { ContactDocuments, contactSchema } from './contacts';
import { isDuplicateKey, iso, LIST_LIMIT } from './schema';
import { documentPage, documentPageOfAny, mapPage, newestSort, type PageAsk } from './pages';
import { StudentMessageDocuments, studentMessageSchema } from './student-messages';
import { anyOf } from './any-of';

/**
 * Messaging's documents on mongoose (issue 38, decisions 0041 and 0043): contact messages,
 * student–instructor messages, notifications and their read marks (mails: store/mails.ts).
 *
 * FerretDB v1 has no transactions and its updates are not atomic between racing writers, so every
 * write here stands alone and is made safe by a unique key:
 * - a notification's cause (`sourceKey`: the event, the reply, ...) is unique: a cause delivered twice
 *   makes one notification (the second insert gets 11000 and returns null);
 * - the live stream's order (`seq`) is unique too: a notification takes the next number by inserting
 *   it, and a racing writer that took the same number makes this one try the next;
 * - a read mark's _id is (user, notification): marking twice is one upsert.
 */
interface NotificationDoc {
  _id: string;
  seq: number;
  userId: string | null;
  msg: string;
  /** What caused it; unique. A notification without a cause gets its own id here. */
  sourceKey: string;
  textKey: string | null;
  params: Record<string, string | number> | null;
  createdAt: Date;
}
interface ReadDoc {
  _id: string;
  userId: string;
  notificationId: string;
  at: Date;
}

const notificationSchema = new Schema<NotificationDoc>(
  {
    _id: String,
    seq: Number,
    userId: String,
    msg: String,
    sourceKey: String,
    textKey: String,
    params: Schema.Types.Mixed,
    createdAt: Date,
  },
  { versionKey: false },
);
notificationSchema.index({ seq: 1 }, { unique: true });
notificationSchema.index({ sourceKey: 1 }, { unique: true });
// A user's unread notifications (theirs and everyone's), newest first.
notificationSchema.index({ userId: 1, seq: -1 });
// A page at a time (decision 0085): the back office's broadcasts, a user's with everyone's.
notificationSchema.index({ userId: 1, createdAt: -1, _id: -1 });

const readSchema = new Schema<ReadDoc>({ _id: String, userId: String, notificationId: String, at: Date }, { versionKey: false });
readSchema.index({ userId: 1, notificationId: 1 });

const toNotification = (d: NotificationDoc, read = false, language = 'en'): messagingV1.Notification => ({
  id: d._id,
  msg: (d.textKey && notificationText(d.textKey, d.params ?? {}, language)) || d.msg,
  createdAt: iso(d.createdAt),
  userId: d.userId ?? '',
  read,
  link: notificationLink(d.textKey, d.params),
});

/** Messaging's models on its connection (types inferred by mongoose from the schemas). */
function modelsOn(connection: Connection) {
  return {
    contacts: connection.model('ContactMessage', contactSchema, 'contact_messages'),
    studentMessages: connection.model('StudentMessage', studentMessageSchema, 'student_messages'),
    notifications: connection.model('Notification', notificationSchema, 'notifications'),
    reads: connection.model('NotificationRead', readSchema, 'notification_reads'),
  };
}
export type MessagingModels = ReturnType<typeof modelsOn>;

/** Notifications and their read marks; contact and student messages are theirs (store.contacts, store.studentMessages). */
export class MessagingDocuments {
  readonly models: MessagingModels;
  readonly contacts: ContactDocuments;
  readonly studentMessages: StudentMessageDocuments;
  /** The number this process gives its next notification (lastSeq); null until read. */
  private nextSeq: number | null = null;

  constructor(connection: Connection) {
    this.models = modelsOn(connection);
    this.contacts = new ContactDocuments(this.models);
    this.studentMessages = new StudentMessageDocuments(this.models);
  }

  /** Makes every index the reads and the unique keys need (at start: a failure fails the start). */
  async init(): Promise<void> {
    await this.models.contacts.createIndexes();
    await this.models.studentMessages.createIndexes();
    await this.models.notifications.createIndexes();
    await this.models.reads.createIndexes();
  }

  /** A notification to everyone (userId null) or one user; with a key, at most one per key (null when it exists). */
  async addNotification(input: {
    userId: string | null;
    msg: string;
    key?: string;
    textKey?: string;
    params?: Record<string, string | number>;
  }): Promise<messagingV1.Notification | null> {
    const id = randomUUID();
    const sourceKey = input.key ?? `id:${id}`;
    for (let attempt = 0; attempt < 50; attempt++) {
      if (this.nextSeq === null) {
        const next = (await this.lastSeq()) + 1;
        this.nextSeq = Math.max(next, this.nextSeq ?? 0); // another call may have read it meanwhile
      }
      const doc: NotificationDoc = {
        _id: id,
        seq: this.nextSeq++, // taken at once: racing calls of this process try different numbers
        userId: input.userId,
        msg: input.msg,
        sourceKey,
        textKey: input.textKey ?? null,
        params: input.textKey ? (input.params ?? {}) : null,
        createdAt: new Date(),
      };
      try {
        await this.models.notifications.create(doc);
        return toNotification(doc);
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // Its cause is already written (a second delivery), or another writer took this number: the
        // highest is read again.
        this.nextSeq = null;
        if (await this.models.notifications.exists({ sourceKey })) return null;
      }
    }
    throw new Error('notification: no free sequence number after 50 attempts');
  }

  /**
   * The highest number taken. FerretDB v1 reads every notification to answer it (no sort on an
   * index), so it is asked once, and again only after another writer took the number this process
   * expected: its next number is kept meanwhile (the unique index still decides who gets one). A
   * number freed by a deleted broadcast is not given again while the process runs.
   */
  private async lastSeq(): Promise<number> {
    const last = await this.models.notifications.findOne({}, { seq: 1 }).sort({ seq: -1 }).lean<{ seq: number }>();
    return last?.seq ?? 0;
  }

  /** The back office's list: a page of the notifications to everyone, newest first. */
  async broadcasts(ask: PageAsk) {
    return mapPage(await documentPage<NotificationDoc>(this.models.notifications, 'broadcasts', { userId: null }, ask), (d) => toNotification(d));
  }

  /** A page of a user's notifications (to everyone and to them), newest first, each with this user's read flag. */
  async userNotificationPage(userId: string, ask: PageAsk, language = 'en') {
    // Theirs and everyone's, each read in order from (userId, createdAt, _id), merged (decision 0086).
    const page = await documentPageOfAny<NotificationDoc>(this.models.notifications, 'notifications', [{ userId }, { userId: null }], ask);
    const read = await this.readOf(userId, page.items);
    return mapPage(page, (d) => toNotification(d, read.has(d._id), language));
  }

  private async readOf(userId: string, docs: NotificationDoc[]): Promise<Set<string>> {
    if (docs.length === 0) return new Set();
    const reads = await this.models.reads
      .find({ userId, ...anyOf('notificationId', docs.map((d) => d._id)) }, { notificationId: 1 })
      .lean<{ notificationId: string }[]>();
    return new Set(reads.map((r) => r.notificationId));
  }

  async deleteBroadcast(id: string): Promise<boolean> {
    const { deletedCount } = await this.models.notifications.deleteOne({ _id: id, userId: null });
    return deletedCount > 0;
  }

  /** A user's notifications among their newest LIST_LIMIT (to everyone and to them), each with this user's read flag: the unread ones (the bell), or all. */
  async userNotifications(userId: string, all: boolean, language = 'en'): Promise<messagingV1.Notification[]> {
    // Theirs and everyone's newest, each read in order from (userId, createdAt, _id), merged (decision 0086).
    const newest = (filter: Record<string, unknown>) =>
      this.models.notifications.find(filter).sort(newestSort()).limit(LIST_LIMIT).lean<NotificationDoc[]>();
    const docs = (await Promise.all([newest({ userId }), newest({ userId: null })]))
      .flat()
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0))
      .slice(0, LIST_LIMIT);
    const read = await this.readOf(userId, docs);
    return docs.filter((d) => all || !read.has(d._id)).map((d) => toNotification(d, read.has(d._id), language));
  }

  /** How many of a user's notifications they have not read. */
  async unreadCount(userId: string): Promise<number> {
    return (await this.userNotifications(userId, false)).length;
  }

  /** Marks one read for this user; false when it is not one of theirs. Idempotent. */
  async markRead(userId: string, notificationId: string): Promise<boolean> {
    if (!(await this.models.notifications.exists({ _id: notificationId, ...anyOf<string | null>('userId', [null, userId]) }))) return false;
    try {
      await this.models.reads.updateOne(
        { _id: `${userId}:${notificationId}` },
        { $setOnInsert: { userId, notificationId, at: new Date() } },
        { upsert: true },
      );
    } catch (err) {
      if (!isDuplicateKey(err)) throw err; // marked at the same moment by another request
    }
    return true;
  }

  async changesAfter(after: number): Promise<{ changes: { seq: number; userId: string }[]; latest: number }> {
    const latest = await this.lastSeq();
    if (after >= latest) return { changes: [], latest };
    const docs = await this.models.notifications
      .find({ seq: { $gt: after } }, { seq: 1, userId: 1 })
      .sort({ seq: 1 })
      .limit(1000)
      .lean<{ seq: number; userId: string | null }[]>();
    return { changes: docs.map((d) => ({ seq: d.seq, userId: d.userId ?? '' })), latest };
  }
}
