// The edge knows the services only through the registry (decision 0029): each service's routes,
// clients and cache rules live in its own `src/api/` and reach the gateway as the API part of its
// registry description. So no source of the gateway names a service of the registry, imports a
// service package or another service's contracts; a new service is its folder plus a registry line.
import fs from 'node:fs';
import path from 'node:path';
import { services } from '@taal/launcher';

const SRC = __dirname;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.(test|itest)\.ts$/.test(e.name) ? [p] : [];
  });
}

/** The code without its comments (comments may explain what a service does). */
const codeOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('the gateway names no service but through the registry', () => {
  const others = services.map((s) => s.name).filter((name) => name !== 'gateway');

  it('has the registry’s services to look for', () => {
    expect(others.length).toBeGreaterThanOrEqual(7);
  });

  it('no gateway source imports anything under services/*/src or a service package: only the registry’s description reaches it (issue 52)', () => {
    const imports = sources(SRC).flatMap((file) =>
      [...codeOf(file).matchAll(/(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => ({ file: path.relative(SRC, file), spec: m[1]! })),
    );
    expect(imports.length).toBeGreaterThan(20);
    const outside = imports.filter(({ file, spec }) => {
      if (spec.startsWith('.')) return !path.resolve(SRC, path.dirname(file), spec).startsWith(SRC);
      return new RegExp(`^@taal/(${others.join('|')})(/|$)`).test(spec);
    });
    expect(outside).toEqual([]);
  });

  it('no gateway source names a service, imports a service package or a service’s contracts', () => {
    const named = new RegExp(`\\b(${others.join('|')})\\b`, 'i');
    const contracts = /\b[a-z]+(Events)?V1\b|\b[A-Z][a-z]+Events\b/;
    const found = sources(SRC).flatMap((file) =>
      codeOf(file)
        .split('\n')
        .flatMap((line, i) => (named.test(line) || contracts.test(line) ? [`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
