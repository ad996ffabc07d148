import { readFileSync } from 'node:fs';
import path from 'node:path';
import { grpcOf } from '@taal/kit';
import { services } from './registry';
import { parseLaunchArgs } from './main';

const root = path.resolve(__dirname, '../../..');

/** The entries under the top-level `services:` key of a values file, with their grpcPort/httpPort. */
function chartServices(file: string): Record<string, { grpcPort?: number; httpPort?: number }> {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const out: Record<string, { grpcPort?: number; httpPort?: number }> = {};
  let inServices = false;
  let current: string | undefined;
  for (const line of lines) {
    if (/^\S/.test(line)) {
      inServices = line.startsWith('services:');
      continue;
    }
    if (!inServices) continue;
    const entry = /^ {2}([a-z][\w-]*):\s*$/.exec(line);
    if (entry) out[(current = entry[1]!)] = {};
    const port = /^ {4}(grpcPort|httpPort):\s*(\d+)/.exec(line);
    if (port && current) out[current]![port[1] as 'grpcPort' | 'httpPort'] = Number(port[2]);
  }
  return out;
}

describe('the service registry', () => {
  it('has unique names, every gRPC service with its own port, one HTTP edge', () => {
    const names = services.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    const ports = services.flatMap((s) => (grpcOf(s) ? [grpcOf(s)!.port] : []));
    expect(new Set(ports).size).toBe(ports.length);
    expect(services.filter((s) => !grpcOf(s))).toHaveLength(1);
  });

  it.each(['charts/taal/values.yaml', 'charts/taal/ci/default-values.yaml'])('is what the chart deploys (%s)', (file) => {
    const chart = chartServices(file);
    expect(Object.keys(chart).sort()).toEqual(services.map((s) => s.name).sort());
    for (const s of services) {
      const grpc = grpcOf(s);
      if (grpc) expect(chart[s.name]).toMatchObject({ grpcPort: grpc.port });
      else expect(chart[s.name]!.httpPort).toBeDefined();
    }
  });

  it('launches one target or all, in either mode', () => {
    expect(parseLaunchArgs([], {})).toEqual({ mode: 'all-in-one', target: 'all' });
    expect(parseLaunchArgs([], { TAAL_MODE: 'cluster' })).toEqual({ mode: 'cluster', target: 'all' });
    expect(parseLaunchArgs(['--mode', 'cluster', '--target', 'catalogue'], {})).toEqual({ mode: 'cluster', target: 'catalogue' });
    expect(() => parseLaunchArgs(['--target', 'nope'], {})).toThrow(/unknown target "nope"/);
    expect(() => parseLaunchArgs(['--mode', 'embedded'], {})).toThrow(/--mode/);
  });
});
