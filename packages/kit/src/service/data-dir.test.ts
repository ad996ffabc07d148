import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { preparePrivateDataDir } from './data-dir';

describe('preparePrivateDataDir', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(path.join(os.tmpdir(), 'taal-private-dir-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  const recorder = () => {
    const warnings: string[] = [];
    return { warnings, logger: { warn: (_fields: object, message: string) => void warnings.push(message) } };
  };

  it('makes a missing DATA_DIR (and its missing parents) 0700, without a warning', () => {
    const { warnings, logger } = recorder();
    const dir = path.join(parent, 'nested', 'data');
    expect(preparePrivateDataDir(dir, logger as never)).toEqual({ openToOthers: false });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(warnings).toEqual([]);
  });

  it('warns, naming the fix, when an existing DATA_DIR is open to other users, and leaves it as it was', () => {
    const { warnings, logger } = recorder();
    const dir = path.join(parent, 'data');
    preparePrivateDataDir(dir, logger as never);
    chmodSync(dir, 0o755);
    expect(preparePrivateDataDir(dir, logger as never)).toEqual({ openToOthers: true });
    expect(warnings).toEqual([expect.stringContaining(`chmod -R go-rwx ${dir}`)]);
    expect(statSync(dir).mode & 0o777).toBe(0o755);
  });
});
