/**
 * In-process cache of serialized API responses for the public catalogue reads.
 * Kept correct by catalogue events: any `catalogue.*.updated` clears it. A generation
 * counter stops a read that started before an invalidation from storing stale bytes.
 * A short TTL bounds staleness should an event ever be missed.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: Buffer; expiresAt: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Returns cached bytes, or computes, stores and returns them. */
  async getOrLoad(key: string, load: () => Promise<unknown>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.body;
    const startedAt = this.generation;
    const body = Buffer.from(JSON.stringify(await load()));
    if (startedAt === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { body, expiresAt: this.now() + this.ttlMs });
    }
    return body;
  }

  /**
   * The bytes stored under `key` while they are live (not expired, not invalidated), without
   * loading anything. Each load stores a new Buffer, so comparing what this returns with bytes
   * taken earlier tells whether those are still the live answer (the gateway's fast lane).
   */
  peek(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.now() ? hit.body : undefined;
  }

  invalidateAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
