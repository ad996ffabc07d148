import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { claimLease, dropLeases, latestLease, renewLease, type Lease } from '../documents/lease';
import { checkFieldNames, type ClaimedJob, type JobFields, type JobQueue, type JobStates } from './queue';

export interface DocumentJobQueueOptions {
  /** The owner's collection: a job is a document whose _id is its key, with the fields `state`, `attempts` and `nextAttemptAt`. */
  collection: string;
  /** Where the claims' leases are kept (claimLease). */
  leases: string;
  /** The prefix of a job's lease key (`<prefix><key>`), telling the owner's jobs from other leases. */
  leasePrefix: string;
  states: JobStates;
  /** A claim's lease (renew() extends it). */
  leaseMs: number;
  /** The order due jobs are taken in (default: the earliest due first). */
  sort?: Record<string, 1 | -1>;
  /** Due jobs read at once (default 25): one read serves that many claims. */
  readAhead?: number;
  /** The fields a claim may be scoped by (`claim(filter)`): copied to each job's entry in the due list. */
  scopeFields?: string[];
}

interface JobDoc {
  _id: string;
  state: string;
  attempts?: number;
  nextAttemptAt?: Date;
}

/** A job's entry in the due list: when it may be claimed, and the fields claims are scoped and sorted by. */
interface DueEntry {
  _id: string;
  nextAttemptAt: Date;
  [field: string]: unknown;
}

/**
 * The job queue on the document-store port. FerretDB v1's findOneAndUpdate is not atomic (decision
 * 0041), so a claim is a lease document (claimLease: an insert under a unique key, which the server
 * does enforce): its holder is the job's one writer until the lease ends, re-reads the job (a
 * previous holder may have finished it) and marks it running, with `nextAttemptAt` at the lease's
 * end, as a row is in SqlJobQueue. A write of a later attempt checks first that no newer lease was taken.
 *
 * Claims look for due jobs in a due list (`<collection>_due`), not in the owner's collection:
 * FerretDB v1 reads every document of a collection for such a query, and the owner keeps its
 * finished jobs (sent mails, for 30 days), so each look grew with everything ever sent (decision
 * 0060). An entry is written before its job, and removed only after the job is finished; an entry
 * whose job is finished or missing (a crash between the two writes) is removed by the claim that
 * finds it, so the list is only ever a hint, and the job's own document decides. Jobs queued before
 * the list existed get entries at this process's first claim.
 */
export class DocumentJobQueue<T = Record<string, unknown>> implements JobQueue<T> {
  /** This process among the workers (whose lease is whose, in the leases). */
  private readonly owner = randomUUID();
  /** Due jobs read ahead, per filter: each is claimed and re-read before it is run. */
  private readonly ahead = new Map<string, string[]>();
  /**
   * Jobs this process queued, newest last, with their fields: a claim takes them without reading the
   * due list, once what it read ahead is used up. Bounded: the oldest are forgotten (the next read finds them).
   */
  private readonly queuedHere: { key: string; fields: JobFields }[] = [];
  /** When each filter's due jobs were last read. */
  private readonly lastRead = new Map<string, number>();

  /** The entries of jobs queued before the due list existed, once per process (at its first claim). */
  private listed: Promise<void> | undefined;
  /** The job fields an entry holds besides its due time: those claims are scoped and sorted by. */
  private readonly entryFields: string[];

  constructor(
    private readonly connection: Connection,
    private readonly options: DocumentJobQueueOptions,
  ) {
    this.entryFields = [...new Set([...(options.scopeFields ?? []), ...Object.keys(options.sort ?? {})])].filter((name) => name !== 'nextAttemptAt');
  }

  private get jobs() {
    return this.connection.collection<JobDoc>(this.options.collection);
  }

  private get dueList() {
    return this.connection.collection<DueEntry>(`${this.options.collection}_due`);
  }

  /** A job's entry: its due time, and its fields that claims are scoped and sorted by. */
  private entry(key: string, nextAttemptAt: Date, fields: JobFields): DueEntry {
    const entry: DueEntry = { _id: key, nextAttemptAt };
    for (const name of this.entryFields) if (name in fields) entry[name] = fields[name];
    return entry;
  }

  /** Unfinished jobs without an entry get one (written by an older version, or by another writer). */
  private listUnlisted(): Promise<void> {
    this.listed ??= (async () => {
      const { queued, running } = this.options.states;
      const projection = Object.fromEntries(['nextAttemptAt', ...this.entryFields].map((name) => [name, 1]));
      const unfinished = await this.jobs.find({ state: { $in: [queued, running] } }, { projection }).toArray();
      if (unfinished.length === 0) return;
      const entries = unfinished.map((doc) => this.entry(doc._id, doc.nextAttemptAt ?? new Date(), doc as unknown as JobFields));
      await this.dueList.insertMany(entries, { ordered: false }).catch((err: unknown) => {
        if (!isOnlyDuplicates(err)) throw err; // listed already
      });
    })().catch((err: unknown) => {
      this.listed = undefined; // tried again by the next claim
      throw err;
    });
    return this.listed;
  }

