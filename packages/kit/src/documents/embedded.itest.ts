import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDocumentStore } from './connect';
import { ferretDbBinary, startEmbeddedDocumentServer } from './embedded';

describe('embedded FerretDB', () => {
  it('listens only on a socket in a private folder, keeps its data under the data folder, and stops with close()', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taal-docs-embedded-'));
    try {
      const started = await startEmbeddedDocumentServer(join(dir, 'documents'));
      const url = started.url('taal');
      const socket = decodeURIComponent(/^mongodb:\/\/([^/]+)\//.exec(url)![1]!);
      expect(statSync(join(socket, '..')).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, 'documents')).mode & 0o777).toBe(0o700);
      const store = await createDocumentStore(url);
      await store.connection.collection('probe').insertOne({ _id: 'one' as never, n: 1 });
      await store.close();
      await started.close();
      // Its SQLite files are where it was told; the socket is gone.
      expect(statSync(join(dir, 'documents', 'taal.sqlite')).isFile()).toBe(true);
      expect(() => statSync(socket)).toThrow();

      // Started again on the same folder, the data are there.
      const again = await startEmbeddedDocumentServer(join(dir, 'documents'));
      const reopened = await createDocumentStore(again.url('taal'));
      expect(await reopened.connection.collection('probe').countDocuments({ n: 1 })).toBe(1);
      await reopened.close();
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('stops a server left running on its data folder by a process that was killed, before starting its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taal-docs-leftover-'));
    const data = join(dir, 'documents');
    mkdirSync(data, { recursive: true, mode: 0o700 });
    // What a killed all-in-one leaves behind: its FerretDB still running, its pid file in the folder.
    const sock = join(dir, 'old.sock');
    const leftover = spawn(ferretDbBinary(), ['--listen-addr=', `--listen-unix=${sock}`, '--handler=sqlite', `--sqlite-url=file:${data}/`, `--state-dir=${data}`, '--debug-addr=-', '--telemetry=disable'], { stdio: 'ignore' });
    const exited = new Promise((done) => leftover.once('exit', done));
    writeFileSync(join(data, 'ferretdb.pid'), `${leftover.pid}\n`);
    try {
      const started = await startEmbeddedDocumentServer(data);
      await exited; // killed by the start
      expect(leftover.exitCode !== null || leftover.signalCode !== null).toBe(true);
      const store = await createDocumentStore(started.url('taal'));
      expect((await store.connection.db!.admin().command({ ping: 1 })).ok).toBe(1);
      await store.close();
      await started.close();
    } finally {
      leftover.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('looks a document up by _id through the _id index, not a scan of the collection (the build’s patch, decision 0060)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taal-docs-embedded-'));
    try {
      const started = await startEmbeddedDocumentServer(join(dir, 'documents'));
      const store = await createDocumentStore(started.url('taal'));
      const probe = store.connection.collection('probe');
      await probe.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: `doc-${i}` as never, n: i })));
      // FerretDB answers explain with SQLite's EXPLAIN QUERY PLAN of the statement it would run
      // (the unpatched build: "detail=SCAN probe_…").
      const { queryPlanner } = await store.connection.db!.command({ explain: { find: 'probe', filter: { _id: 'doc-7' } } });
      expect(queryPlanner.Plan).toEqual([expect.stringMatching(/detail=SEARCH \S+ USING INDEX \S+__id_ /)]);
      expect(await probe.findOne({ _id: 'doc-7' as never })).toMatchObject({ n: 7 });
      await store.close();
      await started.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
