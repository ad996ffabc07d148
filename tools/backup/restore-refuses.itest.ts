/**
 * Issue 36: a restore trusts nothing in the backup folder (decision 0037). A real backup of a small
 * all-in-one DATA_DIR is made with `npm run backup`; tampered copies of it, each with one thing a
 * backup never holds (a link to `/`, a link among the files listed with its target's sum, a file
 * the manifest does not list, a manifest entry outside the folder, a fifo, a link inside the
 * database dump), are each refused by `npm run restore` with a non-zero exit and a reason, and
 * nothing is written: the DATA_DIR it was to restore into is never made. The untouched backup
 * restores, and `npm run backup` refuses a DATA_DIR holding a link (it would make a backup that
 * does not restore). A cluster backup's documents (decision 0045) are checked the same way: a
 * collection file the manifest's documents do not name, or one they name that is not there, is
 * refused before any server is reached.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '../..');
const run = promisify(execFile);

async function tool(script: 'backup' | 'restore', dir: string, dataDir: string, flags: string[] = []): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, `tools/backup/${script}.mjs`), dir, ...flags], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

interface Manifest {
  files: { path: string; bytes: number; sha256: string }[];
}

describe('npm run restore refuses a tampered backup before writing anything', () => {
  let work: string;
  let good: string;
  /** A file outside every folder of the test's backups, that a tampered backup points at. */
  let outside: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'taal-restore-refuses-'));
    const dataDir = path.join(work, 'data');
    // A small all-in-one DATA_DIR: an embedded database, a stored file and a mail.
    mkdirSync(dataDir, { mode: 0o700 });
    await run(process.execPath, ['--input-type=module', '-e', "import { PGlite } from '@electric-sql/pglite'; const db = await PGlite.create(process.argv[1]); await db.query('SELECT 1'); await db.close();", path.join(dataDir, 'postgres')], { cwd: root });
    mkdirSync(path.join(dataDir, 'files', 'objects', 'videos'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'objects', 'videos', 'lesson.mp4'), 'a lesson video');
    mkdirSync(path.join(dataDir, 'mail'));
    writeFileSync(path.join(dataDir, 'mail', 'one.eml'), 'Subject: hello\r\n\r\nhi\r\n');
    good = path.join(work, 'good');
    expect(await tool('backup', good, dataDir)).toMatchObject({ code: 0 });
    outside = path.join(work, 'secret.txt');
    writeFileSync(path.join(outside), 'not for restoring');
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('backup refuses a DATA_DIR holding a link', async () => {
    const link = path.join(work, 'data', 'files', 'objects', 'videos', 'linked.mp4');
    symlinkSync(outside, link);
    try {
      const refused = await tool('backup', path.join(work, 'not-made'), path.join(work, 'data'));
      expect(refused.code).not.toBe(0);
      expect(refused.out).toMatch(/holds what a backup does not copy[^]*files\/objects\/videos\/linked\.mp4 is a link/);
    } finally {
      rmSync(link);
    }
  });

  /** A copy of the good backup, changed by `tamper` as someone who can write the folder would. */
  async function tampered(name: string, tamper: (dir: string, manifest: Manifest) => void): Promise<string> {
    const dir = path.join(work, name);
    mkdirSync(dir);
    await run('cp', ['-a', `${good}/.`, dir]);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    tamper(dir, manifest);
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
    return dir;
  }

  /** Restores `dir` into a DATA_DIR that does not exist yet: refused, and that DATA_DIR is never made. */
  async function expectRefused(dir: string, reason: RegExp) {
    const target = path.join(work, `${path.basename(dir)}-restored`);
    const result = await tool('restore', dir, target);
    expect(result.out).toMatch(/refusing the backup, nothing was restored/);
    expect(result.out).toMatch(reason);
    expect(result.code).not.toBe(0);
    expect(existsSync(target)).toBe(false);
  }

  it('restores the untouched backup', async () => {
    const target = path.join(work, 'good-restored');
    expect(await tool('restore', good, target)).toMatchObject({ code: 0 });
    expect(readFileSync(path.join(target, 'files', 'objects', 'videos', 'lesson.mp4'), 'utf8')).toBe('a lesson video');
    expect(readdirSync(path.join(target, 'mail'))).toEqual(['one.eml']);
  }, 60_000);

  it('refuses a link to / in the files', async () => {
    const dir = await tampered('link-to-root', (d) => symlinkSync('/', path.join(d, 'data', 'files', 'objects', 'root')));
    await expectRefused(dir, /data\/files\/objects\/root is a link \(to \/\)/);
  });

  it('refuses a link among the files, even listed in the manifest with its target’s size and sum', async () => {
    const dir = await tampered('linked-video', (d, manifest) => {
      const video = path.join(d, 'data', 'files', 'objects', 'videos', 'lesson.mp4');
      rmSync(video);
      symlinkSync(outside, video);
      const entry = manifest.files.find((f) => f.path === 'data/files/objects/videos/lesson.mp4')!;
      Object.assign(entry, { bytes: statSync(outside).size, sha256: sha256(outside) });
    });
    await expectRefused(dir, /data\/files\/objects\/videos\/lesson\.mp4 is a link/);
  });

  it('refuses a file the manifest does not list', async () => {
    const dir = await tampered('unlisted', (d) => writeFileSync(path.join(d, 'data', 'mail', 'extra.eml'), 'Subject: planted\r\n\r\n'));
    await expectRefused(dir, /data\/mail\/extra\.eml is not in the manifest/);
  });

  it('refuses a manifest entry outside the folder', async () => {
    const dir = await tampered('escaping-entry', (_d, manifest) => {
      manifest.files.push({ path: 'data/../../secret.txt', bytes: statSync(outside).size, sha256: sha256(outside) });
    });
    await expectRefused(dir, /"data\/\.\.\/\.\.\/secret\.txt", which is not a path inside the backup/);
  });

  it('refuses a fifo', async () => {
    const dir = await tampered('fifo', () => undefined);
    await run('mkfifo', [path.join(dir, 'data', 'mail', 'pipe')]);
    await expectRefused(dir, /data\/mail\/pipe is a fifo/);
  });

  it('refuses a database dump holding a link', async () => {
    const dir = await tampered('linked-dump', (d, manifest) => {
      const unpacked = path.join(d, 'unpacked');
      mkdirSync(unpacked);
      execFileSync('tar', ['-xzf', path.join(d, 'postgres.tar.gz'), '-C', unpacked], { stdio: 'pipe' });
      symlinkSync('/', path.join(unpacked, 'base', 'root'));
      execFileSync('tar', ['-czf', path.join(d, 'postgres.tar.gz'), '-C', unpacked, '.']);
      rmSync(unpacked, { recursive: true });
      const dump = path.join(d, 'postgres.tar.gz');
      Object.assign(manifest.files.find((f) => f.path === 'postgres.tar.gz')!, { bytes: statSync(dump).size, sha256: sha256(dump) });
    });
    await expectRefused(dir, /postgres\.tar\.gz: \.\/base\/root: a tar entry of type "2"/);
  });

  /**
   * A cluster backup made by hand (its files and sums as backup.mjs writes them), with messaging's
   * documents as `documents`/`files` in the manifest give them; restoring it with no server settings
   * shows the refusal comes from the check, before anything is reached.
   */
  function clusterBackup(name: string, documents: Record<string, string[]>, files: Record<string, string>): string {
    const dir = path.join(work, name);
    const all: Record<string, string> = { 's3-objects.json': '{}', 'databases/identity.dump': 'a dump', ...files };
    for (const [file, text] of Object.entries(all)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const listed = Object.keys(all).map((file) => ({ path: file, bytes: statSync(path.join(dir, file)).size, sha256: sha256(path.join(dir, file)) }));
    const manifest = { format: 'taal-backup/1', mode: 'cluster', services: ['identity'], documents, bucket: 'b', objects: 0, files: listed };
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    return dir;
  }

  it('refuses a cluster backup with a collection file its documents do not name, or naming one that is not there', async () => {
    const line = '{"_id":{"$oid":"0123456789abcdef01234567"},"msg":"hello"}\n';
    const planted = clusterBackup('planted-collection', { messaging: ['notifications'] }, { 'documents/messaging/notifications.jsonl': line, 'documents/messaging/planted.jsonl': line });
    const first = await tool('restore', planted, path.join(work, 'unused'), ['--cluster']);
    expect(first.code).not.toBe(0);
    expect(first.out).toMatch(/refusing the backup, nothing was restored[^]*documents\/messaging\/planted\.jsonl is not a collection the manifest's documents list/);
    const missing = clusterBackup('missing-collection', { messaging: ['notifications', 'contact_messages'] }, { 'documents/messaging/notifications.jsonl': line });
    const second = await tool('restore', missing, path.join(work, 'unused'), ['--cluster']);
    expect(second.code).not.toBe(0);
    expect(second.out).toMatch(/documents\/messaging\/contact_messages\.jsonl \(a collection of messaging\) is not in the manifest/);
  });
});
