import type { Request, Response } from 'express';
import type { UserDataVersions } from '@taal/kit';

/** A signed-in read's answer kept this long at most: what changes with time alone (an order's or a course's expiry) shows within it. */
export const PRIVATE_ANSWER_TTL_MS = 3000;

interface Entry {
  body: Buffer;
  version: string;
  expiresAt: number;
}

/**
 * Signed-in reads answered at the edge (decision 0033): a route declared `cachedPerUser` keeps its
 * 200 answer per (user, URL) while the user's data version (UserDataVersions) is the one read
 * before the answer was loaded, and for at most PRIVATE_ANSWER_TTL_MS. Whatever changes a user's
 * data bumps that version once it has committed: the edge itself for each of the user's own
 * writes (before their answer leaves), the services for what happens elsewhere (a card payment, an
 * enrolment, a notification), so a user sees their own change on the very next read. An answer
 * is only ever served to the user it was made for, after their token was checked again.
 */
export class PrivateAnswers {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    readonly versions: UserDataVersions,
    private readonly ttlMs = PRIVATE_ANSWER_TTL_MS,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Answers from the kept copy, or runs `load` (the route's handler, which answers itself) and keeps
   * the JSON it sent with status 200. `variant`: what else of the request the answer depends on.
   */
  async answer(userId: string, req: Request, res: Response, load: () => Promise<void>, variant = ''): Promise<void> {
    if (this.ttlMs <= 0) return load();
    const key = `${userId} ${variant} ${req.originalUrl}`;
    // Without the version (the cache port away) the read is loaded as if nothing were kept.
    const version = await this.versions.current(userId).catch(() => null);
    if (version === null) return load();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && hit.expiresAt > this.now()) {
      // Least recently used last: the oldest go first when the map is full.
      this.entries.delete(key);
      this.entries.set(key, hit);
      res.status(200).type('application/json; charset=utf-8').send(hit.body);
      return;
    }
    const startedAt = this.generation;
    const json = res.json.bind(res);
    res.json = (data: unknown) => {
      // The same bytes Express's res.json would send (no replacer or spaces are set).
      const body = Buffer.from(JSON.stringify(data) ?? '');
      if (res.statusCode === 200 && startedAt === this.generation) this.keep(key, { body, version, expiresAt: this.now() + this.ttlMs });
      res.json = json;
      return res.type('application/json; charset=utf-8').send(body);
    };
    await load();
  }

  /** The user's data changed (their own write): kept answers are not served again. */
  changed(userId: string): Promise<void> {
    return this.versions.changed(userId);
  }

  /** Drops every kept answer (a catalogue change: a course's view is part of them). */
  invalidateAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, entry: Entry): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
  }
}
