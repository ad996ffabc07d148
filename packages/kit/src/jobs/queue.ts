/**
 * The durable job queue (decision 0052): one job per key in a table or collection of its owner,
 * claimed with a lease so that any number of processes share the queue and a job whose worker died
 * is taken again, by any worker, once its lease ends. A job is queued, running (claimed: its lease
 * ends at `next attempt at`), done or failed; the owner keeps what the job is about in the same row
 * or document and may name the done and failed states as it likes (`JobStates`).
 *
 * Two adapters: SqlJobQueue (the SQL port, `FOR UPDATE SKIP LOCKED`) and DocumentJobQueue (the
 * document-store port, a lease document per claim, decision 0041). Both pass jobs.contract.ts.
 */

/** The names the owner's table or collection gives the four states. */
export interface JobStates {
  queued: string;
  running: string;
  done: string;
  failed: string;
}

/** A job this worker holds. `claim` identifies the claim: a write with a claim that is no longer the job's is refused. */
export interface ClaimedJob<T> {
  readonly key: string;
  /** Attempts so far, this one included. */
  readonly attempts: number;
  claim: string;
  /** The job's row or document as claimed. */
  readonly data: T;
}

/** Columns (SQL) or fields (documents) written with a change of state: names come from code, never from input. */
export type JobFields = Record<string, unknown>;

export interface JobQueue<T> {
  /** Queues a new job under `key` with its own `fields`; false when the key was queued before (kept as it is). */
  enqueue(key: string, fields?: JobFields): Promise<boolean>;
  /** Claims the next job due (queued and due, or running with its lease ended); null when none is. */
  claim(): Promise<ClaimedJob<T> | null>;
  /** Extends the claim's lease (and writes `fields`); false when the job is no longer this claim's. */
  renew(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean>;
  /** The job is done; false when it is no longer this claim's (nothing written). */
  complete(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean>;
  /** The attempt failed: queued again after `delayMs`. */
  retry(job: ClaimedJob<T>, delayMs: number, fields?: JobFields): Promise<boolean>;
  /** The job failed for good. */
  giveUp(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean>;
  /** The attempt is handed back unfinished (its worker stops): due again at once, the attempt not counted. */
  release(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean>;
}

/** Thrown by a handler whose job is no longer its claim's (queued anew, or taken over after its lease ended). */
export class JobLost extends Error {
  constructor(message = 'the job is no longer this claim’s') {
    super(message);
  }
}

/** A pause growing `factor` times per attempt from `baseMs`, at most `maxMs`. */
export const backoffMs = (attempts: number, baseMs: number, factor = 2, maxMs = Number.POSITIVE_INFINITY) =>
  Math.min(maxMs, baseMs * factor ** Math.max(0, attempts - 1));

/** Only identifiers go into SQL text and update documents as names. */
export function checkFieldNames(fields: JobFields | undefined): JobFields {
  for (const name of Object.keys(fields ?? {})) if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`not a field name: ${name}`);
  return fields ?? {};
}
