/**
 * Pod Security (issue 22): every pod the chart renders, for every values file under charts/taal/ci,
 * meets the Pod Security Standards' restricted profile, as the PodSecurity admission controller
 * of a namespace labelled `pod-security.kubernetes.io/enforce: restricted` would check it
 * (tools/podsecurity: the Kubernetes project's own checks, k8s.io/pod-security-admission).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildHelm, chart, ciFiles, renderText, root, yaml } from './helm';

let helm = '';
let podsecurity = '';
const check = (manifests: string) => spawnSync(podsecurity, ['-level', 'restricted'], { input: manifests, encoding: 'utf8' });
const render = (args: string[]) => renderText(helm, args);

beforeAll(() => {
  helm = buildHelm();
  podsecurity = execFileSync('bash', [path.join(root, 'tools/podsecurity/podsecurity.sh')], { encoding: 'utf8', timeout: 900_000 }).trim();
}, 2_400_000);

it.each(ciFiles)('every pod of ci/%s meets the restricted profile', (file) => {
  const out = check(render(['-f', path.join(chart, 'ci', file)]));
  expect({ status: out.status, violations: out.stdout }).toEqual({ status: 0, violations: '' });
  // Every Deployment was looked at (the services, and the sandbox when on).
  expect(out.stderr).toMatch(/[1-9]\d* pod templates checked against restricted:latest, 0 violations/);
});

it('refuses a pod that breaks the profile, naming what it breaks', () => {
  // The catalogue's Deployment as someone might loosen it: privileged, root allowed, a host path.
  const docs = (yaml.loadAll(render([])) as { kind?: string; metadata?: { name: string }; spec?: any }[]).filter((o) => o?.kind === 'Deployment'); // eslint-disable-line @typescript-eslint/no-explicit-any
  const catalogue = docs.find((o) => o.metadata!.name === 'taal-catalogue')!;
  const pod = catalogue.spec.template.spec;
  pod.securityContext = {};
  pod.containers[0].securityContext = { privileged: true };
  pod.volumes.push({ name: 'host', hostPath: { path: '/var/run' } });
  const out = check(yaml.dump(catalogue));
  expect(out.status).toBe(1);
  for (const reason of ['privileged', 'allowPrivilegeEscalation != false', 'unrestricted capabilities', 'restricted volume types', 'runAsNonRoot != true', 'seccompProfile']) {
    expect(out.stdout).toContain(`Deployment/taal-catalogue: ${reason}`);
  }
});