  /** Queued or running: a job not finished (done or failed). */
  private isUnfinished(state: unknown): boolean {
    return state === this.options.states.queued || state === this.options.states.running;
  }

  /** A job's entry after its state changed: moved to its due time while it is unfinished, else removed. */
  private async placeEntry(key: string, state: unknown, nextAttemptAt: Date | undefined): Promise<void> {
    if (this.isUnfinished(state)) await this.dueList.updateOne({ _id: key }, { $set: { nextAttemptAt: nextAttemptAt ?? new Date() } });
    else await this.dueList.deleteOne({ _id: key });
  }

  /** Whether a job, as read, may be claimed now by a claim scoped by `filter`. */
  private isDue(doc: JobDoc, filter: JobFields): boolean {
    return hasFields(doc as unknown as JobFields, filter) && this.isUnfinished(doc.state) && !!doc.nextAttemptAt && doc.nextAttemptAt.getTime() <= Date.now();
  }

  async enqueue(key: string, fields?: JobFields): Promise<boolean> {
    const now = new Date();
    // The entry first: a crash between the two writes leaves an entry without a job (removed by the
    // claim that finds it), never a job no claim finds. A key queued before keeps its entry, or (its
    // job finished) gets one that the next claim removes.
    await this.dueList.insertOne(this.entry(key, now, checkFieldNames(fields))).catch((err: unknown) => {
      if ((err as { code?: unknown }).code !== 11000) throw err;
    });
    try {
      await this.jobs.insertOne({ ...checkFieldNames(fields), _id: key, state: this.options.states.queued, attempts: 0, nextAttemptAt: now });
      this.queuedHere.push({ key, fields: fields ?? {} });
      if (this.queuedHere.length > QUEUED_HERE_KEPT) this.queuedHere.shift();
      return true;
    } catch (err) {
      if ((err as { code?: unknown }).code === 11000) return false; // queued before, or meanwhile by another
      throw err;
    }
  }

  /**
   * Queues new jobs at once (an owner's batch: a mass mail's recipients), entries first. The keys
   * must be new: a key queued before fails the call, as an insert of a taken _id does.
   */
  async enqueueNew(jobs: { key: string; fields?: JobFields }[]): Promise<void> {
    if (jobs.length === 0) return;
    const now = new Date();
    await this.dueList.insertMany(jobs.map((job) => this.entry(job.key, now, checkFieldNames(job.fields))));
    await this.jobs.insertMany(jobs.map((job) => ({ ...checkFieldNames(job.fields), _id: job.key, state: this.options.states.queued, attempts: 0, nextAttemptAt: now })));
  }

  /** Claims the next due job among those matching `filter` (fields of the owner's documents, among `scopeFields`). */
  async claim(filter: JobFields = {}, fields?: JobFields): Promise<ClaimedJob<T> | null> {
    for (const name of Object.keys(filter)) if (!this.options.scopeFields?.includes(name)) throw new Error(`a claim scoped by ${name}, which is not among the queue's scopeFields`);
    await this.listUnlisted();
    const scope = JSON.stringify(filter);
    let ahead = this.ahead.get(scope) ?? [];
    // Jobs queued elsewhere, and retries come due, are found by a read: at least every few seconds.
    if (ahead.length === 0 && Date.now() - (this.lastRead.get(scope) ?? 0) < READ_AT_LEAST_EVERY_MS) ahead = this.takeQueuedHere(filter);
    this.ahead.set(scope, ahead);
    const found = await this.claimFrom(ahead, filter, fields);
    if (found) return found;
    this.lastRead.set(scope, Date.now());
    // Read once for several claims: FerretDB runs this as a scan of the due list.
    const docs = await this.dueList
      .find({ ...filter, nextAttemptAt: { $lte: new Date() } }, { projection: { _id: 1 } })
      .sort(this.options.sort ?? { nextAttemptAt: 1 })
      .limit(this.options.readAhead ?? 25)
      .toArray();
    const keys = docs.map((d) => d._id);
    this.ahead.set(scope, keys);
    return this.claimFrom(keys, filter, fields);
  }

  /**
   * A job found through its entry but not taken: its lease (just taken) goes, and its entry is
   * removed when the job is finished or missing, or set to the job's own due time when it is not due
   * yet (another scope's, or retried meanwhile).
   */
  private async relist(key: string, doc: JobDoc | null): Promise<void> {
    await dropLeases(this.connection, this.leaseKey(key), this.options.leases);
    await this.placeEntry(key, doc?.state, doc?.nextAttemptAt);
  }

  /** The keys this process queued whose fields match `filter` (taken off the list): none other is claimed through them. */
  private takeQueuedHere(filter: JobFields): string[] {
    const taken = this.queuedHere.filter((job) => hasFields(job.fields, filter));
    for (const job of taken) this.queuedHere.splice(this.queuedHere.indexOf(job), 1);
    return taken.map((job) => job.key);
  }

