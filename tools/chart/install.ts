/**
 * deploy/README.md's install steps as code, shared by the install test (the objects resolve) and
 * the rehearsal (the pods start): the objects the README's steps make, read from the README
 * itself, and a container's environment resolved against them as the kubelet would.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, yaml, type K8sObject } from './helm';

/** An object one of the README's steps makes, with that step ("3. Service keys"). */
export type Made = K8sObject & { step: string; value?: { key: string; default: string } };

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

/** Runs the README's commands that make objects (files it needs go in `dir`); returns them, and the helm command's arguments. */
export function followReadme(readme: string, dir: string): { made: Made[]; helmArgs: string[] } {
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

/** The README's objects as a values file names them: the platform team uses the names its values choose. */
export function namedBy(made: Made[], valuesFile: string | undefined): Made[] {
  const values = valuesFile ? (yaml.load(readFileSync(valuesFile, 'utf8')) as Record<string, unknown>) : {};
  const valueAt = (key: string) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], values);
  return made.map((o) => {
    const chosen = o.value && valueAt(o.value.key);
    if (typeof chosen !== 'string' || !o.metadata.name.startsWith(o.value!.default)) return o;
    return { ...o, metadata: { ...o.metadata, name: chosen + o.metadata.name.slice(o.value!.default.length) } };
  });
}

export const valuesOf = (o: K8sObject): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(o.data ?? {}).map(([k, v]) => [k, o.kind === 'Secret' ? Buffer.from(v, 'base64').toString('utf8') : v])),
  ...o.stringData,
});

/** Where a missing object should have come from: the step that makes its siblings (same name but the last part). */
export function stepFor(kind: string, name: string, made: Made[]): string {
  const stem = name.replace(/-[^-]+$/, '-');
  const sibling = made.find((o) => o.kind === kind && o.metadata.name.startsWith(stem));
  return sibling ? `deploy/README.md step "${sibling.step}" should make it` : 'no step of deploy/README.md makes it';
}

export interface Resolved {
  env: Record<string, string>;
  problems: string[];
}

/** A container's environment as the kubelet would build it, and what it could not find. */
export function resolve(pod: any, container: any, objects: K8sObject[], made: Made[]): Resolved { // eslint-disable-line @typescript-eslint/no-explicit-any
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
