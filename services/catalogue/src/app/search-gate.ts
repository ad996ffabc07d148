import { refuse } from '@taal/kit';

/**
 * Search's time budget in this process (decision 0038): at most `concurrency` searches run at
 * once; the others wait their turn in arrival order, each at most `queueMs` (and at most
 * `maxWaiting` of them), and are then refused SEARCH_BUSY (503), so a flood of searches holds
 * at most `concurrency` of the database's turns and answers the rest quickly instead of queueing
 * them in front of everyone else's queries. `concurrency` 0: no cap.
 */
export class SearchGate {
  private running = 0;
  private readonly waiting: { grant: () => void }[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueMs: number,
    readonly maxWaiting = 100,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.concurrency <= 0) return work();
    await this.enter();
    try {
      // A turn of the event loop first, holding the turn: what arrived meanwhile (other requests,
      // other searches, which find the turn taken) is read before this search runs. The embedded
      // database answers in-process connections without yielding, so without it each search would
      // run as soon as its request is read, back to back, and none would ever find the turn taken.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await work();
    } finally {
      this.leave();
    }
  }

  /** Searches running now (for tests and logs). */
  get busy(): number {
    return this.running;
  }

  private enter(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.queueMs <= 0 || this.waiting.length >= this.maxWaiting) return Promise.reject(refuse('SEARCH_BUSY'));
    return new Promise<void>((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        reject(refuse('SEARCH_BUSY'));
      }, this.queueMs);
      this.waiting.push(entry);
    });
  }

  /** The slot goes to the first one waiting, if any (the count stays), else it is freed. */
  private leave(): void {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.running -= 1;
  }
}
