// Shared packages know no service's events (issue 39): a consumer passes the event type and the
// codec of the contract it reads (consumeDecoded), so a new event never changes the kit, the edge
// or payments. The one exception is the tokens' own contract: every service verifies tokens and
// refuses a revoked session, and identity's `session.revoked` event is how it learns of one.
import fs from 'node:fs';
import path from 'node:path';

const PACKAGES = path.resolve(__dirname, '../..');
const SHARED = ['kit', 'edge', 'payments'];
const TOKENS_CONTRACT = 'kit/src/auth/revocations.ts';

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

describe('the kit, the edge and payments name no service’s events', () => {
  const files = SHARED.flatMap((name) => sources(path.join(PACKAGES, name, 'src')));

  it('has their sources to read', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('no source names an event list or an event codec of a service (`CommerceEvents`, `commerceEventsV1`)', () => {
    const events = /\b[A-Z][a-z]+Events\b|\b[a-z]+EventsV1\b/;
    const found = files
      .filter((file) => path.relative(PACKAGES, file) !== TOKENS_CONTRACT)
      .flatMap((file) =>
        codeOf(file)
          .split('\n')
          .flatMap((line, i) => (events.test(line) ? [`${path.relative(PACKAGES, file)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
