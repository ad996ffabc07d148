/**
 * The Helm chart as CI checks it (issue 14): `helm lint --strict` and `helm template` for every
 * values file under charts/taal/ci, every rendered object validated against the Kubernetes
 * OpenAPI schema (kubernetes-models), the rules every service must follow (probes, resources,
 * a locked-down securityContext, a PDB, a NetworkPolicy), values that must fail with a clear
 * message, and skaffold.yaml against the chart and the image. helm is built by tools/chart/helm.sh.
 */
import { readFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { services } from '../../packages/launcher/src/registry';
import { buildHelm, chart, ciFiles, renderObjects, root, runHelm, yaml, type K8sObject } from './helm';

let helm = '';
const run = (args: string[]) => runHelm(helm, args);
const render = (args: string[]): K8sObject[] => renderObjects(helm, args);

/** The kubernetes-models class of an object (e.g. apps/v1 Deployment), which validates it against the OpenAPI schema. */
function modelOf(o: K8sObject): { validate(): void } {
  const group = o.apiVersion.includes('/') ? o.apiVersion : `v1`;
  const modulePath = o.apiVersion.includes('/') ? `kubernetes-models/${group}/${o.kind}` : `kubernetes-models/v1/${o.kind}`;
   
  const Model = (require(modulePath) as Record<string, new (o: unknown) => { validate(): void }>)[o.kind]!;
  return new Model(o);
}

beforeAll(() => {
  helm = buildHelm();
}, 1_600_000);

describe.each(ciFiles)('the chart with ci/%s', (file) => {
  const values = ['-f', path.join(chart, 'ci', file)];
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render(values);
  });

  it('passes helm lint --strict', () => {
    const out = run(['lint', '--strict', chart, ...values]);
    expect({ status: out.status, output: out.status === 0 ? '' : out.stdout + out.stderr }).toEqual({ status: 0, output: '' });
  });

  it('renders only objects that validate against the Kubernetes schema', () => {
    expect(objects.length).toBeGreaterThan(10);
    for (const o of objects) {
      try {
        modelOf(o).validate();
      } catch (err) {
        throw new Error(`${o.kind}/${o.metadata.name}: ${(err as Error).message}`);
      }
    }
  });

  it('gives every service of the registry probes, resources, a locked-down container, a PDB and a NetworkPolicy', () => {
    const of = (kind: string) => new Map(objects.filter((o) => o.kind === kind).map((o) => [o.metadata.name, o]));
    const [deployments, pdbs, policies, accounts] = [of('Deployment'), of('PodDisruptionBudget'), of('NetworkPolicy'), of('ServiceAccount')];
    const networkPolicies = !file.startsWith('sandbox');
    for (const s of services) {
      const name = `taal-${s.name}`;
      const deployment = deployments.get(name);
      expect({ name, deployment: !!deployment, pdb: pdbs.has(name), account: accounts.has(name) }).toEqual({ name, deployment: true, pdb: true, account: true });
      if (networkPolicies) expect({ name, networkPolicy: policies.has(name) }).toEqual({ name, networkPolicy: true });
      const pod = deployment!.spec!.template.spec;
      expect(pod.serviceAccountName).toBe(name);
      for (const c of pod.containers) {
        expect({ name, probes: [!!c.startupProbe, !!c.readinessProbe, !!c.livenessProbe] }).toEqual({ name, probes: [true, true, true] });
        expect(c.resources?.requests?.cpu && c.resources?.limits?.memory).toBeTruthy();
        expect(c.securityContext).toMatchObject({ runAsNonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
        // Every verifier of access tokens but identity (which holds the keys) reads identity's key set (decision 0024).
        const jwks = (c.env ?? []).some((e: { name: string }) => e.name === 'IDENTITY_JWKS_URL');
        expect({ name, jwks }).toEqual({ name, jwks: s.name !== 'identity' });
      }
    }
  });
});

describe('chart values', () => {
  it('production: HPAs, an Ingress with TLS and at least 3 gateway replicas', () => {
    const objects = render(['-f', path.join(chart, 'ci/production-values.yaml')]);
    const hpa = objects.find((o) => o.kind === 'HorizontalPodAutoscaler' && o.metadata.name === 'taal-gateway');
    expect(hpa?.spec).toMatchObject({ minReplicas: 3 });
    expect(objects.find((o) => o.kind === 'Ingress')?.spec).toMatchObject({ tls: [{ secretName: 'taal-example-com-tls' }] });
  });

  it('tracing: off by default; with an OTLP endpoint every service exports to it', () => {
    const envOf = (objects: ReturnType<typeof render>) =>
      objects
        .filter((o) => o.kind === 'Deployment' && o.metadata.name !== 'taal-sslcommerz-sandbox')
        .map((o) => (o.spec!.template.spec.containers[0].env as { name: string; value: string }[]).find((e) => e.name === 'OTEL_EXPORTER_OTLP_ENDPOINT')?.value);
    expect(new Set(envOf(render([])))).toEqual(new Set([undefined]));
    expect(new Set(envOf(render(['-f', path.join(chart, 'ci/production-values.yaml')])))).toEqual(new Set(['http://otel-collector.monitoring:4318']));
    expect(run(['template', 'taal', chart, '--set', 'tracing.otlpEndpoint=collector:4318']).stderr).toMatch(/otlpEndpoint/);
  });

  it("images: every service runs the shared image; one service's tag overrides only its own Deployment", () => {
    const imagesOf = (objects: K8sObject[]) =>
      Object.fromEntries(
        objects
          .filter((o) => o.kind === 'Deployment' && o.metadata.name !== 'taal-sslcommerz-sandbox')
          .map((o) => [o.metadata.name, `${o.spec!.template.spec.containers[0].image} ${o.spec!.template.spec.containers[0].imagePullPolicy}`]),
      );
    const shared = imagesOf(render(['--set', 'image.repository=registry.example.com/taal', '--set', 'image.tag=1.4.0']));
    expect(Object.keys(shared).sort()).toEqual(services.map((s) => `taal-${s.name}`).sort());
    expect(new Set(Object.values(shared))).toEqual(new Set(['registry.example.com/taal:1.4.0 IfNotPresent']));
    const one = imagesOf(render(['--set', 'image.repository=registry.example.com/taal', '--set', 'image.tag=1.4.0', '--set', 'services.commerce.image.tag=1.4.1']));
    expect(one).toEqual({ ...shared, 'taal-commerce': 'registry.example.com/taal:1.4.1 IfNotPresent' });
    // A team with its own repository keeps the shared tag unless it sets one.
    const own = imagesOf(render(['--set', 'services.store.image.repository=registry.example.com/store', '--set', 'services.store.image.pullPolicy=Always']));
    expect(own['taal-store']).toBe('registry.example.com/store:latest Always');
    expect(own['taal-commerce']).toBe('taal:latest IfNotPresent');
  });

  it("deploy/README.md's commands for shipping one service change only that service's image", () => {
    const readme = readFileSync(path.join(root, 'deploy/README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Shipping one service'), readme.indexOf('\n## ', readme.indexOf('## Shipping one service') + 1));
    const command = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.replace(/\\\n\s*/g, ' ').trim()).find((c) => c.startsWith('helm upgrade taal charts/taal '));
    expect(command).toBeDefined();
    // helm template takes the same values; it has no release whose values it could reuse.
    const args = command!.replace('helm upgrade taal charts/taal ', '').split(/\s+/).filter((a) => a !== '--reset-then-reuse-values');
    const valuesFile = /`(services: \{.*\})`/.exec(section)?.[1];
    expect(valuesFile).toBeDefined();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'taal-values-')), 'commerce.yaml');
    writeFileSync(file, valuesFile!);
    const imagesOf = (objects: K8sObject[]) => new Map(objects.filter((o) => o.kind === 'Deployment').map((o) => [o.metadata.name, o.spec!.template.spec.containers[0].image as string]));
    const before = imagesOf(render([]));
    const shipped = [render(args), render(['-f', file])];
    rmSync(path.dirname(file), { recursive: true });
    for (const objects of shipped) {
      expect(imagesOf(objects)).toEqual(new Map([...before, ['taal-commerce', 'registry.example.com/taal-commerce:1.4.1']]));
    }
  });

  it('the sandbox is off unless enabled', () => {
    expect(render([]).some((o) => o.metadata.name === 'taal-sslcommerz-sandbox')).toBe(false);
    expect(render(['-f', path.join(chart, 'ci/sandbox-values.yaml')]).some((o) => o.kind === 'Deployment' && o.metadata.name === 'taal-sslcommerz-sandbox')).toBe(true);
  });

  it.each([
    [['--set', 'services.gateway.replicas=-1'], /replicas.*(minimum|greater than or equal)/i],
    [['--set', 'infraSecret='], /infraSecret/],
    [['--set', 'cardGateway.secret='], /cardGateway|secret/],
    [['--set', 'ingress.enabled=true'], /ingress\.host is required/],
    [['--set', 'image.pullPolicy=Sometimes'], /pullPolicy/],
    [['--set', 'services.commerce.image.tga=1.4.1'], /services\/commerce\/image.*tga/],
  ])('refuses broken values with a clear message (%j)', (args, message) => {
    const out = run(['template', 'taal', chart, ...args]);
    expect(out.status).not.toBe(0);
    expect(out.stderr).toMatch(message);
  });
});

