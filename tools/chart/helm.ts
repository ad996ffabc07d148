/**
 * What the chart's tests share: where the chart and its ci values files are, helm (built by
 * tools/chart/helm.sh into the cache) and `helm template` as text or as objects.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(__dirname, '../..');
export const chart = path.join(root, 'charts/taal');
/** The values files CI installs the chart with (charts/taal/ci/*.yaml). */
export const ciFiles = readdirSync(path.join(chart, 'ci')).filter((f) => f.endsWith('.yaml')).sort();
export const yaml = require('js-yaml') as { loadAll(text: string): unknown[]; load(text: string): unknown; dump(o: unknown): string };

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** helm's path, built first when missing (a few minutes the first time): call it in a beforeAll with a long timeout. */
export const buildHelm = (): string => execFileSync('bash', [path.join(root, 'tools/chart/helm.sh')], { encoding: 'utf8', timeout: 1_500_000 }).trim();

/** Runs helm in the repository's root. */
export const runHelm = (helm: string, args: string[]) => spawnSync(helm, args, { cwd: root, encoding: 'utf8' });

/** `helm template taal charts/taal ARGS` as YAML text; throws with helm's message when it fails. */
export function renderText(helm: string, args: string[]): string {
  const out = runHelm(helm, ['template', 'taal', chart, ...args]);
  if (out.status !== 0) throw new Error(`helm template ${args.join(' ')} failed:\n${out.stderr}`);
  return out.stdout;
}

/** The rendered objects. */
export const renderObjects = (helm: string, args: string[]): K8sObject[] => yaml.loadAll(renderText(helm, args)).filter((o): o is K8sObject => !!o);
