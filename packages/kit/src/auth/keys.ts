/**
 * Ed25519 signing keys as JWKs. Identity signs users' access tokens with one; every service
 * signs its own short-lived service tokens with another. Only public halves are shared.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, type JWK, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

export const SIGNING_ALGORITHM = 'EdDSA';

/** An Ed25519 private key in JWK form; `kid` names it (for service keys: the service name). */
export interface PrivateSigningJwk extends JWK {
  kty: 'OKP';
  crv: 'Ed25519';
  kid: string;
  x: string;
  d: string;
}

export function generateSigningKey(kid: string): PrivateSigningJwk {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return { ...jwk, kid, alg: SIGNING_ALGORITHM } as PrivateSigningJwk;
}

/** The public half: what goes into a key set. */
export function publicJwkOf(key: PrivateSigningJwk): JWK {
  return { kty: key.kty, crv: key.crv, x: key.x, kid: key.kid, alg: SIGNING_ALGORITHM, use: 'sig' };
}

export function keySetOf(keys: readonly PrivateSigningJwk[]): JSONWebKeySet {
  return { keys: keys.map(publicJwkOf) };
}

/** Parses a private key given as JSON (an env variable or a secret file); names what is wrong. */
export function parsePrivateSigningJwk(json: string, what = 'signing key'): PrivateSigningJwk {
  let jwk: unknown;
  try {
    jwk = JSON.parse(json);
  } catch {
    throw new Error(`${what} is not JSON`);
  }
  const k = jwk as Partial<PrivateSigningJwk>;
  if (k?.kty !== 'OKP' || k.crv !== 'Ed25519' || typeof k.d !== 'string' || typeof k.x !== 'string' || !k.kid)
    throw new Error(`${what} must be an Ed25519 private JWK with a kid ({"kty":"OKP","crv":"Ed25519","kid",...,"x","d"})`);
  return { ...k, alg: SIGNING_ALGORITHM } as PrivateSigningJwk;
}

/** Parses a public key set (`{"keys":[...]}`); private members are refused so secrets do not spread. */
export function parsePublicKeySet(json: string, what = 'key set'): JSONWebKeySet {
  let set: unknown;
  try {
    set = JSON.parse(json);
  } catch {
    throw new Error(`${what} is not JSON`);
  }
  const keys = (set as JSONWebKeySet)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new Error(`${what} must be {"keys":[...]} with at least one key`);
  for (const key of keys) {
    if (key.kty !== 'OKP' || key.crv !== 'Ed25519' || !key.kid || typeof key.x !== 'string')
      throw new Error(`${what}: every key must be an Ed25519 public JWK with a kid`);
    if ('d' in key) throw new Error(`${what} must hold public keys only (found "d" in ${key.kid})`);
  }
  return { keys };
}

/** A key lookup for jwtVerify from a fixed key set (matched by kid). */
export function localKeys(set: JSONWebKeySet): JWTVerifyGetKey {
  return createLocalJWKSet(set);
}