  private forgetQueuedHere(key: string): void {
    const at = this.queuedHere.findIndex((job) => job.key === key);
    if (at >= 0) this.queuedHere.splice(at, 1);
  }

  /** Claims the first of `keys` (taken off it) that is still due and whose lease this process wins. */
  private async claimFrom(keys: string[], filter: JobFields, fields?: JobFields): Promise<ClaimedJob<T> | null> {
    for (let key = keys.shift(); key !== undefined; key = keys.shift()) {
      const lease = await claimLease(this.connection, { key: this.leaseKey(key), owner: this.owner, leaseMs: this.options.leaseMs, collection: this.options.leases });
      if (!lease) continue;
      // The lease's holder is the job's one writer; it may have been finished meanwhile. Read by its
      // _id alone and judged here: FerretDB v1 reads the whole collection for any other filter.
      const doc = await this.jobs.findOne({ _id: key });
      if (!doc || !this.isDue(doc, filter)) {
        await this.relist(key, doc);
        continue;
      }
      const attempts = (doc.attempts ?? 0) + 1;
      const set = { ...checkFieldNames(fields), state: this.options.states.running, attempts, nextAttemptAt: lease.until };
      await this.jobs.updateOne({ _id: key }, { $set: set });
      await this.dueList.updateOne({ _id: key }, { $set: { nextAttemptAt: lease.until } });
      this.forgetQueuedHere(key); // found by a read before this process took it from its own list
      return { key, attempts, claim: claimOf(lease), data: { ...doc, ...set } as unknown as T };
    }
    return null;
  }

  async renew(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean> {
    const held = await this.held(job);
    const lease = held && (await renewLease(this.connection, held, this.options.leaseMs, this.options.leases));
    if (!lease) return false;
    job.claim = claimOf(lease);
    await this.jobs.updateOne({ _id: job.key }, { $set: { ...checkFieldNames(fields), nextAttemptAt: lease.until } });
    await this.dueList.updateOne({ _id: job.key }, { $set: { nextAttemptAt: lease.until } });
    return true;
  }

  complete(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean> {
    return this.end(job, { state: this.options.states.done, ...fields });
  }

  retry(job: ClaimedJob<T>, delayMs: number, fields?: JobFields): Promise<boolean> {
    return this.end(job, { state: this.options.states.queued, nextAttemptAt: new Date(Date.now() + Math.max(0, delayMs)), ...fields });
  }

  giveUp(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean> {
    return this.end(job, { state: this.options.states.failed, ...fields });
  }

  release(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean> {
    return this.end(job, { state: this.options.states.queued, attempts: Math.max(0, job.attempts - 1), nextAttemptAt: new Date(), ...fields });
  }

  /**
   * Writes the job's new state, then drops its leases (it is no one's now). Written by its _id alone:
   * the lease, checked just before, makes this claim the job's one writer, and FerretDB v1 reads the
   * whole collection for any other filter (a mail's end cost more than its sending).
   */
  private async end(job: ClaimedJob<T>, fields: JobFields): Promise<boolean> {
    if (!(await this.held(job))) return false;
    await this.jobs.updateOne({ _id: job.key }, { $set: checkFieldNames(fields) });
    // After the job's write: a crash between the two leaves an entry, which a claim removes.
    await this.placeEntry(job.key, fields.state, fields.nextAttemptAt as Date | undefined);
    await dropLeases(this.connection, this.leaseKey(job.key), this.options.leases);
    return true;
  }

  /** The job's newest lease when it is still this claim's (no one took the job over after it ended), else null. */
  private async held(job: ClaimedJob<T>): Promise<Lease | null> {
    const last = await latestLease(this.connection, this.leaseKey(job.key), this.options.leases);
    return last && claimOf(last) === job.claim ? last : null;
  }

  private leaseKey(key: string): string {
    return `${this.options.leasePrefix}${key}`;
  }
}

/** How many jobs queued here are remembered for claims without a read. */
const QUEUED_HERE_KEPT = 100;
/** A claim reads the due jobs at least this often, even while this process's own keep it busy. */
const READ_AT_LEAST_EVERY_MS = 5_000;

/** Whether `fields` hold each of `filter`'s values (the equality filters a claim is scoped by). */
const hasFields = (fields: JobFields, filter: JobFields) => Object.entries(filter).every(([name, value]) => fields[name] === value);

const claimOf = (lease: Lease) => `${lease.owner}#${lease.generation}`;

/** An unordered insertMany whose only failures were taken _ids. */
function isOnlyDuplicates(err: unknown): boolean {
  const errors = (err as { writeErrors?: { code?: number }[] | { code?: number } }).writeErrors;
  const list = Array.isArray(errors) ? errors : errors ? [errors] : [];
  return (err as { code?: unknown }).code === 11000 || (list.length > 0 && list.every((e) => e.code === 11000));
}
