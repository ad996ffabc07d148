import { IdentityEvents, identityEventsV1 } from '@taal/contracts';
import { createEnvelope, enqueueEvent, processRevokedSessions, type SqlExecutor } from '@taal/kit';

export interface RevokedSession {
  sessionId: string;
  userId: string;
}

/**
 * Records `identity.session.revoked` for each session in the caller's transaction (outbox), so
 * every verifier refuses their access tokens (decision 0024), and refuses them in this process
 * at once: in all-in-one that is every verifier. (A revocation whose transaction then rolls back
 * leaves its session's tokens refused in this process: its user refreshes or signs in again.)
 */
export async function recordSessionsRevoked(tx: SqlExecutor, schema: string, sessions: readonly RevokedSession[], reason: string): Promise<void> {
  for (const { sessionId, userId } of sessions) {
    const payload = identityEventsV1.SessionRevoked.encode({ sessionId, userId, reason }).finish();
    await enqueueEvent(tx, schema, createEnvelope({ type: IdentityEvents.sessionRevoked, key: userId, payload }));
    processRevokedSessions.revoke(sessionId, reason);
  }
}
