/**
 * deploy/README.md's install steps against the rendered chart (issue 22). The objects the steps
 * make (their `kubectl create secret` commands, the keys script's output) are read from the
 * README itself; then, for every values file under charts/taal/ci and for the README's own
 * `helm upgrade --install` command, every Deployment's envFrom, env and volumes must find their
 * Secret, ConfigMap and key (a missing one names the step that should have made it), and each
 * service's resolved environment must satisfy the service itself: its config, its keys, and the
 * servers its `needs` ask for. helm is built by tools/chart/helm.sh; the keys script reads the
 * compiled registry (`npm run build`).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parsePublicKeySet, serviceAuthFromEnv, type AnyServiceDescription } from '@taal/kit';
import { services } from '../../packages/launcher/src/registry';
import { buildHelm, chart, ciFiles, renderObjects, root, yaml, type K8sObject } from './helm';

/** An object one of the README's steps makes, with that step ("3. Service keys"). */
type Made = K8sObject & { step: string; value?: { key: string; default: string } };

/**
 * The README's install steps: each numbered step's title, its sh blocks and the value that names
 * what it makes when the step says so ("(`infraSecret`, default `taal-infra`)").
 */
function installSteps(readme: string): { step: string; blocks: string[]; value?: { key: string; default: string } }[] {
  const install = readme.slice(readme.indexOf('## Install'), readme.indexOf('\n## ', readme.indexOf('## Install') + 1));
  return install
    .split(/^(?=\d+\. \*\*)/m)
    .filter((part) => /^\d+\. \*\*/.test(part))
    .map((part) => ({
      step: /^(\d+)\. \*\*(.+?)\*\*/.exec(part)!.slice(1, 3).join('. ').replace(/\.$/, ''),
      blocks: [...part.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.replace(/\\\n\s*/g, ' ')),
      value: valueNaming(part),
    }));
}

function valueNaming(step: string): { key: string; default: string } | undefined {
  const named = /^[^\n]*\(`([\w.]+)`, default `([\w.-]+)`/.exec(step);
  return named ? { key: named[1]!, default: named[2]! } : undefined;
}

/** The commands of a block, `for X in a b; do … done` unrolled, shell variables and `$(…)` given values. */
function commands(block: string): string[] {
  const vars: Record<string, string> = {};
  const expand = (line: string) =>
    line
      .replace(/"?\$\([^)]*\)"?/g, () => randomBytes(24).toString('hex'))
      .replace(/\$\{?(\w+)\}?/g, (_, name: string) => vars[name] ?? `$${name}`)
      .replace(/"/g, '');
  const out: string[] = [];
  const lines = block.split('\n').map((l) => l.trim()).filter(Boolean);
  const run = (body: string[]) => {
    for (const line of body) {
      const assign = /^(\w+)=(.*)$/.exec(line);
      if (assign) vars[assign[1]!] = expand(assign[2]!);
      else out.push(expand(line));
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const loop = /^for (\w+) in (.+); do$/.exec(lines[i]!);
    if (!loop) {
      run([lines[i]!]);
      continue;
    }
    const end = lines.indexOf('done', i);
    for (const value of loop[2]!.split(/\s+/)) {
      vars[loop[1]!] = value;
      run(lines.slice(i + 1, end));
    }
    i = end;
  }
  return out;
}

const dir = mkdtempSync(path.join(tmpdir(), 'taal-install-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the README's commands that make objects; returns them, and the helm command's arguments. */
function followReadme(readme: string): { made: Made[]; helmArgs: string[] } {
  const made: Made[] = [];
  let helmArgs: string[] = [];
  for (const { step, blocks, value } of installSteps(readme)) {
    for (const command of blocks.flatMap(commands)) {
      const secret = /^kubectl create secret generic (\S+)(.*)$/.exec(command);
      if (secret) {
        const data = Object.fromEntries([...secret[2]!.matchAll(/--from-literal=(\w+)=(\S*)/g)].map((m) => [m[1]!, m[2]!]));
        made.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: secret[1]! }, stringData: data, step, value });
      } else if (/^node tools\/keys\/cluster-keys\.mjs(.*)\| kubectl apply -f -$/.test(command)) {
        const args = /^node tools\/keys\/cluster-keys\.mjs(.*)\|/.exec(command)![1]!.trim().split(/\s+/).filter(Boolean);
        // A first install: no keys in the cluster yet (this machine has no cluster to ask).
        const none = path.join(dir, 'no-keys.yaml');
        writeFileSync(none, '');
        const out = execFileSync(process.execPath, [path.join(root, 'tools/keys/cluster-keys.mjs'), ...args, '--from', none], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
        for (const o of out.split(/^---$/m)) made.push({ ...(JSON.parse(o) as K8sObject), step, value });
      } else if (/^helm upgrade --install taal charts\/taal /.test(command)) {
        helmArgs = command.replace(/^helm upgrade --install taal charts\/taal /, '').split(/\s+/).filter(Boolean);
      }
    }
  }
  return { made, helmArgs };
}

let helm = '';
const render = (args: string[]): K8sObject[] => renderObjects(helm, args);

/** The README's objects as a values file names them: the platform team uses the names its values choose. */
function namedBy(made: Made[], valuesFile: string | undefined): Made[] {
  const values = valuesFile ? (yaml.load(readFileSync(valuesFile, 'utf8')) as Record<string, unknown>) : {};
  const valueAt = (key: string) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], values);
  return made.map((o) => {
    const chosen = o.value && valueAt(o.value.key);
    if (typeof chosen !== 'string' || !o.metadata.name.startsWith(o.value!.default)) return o;
    return { ...o, metadata: { ...o.metadata, name: chosen + o.metadata.name.slice(o.value!.default.length) } };
  });
}

const valuesOf = (o: K8sObject): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(o.data ?? {}).map(([k, v]) => [k, o.kind === 'Secret' ? Buffer.from(v, 'base64').toString('utf8') : v])),
  ...o.stringData,
});

