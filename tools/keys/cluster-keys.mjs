#!/usr/bin/env node
// Prints the Kubernetes objects that hold the caller-identity keys (decision 0008), one set per
// service of the registry (packages/launcher/src/registry.ts, decision 0011):
//   node tools/keys/cluster-keys.mjs [--namespace NS] [--from FILE] [--rotate] | kubectl apply -f -
// One Secret per service with its private Ed25519 key (SERVICE_SIGNING_KEY, kid = service
// name), the Secret with identity's access-token key (IDENTITY_ACCESS_TOKEN_KEY) and a
// ConfigMap with every service's public key (SERVICE_PUBLIC_KEYS).
//
// Existing keys are kept: they are read from the cluster (`kubectl get secret -o json`, when
// kubectl is on PATH) or from FILE (a previous output of this script, or kubectl's JSON). Only
// missing keys are made, so a second run adds a new service's key and changes nothing else.
// `--rotate` makes every key new (then restart the deployments). Keys come from this machine only.
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fail = (message) => {
  process.stderr.write(`cluster-keys: ${message}\n`);
  process.exit(1);
};

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  if (!args[i + 1] || args[i + 1].startsWith('--')) fail(`${name} needs a value`);
  return args[i + 1];
};
const known = new Set(['--namespace', '--from', '--rotate']);
for (const a of args) if (a.startsWith('--') && !known.has(a)) fail(`unknown option ${a} (use --namespace NS, --from FILE, --rotate)`);
const namespace = option('--namespace');
const from = option('--from');
const rotate = args.includes('--rotate');

// The registry's services, from the compiled launcher (the names of the services that sign calls).
const registry = path.join(root, 'packages/launcher/dist/registry.js');
if (!existsSync(registry)) fail(`${path.relative(root, registry)} is missing: run \`npm ci && npm run build\` first (the keys follow the service registry)`);
const services = createRequire(import.meta.url)(registry).services.map((s) => s.name);

const SERVICE_KEY_PREFIX = 'taal-service-key-';
const ACCESS_TOKEN_SECRET = 'taal-identity-access-token-key';
const PUBLIC_KEYS_CONFIGMAP = 'taal-service-public-keys';
const secretNames = [...services.map((s) => SERVICE_KEY_PREFIX + s), ACCESS_TOKEN_SECRET];

/** The existing Secrets' string values by name, from FILE or the cluster (none with --rotate). */
function existingSecrets() {
  if (rotate) return new Map();
  let text;
  if (from) {
    text = readFileSync(from, 'utf8');
  } else {
    const kubectl = spawnSync('kubectl', ['get', 'secret', ...secretNames, '--ignore-not-found', '-o', 'json', ...(namespace ? ['-n', namespace] : [])], { encoding: 'utf8' });
    if (kubectl.error?.code === 'ENOENT') {
      process.stderr.write('cluster-keys: kubectl is not on PATH and no --from FILE was given: making every key new\n');
      return new Map();
    }
    // Never make new keys because the cluster could not be read: applying them would rotate everything.
    if (kubectl.status !== 0) fail(`kubectl get secret failed (${kubectl.stderr.trim().split('\n').at(-1)}); fix the cluster access, or pass --from FILE (an empty file: no keys yet) or --rotate`);
    text = kubectl.stdout;
  }
  // Our output is JSON documents separated by `---`; kubectl's is one object or a List.
  const docs = text
    .split(/^---$/m)
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d, i) => {
      try {
        return JSON.parse(d);
      } catch (err) {
        return fail(`${from ?? 'kubectl'}: document ${i + 1} is not JSON (${err.message})`);
      }
    });
  const objects = docs.flatMap((d) => (d.kind === 'List' || d.kind === 'SecretList' ? d.items : [d]));
  const found = new Map();
  for (const o of objects) {
    if (o?.kind !== 'Secret' || !secretNames.includes(o.metadata?.name)) continue;
    const values = { ...Object.fromEntries(Object.entries(o.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')])), ...o.stringData };
    found.set(o.metadata.name, values);
  }
  return found;
}

function signingKey(kid) {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  return { ...jwk, kid, alg: 'EdDSA' };
}
/** A kept private JWK, checked: an Ed25519 key (with the expected kid, when one is given). */
function keptKey(secretName, value, kid) {
  if (value === undefined) return undefined;
  let jwk;
  try {
    jwk = JSON.parse(value);
    createPrivateKey({ key: jwk, format: 'jwk' });
  } catch (err) {
    fail(`the existing ${secretName} does not hold an Ed25519 private JWK (${err.message}); fix it or pass --rotate`);
  }
  if (jwk.crv !== 'Ed25519' || (kid && jwk.kid !== kid)) fail(`the existing ${secretName} holds a key with kid ${JSON.stringify(jwk.kid)} (${jwk.crv}), not ${kid}; pass --rotate`);
  return jwk;
}
const publicOf = ({ kty, crv, x, kid }) => ({ kty, crv, x, kid, alg: 'EdDSA', use: 'sig' });

const existing = existingSecrets();
const made = [];
const keyOf = (secretName, field, kid, newKid = kid) => {
  const kept = keptKey(secretName, existing.get(secretName)?.[field], kid);
  if (kept) return kept;
  made.push(secretName);
  return signingKey(newKid);
};
const keys = Object.fromEntries(services.map((name) => [name, keyOf(SERVICE_KEY_PREFIX + name, 'SERVICE_SIGNING_KEY', name)]));
const accessTokenKey = keyOf(ACCESS_TOKEN_SECRET, 'IDENTITY_ACCESS_TOKEN_KEY', undefined, `identity-${randomBytes(4).toString('hex')}`);
process.stderr.write(`cluster-keys: ${secretNames.length - made.length} kept, ${made.length} new${made.length ? ` (${made.join(', ')})` : ''}\n`);

const meta = (name) => ({ name, ...(namespace ? { namespace } : {}), labels: { 'app.kubernetes.io/part-of': 'taal' } });
const objects = [
  ...services.map((name) => ({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: meta(SERVICE_KEY_PREFIX + name),
    type: 'Opaque',
    stringData: { SERVICE_SIGNING_KEY: JSON.stringify(keys[name]) },
  })),
  {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: meta(ACCESS_TOKEN_SECRET),
    type: 'Opaque',
    stringData: { IDENTITY_ACCESS_TOKEN_KEY: JSON.stringify(accessTokenKey) },
  },
  {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta(PUBLIC_KEYS_CONFIGMAP),
    data: { SERVICE_PUBLIC_KEYS: JSON.stringify({ keys: services.map((name) => publicOf(keys[name])) }) },
  },
];
// JSON is YAML: one document per object.
process.stdout.write(objects.map((o) => JSON.stringify(o, null, 2)).join('\n---\n') + '\n');
