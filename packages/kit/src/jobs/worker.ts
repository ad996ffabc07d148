import type { Logger } from 'pino';
import { JobLost, type ClaimedJob, type JobFields, type JobQueue } from './queue';

/**
 * Runs one claimed job. It ends its job itself (`queue.complete`, with what its result writes, or in
 * the transaction that writes it) and throws JobLost when that finds the job no longer its claim's.
 * `signal` aborts when the worker stops: the job is then handed back to the queue, not counted.
 */
export type JobHandler<T> = (job: ClaimedJob<T>, signal: AbortSignal) => Promise<void>;

export interface JobWorkerOptions {
  /** What the jobs are, in the logs. */
  name: string;
  /** Attempts before a job fails for good (one whose workers all died too). */
  maxAttempts: number;
  /** The pause before the next attempt after `attempts` failed. */
  retryDelayMs: (attempts: number) => number;
  /** How often the queue is looked at besides this process's own wake-ups (notify). */
  pollMs: number;
  /** Fields written with a failed attempt: its error, where the owner keeps it. */
  failureFields?: (message: string) => JobFields;
}

/** A loop that takes the queue's jobs one at a time until stop(), which ends the running one at once. */
export class JobWorker<T> {
  private stopped = true;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private current: AbortController | null = null;

  constructor(
    private readonly queue: JobQueue<T>,
    private readonly handler: JobHandler<T>,
    private readonly logger: Logger,
    private readonly options: JobWorkerOptions,
  ) {}

  /** Wakes the loop (a job was queued by this process). */
  notify(): void {
    this.wake?.();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = (async () => {
      while (!this.stopped) {
        let worked = false;
        try {
          worked = await this.runOnce();
        } catch (err) {
          this.logger.error({ err }, `${this.options.name} queue could not be read; tried again shortly`);
        }
        if (!worked && !this.stopped) await this.sleep(this.options.pollMs);
      }
    })();
  }

  /** Stops the loop: the running job's handler is aborted and its job handed back to the queue. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.current?.abort();
    this.wake?.();
    await this.loop;
  }

  /** Claims and runs the next due job; false when none is due. */
  async runOnce(): Promise<boolean> {
    const job = await this.queue.claim();
    if (!job) return false;
    const failed = (message: string) => this.options.failureFields?.(message.slice(0, 500)) ?? {};
    if (job.attempts > this.options.maxAttempts) {
      // Its workers died (or were stopped hard) every time: given up like any failing job.
      await this.queue.giveUp(job, failed('the attempts were interrupted'));
      return true;
    }
    const abort = new AbortController();
    this.current = abort;
    try {
      await this.handler(job, abort.signal);
    } catch (err) {
      if (err instanceof JobLost) {
        this.logger.info({ job: job.key }, `${this.options.name} attempt dropped: the job was queued again or taken over`);
      } else if (this.stopped && abort.signal.aborted) {
        await this.queue.release(job).catch(() => undefined);
      } else {
        const message = err instanceof Error ? err.message : String(err);
        const last = job.attempts >= this.options.maxAttempts;
        if (last) await this.queue.giveUp(job, failed(message));
        else await this.queue.retry(job, this.options.retryDelayMs(job.attempts), failed(message));
        this.logger.warn({ job: job.key, attempt: job.attempts, err: message }, last ? `${this.options.name} failed for good` : `${this.options.name} attempt failed; retried later`);
      }
    } finally {
      this.current = null;
    }
    return true;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }
}
