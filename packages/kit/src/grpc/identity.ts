import { Metadata } from '@grpc/grpc-js';
import { permissionDenied, unauthenticated } from './errors';

export const USER_ID_METADATA_KEY = 'x-taal-user-id';
export const USER_TYPE_METADATA_KEY = 'x-taal-user-type';

/** 1 admin, 2 content, 3 instructor, 4 student. */
export type CallerUserType = 1 | 2 | 3 | 4;
export const CallerUserTypes = { admin: 1, content: 2, instructor: 3, student: 4 } as const;

/** Who is calling, as established by the gateway and passed along in gRPC metadata. */
export interface CallerIdentity {
  userId: string;
  userType: CallerUserType;
}

/** Writes the identity into metadata (a new Metadata unless one is given). */
export function identityToMetadata(identity: CallerIdentity, metadata: Metadata = new Metadata()): Metadata {
  metadata.set(USER_ID_METADATA_KEY, identity.userId);
  metadata.set(USER_TYPE_METADATA_KEY, String(identity.userType));
  return metadata;
}

/** Reads the caller identity; null when absent or malformed. */
export function identityFromMetadata(metadata: Metadata): CallerIdentity | null {
  const [userId] = metadata.get(USER_ID_METADATA_KEY);
  const [userType] = metadata.get(USER_TYPE_METADATA_KEY);
  if (typeof userId !== 'string' || userId === '' || typeof userType !== 'string') return null;
  if (!/^[1-4]$/.test(userType)) return null;
  return { userId, userType: Number(userType) as CallerUserType };
}

/**
 * Returns the caller identity, throwing UNAUTHENTICATED when there is none and
 * PERMISSION_DENIED when its type is not among `allowed` (any type if none given).
 */
export function requireIdentity(
  ctx: { identity: CallerIdentity | null },
  ...allowed: CallerUserType[]
): CallerIdentity {
  if (!ctx.identity) throw unauthenticated();
  if (allowed.length > 0 && !allowed.includes(ctx.identity.userType)) throw permissionDenied();
  return ctx.identity;
}
