/**
 * The durable HLS transcoding job (decision 0032). One row per lesson video in
 * `learning.hls_job`, a job of the kit's queue (decision 0052: claimed with a lease, renewed while
 * ffmpeg reports progress, so any number of learning processes share the queue and a job whose
 * worker died is taken again when its lease ends). Each attempt (its claim) writes a new
 * folder `hls/<lesson>/<version>/`; the ladder becomes the lesson's only when every file is
 * stored, in one statement that also checks the attempt still owns the job. A failed attempt is
 * retried with a growing pause, and after `maxAttempts` the job is `failed` (the MP4 still plays).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { JobLost, JobWorker, SqlJobQueue, type ClaimedJob, type FileStore, type Sql } from '@taal/kit';
import { STANDARD_RUNGS, retryDelayMs } from '../domain/hls-ladder';
import { VIDEO_KEY_PREFIX } from './demo-lessons';
import { transcodeLadder } from './hls-transcode';

export const HLS_KEY_PREFIX = 'hls/';
export const hlsFolder = (lessonId: string, version: string) => `${HLS_KEY_PREFIX}${lessonId}/${version}/`;

/** What a stored ladder file is served as. */
export const hlsContentType = (file: string) => (file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');

export interface HlsJobOptions {
  /** Attempts before a job is `failed` (default 3). */
  maxAttempts?: number;
  /** The pause after the first failed attempt, four times longer after each next (default 30 s). */
  retryBaseMs?: number;
  /** How often the queue is looked at besides the wake-ups of this process's own uploads (default 5 s). */
  pollMs?: number;
  /** A claim's lease, renewed while the attempt makes progress (default 120 s). */
  leaseSeconds?: number;
}

/** A claimed job: its claim is the attempt's folder (`version`). */
type Claimed = ClaimedJob<{ source: string }>;

/** Ladders of small sources (the demo lessons, made the same on every start) are kept per machine, by content. */
const CACHE_MAX_SOURCE_BYTES = 32 * 1024 * 1024;
const CACHE_DIR = path.join(os.tmpdir(), 'taal-hls-cache-v1');
/** Ladders kept at most (the oldest go first): the demo lessons need four. */
const CACHE_MAX_ENTRIES = 32;

export class HlsJobs {
  private readonly jobs: SqlJobQueue<{ source: string }>;
  private readonly worker: JobWorker<{ source: string }>;

  constructor(
    private readonly sql: Sql,
    private readonly files: FileStore,
    private readonly logger: Logger,
    options: HlsJobOptions = {},
  ) {
    const retryBaseMs = options.retryBaseMs ?? 30_000;
    this.jobs = new SqlJobQueue(sql, {
      table: 'learning.hls_job',
      key: 'lesson_id',
      claimColumn: 'version',
      states: { queued: 'queued', running: 'running', done: 'ready', failed: 'failed' },
      leaseMs: Math.max(10, Math.round(options.leaseSeconds ?? 120)) * 1000,
      touched: 'updated_at',
      claimed: { percent: 0 },
    });
    this.worker = new JobWorker(this.jobs, (job, signal) => this.run(job, signal), logger, {
      name: 'HLS job',
      maxAttempts: options.maxAttempts ?? 3,
      retryDelayMs: (attempts) => retryDelayMs(attempts, retryBaseMs),
      pollMs: options.pollMs ?? 5000,
      failureFields: (message) => ({ error: message }),
    });
  }

  /** Queues every lesson with a video and no job (the demo lessons, uploads from before the job existed); returns how many. */
  async backfill(): Promise<number> {
    const { rowCount } = await this.sql.query(
      `INSERT INTO learning.hls_job (lesson_id, source)
       SELECT l.id, l.filename FROM learning.lesson l WHERE l.filename IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM learning.hls_job j WHERE j.lesson_id = l.id)
       ON CONFLICT (lesson_id) DO NOTHING`,
    );
    if (rowCount > 0) this.notify();
    return rowCount;
  }

  /**
   * Queues the lesson's video `source` (a new or replaced video): a job for another source starts
   * again from nothing, and its published ladder is withdrawn and deleted (it shows the old video).
   */
  async queue(lessonId: string, source: string): Promise<void> {
    const old = await this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{ source: string; ready_version: string | null; ready_files: string[]; version: string | null }>(
        `SELECT source, ready_version, ready_files, version FROM learning.hls_job WHERE lesson_id = $1 FOR UPDATE`,
        [lessonId],
      );
      const was = rows[0];
      if (was?.source === source) return null;
      await tx.query(
        `INSERT INTO learning.hls_job (lesson_id, source) VALUES ($1, $2)
         ON CONFLICT (lesson_id) DO UPDATE SET source = EXCLUDED.source, state = 'queued', attempts = 0, percent = 0, error = NULL,
           version = NULL, next_attempt_at = now(), ready_version = NULL, ready_files = '{}', updated_at = now()`,
        [lessonId, source],
      );
      return was ?? null;
    });
    this.notify();
    if (old?.ready_version) await this.deleteFiles(lessonId, old.ready_version, old.ready_files);
  }

  /** Wakes this process's worker (a job was queued here). */
  notify(): void {
    this.worker.notify();
  }

  /** Starts the worker: one job at a time, until stop(). */
  start(): void {
    this.worker.start();
  }

  /** Stops the worker: a running ffmpeg is killed and its job given back to the queue at once. */
  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Claims and runs the next due job; false when none is due. */
  runOnce(): Promise<boolean> {
    return this.worker.runOnce();
  }

  /** One attempt: the ladder made, stored and published, or its files deleted again. */
  private async run(job: Claimed, signal: AbortSignal): Promise<void> {
    const started = Date.now();
    const uploaded: string[] = [];
    try {
      const files = await this.attempt(job, signal, uploaded);
      const replaced = await this.publish(job, files);
      this.logger.info({ lesson: job.key, attempt: job.attempts, files: files.length, ms: Date.now() - started }, 'HLS ladder published');
      if (replaced) await this.deleteFiles(job.key, replaced.version, replaced.files);
    } catch (err) {
      await this.deleteFiles(job.key, job.claim, uploaded);
      throw err;
    }
  }

  /** Records progress and renews the lease; throws JobLost when the attempt no longer owns the job. */
  private async heartbeat(job: Claimed, percent: number): Promise<void> {
    if (!(await this.jobs.renew(job, { percent }))) throw new JobLost();
  }

  /** Transcodes and stores one attempt's ladder; returns its files (relative to its folder). */
  private async attempt(job: Claimed, signal: AbortSignal, uploaded: string[]): Promise<string[]> {
    // The lease is renewed every 30 s for the whole attempt (a long download or upload too), and
    // progress is written when it moves, at most once a second. A write that finds the job no
    // longer this attempt's (or fails) stops the attempt.
    const aborter = new AbortController();
    const stopOn = () => aborter.abort();
    signal.addEventListener('abort', stopOn);
    let shown = 0;
    let writtenAt = Date.now();
    let writing: Promise<void> = Promise.resolve();
    let lost: unknown = null;
    const write = (percent: number) => {
      shown = percent;
      writtenAt = Date.now();
      writing = writing
        .then(() => (lost ? undefined : this.heartbeat(job, percent)))
        .catch((err: unknown) => {
          lost = err;
          aborter.abort();
        });
    };
    const keeper = setInterval(() => write(shown), 30_000);
    keeper.unref();
    const check = () => {
      if (lost) throw lost;
      if (aborter.signal.aborted) throw new Error('stopped');
    };
    const dir = await mkdtemp(path.join(os.tmpdir(), 'taal-hls-'));
    try {
      const input = path.join(dir, 'source.mp4');
      const stored = await this.files.get(`${VIDEO_KEY_PREFIX}${job.data.source}`);
      if (!stored) throw new Error('the lesson’s video file is missing');
      await pipeline(stored.body, createWriteStream(input), { signal: aborter.signal });
      check();

      let out = path.join(dir, 'out');
      await mkdir(out);
      let files: string[];
      const cached = await this.cached(input);
      if (cached.hit) {
        out = cached.dir;
        files = cached.files;
      } else {
        try {
          ({ files } = await transcodeLadder(input, out, {
            signal: aborter.signal,
            onProgress: (percent) => {
              if (percent !== shown && Date.now() - writtenAt >= 1000) write(percent);
            },
          }));
        } catch (err) {
          await writing;
          throw lost ?? err;
        }
        await writing;
        check();
        if (cached.key) await this.keep(cached.key, out, files);
      }

      const folder = hlsFolder(job.key, job.claim);
      for (const file of files) {
        check();
        uploaded.push(file);
        await this.files.put(`${folder}${file}`, createReadStream(path.join(out, file)), hlsContentType(file));
      }
      await writing;
      check();
      return files;
    } catch (err) {
      await writing;
      throw lost ?? err;
    } finally {
      clearInterval(keeper);
      signal.removeEventListener('abort', stopOn);
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The cached ladder of a small source, by its content (and where to keep it when there is none). */
  private async cached(input: string): Promise<{ hit: true; dir: string; files: string[] } | { hit: false; key: string | null }> {
    if ((await stat(input)).size > CACHE_MAX_SOURCE_BYTES) return { hit: false, key: null };
    // By content and by the rungs' recipe, so a changed ladder is not answered from an old one.
    const hash = createHash('sha256').update(JSON.stringify(STANDARD_RUNGS));
    await pipeline(createReadStream(input), hash);
    const key = hash.digest('hex');
    const dir = path.join(CACHE_DIR, key);
    try {
      const files = JSON.parse(await readFile(path.join(dir, 'files.json'), 'utf8')) as string[];
      // Used now: the last to go when the cache is full.
      await utimes(dir, new Date(), new Date()).catch(() => undefined);
      return { hit: true, dir, files };
    } catch {
      return { hit: false, key };
    }
  }

  /** Keeps a small source's ladder for the next start (published whole by a rename, or not at all). */
  private async keep(key: string, out: string, files: string[]): Promise<void> {
    try {
      await mkdir(CACHE_DIR, { recursive: true });
      const temp = await mkdtemp(path.join(CACHE_DIR, 'tmp-'));
      await cp(out, temp, { recursive: true });
      await writeFile(path.join(temp, 'files.json'), JSON.stringify(files));
      await rename(temp, path.join(CACHE_DIR, key)).catch(() => rm(temp, { recursive: true, force: true }));
      const entries = await Promise.all(
        (await readdir(CACHE_DIR)).filter((name) => !name.startsWith('tmp-')).map(async (name) => ({ name, at: (await stat(path.join(CACHE_DIR, name))).mtimeMs })),
      );
      entries.sort((a, b) => b.at - a.at);
      for (const old of entries.slice(CACHE_MAX_ENTRIES)) await rm(path.join(CACHE_DIR, old.name), { recursive: true, force: true });
    } catch (err) {
      this.logger.debug({ err }, 'HLS ladder not cached');
    }
  }

  /**
   * Makes the attempt's ladder the lesson's, in one transaction that checks the attempt still owns
   * the job (not queued again by a new upload meanwhile). Returns the ladder it replaced, if any.
   */
  private async publish(job: Claimed, files: string[]): Promise<{ version: string; files: string[] } | null> {
    return this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{ ready_version: string | null; ready_files: string[] }>(
        `SELECT ready_version, ready_files FROM learning.hls_job WHERE lesson_id = $1 FOR UPDATE`,
        [job.key],
      );
      if (!(await this.jobs.on(tx).complete(job, { percent: 100, error: null, ready_version: job.claim, ready_files: files }))) throw new JobLost();
      const old = rows[0]!;
      return old.ready_version && old.ready_version !== job.claim ? { version: old.ready_version, files: old.ready_files } : null;
    });
  }

  /** Deletes a ladder's files (best effort: a file left behind is unreachable, as its folder is never signed again). */
  async deleteFiles(lessonId: string, version: string, files: readonly string[]): Promise<void> {
    const folder = hlsFolder(lessonId, version);
    for (const file of files) await this.files.delete(`${folder}${file}`).catch(() => undefined);
  }
}
