#!/usr/bin/env node
// Prints the Kubernetes objects that hold the caller-identity keys (decision 0008):
//   node tools/keys/cluster-keys.mjs [--namespace NS] | kubectl apply -f -
// One Secret per service with its private Ed25519 key (SERVICE_SIGNING_KEY, kid = service
// name), the Secret with identity's access-token key (IDENTITY_ACCESS_TOKEN_KEY) and a
// ConfigMap with every service's public key (SERVICE_PUBLIC_KEYS). Run it again to rotate
// all keys at once (then restart the deployments); the values come from this machine only.
import { generateKeyPairSync, randomBytes } from 'node:crypto';

const services = ['gateway', 'catalogue', 'identity'];
const nsIndex = process.argv.indexOf('--namespace');
const namespace = nsIndex > 0 ? process.argv[nsIndex + 1] : undefined;

function signingKey(kid) {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  return { ...jwk, kid, alg: 'EdDSA' };
}
const publicOf = ({ kty, crv, x, kid }) => ({ kty, crv, x, kid, alg: 'EdDSA', use: 'sig' });

const meta = (name) => ({ name, ...(namespace ? { namespace } : {}), labels: { 'app.kubernetes.io/part-of': 'taal' } });
const keys = Object.fromEntries(services.map((name) => [name, signingKey(name)]));
const objects = [
  ...services.map((name) => ({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: meta(`taal-service-key-${name}`),
    type: 'Opaque',
    stringData: { SERVICE_SIGNING_KEY: JSON.stringify(keys[name]) },
  })),
  {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: meta('taal-identity-access-token-key'),
    type: 'Opaque',
    stringData: { IDENTITY_ACCESS_TOKEN_KEY: JSON.stringify(signingKey(`identity-${randomBytes(4).toString('hex')}`)) },
  },
  {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta('taal-service-public-keys'),
    data: { SERVICE_PUBLIC_KEYS: JSON.stringify({ keys: services.map((name) => publicOf(keys[name])) }) },
  },
];
// JSON is YAML: one document per object.
process.stdout.write(objects.map((o) => JSON.stringify(o, null, 2)).join('\n---\n') + '\n');
