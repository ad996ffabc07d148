// The shared packages and the gateway know no service's events, routes or limits (issue 39): a
// consumer passes the event type and codec of the contract it reads (consumeDecoded), each service
// declares its routes, its limiters and their settings, its card sale and its id-parameter
// exceptions in its own API part, so a new event, route or limit never changes the kit, the edge,
// payments or the gateway. The one exception is the tokens' own contract: every service verifies
// tokens and refuses a revoked session, and identity's `session.revoked` event is how it learns of one.
import fs from 'node:fs';
import path from 'node:path';
import { services } from '@taal/launcher';
import { declaredRoutesOf } from './api-routes';

const ROOT = path.resolve(__dirname, '../../..');
const SHARED = ['packages/kit/src', 'packages/edge/src', 'packages/payments/src', 'services/gateway/src'];
const TOKENS_CONTRACT = 'packages/kit/src/auth/revocations.ts';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|itest)\.ts$/.test(e.name) ? [p] : [];
  });
}

/** The code without its comments (comments may explain what a service does). */
const codeOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Each line of the shared sources that `pattern` finds, as `file:line: code`. */
function linesMatching(pattern: RegExp, except: readonly string[] = []): string[] {
  return SHARED.flatMap((dir) => sources(path.join(ROOT, dir)))
    .filter((file) => !except.includes(path.relative(ROOT, file)))
    .flatMap((file) =>
      codeOf(file)
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What each service's `src/api/` exports (its routes' builders, limiters, limits) and the settings its limits read. */
function apiNamesOfServices(): { exported: string[]; settings: string[] } {
  const exported: string[] = [];
  const settings: string[] = [];
  for (const service of fs.readdirSync(path.join(ROOT, 'services'))) {
    const api = path.join(ROOT, 'services', service, 'src', 'api');
    if (service === 'gateway' || !fs.existsSync(api)) continue;
    for (const file of sources(api)) {
      const code = codeOf(file);
      // A route group's shared field builders (`shape.ts`, `*-shape.ts`: `uuid`, `text`, `guards`)
      // are the api folder's own helpers, exported only to its route files; their names are words
      // any source uses. The limits, limiters and route builders the edge could name are elsewhere.
      const shapeHelpers = /(^|-)shape\.ts$/.test(path.basename(file));
      if (!shapeHelpers) for (const m of code.matchAll(/export (?:class|const|function|interface|type) (\w+)/g)) exported.push(m[1]!);
      // A limit's setting is a key of a zod schema read from the environment: `LOGIN_MAX_FAILURES_PER_ACCOUNT: fields.int(…)`.
      for (const m of code.matchAll(/\b([A-Z][A-Z0-9]*_[A-Z0-9_]+): fields\./g)) settings.push(m[1]!);
    }
  }
  return { exported, settings };
}

describe('the kit, the edge, payments and the gateway name no service’s events, routes or limits', () => {
  it('has their sources to read', () => {
    expect(SHARED.flatMap((dir) => sources(path.join(ROOT, dir))).length).toBeGreaterThan(80);
  });

  it('no source names an event list or an event codec of a service (`CommerceEvents`, `commerceEventsV1`)', () => {
    expect(linesMatching(/\b[A-Z][a-z]+Events\b|\b[a-z]+EventsV1\b/, [TOKENS_CONTRACT])).toEqual([]);
  });

  it('no source names a path of a service’s routes (`/cart/ssl`, `/user/re-verify`)', () => {
    // Each route's first segment, quoted at the start of a string: the edge's own paths (/api/v1, /healthz, /media) are not a service's.
    const segments = [...new Set(declaredRoutesOf(services).map((r) => r.path.split('/')[1]!))].filter((s) => s && !s.startsWith('{'));
    expect(segments.length).toBeGreaterThan(10);
    const own = new Set(['media', 'openapi.json']);
    const paths = new RegExp(`['"\`]/(${segments.filter((s) => !own.has(s)).map(escape).join('|')})(/|['"\`{])`);
    expect(linesMatching(paths)).toEqual([]);
  });

  it('no source names what a service’s API exports (its limiters, limits and route builders) or its limits’ settings', () => {
    const { exported, settings } = apiNamesOfServices();
    expect(exported).toEqual(expect.arrayContaining(['identityLimiters', 'messagingLimiters', 'LoginLimiter']));
    expect(settings).toEqual(expect.arrayContaining(['LOGIN_MAX_FAILURES_PER_ACCOUNT', 'CONTACT_MAX_PER_EMAIL']));
    const names = new RegExp(`\\b(${[...new Set([...exported, ...settings])].map(escape).join('|')})\\b`);
    expect(linesMatching(names)).toEqual([]);
  });
});