/** Where a missing object should have come from: the step that makes its siblings (same name but the last part). */
function stepFor(kind: string, name: string, made: Made[]): string {
  const stem = name.replace(/-[^-]+$/, '-');
  const sibling = made.find((o) => o.kind === kind && o.metadata.name.startsWith(stem));
  return sibling ? `deploy/README.md step "${sibling.step}" should make it` : 'no step of deploy/README.md makes it';
}

interface Resolved {
  env: Record<string, string>;
  problems: string[];
}

/** A container's environment as the kubelet would build it, and what it could not find. */
function resolve(pod: any, container: any, objects: K8sObject[], made: Made[]): Resolved { // eslint-disable-line @typescript-eslint/no-explicit-any
  const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
  const problems: string[] = [];
  const missing = (kind: string, name: string, key?: string) =>
    problems.push(`${kind} ${name}${key ? ` has no key ${key}` : ' is missing'} (${stepFor(kind, name, made)})`);
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    const [kind, ref] = from.secretRef ? ['Secret', from.secretRef] : ['ConfigMap', from.configMapRef];
    const o = find(kind, ref.name);
    if (o) Object.assign(env, valuesOf(o));
    else if (!ref.optional) missing(kind, ref.name);
  }
  for (const e of container.env ?? []) {
    if ('value' in e) env[e.name] = e.value;
    const ref = e.valueFrom?.secretKeyRef ?? e.valueFrom?.configMapKeyRef;
    if (!ref) continue;
    const kind = e.valueFrom.secretKeyRef ? 'Secret' : 'ConfigMap';
    const o = find(kind, ref.name);
    const value = o ? valuesOf(o)[ref.key] : undefined;
    if (value !== undefined) env[e.name] = value;
    else if (!ref.optional) missing(kind, ref.name, o ? ref.key : undefined);
  }
  for (const v of pod.volumes ?? []) {
    const refs = [v.secret && ['Secret', v.secret.secretName, v.secret.optional], v.configMap && ['ConfigMap', v.configMap.name, v.configMap.optional]];
    for (const s of v.projected?.sources ?? []) refs.push(s.secret && ['Secret', s.secret.name, s.secret.optional], s.configMap && ['ConfigMap', s.configMap.name, s.configMap.optional]);
    for (const r of refs.filter(Boolean)) if (!find(r[0], r[1]) && !r[2]) missing(r[0], r[1]);
  }
  return { env, problems };
}

/** The servers a service's `needs` make it read in cluster mode (the kit's clusterPorts). */
const infraFor: Record<string, string[]> = {
  sql: ['DATABASE_URL'],
  bus: ['KAFKA_BROKERS'],
  files: ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET'],
  mail: ['SMTP_URL'],
  cache: ['REDIS_URL'],
};

