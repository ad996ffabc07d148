import type { Logger } from 'pino';
import type { Cache } from '../ports/cache';

/** How long a user's version counter lives after its first change (answers cached against it live seconds). */
const VERSION_WINDOW_SECONDS = 7 * 24 * 3600;

const keyOf = (userId: string) => `user-data-version:${userId}`;
/** Bumped by what changes every user's data at once (a notification to everyone). */
const EVERYONE = 'user-data-version:*';

/**
 * A version per user of the data their signed-in reads show (wallet, cart, classroom,
 * notifications, a course's view; decision 0033). The edge keeps such answers only while the
 * user's version is the one it read before loading them, so whatever changes a user's data
 * says so here once it has committed: the edge for the user's own requests, a service for what
 * happened elsewhere (a card payment, an enrolment granted from a paid order, a notification).
 * On the cache port: one counter in the process's memory in all-in-one, in Redis in a cluster,
 * so every gateway replica sees a change at once.
 */
export class UserDataVersions {
  constructor(
    private readonly cache: Cache,
    private readonly logger?: Logger,
  ) {}

  /** The user's current version: their own counter and everyone's ('0.0' before any change). */
  async current(userId: string): Promise<string> {
    const [everyone, own] = await Promise.all([this.cache.get(EVERYONE), this.cache.get(keyOf(userId))]);
    return `${everyone ?? '0'}.${own ?? '0'}`;
  }

  /**
   * Says that the user's data changed (call after the change committed). Never throws: an
   * unreachable cache is logged, and the edge's answers then age out on their own (seconds).
   */
  async changed(userId: string): Promise<void> {
    if (userId) await this.bump(keyOf(userId));
  }

  /** Says that every user's data changed (e.g. a notification to everyone). */
  changedForEveryone(): Promise<void> {
    return this.bump(EVERYONE);
  }

  private async bump(key: string): Promise<void> {
    try {
      await this.cache.incr(key, VERSION_WINDOW_SECONDS);
    } catch (err) {
      this.logger?.warn({ err, key }, 'user data version not bumped; cached answers age out on their own');
    }
  }
}
