import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { processSharedServer } from '../lifecycle/process-shared';
import { closeToOthers } from '../sql/embedded';

/** The FerretDB build the kit runs: the release with tools/infra/ferretdb-patches applied (tools/infra/lib.sh runs the same). */
export const FERRETDB_VERSION = 'v1.24.2-taal.3';

/**
 * Embedded document server (all-in-one; decision 0041): FerretDB with its SQLite backend keeping its
 * files under `dataDir`, started as a child of this process and stopped with it.
 *
 * Like the embedded Postgres (decision 0004) it is reachable only from this machine's same user: it
 * listens on no TCP port (no `--listen-addr`, no debug listener), only on a Unix socket in a private
 * folder (0700) made for this start. The binary comes from the build cache (`FERRETDB_BIN`, else
 * `$TAAL_CACHE_DIR/ferretdb-<version>/bin/ferretdb`) and is built there by
 * `tools/infra/ferretdb-build` (Go, the module proxy) when missing.
 *
 * One server per process: a second start with the same dataDir shares it (reference counted; the last
 * close() stops it). A server left behind by a process that was killed (its pid file in dataDir) is
 * stopped first, so two servers never open the same SQLite files.
 */
export interface EmbeddedDocumentServer {
  /** `mongodb://<socket, url-encoded>/<dbName>`: for createDocumentStore(). */
  url(dbName: string): string;
  close(): Promise<void>;
}

export interface StartEmbeddedDocumentServerOptions {
  logger?: Logger;
  /** How long to wait for the socket (ms). */
  readyTimeoutMs?: number;
}

const REPO_ROOT = resolve(__dirname, '../../../..');

/** The FerretDB binary: FERRETDB_BIN, else the build cache; built there when missing. */
export function ferretDbBinary(logger?: Logger): string {
  const fromEnv = process.env.FERRETDB_BIN;
  if (fromEnv && isExecutable(fromEnv)) return fromEnv;
  const cacheDir = process.env.TAAL_CACHE_DIR || join(homedir(), '.cache', 'taal');
  const cached = join(cacheDir, `ferretdb-${FERRETDB_VERSION}`, 'bin', 'ferretdb');
  if (isExecutable(cached)) return cached;
  const script = join(REPO_ROOT, 'tools', 'infra', 'ferretdb-build');
  if (!existsSync(script)) throw new Error(`FerretDB ${FERRETDB_VERSION} is not built (${cached}) and ${script} is missing to build it`);
  logger?.warn({ script }, `embedded documents: building FerretDB ${FERRETDB_VERSION} with Go (once; a few minutes)`);
  const built = spawnSync('bash', [script], {
    env: { ...process.env, FERRETDB_VERSION },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const path = built.stdout?.trim().split('\n').pop();
  if (built.status !== 0 || !path || !isExecutable(path)) {
    throw new Error(`building FerretDB ${FERRETDB_VERSION} failed (${script}, exit ${built.status ?? built.signal})`);
  }
  return path;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function socketAnswers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** A server started for dataDir by a process that died without stopping it. */
function stopLeftover(pidFile: string, logger?: Logger): void {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim());
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 1) return;
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return; // gone
  }
  if (!cmdline.includes('ferretdb') || !cmdline.includes(`--state-dir=${resolve(pidFile, '..')}`)) return;
  logger?.warn({ pid }, 'embedded documents: stopping a FerretDB left running on this data folder');
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

const joinFerretDb = processSharedServer<{ socket: string; close(): Promise<void> }>('embedded FerretDB');

async function start(dir: string, options: StartEmbeddedDocumentServerOptions): Promise<{ socket: string; close(): Promise<void> }> {
  const logger = options.logger;
  const binary = ferretDbBinary(logger);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  // Files an older start left open to others (FerretDB's own 0644) are closed, never followed.
  closeToOthers(dir, logger);
  const pidFile = join(dir, 'ferretdb.pid');
  stopLeftover(pidFile, logger);
  const socketDir = mkdtempSync(join(tmpdir(), 'taal-docs-'));
  chmodSync(socketDir, 0o700);
  const socket = join(socketDir, 'ferretdb.sock');
  const logFile = join(dir, 'ferretdb.log');
  const logFd = openSync(logFile, 'a', 0o600);
  let child: ChildProcess;
  try {
    // Through a shell that sets umask 077 first: FerretDB (and SQLite) make their files 0644, and
    // nothing under DATA_DIR is for other users (decision 0004; data-dir.itest found them open).
    child = spawn(
      '/bin/sh',
      [
        '-c',
        'umask 077 && exec "$0" "$@"',
        binary,
        '--listen-addr=', // no TCP listener
        `--listen-unix=${socket}`,
        '--handler=sqlite',
        `--sqlite-url=file:${dir}/`,
        `--state-dir=${dir}`,
        '--debug-addr=-', // no metrics/profiling listener
        '--telemetry=disable',
        '--log-level=warn',
      ],
      { stdio: ['ignore', logFd, logFd], env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
    );
  } finally {
    closeSync(logFd);
  }
  if (child.pid) writeFileSync(pidFile, `${child.pid}\n`, { mode: 0o600 });
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exit = new Promise<void>((done) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      done();
    });
    child.once('error', (err) => {
      exited ??= { code: null, signal: null };
      logger?.error({ err }, 'embedded documents: FerretDB could not be started');
      done();
    });
  });
  // Stopped with this process even when it ends without close() (an exit, not a SIGKILL:
  // the pid file covers that on the next start).
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);

  const stop = async () => {
    process.off('exit', onExit);
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    rmSync(socketDir, { recursive: true, force: true });
    rmSync(pidFile, { force: true });
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (exited) {
      await stop();
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
      throw new Error(`embedded FerretDB exited at start (code ${exited.code ?? exited.signal}); ${logFile}:\n${tail}`);
    }
    if (existsSync(socket) && (await socketAnswers(socket))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`embedded FerretDB did not listen on its socket within ${options.readyTimeoutMs ?? 30_000} ms (log: ${logFile})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  logger?.info({ dataDir: dir }, 'embedded documents: FerretDB (SQLite) listening on a private socket');
  return { socket, close: stop };
}

/** Starts (or joins) the process's embedded FerretDB keeping its data in `dataDir`. */
export async function startEmbeddedDocumentServer(
  dataDir: string,
  options: StartEmbeddedDocumentServerOptions = {},
): Promise<EmbeddedDocumentServer> {
  const dir = resolve(dataDir);
  const { server, close } = await joinFerretDb(dir, () => start(dir, options));
  return { url: (dbName) => `mongodb://${encodeURIComponent(server.socket)}/${dbName}`, close };
}