describe('skaffold.yaml', () => {
  interface SkaffoldConfig {
    apiVersion: string;
    kind: string;
    metadata: { name: string };
    build: { artifacts: { image: string; docker: { dockerfile: string } }[] };
    manifests: { helm: { releases: { name: string; chartPath: string; setValueTemplates: Record<string, string> }[] } };
    deploy: { helm: { flags?: { upgrade?: string[] } } };
  }
  // js-yaml (the repository's declared YAML parser; `yaml` is only a transitive dependency).
  const configs = yaml.loadAll(readFileSync(path.join(root, 'skaffold.yaml'), 'utf8')) as SkaffoldConfig[];
  const byName = new Map(configs.map((c) => [c.metadata.name, c]));
  const values = yaml.load(readFileSync(path.join(chart, 'values.yaml'), 'utf8')) as { image: { repository: string } };

  it('has one module per service of the registry and one for the whole system, each a complete Skaffold config', () => {
    expect(configs.map((c) => c.metadata.name).sort()).toEqual(['taal', ...services.map((s) => s.name)].sort());
    expect(byName.size).toBe(configs.length);
    // Skaffold refuses two modules building the same image name.
    const images = configs.flatMap((c) => c.build.artifacts.map((a) => a.image));
    expect(new Set(images).size).toBe(images.length);
    for (const c of configs) {
      expect({ name: c.metadata.name, apiVersion: c.apiVersion, kind: c.kind }).toEqual({ name: c.metadata.name, apiVersion: configs[0]!.apiVersion, kind: 'Config' });
      expect(c.build.artifacts).toHaveLength(1);
      const [artifact] = c.build.artifacts;
      // One image for every service: its ports are the chart's, per container, never one stale EXPOSE list.
      expect(existsSync(path.join(root, artifact!.docker.dockerfile))).toBe(true);
      expect(readFileSync(path.join(root, artifact!.docker.dockerfile), 'utf8')).not.toMatch(/^EXPOSE/m);
      const [release] = c.manifests.helm.releases;
      expect({ name: c.metadata.name, releases: c.manifests.helm.releases.length, release: release!.name }).toEqual({ name: c.metadata.name, releases: 1, release: 'taal' });
      expect(path.resolve(root, release!.chartPath)).toBe(chart);
    }
  });

  it('the whole-system module builds the image the chart deploys and sets the shared image', () => {
    const whole = byName.get('taal')!;
    expect(whole.build.artifacts[0]!.image).toBe(values.image.repository);
    expect(whole.manifests.helm.releases[0]!.setValueTemplates).toEqual({ 'image.repository': '{{.IMAGE_REPO_taal}}', 'image.tag': '{{.IMAGE_TAG_taal}}' });
  });

  it.each(services.map((s) => s.name))('the %s module sets only its own image and keeps the release\'s other values', (name) => {
    const module = byName.get(name)!;
    const image = module.build.artifacts[0]!.image;
    expect(image).toBe(`taal-${name}`);
    // Skaffold names an artifact's template variables with its non-alphanumerics as underscores.
    const variable = image.replace(/[^a-zA-Z0-9]/g, '_');
    const templates = module.manifests.helm.releases[0]!.setValueTemplates;
    expect(templates).toEqual({ [`services.${name}.image.repository`]: `{{.IMAGE_REPO_${variable}}}`, [`services.${name}.image.tag`]: `{{.IMAGE_TAG_${variable}}}` });
    expect(module.deploy.helm.flags?.upgrade).toEqual(['--reset-then-reuse-values']);
    // What the module's helm upgrade renders: only this service's Deployment changes.
    const imagesOf = (args: string[]) =>
      new Map(render(args).filter((o) => o.kind === 'Deployment').map((o) => [o.metadata.name, o.spec!.template.spec.containers[0].image as string]));
    const before = imagesOf([]);
    const set = Object.keys(templates).flatMap((key) => ['--set', `${key}=${key.endsWith('.tag') ? 'abc123' : `registry.example.com/${image}`}`]);
    const after = imagesOf(set);
    expect(after).toEqual(new Map([...before, [`taal-${name}`, `registry.example.com/${image}:abc123`]]));
  });
});
