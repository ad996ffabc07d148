import type { Connection } from 'mongoose';

/**
 * Leases on FerretDB v1 (decision 0041). Its findAndModify (findOneAndUpdate) and update read the
 * matching documents, then write each whole document back by _id: two racing claimers can both
 * "win" the same document, and two racing updates of one document can lose one of them. What the
 * server does enforce atomically is a unique key: of several inserts of one _id, exactly one succeeds
 * and the others get 11000.
 *
 * So a lease is a document inserted under `<key>#<generation>`: the claimer whose insert succeeds holds
 * generation n until `until`; once that has passed, whoever inserts generation n+1 takes the work on.
 * Nothing needs releasing after a crash: an expired lease hands the work on by itself. The work's own
 * document is then written only by the lease's holder (one writer at a time), and a claimer re-reads
 * it after claiming (the work may have been finished by the previous holder meanwhile).
 */
export interface Lease {
  key: string;
  generation: number;
  owner: string;
  until: Date;
}

interface LeaseDoc extends Lease {
  _id: string;
}

export const DEFAULT_LEASE_COLLECTION = 'leases';

/** The index claimLease reads by (make it at start, with the owner's other indexes). */
export async function createLeaseIndexes(connection: Connection, collection = DEFAULT_LEASE_COLLECTION): Promise<void> {
  await connection.collection<LeaseDoc>(collection).createIndex({ key: 1, generation: -1 }, { name: 'key_generation' });
}

/**
 * Claims `key` for `leaseMs` when nobody holds an unexpired lease on it: the new lease, or null when
 * another holder's lease runs, or another claimer won the race.
 */
export async function claimLease(
  connection: Connection,
  options: { key: string; owner: string; leaseMs: number; now?: Date; collection?: string },
): Promise<Lease | null> {
  const now = options.now ?? new Date();
  const last = await latestLease(connection, options.key, options.collection);
  if (last && last.until.getTime() > now.getTime()) return null;
  return insertGeneration(connection, { key: options.key, generation: (last?.generation ?? 0) + 1, owner: options.owner, until: new Date(now.getTime() + options.leaseMs) }, options.collection);
}

/** The newest lease on `key` (running or ended), or null when none is kept. */
export async function latestLease(connection: Connection, key: string, collection = DEFAULT_LEASE_COLLECTION): Promise<Lease | null> {
  const last = await connection.collection<LeaseDoc>(collection).find({ key }).sort({ generation: -1 }).limit(1).next();
  return last ? { key: last.key, generation: last.generation, owner: last.owner, until: last.until } : null;
}

/**
 * Extends `lease` by taking its next generation for `leaseMs` from now: the holder's while its lease
 * runs (no claimer inserts over a running lease), raced for like a claim once it ended. The new lease,
 * or null when another claimer took the key over.
 */
export function renewLease(connection: Connection, lease: Lease, leaseMs: number, collection?: string): Promise<Lease | null> {
  return insertGeneration(connection, { ...lease, generation: lease.generation + 1, until: new Date(Date.now() + leaseMs) }, collection);
}

/** Inserts a generation of a lease: exactly one of racing inserts succeeds (the unique _id). */
async function insertGeneration(connection: Connection, lease: Lease, collection = DEFAULT_LEASE_COLLECTION): Promise<Lease | null> {
  const leases = connection.collection<LeaseDoc>(collection);
  try {
    await leases.insertOne({ _id: `${lease.key}#${lease.generation}`, ...lease });
  } catch (err) {
    if ((err as { code?: unknown }).code === 11000) return null;
    throw err;
  }
  // Earlier generations are history now (best effort: a failure leaves them to the next claim). The
  // first has none (FerretDB v1 would read the whole collection to find that out).
  if (lease.generation > 1) await leases.deleteMany({ key: lease.key, generation: { $lt: lease.generation } }).catch(() => {});
  return lease;
}

/** Forgets every lease on `key` (once its work is done and marked so on the work's own document). */
export async function dropLeases(connection: Connection, key: string, collection = DEFAULT_LEASE_COLLECTION): Promise<void> {
  await connection.collection<LeaseDoc>(collection).deleteMany({ key });
}

/**
 * Forgets leases on keys starting with `keyPrefix` that expired more than `expiredForMs` ago (held
 * for a time window, as the mail cap's slots, they are never dropped by their work). A claimer that
 * read such a lease just before it went could race one that then finds none: both would hold
 * (generations n+1 and 1). Pruning only leases long expired keeps that to a claim landing in the
 * same instant as the prune, on a key idle for `expiredForMs`; callers choose work where one extra
 * holder once is harmless (one mail over a courtesy cap). Returns how many were deleted.
 */
export async function pruneExpiredLeases(
  connection: Connection,
  options: { keyPrefix: string; expiredForMs: number; now?: Date; collection?: string },
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.expiredForMs);
  const prefix = `^${options.keyPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  const { deletedCount } = await connection
    .collection<LeaseDoc>(options.collection ?? DEFAULT_LEASE_COLLECTION)
    .deleteMany({ key: { $regex: prefix }, until: { $lt: cutoff } });
  return deletedCount;
}
