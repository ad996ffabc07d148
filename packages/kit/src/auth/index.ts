import { createRemoteJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { loadConfig, type Env } from '../config';
import { fields } from '../config/fields';
import { CallerAuthenticator, ServiceTokenIssuer } from './caller-auth';
import { generateSigningKey, keySetOf, parsePrivateSigningJwk, parsePublicKeySet, type PrivateSigningJwk } from './keys';

export * from './keys';
export * from './caller-auth';
export * from './revocations';

/** What a service needs to prove who it is and to check who calls it. */
export interface ServiceAuth {
  /** Signs this service's calls to other services. */
  issuer: ServiceTokenIssuer;
  /** Verifies calls to this service. */
  authenticator: CallerAuthenticator;
}

/**
 * Identity's published key set, fetched over HTTP and cached; an unknown kid (a rotated key)
 * refetches at most every 30 s.
 */
export function remoteKeys(url: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000, timeoutDuration: 2000 });
}

const schema = z.object({
  // This service's private Ed25519 JWK; its kid is the service's name.
  SERVICE_SIGNING_KEY: z.string().min(1),
  // The public keys of every service ({"keys":[...]}, kid = service name).
  SERVICE_PUBLIC_KEYS: z.string().min(1),
  // Where identity publishes the keys of users' access tokens (JWKS).
  IDENTITY_JWKS_URL: fields.url({ protocols: ['http', 'https'] }).optional(),
});

const issuerSchema = schema.pick({ SERVICE_SIGNING_KEY: true });

/** Only the signing half, for a process that calls services but serves no gRPC (the gateway). */
export function serviceTokenIssuerFromEnv(serviceName: string, env: Env = process.env): ServiceTokenIssuer {
  const signingKey = parsePrivateSigningJwk(loadConfig(issuerSchema, env).SERVICE_SIGNING_KEY, 'SERVICE_SIGNING_KEY');
  if (signingKey.kid !== serviceName)
    throw new Error(`SERVICE_SIGNING_KEY: kid is "${signingKey.kid}", expected the service name "${serviceName}"`);
  return new ServiceTokenIssuer(signingKey);
}

/**
 * Reads a service's keys from its environment (cluster mode: a Secret and a ConfigMap).
 * `userKeys` is given by identity itself (it holds the keys); others read IDENTITY_JWKS_URL.
 */
export function serviceAuthFromEnv(serviceName: string, env: Env = process.env, userKeys?: JWTVerifyGetKey): ServiceAuth {
  const config = loadConfig(schema, env);
  const issuer = serviceTokenIssuerFromEnv(serviceName, env);
  const serviceKeys = parsePublicKeySet(config.SERVICE_PUBLIC_KEYS, 'SERVICE_PUBLIC_KEYS');
  if (!userKeys && !config.IDENTITY_JWKS_URL) throw new Error('IDENTITY_JWKS_URL is required');
  return {
    issuer,
    authenticator: new CallerAuthenticator({
      serviceName,
      serviceKeys,
      userKeys: userKeys ?? remoteKeys(config.IDENTITY_JWKS_URL!),
    }),
  };
}

/** Keys for a set of services made on the spot: all-in-one, the local cluster launcher and tests. */
export interface ServiceKeyRing {
  publicKeys: JSONWebKeySet;
  signingKeys: Readonly<Record<string, PrivateSigningJwk>>;
  /** The env a service process reads with serviceAuthFromEnv. */
  envFor(serviceName: string): { SERVICE_SIGNING_KEY: string; SERVICE_PUBLIC_KEYS: string };
  /** The same in-process, without going through env. */
  authFor(serviceName: string, userKeys: JWTVerifyGetKey): ServiceAuth;
  /** Only the signing half (a caller that serves no gRPC, like the gateway). */
  issuerFor(serviceName: string): ServiceTokenIssuer;
}

export function generateServiceKeyRing(serviceNames: readonly string[]): ServiceKeyRing {
  const signingKeys = Object.fromEntries(serviceNames.map((name) => [name, generateSigningKey(name)]));
  const publicKeys = keySetOf(Object.values(signingKeys));
  const keyOf = (name: string) => {
    const key = signingKeys[name];
    if (!key) throw new Error(`no key for service "${name}" (known: ${serviceNames.join(', ')})`);
    return key;
  };
  return {
    publicKeys,
    signingKeys,
    envFor: (name) => ({ SERVICE_SIGNING_KEY: JSON.stringify(keyOf(name)), SERVICE_PUBLIC_KEYS: JSON.stringify(publicKeys) }),
    issuerFor: (name) => new ServiceTokenIssuer(keyOf(name)),
    authFor: (name, userKeys) => ({
      issuer: new ServiceTokenIssuer(keyOf(name)),
      authenticator: new CallerAuthenticator({ serviceName: name, serviceKeys: publicKeys, userKeys }),
    }),
  };
}
