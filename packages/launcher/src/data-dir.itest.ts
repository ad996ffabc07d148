/**
 * Issue 26: the all-in-one's DATA_DIR (database, paid files, receipts, keys, mail) must be
 * its owner's only. Started on a DATA_DIR that does not exist yet, as with the default
 * `./data`, it leaves no folder or file that another user of the machine can read or write.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { pngImage } from '../../../tools/testing/images';
import { waitFor } from '../../../tools/testing/wait';
import { startAllInOne } from './all-in-one';

const execFileAsync = promisify(execFile);

function everyEntry(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...everyEntry(full)] : [full];
  });
}

describe('the all-in-one keeps DATA_DIR private', () => {
  let parent: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>> | undefined;

  beforeAll(() => {
    parent = mkdtempSync(path.join(os.tmpdir(), 'taal-data-dir-'));
  });

  afterAll(async () => {
    await taal?.stop();
    rmSync(parent, { recursive: true, force: true });
  });

  it('creates DATA_DIR 0700 and every file in it without access for others', async () => {
    const dataDir = path.join(parent, 'data');
    taal = await startAllInOne({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    const base = `http://127.0.0.1:${taal.port}`;
    // A new profile photo lands in the file store; a reset request writes a mail with its link.
    const api = gatewayApi(() => base);
    const { token } = await api.login('student@taal.local', 'student123');
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(await pngImage(8, 8))], { type: 'image/png' }), 'me.png');
    expect((await api.post('/user/', form, token)).status).toBe(200);
    const reset = await fetch(`${base}/api/v1/user/passwordreset/student@taal.local`, { method: 'POST' });
    expect(reset.status).toBe(200);
    await waitFor(() => existsSync(path.join(dataDir, 'mail')) && readdirSync(path.join(dataDir, 'mail')).some((name) => name.endsWith('.eml')), 'the reset mail');
    await taal.stop();
    taal = undefined;

    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const entries = everyEntry(dataDir);
    const kinds = new Set(entries.map((entry) => path.relative(dataDir, entry).split(path.sep)[0]));
    // The database, the file store and the mail outbox are all there to be checked.
    expect([...kinds]).toEqual(expect.arrayContaining(['postgres', 'files', 'mail']));
    // Reachable by another user: every folder above it lets others in (x), and it lets them read or write.
    const reachable = (entry: string): boolean => {
      const parent = path.dirname(entry);
      return (statSync(parent).mode & 0o011) !== 0 && (parent === dataDir || reachable(parent));
    };
    const open = entries.filter((entry) => (statSync(entry).mode & 0o066) !== 0 && reachable(entry)).map((entry) => path.relative(dataDir, entry));
    expect(open).toEqual([]);
    // Only the database's own files may carry open modes (PGlite's choice), and only inside its private folders.
    const openByMode = entries.filter((entry) => (statSync(entry).mode & 0o077) !== 0).map((entry) => path.relative(dataDir, entry));
    expect(openByMode.filter((entry) => !entry.startsWith(`postgres${path.sep}`))).toEqual([]);
    if (process.getuid?.() === 0) {
      // And a real stranger (uid 65534) reads none of the files: the database, the photo, the mail.
      const files = entries.filter((entry) => statSync(entry).isFile());
      const { stdout } = await execFileAsync(
        process.execPath,
        ['-e', `let n = 0; for (const f of process.argv.slice(1)) { try { require('fs').readFileSync(f); n++; } catch {} } console.log(n)`, ...files],
        { uid: 65534, gid: 65534 },
      );
      expect(stdout.trim()).toBe('0');
    }
  }, 120_000);
});
