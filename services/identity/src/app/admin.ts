/** The back office's user management and analytics. */
import type { identityV1 } from '@taal/contracts';
import { NotAnImageError, reencodeImage, refuse, SESSION_REVOKED_SUSPENDED } from '@taal/kit';
import { analyticsRange, isReencodedPhotoKey, PHOTO_RULES } from '../domain/user';
import { recordUserEvent } from '../events/user-events';
import { toUser } from '../store/user-rows';
import { listUsersPage, userCountsBetween, userCountsPerDay, userTypeCounts } from '../store/user-pages';
import { mailAudiencePage } from '../store/mail-audience';
import type { IdentityContext } from './context';
import type { Accounts } from './accounts';

type User = identityV1.User;

export class UserAdmin {
  constructor(
    private readonly ctx: IdentityContext,
    private readonly accounts: Accounts,
  ) {}

  async setSuspended(adminId: string, id: string, suspended: boolean): Promise<User> {
    if (!id) throw refuse('ANY_FIELD_MISSING');
    if (suspended && id === adminId) throw refuse('CANNOT_SUSPEND_SELF');
    const row = await this.ctx.sql.transaction(async (tx) => {
      const before = await this.ctx.store.findById(id, tx);
      if (!before) return null;
      // A suspension ends every mailed link too (credential epoch, decision 0039), so none works once it is lifted.
      const after = (await this.ctx.store.update(tx, id, { suspend: suspended, credentialsChanged: suspended }))!;
      if (suspended) await this.ctx.store.sessions.revokeAllSessions(tx, id, SESSION_REVOKED_SUSPENDED);
      if (before.suspend !== suspended) await recordUserEvent(tx, suspended ? 'suspended' : 'unsuspended', toUser(after));
      return after;
    });
    if (!row) throw refuse('USER_NOT_FOUND');
    this.ctx.afterCommit();
    return toUser(row);
  }

  async adminMarkVerified(id: string): Promise<User> {
    const user = id ? await this.ctx.store.findById(id) : null;
    if (!user) throw refuse('USER_NOT_FOUND');
    return this.accounts.markVerified(user);
  }

  /** One keyset page of users (decision 0074): at most 100, newest first, with the next page's cursor. */
  async listUsers(req: identityV1.ListUsersRequest): Promise<identityV1.ListUsersResponse> {
    let joined: { start: Date; end: Date } | null = null;
    if (req.joinedFromDay || req.joinedToDay) {
      joined = analyticsRange(req.joinedFromDay, req.joinedToDay);
      if (!joined) throw refuse('INVALID_DATE_RANGE');
    }
    const filter = { type: req.type, subscribersOnly: req.subscribersOnly, socialOnly: req.socialOnly, search: req.search, joinedFrom: joined?.start, joinedBefore: joined?.end };
    const page = await listUsersPage(this.ctx.sql, filter, req.cursor, req.limit);
    return { users: page.items.map(toUser), next: page.next };
  }

  /** A page of a mass mail's audience (messaging's, decision 0088). */
  listMailAudience(req: identityV1.ListMailAudienceRequest): Promise<identityV1.ListMailAudienceResponse> {
    return mailAudiencePage(this.ctx.sql, req);
  }

  async getUser(id: string): Promise<User> {
    const row = id ? await this.ctx.store.findById(id) : null;
    if (!row) throw refuse('USER_NOT_FOUND');
    return toUser(row);
  }

  /** The users of `ids` that exist (unknown ids are left out), in no particular order. */
  async getUsers(ids: readonly string[]): Promise<User[]> {
    return (await this.ctx.store.findByIds([...new Set(ids)])).map(toUser);
  }

  async getUserPhoto(id: string): Promise<{ data: Buffer; contentType: string }> {
    const row = id ? await this.ctx.store.findById(id) : null;
    if (!row?.photo) throw refuse('PHOTO_NOT_FOUND');
    const file = await this.ctx.files.get(row.photo);
    if (!file) throw refuse('PHOTO_NOT_FOUND');
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    if (isReencodedPhotoKey(row.photo)) return { data, contentType: file.file.contentType };
    // Stored before photos were re-encoded on upload: never serve those bytes as they came.
    try {
      const image = await reencodeImage(data, PHOTO_RULES);
      return { data: image.data, contentType: image.contentType };
    } catch (err) {
      if (err instanceof NotAnImageError) throw refuse('PHOTO_NOT_FOUND');
      throw err;
    }
  }

  async userAnalytics(startDate: string, endDate: string): Promise<identityV1.UserAnalyticsResponse> {
    const range = analyticsRange(startDate ?? '', endDate ?? '');
    if (!range) throw refuse('INVALID_DATE_RANGE');
    // Kept counts (decision 0083); the users themselves are listed a page at a time (listUsers, joined days).
    const [counts, days, types] = await Promise.all([
      userCountsBetween(this.ctx.sql, range.start, range.end),
      userCountsPerDay(this.ctx.sql, range.start, range.end),
      userTypeCounts(this.ctx.sql),
    ]);
    return { total: counts.total, verified: counts.verified, notVerified: counts.total - counts.verified, subscriber: counts.subscriber, users: [], days, types };
  }
}