/** What a service would refuse to start with, given its pod's environment. */
function startProblems(s: AnyServiceDescription, env: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [need, names] of Object.entries(infraFor)) {
    if (!(s.needs as Record<string, boolean>)[need]) continue;
    for (const name of names) if (!env[name]) problems.push(`${name} is not set (needs.${need})`);
  }
  const attempt = (what: string, fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      problems.push(`${what}: ${(err as Error).message}`);
    }
  };
  const cluster = { ...env, TAAL_MODE: 'cluster' };
  attempt('config', () => s.config(cluster));
  // Identity holds the user keys itself; the others read its JWKS.
  attempt('keys', () => serviceAuthFromEnv(s.name, cluster, s.userKeys ? async () => ({}) as never : undefined));
  attempt('public keys', () => {
    const kids = parsePublicKeySet(env.SERVICE_PUBLIC_KEYS ?? '', 'SERVICE_PUBLIC_KEYS').keys.map((k) => k.kid);
    const unknown = services.map((o) => o.name).filter((n) => !kids.includes(n));
    if (unknown.length) throw new Error(`no public key for ${unknown.join(', ')}`);
  });
  return problems;
}

const readme = readFileSync(path.join(root, 'deploy/README.md'), 'utf8');
let readmeObjects: Made[];
let helmArgs: string[];

beforeAll(() => {
  helm = buildHelm();
  ({ made: readmeObjects, helmArgs } = followReadme(readme));
}, 1_600_000);

it("follows the README's steps: the infrastructure Secret, one database Secret per service, the keys, the card gateway Secret, helm", () => {
  const made = readmeObjects;
  const names = made.map((o) => o.metadata.name);
  expect(names).toEqual(expect.arrayContaining(['taal-infra', 'taal-card-gateway', 'taal-service-public-keys', 'taal-identity-access-token-key']));
  for (const s of services) {
    expect(names).toContain(`taal-service-key-${s.name}`);
    // Its own role, and only for a service with a database.
    const url = valuesOf(made.find((o) => o.metadata.name === `taal-db-${s.name}`) ?? ({} as K8sObject)).DATABASE_URL;
    expect({ service: s.name, user: url && new URL(url).username }).toEqual({ service: s.name, user: s.needs.sql ? `taal_${s.name}` : undefined });
  }
  // No pod gets credentials that reach every service's tables.
  expect(valuesOf(made.find((o) => o.metadata.name === 'taal-infra')!).DATABASE_URL).toBeUndefined();
  expect(helmArgs.length).toBeGreaterThan(0);
});

describe.each([...ciFiles.map((f) => [`ci/${f}`, path.join(chart, 'ci', f)] as const), ["the README's helm command", undefined] as const])('installed with %s', (_, valuesFile) => {
  let objects: K8sObject[];
  let made: Made[];
  beforeAll(() => {
    made = namedBy(readmeObjects, valuesFile);
    objects = [...render(valuesFile ? ['-f', valuesFile] : helmArgs), ...made];
  });

  it("finds every Secret, ConfigMap and key its Deployments use, and each service's pod has what the service needs to start", () => {
    const deployments = objects.filter((o) => o.kind === 'Deployment');
    expect(deployments.length).toBeGreaterThanOrEqual(services.length);
    const problems: string[] = [];
    for (const d of deployments) {
      const pod = d.spec!.template.spec;
      for (const c of pod.containers) {
        const { env, problems: refs } = resolve(pod, c, objects, made);
        problems.push(...refs.map((p) => `${d.metadata.name}/${c.name}: ${p}`));
        const service = services.find((s) => d.metadata.name === `taal-${s.name}`);
        if (service) problems.push(...startProblems(service, env).map((p) => `${d.metadata.name}/${c.name}: ${p}`));
        // A service with a database connects as its own role.
        if (service?.needs.sql) expect({ service: service.name, user: new URL(env.DATABASE_URL!).username }).toEqual({ service: service.name, user: `taal_${service.name}` });
      }
    }
    expect(problems).toEqual([]);
  });

  it('names the README step when one of its objects is missing', () => {
    const without = made.filter((o) => o.metadata.name !== 'taal-service-key-commerce');
    const d = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'taal-commerce')!;
    const pod = d.spec!.template.spec;
    const { problems } = resolve(pod, pod.containers[0], [...objects.filter((o) => !made.includes(o as Made)), ...without], without);
    expect(problems).toEqual([expect.stringMatching(/^Secret taal-service-key-commerce is missing \(deploy\/README\.md step "3\. Service keys.*" should make it\)$/)]);
  });
});
