/**
 * Test helper for verified caller identity: a key ring for the named services plus a user-token
 * key standing in for identity's, so a test can call a service's gRPC port as the gateway would
 * (or as an attacker would, without keys).
 */
import { Metadata } from '@grpc/grpc-js';
import { SignJWT, importJWK } from 'jose';
import type { CallerIdentity } from '../grpc/identity';
import {
  SERVICE_TOKEN_METADATA_KEY,
  ServiceTokenIssuer,
  USER_TOKEN_AUDIENCE,
  USER_TOKEN_ISSUER,
  USER_TOKEN_METADATA_KEY,
} from './caller-auth';
import { generateServiceKeyRing, type ServiceAuth, type ServiceKeyRing } from './index';
import { SIGNING_ALGORITHM, generateSigningKey, keySetOf, localKeys, type PrivateSigningJwk } from './keys';

export interface TestAuth {
  ring: ServiceKeyRing;
  /** Stands in for identity's access-token key. */
  userSigningKey: PrivateSigningJwk;
  /** A service's auth that accepts user tokens from userToken(). */
  serviceAuth(name: string): ServiceAuth;
  /** A user access token as identity would issue it (ttl in seconds, default 15 minutes). */
  userToken(user: CallerIdentity, options?: { ttlSeconds?: number; sessionId?: string }): Promise<string>;
  /** Metadata of a call from service `from` to service `to`, on behalf of a user token if given. */
  callMetadata(from: string, to: string, userToken?: string): Promise<Metadata>;
}

export function createTestAuth(serviceNames: readonly string[]): TestAuth {
  const ring = generateServiceKeyRing(serviceNames);
  const userSigningKey = generateSigningKey('test-identity-key');
  const userKeys = localKeys(keySetOf([userSigningKey]));
  const issuers = new Map<string, ServiceTokenIssuer>();
  return {
    ring,
    userSigningKey,
    serviceAuth: (name) => ring.authFor(name, userKeys),
    async userToken(user, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ typ: user.userType, sid: options.sessionId ?? 'test-session', ...(user.instructorId ? { ins: user.instructorId } : {}) })
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: userSigningKey.kid, typ: 'JWT' })
        .setIssuer(USER_TOKEN_ISSUER)
        .setAudience(USER_TOKEN_AUDIENCE)
        .setSubject(user.userId)
        .setIssuedAt(now)
        .setExpirationTime(now + (options.ttlSeconds ?? 900))
        .sign(await importJWK(userSigningKey, SIGNING_ALGORITHM));
    },
    async callMetadata(from, to, userToken) {
      let issuer = issuers.get(from);
      if (!issuer) issuers.set(from, (issuer = new ServiceTokenIssuer(ring.signingKeys[from]!)));
      const metadata = new Metadata();
      metadata.set(SERVICE_TOKEN_METADATA_KEY, `Bearer ${await issuer.tokenFor(to)}`);
      if (userToken) metadata.set(USER_TOKEN_METADATA_KEY, userToken);
      return metadata;
    },
  };
}
