// Every refusal comes from the catalogue (decision 0026): no service, kit or edge source builds
// one from free text, and no screen shows or compares a refusal's English message. A refusal
// without a catalogue key then cannot be written without failing here (or, through `refuse`
// and `refusal`, failing to compile).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

function sources(dir: string, ext: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'gen'].includes(e.name) ? [] : sources(p, ext);
    return ext.test(e.name) && !/\.(test|itest|e2e|typetest)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const rel = (p: string) => path.relative(ROOT, p);
const backEnd = [...sources(path.join(ROOT, 'services'), /\.ts$/), ...sources(path.join(ROOT, 'packages'), /\.ts$/)];
const screens = sources(path.join(ROOT, 'frontends'), /\.tsx?$/).filter((p) => !p.includes(`${path.sep}e2e${path.sep}`));

/** `file:line: text` of every line matching `pattern`. */
function hits(files: string[], pattern: RegExp, allowed: (file: string) => boolean = () => false): string[] {
  return files
    .filter((f) => !allowed(rel(f)))
    .flatMap((f) =>
      fs
        .readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${rel(f)}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe('refusals come from the catalogue', () => {
  it('no service builds a gRPC refusal from free text', () => {
    // The kit's error module is where `refuse` builds them; the revoked-session error carries a catalogue key too.
    const allowed = (f: string) => f === 'packages/kit/src/grpc/errors.ts' || f === 'packages/kit/src/auth/caller-auth.ts';
    expect(hits(backEnd, /new ServiceError\(/, allowed)).toEqual([]);
    expect(hits(backEnd, /\b(notFound|invalidArgument|permissionDenied|unauthenticated|failedPrecondition|alreadyExists|resourceExhausted|unavailable|withReason|withDetails)\(/, allowed)).toEqual([]);
  });

  it('the edge builds its refusals with refusal(key)', () => {
    expect(hits(backEnd, /new HttpError\(/, (f) => f === 'services/gateway/src/http/errors.ts')).toEqual([]);
  });

  it('the edge never derives a refusal from its English text', () => {
    expect(hits(backEnd, /reasonOfMessage/)).toEqual([]);
  });

  it('no screen shows or compares a refusal by its English message', () => {
    expect(hits(screens, /\berr(or)?\.message\b|useMessage\(/, (f) => f === 'frontends/shared/src/lifecycles.tsx')).toEqual([]);
  });
});
