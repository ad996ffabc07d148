/** Cache and rate-limit port: ioredis in cluster mode, an in-memory map when embedded. */
export interface Cache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /**
   * Atomically increments a counter, starting its expiry window at the first increment.
   * Returns the count after incrementing: the building block of rate limits.
   */
  incr(key: string, windowSeconds: number): Promise<number>;
  /**
   * Atomically takes one back from a counter made by `incr` (a refund: e.g. a login that
   * turned out right). Never goes below 0, never creates the key, keeps its expiry.
   * Returns the count after decrementing (0 when the key does not exist).
   */
  decr(key: string): Promise<number>;
  close(): Promise<void>;
}
