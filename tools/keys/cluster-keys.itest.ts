/**
 * The keys script as deploy/README.md's step 2 runs it (issue 22): one key per service of the
 * registry, kept on a second run (from a file or from the cluster through kubectl), all new only
 * with --rotate. It reads the compiled registry, so it needs `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { createPublicKey, createPrivateKey } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { services } from '../../packages/launcher/src/registry';

const script = path.resolve(__dirname, 'cluster-keys.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'taal-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Obj {
  kind: string;
  metadata: { name: string };
  stringData?: Record<string, string>;
  data?: Record<string, string>;
}

/** Runs the script; `path` replaces PATH (to put a fake kubectl first). */
function keys(args: string[], env: Record<string, string> = {}): { objects: Obj[]; text: string; stderr: string; status: number | null } {
  const out = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
  const objects = out.status === 0 ? out.stdout.split(/^---$/m).map((d) => JSON.parse(d) as Obj) : [];
  return { objects, text: out.stdout, stderr: out.stderr, status: out.status };
}
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
/** Every Secret's key (the private JWKs), by Secret name. */
const privateKeys = (objects: Obj[]) =>
  new Map(objects.filter((o) => o.kind === 'Secret').map((o) => [o.metadata.name, Object.values(o.stringData!)[0]!]));

let first: Obj[];
beforeAll(() => {
  const run = keys(['--from', file('none.yaml', '')]);
  expect({ status: run.status, stderr: run.stderr }).toMatchObject({ status: 0 });
  first = run.objects;
}, 90_000);

it('makes a Secret and a public key for every service of the registry, and identity’s access-token key', () => {
  const secrets = privateKeys(first);
  const publicKeys = JSON.parse(first.find((o) => o.metadata.name === 'taal-service-public-keys')!.data!.SERVICE_PUBLIC_KEYS) as { keys: { kid: string; x: string }[] };
  for (const s of services) {
    const jwk = JSON.parse(secrets.get(`taal-service-key-${s.name}`) ?? 'null') as { kid: string; x: string } | null;
    expect({ service: s.name, kid: jwk?.kid }).toEqual({ service: s.name, kid: s.name });
    // The ConfigMap's public key is the one of the Secret's private key.
    const derived = createPublicKey(createPrivateKey({ key: jwk!, format: 'jwk' })).export({ format: 'jwk' });
    expect(publicKeys.keys.find((k) => k.kid === s.name)?.x).toBe(derived.x);
  }
  expect(publicKeys.keys).toHaveLength(services.length);
  expect(JSON.parse(secrets.get('taal-identity-access-token-key')!)).toMatchObject({ crv: 'Ed25519', kid: expect.stringMatching(/^identity-/) });
});

it('keeps every existing key on a second run from its output, and adds only the missing one', () => {
  // The previous output without commerce's Secret: as if commerce were a new service.
  const withoutCommerce = first.filter((o) => o.metadata.name !== 'taal-service-key-commerce');
  const second = keys(['--from', file('first.yaml', withoutCommerce.map((o) => JSON.stringify(o)).join('\n---\n'))]);
  expect(second.status).toBe(0);
  const before = privateKeys(first);
  const after = privateKeys(second.objects);
  for (const [name, key] of before) {
    if (name === 'taal-service-key-commerce') expect(after.get(name)).not.toBe(key);
    else expect({ name, key: after.get(name) }).toEqual({ name, key });
  }
  expect(second.stderr).toMatch(/8 kept, 1 new \(taal-service-key-commerce\)/);
}, 90_000);

it('reads the existing keys from the cluster through kubectl when no file is given', () => {
  // kubectl's answer: a List of Secrets with base64 data.
  const list = {
    kind: 'List',
    items: first
      .filter((o) => o.kind === 'Secret')
      .map((o) => ({ kind: 'Secret', metadata: o.metadata, data: Object.fromEntries(Object.entries(o.stringData!).map(([k, v]) => [k, Buffer.from(v).toString('base64')])) })),
  };
  const bin = path.join(dir, 'bin');
  rmSync(bin, { recursive: true, force: true });
  mkdirSync(bin);
  const kubectl = path.join(bin, 'kubectl');
  writeFileSync(kubectl, `#!/bin/sh\ncat ${file('cluster.json', JSON.stringify(list))}\n`);
  chmodSync(kubectl, 0o755);
  const again = keys([], { PATH: `${bin}:${process.env.PATH}` });
  expect(again.status).toBe(0);
  expect(again.text).toBe(keys(['--from', file('all.yaml', first.map((o) => JSON.stringify(o)).join('\n---\n'))]).text);
  expect(privateKeys(again.objects)).toEqual(privateKeys(first));

  // A cluster that cannot be read makes no keys at all (applying new ones would rotate everything).
  writeFileSync(kubectl, '#!/bin/sh\necho "The connection to the server was refused" >&2\nexit 1\n');
  const refused = keys([], { PATH: `${bin}:${process.env.PATH}` });
  expect({ status: refused.status, stdout: refused.text }).toEqual({ status: 1, stdout: '' });
  expect(refused.stderr).toMatch(/kubectl get secret failed .*--from FILE/);
}, 120_000);

it('--rotate makes every key new', () => {
  const rotated = keys(['--rotate', '--from', file('first-again.yaml', first.map((o) => JSON.stringify(o)).join('\n---\n'))]);
  expect(rotated.status).toBe(0);
  const before = privateKeys(first);
  const after = privateKeys(rotated.objects);
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  for (const [name, key] of before) expect({ name, changed: after.get(name) !== key }).toEqual({ name, changed: true });
}, 90_000);
