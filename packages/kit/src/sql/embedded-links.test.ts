/**
 * Issue 36: the start takes group and other bits off what its database folder holds (PGlite
 * writes 0666), and follows no link out of it (decision 0037): a link in `postgres/` to a file or a
 * folder outside keeps its target's mode as it was, while a file of the folder is still closed.
 */
import { chmodSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from './embedded';

describe("the embedded database's permission fix", () => {
  let work: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'taal-kit-embedded-links-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('does not follow a link out of the data folder', async () => {
    const dir = join(work, 'data', 'postgres');
    mkdirSync(join(work, 'data'), { mode: 0o700 });
    await (await startEmbeddedPostgres(dir)).close(); // a database folder, as a first start leaves it

    // Outside DATA_DIR: a file and a folder with a file, open to others.
    const outsideFile = join(work, 'outside.txt');
    const outsideDir = join(work, 'outside-folder');
    writeFileSync(outsideFile, 'not the database’s');
    mkdirSync(outsideDir);
    writeFileSync(join(outsideDir, 'inner.txt'), 'not the database’s either');
    chmodSync(outsideFile, 0o644);
    chmodSync(join(outsideDir, 'inner.txt'), 0o644);
    chmodSync(outsideDir, 0o755);
    // Links to them inside the database folder, and a file of its own open to others.
    symlinkSync(outsideFile, join(dir, 'linked-file'));
    symlinkSync(outsideDir, join(dir, 'base', 'linked-folder'));
    writeFileSync(join(dir, 'open-file'), 'x', { mode: 0o644 });
    chmodSync(join(dir, 'open-file'), 0o644);

    await (await startEmbeddedPostgres(dir)).close();

    expect(statSync(outsideFile).mode & 0o777).toBe(0o644);
    expect(statSync(outsideDir).mode & 0o777).toBe(0o755);
    expect(statSync(join(outsideDir, 'inner.txt')).mode & 0o777).toBe(0o644);
    expect(readlinkSync(join(dir, 'linked-file'))).toBe(outsideFile); // left as it is
    expect(statSync(join(dir, 'open-file')).mode & 0o777).toBe(0o600);
  }, 60_000);
});
