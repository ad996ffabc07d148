import { IdentityEvents, identityEventsV1, type identityV1 } from '@taal/contracts';
import { createEnvelope, enqueueEvent, type SqlExecutor } from '@taal/kit';
import { SCHEMA } from '../store/user-rows';

type UserEvent = 'registered' | 'verified' | 'suspended' | 'unsuspended';

function encode(kind: UserEvent, user: identityV1.User): { type: string; payload: Uint8Array } {
  switch (kind) {
    case 'registered':
      return { type: IdentityEvents.userRegistered, payload: identityEventsV1.UserRegistered.encode({ user }).finish() };
    case 'verified':
      return { type: IdentityEvents.userVerified, payload: identityEventsV1.UserVerified.encode({ user }).finish() };
    case 'suspended':
      return { type: IdentityEvents.userSuspended, payload: identityEventsV1.UserSuspended.encode({ user }).finish() };
    case 'unsuspended':
      return { type: IdentityEvents.userUnsuspended, payload: identityEventsV1.UserUnsuspended.encode({ user }).finish() };
  }
}

/** Records `identity.user.<kind>` in the caller's transaction (outbox); keyed by user id. */
export async function recordUserEvent(tx: SqlExecutor, kind: UserEvent, user: identityV1.User): Promise<void> {
  const { type, payload } = encode(kind, user);
  await enqueueEvent(tx, SCHEMA, createEnvelope({ type, key: user.id, payload }));
}
