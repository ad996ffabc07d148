import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { claimLease, createLeaseIndexes, pruneExpiredLeases } from '../documents/lease';
import type { DocumentStore } from './documents';

/** Hooks and tests talk to real servers: jest's project-level testTimeout is not honoured, so set it here. */
const TIMEOUT = 60_000;

const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;

/**
 * The document-store port's contract (decision 0041), run against every server it is used with:
 * FerretDB on PostgreSQL (MONGODB_URL), FerretDB on SQLite (the embedded server) and FerretDB in a
 * container started by testcontainers. Each suite works in a database of its own, dropped at the end.
 * What it checks is what messaging relies on without multi-document transactions: unique keys,
 * idempotent upserts by event id, claims with a lease, newest-first reads by an index, counts.
 */
export function describeDocumentStoreContract(name: string, open: () => Promise<DocumentStore>): void {
  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;
    let db: Connection;

    beforeAll(async () => {
      store = await open();
      db = store.connection.useDb(`dsc_${randomUUID().replace(/-/g, '').slice(0, 12)}`, { useCache: false });
    }, TIMEOUT);
    afterAll(async () => {
      await db?.dropDatabase().catch(() => {});
      await store?.close();
    }, TIMEOUT);

    it('hands out a connection that answers', async () => {
      expect(store.connection.readyState).toBe(1);
      const pong = await store.connection.db!.admin().command({ ping: 1 });
      expect(pong.ok).toBe(1);
    });

    it('a unique index refuses a duplicate with code 11000', async () => {
      const Mailbox = db.model('Mailbox', new Schema({ address: { type: String, required: true, unique: true }, n: Number }), 'mailboxes');
      await Mailbox.createIndexes();
      await Mailbox.create({ address: 'a@example.com', n: 1 });
      const err = await Mailbox.create({ address: 'a@example.com', n: 2 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDuplicateKey(err)).toBe(true);
      expect(await Mailbox.countDocuments({ address: 'a@example.com' })).toBe(1);
      expect((await Mailbox.findOne({ address: 'a@example.com' }).lean())?.n).toBe(1);
    }, TIMEOUT);

    it('an upsert keyed by the event id with $setOnInsert writes once, however often the event comes', async () => {
      const Notice = db.model(
        'Notice',
        new Schema({ eventId: { type: String, required: true, unique: true }, userId: String, title: String, createdAt: Date }),
        'notices',
      );
      await Notice.createIndexes();
      const deliver = (title: string) =>
        Notice.updateOne(
          { eventId: 'evt-1' },
          { $setOnInsert: { eventId: 'evt-1', userId: 'u1', title, createdAt: new Date() } },
          { upsert: true },
        );
      const first = await deliver('first');
      expect(first.upsertedCount).toBe(1);
      const again = await deliver('second');
      expect(again.upsertedCount).toBe(0);
      expect(again.matchedCount).toBe(1);
      expect(again.modifiedCount).toBe(0);
      // Delivered at once by several consumers: one document; a racing insert may see the unique key's
      // refusal (11000), which means "already written".
      const raced = await Promise.allSettled(
        Array.from({ length: 8 }, () =>
          Notice.updateOne({ eventId: 'evt-2' }, { $setOnInsert: { eventId: 'evt-2', userId: 'u1', title: 'raced' } }, { upsert: true }),
        ),
      );
      for (const r of raced) if (r.status === 'rejected') expect(isDuplicateKey(r.reason)).toBe(true);
      expect(await Notice.countDocuments({ eventId: 'evt-1' })).toBe(1);
      expect(await Notice.countDocuments({ eventId: 'evt-2' })).toBe(1);
      expect((await Notice.findOne({ eventId: 'evt-1' }).lean())?.title).toBe('first');
    }, TIMEOUT);

    it('findOneAndUpdate claims work with a lease: not given while the lease runs, handed on when it expires', async () => {
      // One claimer at a time. FerretDB v1 does NOT make findOneAndUpdate atomic between racing
      // claimers (it reads, then writes the document back): racing claims go through claimLease (below).
      const Job = db.model(
        'Job',
        new Schema({ key: { type: String, unique: true }, state: String, owner: String, leaseUntil: Date, attempts: Number }),
        'jobs',
      );
      await Job.createIndexes();
      await Job.create({ key: 'mail-1', state: 'queued', owner: null, leaseUntil: new Date(0), attempts: 0 });
      const claim = (owner: string, leaseMs: number) => {
        const now = new Date();
        return Job.findOneAndUpdate(
          { state: 'queued', leaseUntil: { $lte: now } },
          { $set: { owner, leaseUntil: new Date(now.getTime() + leaseMs) }, $inc: { attempts: 1 } },
          { sort: { leaseUntil: 1 }, returnDocument: 'after' },
        ).lean();
      };
      const first = await claim('worker-a', 700);
      expect(first?.owner).toBe('worker-a');
      expect(first?.attempts).toBe(1);
      // While the lease runs nobody else gets it.
      expect(await claim('worker-b', 700)).toBeNull();
      // worker-a "dies"; once the lease has run out the work is handed on.
      await new Promise((r) => setTimeout(r, 900));
      const second = await claim('worker-b', 60_000);
      expect(second?.owner).toBe('worker-b');
      expect(second?.attempts).toBe(2);
      // Done: marked by its holder only (a late worker-a finds nothing to mark).
      const lateA = await Job.updateOne({ key: 'mail-1', owner: 'worker-a' }, { $set: { state: 'sent' } });
      expect(lateA.modifiedCount).toBe(0);
      const doneB = await Job.updateOne({ key: 'mail-1', owner: 'worker-b' }, { $set: { state: 'sent' } });
      expect(doneB.modifiedCount).toBe(1);
      expect(await claim('worker-c', 700)).toBeNull();
    }, TIMEOUT);

    it('claimLease: of claimers racing for one key exactly one wins; a dead holder’s lease hands the work on once expired', async () => {
      await createLeaseIndexes(db, 'leases');
      for (let round = 0; round < 5; round++) {
        const key = `mail:${round}`;
        const got = await Promise.all(Array.from({ length: 6 }, (_, i) => claimLease(db, { key, owner: `w${i}`, leaseMs: 600 })));
        const winners = got.filter((l) => l !== null);
        expect(winners).toHaveLength(1);
        expect(winners[0]?.generation).toBe(1);
        // The holder "dies": nobody gets it while its lease runs ...
        expect(await claimLease(db, { key, owner: 'late', leaseMs: 600 })).toBeNull();
      }
      await new Promise((r) => setTimeout(r, 700));
      // ... and once it has expired, racing claimers again make exactly one next holder.
      for (let round = 0; round < 5; round++) {
        const key = `mail:${round}`;
        const got = await Promise.all(Array.from({ length: 6 }, (_, i) => claimLease(db, { key, owner: `v${i}`, leaseMs: 60_000 })));
        const winners = got.filter((l) => l !== null);
        expect(winners).toHaveLength(1);
        expect(winners[0]?.generation).toBe(2);
      }
    }, TIMEOUT);

    it('pruneExpiredLeases forgets only long-expired leases under its prefix; a pruned key starts again at generation 1', async () => {
      await createLeaseIndexes(db, 'leases');
      const hourAgo = new Date(Date.now() - 3_600_000);
      // Slots held for a minute an hour ago (long expired), one held now, and another prefix's old one.
      for (const key of ['cap:a@x:0', 'cap:b@x:0']) expect(await claimLease(db, { key, owner: 'old', leaseMs: 60_000, now: hourAgo })).not.toBeNull();
      expect(await claimLease(db, { key: 'cap:c@x:0', owner: 'now', leaseMs: 60_000 })).not.toBeNull();
      expect(await claimLease(db, { key: 'mail:keep', owner: 'old', leaseMs: 60_000, now: hourAgo })).not.toBeNull();

      expect(await pruneExpiredLeases(db, { keyPrefix: 'cap:', expiredForMs: 30 * 60_000 })).toBe(2);
      const left = (await db.collection('leases').find({ key: { $in: ['cap:a@x:0', 'cap:b@x:0', 'cap:c@x:0', 'mail:keep'] } }).toArray()).map((d) => d.key).sort();
      expect(left).toEqual(['cap:c@x:0', 'mail:keep']);
      // The running lease still refuses; a pruned key is claimed anew.
      expect(await claimLease(db, { key: 'cap:c@x:0', owner: 'other', leaseMs: 60_000 })).toBeNull();
      expect((await claimLease(db, { key: 'cap:a@x:0', owner: 'new', leaseMs: 60_000 }))?.generation).toBe(1);
    }, TIMEOUT);

    it('reads a user’s documents newest first through an index, and counts them', async () => {
      const schema = new Schema({ userId: String, seq: Number, readAt: Date, createdAt: Date });
      schema.index({ userId: 1, createdAt: -1 });
      schema.index({ userId: 1, readAt: 1 });
      const Feed = db.model('Feed', schema, 'feed');
      await Feed.createIndexes();
      const base = Date.UTC(2026, 0, 1);
      await Feed.insertMany(
        Array.from({ length: 12 }, (_, i) => ({
          userId: i % 3 === 0 ? 'other' : 'me',
          seq: i,
          readAt: i % 2 === 0 ? new Date(base) : null,
          createdAt: new Date(base + ((i * 7) % 12) * 60_000),
        })),
      );
      const names = (await Feed.listIndexes()).map((ix: { key: Record<string, number> }) => JSON.stringify(ix.key));
      expect(names).toEqual(expect.arrayContaining([JSON.stringify({ userId: 1, createdAt: -1 }), JSON.stringify({ userId: 1, readAt: 1 })]));

      const mine = await Feed.find({ userId: 'me' }).sort({ createdAt: -1, _id: -1 }).limit(5).lean();
      const times = mine.map((d) => d.createdAt!.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const all = await Feed.find({ userId: 'me' }).lean();
      expect(all).toHaveLength(8);
      expect(times[0]).toBe(Math.max(...all.map((d) => d.createdAt!.getTime())));
      // Keyset paging: the next page starts strictly before the last one seen.
      const next = await Feed.find({ userId: 'me', createdAt: { $lt: mine[4]!.createdAt } }).sort({ createdAt: -1 }).lean();
      expect(next).toHaveLength(3);

      expect(await Feed.countDocuments({ userId: 'me' })).toBe(8);
      expect(await Feed.countDocuments({ userId: 'me', readAt: null })).toBe(4);
      expect(await Feed.countDocuments({ userId: 'nobody' })).toBe(0);
      await Feed.updateMany({ userId: 'me', readAt: null }, { $set: { readAt: new Date() } });
      expect(await Feed.countDocuments({ userId: 'me', readAt: null })).toBe(0);
    }, TIMEOUT);
  });
}
