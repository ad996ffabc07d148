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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parsePublicKeySet, serviceAuthFromEnv, type AnyServiceDescription } from '@taal/kit';
import { services } from '../../packages/launcher/src/registry';
import { buildHelm, chart, ciFiles, renderObjects, root, type K8sObject } from './helm';
import { followReadme, namedBy, resolve, valuesOf, type Made } from './install';

const dir = mkdtempSync(path.join(tmpdir(), 'taal-install-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let helm = '';
const render = (args: string[]): K8sObject[] => renderObjects(helm, args);

/** The servers a service's `needs` make it read in cluster mode (the kit's clusterPorts). */
const infraFor: Record<string, string[]> = {
  sql: ['DATABASE_URL'],
  bus: ['KAFKA_BROKERS'],
  files: ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET'],
  mail: ['SMTP_URL'],
  cache: ['REDIS_URL'],
  documents: ['MONGODB_URL'],
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
  ({ made: readmeObjects, helmArgs } = followReadme(readme, dir));
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

// Every service builds links (mail, certificates) and the card gateway's return and IPN URLs on
// PUBLIC_URL: behind an ingress, each must be the site's address (step 5 once set it for two services only).
it.each([['ci/production-values.yaml', path.join(chart, 'ci/production-values.yaml')], ["the README's helm command", undefined]])(
  'installed with %s, every service has the ingress host as PUBLIC_URL',
  (_, valuesFile) => {
    const objects = render(valuesFile ? ['-f', valuesFile] : helmArgs);
    const site = `https://${objects.find((o) => o.kind === 'Ingress')!.spec!.rules[0].host}`;
    const publicUrls = Object.fromEntries(
      objects
        .filter((o) => o.kind === 'Deployment' && services.some((s) => o.metadata.name === `taal-${s.name}`))
        .map((d) => [d.metadata.name, d.spec!.template.spec.containers[0].env.find((e: { name: string }) => e.name === 'PUBLIC_URL')?.value]),
    );
    expect(publicUrls).toEqual(Object.fromEntries(services.map((s) => [`taal-${s.name}`, site])));
  },
);
