import pino from 'pino';
import { JobLost, type ClaimedJob, type JobQueue } from './queue';
import { JobWorker } from './worker';

/** Hooks and tests talk to real servers: jest's project-level testTimeout is not honoured, so set it here. */
const TIMEOUT = 60_000;

export interface ContractJob {
  payload?: string;
  error?: string | null;
}

/** One store of jobs for a suite: queues on it are workers sharing the jobs. */
export interface JobQueueBackend {
  open(leaseMs: number): JobQueue<ContractJob>;
  /** The job as stored: its state and attempts, what the owner wrote to it. */
  read(key: string): Promise<{ state: string; attempts: number; payload?: string; error?: string | null } | null>;
  close(): Promise<void>;
}

/** The states the contract's table and collection name. */
export const CONTRACT_STATES = { queued: 'queued', running: 'running', done: 'done', failed: 'failed' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silent = pino({ level: 'silent' });
const LEASE_MS = 1500;

/**
 * The job queue's contract (decision 0052), run against each adapter on each server it is used with:
 * SqlJobQueue on PGlite and PostgreSQL, DocumentJobQueue on FerretDB on SQLite (embedded) and on
 * PostgreSQL. What the owners rely on: a key queued once, a job claimed by one worker at a time, a
 * crashed worker's job taken again once its lease ends (and the old claim's writes refused), pauses
 * between attempts, giving up, and a worker that stops at once and hands its job back.
 */
export function describeJobQueueContract(name: string, open: () => Promise<JobQueueBackend>, options: { scopedClaims?: boolean } = {}): void {
  describe(`JobQueue contract: ${name}`, () => {
    let backend: JobQueueBackend;
    let n = 0;
    const key = () => `job-${++n}-${Math.random().toString(36).slice(2, 8)}`;
    /** Claims until `k` comes up (earlier tests' leftovers are others' jobs in the same store). */
    const claimKey = async (queue: JobQueue<ContractJob>, k: string) => {
      for (let job = await queue.claim(); job; job = await queue.claim()) {
        if (job.key === k) return job;
        await queue.complete(job);
      }
      return null;
    };

    beforeAll(async () => {
      backend = await open();
    }, TIMEOUT);
    afterAll(async () => {
      await backend?.close();
    }, TIMEOUT);

    it('queues a key once: a second enqueue is refused and keeps the first job as it was', async () => {
      const queue = backend.open(LEASE_MS);
      const k = key();
      expect(await queue.enqueue(k, { payload: 'first' })).toBe(true);
      expect(await queue.enqueue(k, { payload: 'second' })).toBe(false);
      const job = await claimKey(queue, k);
      expect(job).toMatchObject({ key: k, attempts: 1, data: { payload: 'first' } });
      expect(await queue.claim()).toBeNull();
      expect(await queue.complete(job!)).toBe(true);
      expect(await backend.read(k)).toMatchObject({ state: 'done', attempts: 1, payload: 'first' });
      expect(await queue.claim()).toBeNull();
    }, TIMEOUT);

    it('hands each job to one of several racing workers', async () => {
      const keys = Array.from({ length: 12 }, key);
      for (const k of keys) await backend.open(LEASE_MS).enqueue(k);
      const workers = [backend.open(60_000), backend.open(60_000), backend.open(60_000)];
      const taken: string[] = [];
      await Promise.all(
        workers.map(async (queue) => {
          for (let job = await queue.claim(); job; job = await queue.claim()) {
            taken.push(job.key);
            expect(await queue.complete(job)).toBe(true);
          }
        }),
      );
      expect(taken.sort()).toEqual([...keys].sort());
    }, TIMEOUT);

    // Claims scoped by the owner's fields (mass mail's recipients of one mail) are the document
    // queue's alone: the other adapters' suites do not have this test (rather than skip it).
    if (options.scopedClaims) {
      it('a claim scoped by a field takes only jobs with that value, its own just queued too, and leaves the others free at once', async () => {
        type ScopedQueue = { claim(filter: Record<string, unknown>): Promise<ClaimedJob<ContractJob> | null> };
        const queue = backend.open(60_000);
        const other = backend.open(60_000) as unknown as ScopedQueue;
        const scoped = queue as unknown as ScopedQueue;
        const scope = key();
        const [mine, notMine] = [key(), key()];
        await queue.enqueue(notMine, { payload: `${scope}-b` });
        await queue.enqueue(mine, { payload: `${scope}-a` });
        expect(await scoped.claim({ payload: `${scope}-a` })).toMatchObject({ key: mine, attempts: 1 });
        expect(await scoped.claim({ payload: `${scope}-a` })).toBeNull();
        // Not claimed through the first scope, so another worker takes it at once (no lease left on it).
        expect(await other.claim({ payload: `${scope}-b` })).toMatchObject({ key: notMine, attempts: 1 });
      }, TIMEOUT);
    }

    it('takes a job again once its worker’s lease ended, and refuses the old claim’s writes', async () => {
      const first = backend.open(LEASE_MS);
      const second = backend.open(LEASE_MS);
      const k = key();
      await first.enqueue(k);
      const dead = await claimKey(first, k);
      expect(await second.claim()).toBeNull(); // its lease runs
      await sleep(LEASE_MS + 300);
      const taken = await second.claim();
      expect(taken).toMatchObject({ key: k, attempts: 2 });
      expect(await first.complete(dead!)).toBe(false);
      expect(await first.retry(dead!, 0)).toBe(false);
      expect(await backend.read(k)).toMatchObject({ state: 'running', attempts: 2 });
      expect(await second.complete(taken!)).toBe(true);
      expect(await backend.read(k)).toMatchObject({ state: 'done', attempts: 2 });
    }, TIMEOUT);

    it('keeps a job its worker renews the lease of', async () => {
      const worker = backend.open(LEASE_MS);
      const other = backend.open(LEASE_MS);
      const k = key();
      await worker.enqueue(k);
      const job = await claimKey(worker, k);
      await sleep(LEASE_MS / 2);
      expect(await worker.renew(job!)).toBe(true);
      await sleep(LEASE_MS / 2 + 400); // past the first lease's end
      expect(await other.claim()).toBeNull();
      expect(await worker.complete(job!)).toBe(true);
    }, TIMEOUT);

    it('queues a failed attempt again after its pause; gives a job up for good; hands one back uncounted', async () => {
      const queue = backend.open(LEASE_MS);
      const [failing, hopeless, handedBack] = [key(), key(), key()];
      for (const k of [failing, hopeless, handedBack]) await queue.enqueue(k);
      const once = await claimKey(queue, failing);
      expect(await queue.retry(once!, 800, { error: 'boom' })).toBe(true);
      expect(await backend.read(failing)).toMatchObject({ state: 'queued', attempts: 1, error: 'boom' });
      const given = await claimKey(queue, hopeless);
      expect(await queue.giveUp(given!, { error: 'no hope' })).toBe(true);
      const back = await claimKey(queue, handedBack);
      expect(await queue.release(back!)).toBe(true);
      expect(await backend.read(handedBack)).toMatchObject({ state: 'queued', attempts: 0 });
      expect(await queue.claim()).toMatchObject({ key: handedBack, attempts: 1 }); // due at once
      expect(await queue.claim()).toBeNull(); // the failed one waits, the given-up one is done with
      await sleep(900);
      const again = await queue.claim();
      expect(again).toMatchObject({ key: failing, attempts: 2, data: { error: 'boom' } });
      expect(await backend.read(hopeless)).toMatchObject({ state: 'failed', attempts: 1, error: 'no hope' });
    }, TIMEOUT);

    it('a worker runs jobs until they are done or failed for good, and hands its running job back when stopped', async () => {
      const queue = backend.open(LEASE_MS);
      const [flaky, broken, long, lost] = [key(), key(), key(), key()];
      // Other tests' leftovers are not this worker's to run.
      for (let job = await queue.claim(); job; job = await queue.claim()) await queue.complete(job);
      for (const k of [flaky, broken, lost]) await queue.enqueue(k);
      const seen: string[] = [];
      let started: () => void = () => undefined;
      const longStarted = new Promise<void>((resolve) => (started = resolve));
      const worker = new JobWorker<ContractJob>(
        queue,
        async (job, signal) => {
          seen.push(`${job.key}#${job.attempts}`);
          if (job.key === broken || (job.key === flaky && job.attempts === 1)) throw new Error(`attempt ${job.attempts} failed`);
          if (job.key === lost) throw new JobLost();
          if (job.key === long) {
            started();
            await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
          }
          if (!(await queue.complete(job))) throw new JobLost();
        },
        silent,
        { name: 'contract job', maxAttempts: 2, retryDelayMs: () => 100, pollMs: 50, failureFields: (message) => ({ error: message }) },
      );
      worker.start();
      const until = async (done: () => Promise<boolean>) => {
        for (let i = 0; i < 200 && !(await done()); i++) await sleep(50);
      };
      await until(async () => (await backend.read(flaky))?.state === 'done' && (await backend.read(broken))?.state === 'failed');
      expect(await backend.read(flaky)).toMatchObject({ state: 'done', attempts: 2 });
      expect(await backend.read(broken)).toMatchObject({ state: 'failed', attempts: 2, error: 'attempt 2 failed' });
      // A job its handler found lost is left as the new claimer will write it (here: running, until its lease ends).
      expect(await backend.read(lost)).toMatchObject({ state: 'running', attempts: 1 });

      await queue.enqueue(long);
      worker.notify();
      await longStarted;
      await worker.stop();
      expect(await backend.read(long)).toMatchObject({ state: 'queued', attempts: 0 });
      expect(seen).toEqual(expect.arrayContaining([`${flaky}#1`, `${flaky}#2`, `${broken}#1`, `${broken}#2`, `${long}#1`]));
      expect(seen.filter((s) => s.startsWith(broken))).toHaveLength(2);
    }, TIMEOUT);

    it('a worker gives up a job whose workers all died while running it', async () => {
      const dying = backend.open(300);
      const k = key();
      // The previous test's lost job ends its lease meanwhile: done with here, as other leftovers.
      await sleep(LEASE_MS);
      for (let job = await dying.claim(); job; job = await dying.claim()) await dying.complete(job);
      await dying.enqueue(k);
      for (let i = 0; i < 2; i++) {
        expect(await dying.claim()).toMatchObject({ key: k, attempts: i + 1 });
        await sleep(500); // died: its lease ends
      }
      const ran: string[] = [];
      const worker = new JobWorker<ContractJob>(backend.open(LEASE_MS), async (job) => void ran.push(job.key), silent, {
        name: 'contract job',
        maxAttempts: 2,
        retryDelayMs: () => 0,
        pollMs: 50,
        failureFields: (message) => ({ error: message }),
      });
      expect(await worker.runOnce()).toBe(true);
      expect(ran).toEqual([]);
      expect(await backend.read(k)).toMatchObject({ state: 'failed', attempts: 3, error: 'the attempts were interrupted' });
    }, TIMEOUT);
  });
}
