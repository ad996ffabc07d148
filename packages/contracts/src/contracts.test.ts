import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const committed = path.join(root, 'packages/contracts/src/gen');

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, path.join(prefix, name)) : [path.join(prefix, name)];
  });
}

describe('generated contracts', () => {
  it('match what buf and ts-proto generate from proto/ today', () => {
    const fresh = mkdtempSync(path.join(os.tmpdir(), 'taal-contracts-'));
    try {
      execFileSync('node', [path.join(root, 'tools/generate-contracts.mjs'), '--out', fresh], { cwd: root });
      const expected = listFiles(fresh).sort();
      expect(listFiles(committed).sort()).toEqual(expected);
      for (const file of expected) {
        const drifted = readFileSync(path.join(committed, file), 'utf8') !== readFileSync(path.join(fresh, file), 'utf8');
        expect({ file, drifted }).toEqual({ file, drifted: false });
      }
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60000);
});
