/**
 * Sessions whose access tokens are refused before they expire (decision 0024). Access tokens
 * are verified locally (signature and expiry, no call to identity); what a signature cannot
 * tell is that the session ended a second ago: logout, suspension, a password change or reset,
 * a reused refresh token. Identity publishes `identity.session.revoked` for each; every
 * verifier keeps the sessions revoked within the last access-token lifetime in memory (older
 * ones need no entry: their tokens have expired), fed by that event and, on start, by the
 * events of that last lifetime replayed from the bus.
 */
import { IdentityEvents, identityEventsV1 } from '@taal/contracts';
import type { EventBus, Subscription } from '../ports/events';

/** The longest an access token lives (identity issues them for exactly this long). */
export const USER_TOKEN_TTL_SECONDS = 15 * 60;
const USER_TOKEN_TTL_MS = USER_TOKEN_TTL_SECONDS * 1000;

/** The reason identity gives when it ends a suspended user's sessions (the user is told the account is suspended). */
export const SESSION_REVOKED_SUSPENDED = 'suspended';

export interface Revocation {
  /** Why, as identity recorded it: 'suspended' is told apart (the user sees that the account is suspended). */
  reason: string;
}

export class RevokedSessions {
  private readonly entries = new Map<string, Revocation & { forgetAt: number }>();
  private nextPrune = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** `at`: when the session was revoked; its tokens all expire within a token lifetime after it. */
  revoke(sessionId: string, reason: string, at: number = this.now()): void {
    const forgetAt = at + USER_TOKEN_TTL_MS;
    const known = this.entries.get(sessionId);
    if (!known || known.forgetAt < forgetAt) this.entries.set(sessionId, { reason: known?.reason ?? reason, forgetAt });
    this.prune();
  }

  /** The revocation of a session whose tokens could still be valid, or undefined. */
  of(sessionId: string): Revocation | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.forgetAt <= this.now()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return { reason: entry.reason };
  }

  get size(): number {
    return this.entries.size;
  }

  private prune(): void {
    const now = this.now();
    if (now < this.nextPrune) return;
    this.nextPrune = now + 60_000;
    for (const [id, entry] of this.entries) if (entry.forgetAt <= now) this.entries.delete(id);
  }
}

/**
 * The process's one list. In all-in-one every service and the gateway share it, and identity
 * adds to it when it revokes, so a revocation is refused everywhere at once; in a cluster each
 * process has its own, fed by the event.
 */
export const processRevokedSessions = new RevokedSessions();

/**
 * Feeds `list` from `identity.session.revoked`. `group` must be unique per process (every
 * replica needs every event); a new group first replays the last token lifetime's events.
 */
export function followSessionRevocations(bus: EventBus, group: string, list: RevokedSessions = processRevokedSessions): Promise<Subscription> {
  return bus.subscribe(
    group,
    [IdentityEvents.sessionRevoked],
    async (event) => {
      const { sessionId, reason } = identityEventsV1.SessionRevoked.decode(event.payload);
      if (sessionId) list.revoke(sessionId, reason, Date.parse(event.occurredAt) || Date.now());
    },
    { from: { sinceMs: USER_TOKEN_TTL_MS } },
  );
}
