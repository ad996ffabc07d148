import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../ports/sql';
import { checkFieldNames, type ClaimedJob, type JobFields, type JobQueue, type JobStates } from './queue';

export interface SqlJobQueueOptions {
  /** The owner's table, schema-qualified (`learning.hls_job`), with the columns `state`, `attempts` and `next_attempt_at`. */
  table: string;
  /** Its primary key column (text). */
  key: string;
  /** The column holding the running attempt's claim (text; null when none runs). */
  claimColumn: string;
  states: JobStates;
  /** A claim's lease (renew() extends it). */
  leaseMs: number;
  /** A timestamp column set to now() with every write, if the table has one. */
  touched?: string;
  /** Columns every claim sets (an attempt's progress starting again). */
  claimed?: JobFields;
}

const NAME = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/i;

/**
 * The job queue on the SQL port: a claim is one UPDATE of the next due row, picked with
 * `FOR UPDATE SKIP LOCKED` (racing workers each take another row), that counts the attempt, stores a
 * random claim and moves `next_attempt_at` to the lease's end. Every later write of the attempt
 * names its claim, so an attempt whose job was taken over (or queued anew) writes nothing.
 */
export class SqlJobQueue<T = Record<string, unknown>> implements JobQueue<T> {
  private readonly t: string;
  private readonly k: string;
  private readonly c: string;
  private readonly touch: string;

  constructor(
    private readonly sql: SqlExecutor,
    private readonly options: SqlJobQueueOptions,
  ) {
    for (const name of [options.table, options.key, options.claimColumn, options.touched ?? 'x']) if (!NAME.test(name)) throw new Error(`not a SQL name: ${name}`);
    this.t = options.table;
    this.k = options.key;
    this.c = options.claimColumn;
    this.touch = options.touched ? `, ${options.touched} = now()` : '';
  }

  /** The same queue on another executor: a transaction's, so a job's result and its completion commit together. */
  on(executor: SqlExecutor): SqlJobQueue<T> {
    return new SqlJobQueue<T>(executor, this.options);
  }

  async enqueue(key: string, fields?: JobFields): Promise<boolean> {
    const own = Object.entries(checkFieldNames(fields));
    const columns = [this.k, 'state', 'attempts', 'next_attempt_at', ...own.map(([name]) => name)];
    const values = ['$1', '$2', '0', 'now()', ...own.map((_, i) => `$${i + 3}`)];
    const { rowCount } = await this.sql.query(
      `INSERT INTO ${this.t} (${columns.join(', ')}) VALUES (${values.join(', ')}) ON CONFLICT (${this.k}) DO NOTHING`,
      [key, this.options.states.queued, ...own.map(([, value]) => value)],
    );
    return rowCount > 0;
  }

  async claim(): Promise<ClaimedJob<T> | null> {
    const claim = randomBytes(6).toString('hex');
    const { queued, running } = this.options.states;
    const own = Object.entries(checkFieldNames(this.options.claimed));
    const { rows } = await this.sql.query<T & Record<string, unknown>>(
      `UPDATE ${this.t} SET state = $2, attempts = attempts + 1, ${this.c} = $1,${own.map(([name], i) => ` ${name} = $${i + 5},`).join('')}
              next_attempt_at = now() + make_interval(secs => $4::double precision)${this.touch}
        WHERE ${this.k} = (SELECT ${this.k} FROM ${this.t} WHERE state IN ($3, $2) AND next_attempt_at <= now()
                            ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [claim, running, queued, this.options.leaseMs / 1000, ...own.map(([, value]) => value)],
    );
    const row = rows[0];
    return row ? { key: String(row[this.k]), attempts: Number(row.attempts), claim, data: row } : null;
  }

  renew(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean> {
    return this.write(job, { ...fields }, `next_attempt_at = now() + make_interval(secs => ${Number(this.options.leaseMs) / 1000})`);
  }

  complete(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean> {
    return this.write(job, { state: this.options.states.done, [this.c]: null, ...fields });
  }

  retry(job: ClaimedJob<T>, delayMs: number, fields?: JobFields): Promise<boolean> {
    return this.write(job, { state: this.options.states.queued, [this.c]: null, ...fields }, `next_attempt_at = now() + make_interval(secs => ${Math.max(0, Number(delayMs)) / 1000})`);
  }

  giveUp(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean> {
    return this.write(job, { state: this.options.states.failed, [this.c]: null, ...fields });
  }

  release(job: ClaimedJob<T>, fields?: JobFields): Promise<boolean> {
    return this.write(job, { state: this.options.states.queued, [this.c]: null, ...fields }, 'attempts = greatest(attempts - 1, 0), next_attempt_at = now()');
  }

  /** Writes `fields` (and `extra`, SQL of this file) to the job while it is running under this claim. */
  private async write(job: ClaimedJob<T>, fields: JobFields, extra?: string): Promise<boolean> {
    const own = Object.entries(checkFieldNames(fields));
    const sets = [...own.map(([name], i) => `${name} = $${i + 4}`), ...(extra ? [extra] : [])].join(', ');
    const { rowCount } = await this.sql.query(
      `UPDATE ${this.t} SET ${sets}${this.touch} WHERE ${this.k} = $1 AND ${this.c} = $2 AND state = $3`,
      [job.key, job.claim, this.options.states.running, ...own.map(([, value]) => value)],
    );
    return rowCount > 0;
  }
}
