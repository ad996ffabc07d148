import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { chmodSync, closeSync, constants, fchmodSync, fstatSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import vm from 'node:vm';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';
import type { Logger } from 'pino';
import { processSharedServer } from '../lifecycle/process-shared';
import { EMBEDDED_POSTGRES_CONF, initEmbeddedDataDir } from './embedded-initdb';
import { PARSE_COMPLETE_MESSAGE, SharedStatements } from './embedded-statements';

/**
 * Embedded PostgreSQL: ONE PGlite instance per process (persisted in a data dir),
 * served over the Postgres wire protocol so that the ordinary `pg` adapter (createSql)
 * runs unchanged against it.
 *
 * Only this process may connect (PGlite itself trusts every client as superuser): the
 * server listens on a Unix socket in a private folder (0700) made for this start, never
 * on TCP, and every connection must first give a password made for this start and held
 * only in memory (`connectionString`). A stranger on the machine cannot reach the socket;
 * another process of the same user that finds it still lacks the password.
 *
 * IMPORTANT: PGlite is a single backend, so every client connection is multiplexed
 * over ONE session. Session state (search_path, SET, temp tables, prepared statement
 * names, advisory locks, LISTEN) is shared by all connections and leaks between
 * them. Hence every service keeps its tables in its own schema and always qualifies
 * table names (`catalogue.course`), never relying on search_path or SET.
 *
 * Concurrency: the queue below serialises the wire-protocol exchanges of the
 * connections (see AffinityQueryQueue). A transaction holds the whole database for
 * its duration, so keep transactions short in embedded mode.
 */

export interface EmbeddedPostgres {
  /** `postgres://postgres:<this start's password>@<socket folder>/postgres`, for createSql(). Keep it in memory. */
  connectionString: string;
  /**
   * A new connection inside this process, for createSql's `stream` (pg's own option): the same wire
   * protocol with no socket in between (no system call per message, nothing another process could reach).
   */
  stream(): Duplex;
  close(): Promise<void>;
}

export interface StartEmbeddedPostgresOptions {
  logger?: Logger;
}

type PgliteModule = typeof import('@electric-sql/pglite');
type PgTrgmModule = typeof import('@electric-sql/pglite/contrib/pg_trgm');

/**
 * Loads PGlite's ESM build (and its pg_trgm contrib extension, which the catalogue's search
 * needs: decision 0031) with a real dynamic import. Under jest (no
 * --experimental-vm-modules) PGlite's CommonJS build cannot run its own internal
 * `import()`s and jest's require cannot be bypassed, so there we import through a
 * vm script bound to Node's default loader (prints one ExperimentalWarning).
 */
async function loadPglite(): Promise<{ pglite: PgliteModule; pgTrgm: PgTrgmModule }> {
  // Typed as the CommonJS build's declarations (same API) so PGlite types match pglite-socket's.
  if (!process.env.JEST_WORKER_ID) {
    const [pglite, pgTrgm] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
    return { pglite: pglite as unknown as PgliteModule, pgTrgm: pgTrgm as unknown as PgTrgmModule };
  }
  const script = new vm.Script('(specifier) => import(specifier)', {
    filename: __filename,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const dynamicImport = script.runInThisContext() as <T>(specifier: string) => Promise<T>;
  const [pglite, pgTrgm] = await Promise.all([
    dynamicImport<PgliteModule>('@electric-sql/pglite'),
    dynamicImport<PgTrgmModule>('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return { pglite, pgTrgm };
}

/** The queue interface PGLiteSocketHandler calls (its QueryQueueManager type is not exported). */
type HandlerQueue = ConstructorParameters<typeof PGLiteSocketHandler>[0]['queryQueue'];

const PROTOCOL_VERSION_3 = 196608;
const SYNC_MESSAGE = new Uint8Array([0x53, 0, 0, 0, 4]); // 'S', length 4

interface QueueItem {
  handlerId: number;
  /** null for a cleanup item (handler disconnected). */
  message: Uint8Array | null;
  onData: (data: Uint8Array) => void;
  /** The message (or run of messages) ends an exchange; by default judged from its first message's type. */
  endsExchange?: boolean;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
}

function isStartupMessage(message: Uint8Array): boolean {
  if (message.length < 8) return false;
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  return view.getInt32(0) === message.length && view.getInt32(4) === PROTOCOL_VERSION_3;
}

/**
 * Replacement for pglite-socket's QueryQueueManager (same interface).
 *
 * The stock queue keeps a connection's affinity only while the database is inside a
 * transaction block. But `pg` uses the extended query protocol for parameterised
 * queries (Parse/Bind/Describe/Execute/Sync, each enqueued separately by the
 * handler), so messages of two connections could interleave between Parse and Sync
 * and clobber each other's unnamed statement and portal: wrong results or errors.
 *
 * This queue gives one handler the session from its first message until the message
 * that ends its exchange (a simple Query 'Q', a Sync 'S', the startup packet, or a
 * Terminate 'X') has been processed AND the database is not in a transaction block.
 * Messages of other handlers wait meanwhile. Exchanges are processed one at a time.
 */
export class AffinityQueryQueue {
  private queue: QueueItem[] = [];
  private processing = false;
  /** Handler that currently owns the session, or null. */
  private owner: number | null = null;
  /** True while the owner is inside an unfinished extended-protocol exchange. */
  private ownerMidExchange = false;
  /** The session's prepared statements, shared by every connection (embedded-statements.ts). */
  private readonly statements = new SharedStatements();

  constructor(
    private readonly db: PGlite,
    private readonly logger?: Logger,
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void, endsExchange?: boolean): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject, endsExchange });
      void this.processQueue();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId || item.message === null) return true;
      item.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /**
   * Called when a handler detaches. Queued behind anything already running, so it
   * never races the handler's in-flight message: if the handler still owns the
   * session, finishes its exchange (Sync) and rolls back its open transaction.
   */
  clearTransactionIfNeeded(handlerId: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ handlerId, message: null, onData: () => {}, resolve: () => resolve(), reject });
      void this.processQueue();
    });
  }

  private next(): QueueItem | undefined {
    if (this.owner === null) return this.queue.shift();
    // Only the owner's messages may run; cleanup items of other handlers are no-ops.
    const index = this.queue.findIndex((item) => item.handlerId === this.owner || item.message === null);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async processQueue(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        try {
          if (item.message === null) {
            await this.cleanup(item.handlerId);
            item.resolve(0);
          } else {
            item.resolve(await this.run(item, item.message));
          }
        } catch (err) {
          this.logger?.error({ err, handlerId: item.handlerId }, 'embedded postgres: message failed');
          item.reject(err);
        }
      }
    } finally {
      this.processing = false;
    }
  }

  private async run(item: QueueItem, message: Uint8Array): Promise<number> {
    const startup = isStartupMessage(message);
    const type = startup ? 0 : message[0];
    this.owner = item.handlerId;
    if (type === 0x58 /* 'X' Terminate: never forwarded; the socket closes next */) {
      this.ownerMidExchange = false;
      if (!this.db.isInTransaction()) this.owner = null;
      return 0;
    }
    let bytes = 0;
    let firstByte: number | undefined; // read at once: a chunk may be a view of memory PGlite reuses
    const plan = this.statements.plan(message);
    try {
      if (plan.answerParse) {
        bytes += PARSE_COMPLETE_MESSAGE.length;
        item.onData(PARSE_COMPLETE_MESSAGE);
      }
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(plan.message, {
          onRawData: (data) => {
            firstByte ??= data[0];
            bytes += data.length;
            item.onData(data);
          },
        }),
      );
      if (plan.preparing && firstByte === PARSE_COMPLETE_MESSAGE[0]) this.statements.prepare(plan.preparing);
    } finally {
      const endsExchange = item.endsExchange ?? (startup || type === 0x51 /* 'Q' */ || type === 0x53); /* 'S' */
      this.ownerMidExchange = !endsExchange;
      const deallocation = endsExchange ? this.statements.takeDeallocation() : null;
      if (deallocation) await this.db.runExclusive(() => this.db.execProtocolRawStream(simpleQuery(deallocation), { onRawData: () => {} }));
      if (endsExchange && !this.db.isInTransaction()) this.owner = null;
    }
    return bytes;
  }

  private async cleanup(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    await this.db.runExclusive(async () => {
      const discard = { onRawData: () => {} };
      // Finish a half-sent extended exchange (Sync also clears an error's skip-until-Sync state).
      if (this.ownerMidExchange) await this.db.execProtocolRawStream(SYNC_MESSAGE, discard);
      if (this.db.isInTransaction()) await this.db.execProtocolRawStream(simpleQuery('ROLLBACK'), discard);
    });
    this.logger?.debug({ handlerId }, 'embedded postgres: released session of disconnected client');
    this.owner = null;
    this.ownerMidExchange = false;
  }
}

function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const msg = Buffer.alloc(5 + body.length);
  msg.write('Q', 0, 'latin1');
  msg.writeInt32BE(4 + body.length, 1);
  body.copy(msg, 5);
  return new Uint8Array(msg);
}

const SSL_REQUEST_CODE = 80877103;
const GSSENC_REQUEST_CODE = 80877104;
/** Longer startup or password messages are not from a `pg` client. */
const MAX_GATE_MESSAGE = 10_000;
/** An unauthenticated connection gets this long to give its password. */
const GATE_TIMEOUT_MS = 10_000;

/** ErrorResponse with SQLSTATE 28P01 (invalid_password), as PostgreSQL answers a wrong password. */
function authenticationFailed(): Buffer {
  const fields = Buffer.from('SFATAL\0VFATAL\0C28P01\0Mpassword authentication failed\0\0', 'utf8');
  const header = Buffer.alloc(5);
  header.write('E', 0, 'latin1');
  header.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([header, fields]);
}

const ASK_CLEARTEXT_PASSWORD = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]); // 'R', length 8, AuthenticationCleartextPassword

function digest(text: Buffer | string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Reads the client's startup message, asks for the password and checks it, before PGlite
 * sees a byte. Resolves with the bytes to hand on to PGlite (the startup message and anything
 * sent after the password), or null when the client was refused (the socket is then closed).
 */
export function passwordGate(socket: Socket, password: string): Promise<Buffer | null> {
  const expected = digest(password);
  return new Promise((resolveGate) => {
    let buffered = Buffer.alloc(0);
    let startup: Buffer | null = null;
    const finish = (handOn: Buffer | null) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('error', onClose);
      socket.off('close', onClose);
      // Paused until PGlite's handler takes over, so no byte is emitted with nobody listening.
      if (handOn === null) socket.destroy();
      else socket.pause();
      resolveGate(handOn);
    };
    const refuse = () => {
      if (socket.writable) socket.end(authenticationFailed());
      finish(null);
    };
    const onClose = () => finish(null);
    const timer = setTimeout(refuse, GATE_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (startup === null) {
          // Untyped messages: length (including itself), then a code.
          if (buffered.length < 8) break;
          const length = buffered.readInt32BE(0);
          const code = buffered.readInt32BE(4);
          if (length < 8 || length > MAX_GATE_MESSAGE) return refuse();
          if (buffered.length < length) break;
          const message = buffered.subarray(0, length);
          buffered = buffered.subarray(length);
          if (code === SSL_REQUEST_CODE || code === GSSENC_REQUEST_CODE) {
            socket.write('N'); // no encryption on a local socket; the client goes on in the clear
            continue;
          }
          if (code !== PROTOCOL_VERSION_3) return refuse(); // cancel requests and old protocols
          startup = Buffer.from(message);
          socket.write(ASK_CLEARTEXT_PASSWORD);
          continue;
        }
        // Typed message: 'p' PasswordMessage, length, the password and a NUL.
        if (buffered.length < 5) break;
        const length = buffered.readInt32BE(1);
        if (buffered[0] !== 0x70 || length < 5 || length > MAX_GATE_MESSAGE) return refuse();
        if (buffered.length < 1 + length) break;
        const given = buffered.subarray(5, 1 + length - 1);
        const rest = buffered.subarray(1 + length);
        if (!timingSafeEqual(digest(given), expected)) return refuse();
        return finish(Buffer.concat([startup, rest]));
      }
    };
    socket.on('data', onData);
    socket.on('error', onClose);
    socket.on('close', onClose);
  });
}

/**
 * Serves a PGlite instance on a Unix socket (`<socketDir>/.s.PGSQL.5432`, where `pg` looks
 * for it when the host is a folder) using our AffinityQueryQueue; every client must pass
 * the password gate first.
 */
export async function servePglite(
  db: PGlite,
  options: { socketDir: string; password: string; logger?: Logger; queue?: AffinityQueryQueue },
): Promise<{ close(): Promise<void> }> {
  const queue = options.queue ?? new AffinityQueryQueue(db, options.logger);
  const handlers = new Set<PGLiteSocketHandler>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    void passwordGate(socket, options.password).then((handOn) => {
      if (handOn === null) {
        options.logger?.warn('embedded postgres: refused a client without this start\'s password');
        return;
      }
      const handler = new PGLiteSocketHandler({ queryQueue: queue as unknown as HandlerQueue, closeOnDetach: true });
      handlers.add(handler);
      const forget = () => handlers.delete(handler);
      handler.addEventListener('close', forget);
      handler.addEventListener('error', forget);
      // The handler starts reading on attach: hand the startup message back first, in order.
      socket.unshift(handOn);
      handler.attach(socket).catch((err: unknown) => {
        options.logger?.warn({ err }, 'embedded postgres: could not attach client');
        forget();
        socket.destroy();
      });
      socket.resume();
    });
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(join(options.socketDir, '.s.PGSQL.5432'), () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  return {
    async close() {
      const closed = new Promise<void>((r) => server.close(() => r()));
      await Promise.all([...handlers].map((h) => h.detach(true)));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/**
 * PGlite's file system gives every file it writes mode 0666 whatever the umask (PostgreSQL's
 * own folders stay 0700); the embedded FerretDB's files were 0644 before it ran under umask 077. The data folder is made 0700, so nobody else can reach them; this
 * also takes group and other bits off what is already there (an older data dir, a restore).
 * Nothing is followed (decision 0037): a link is never entered nor changed through (a link planted
 * in a restored `postgres/` once had this change modes outside DATA_DIR), and a fifo, socket or
 * device is never opened; each is left as it is, with a warning. Modes are changed through a
 * descriptor opened without following a link, so what changes is what lstat saw.
 */
export function closeToOthers(path: string, logger?: Logger): void {
  const stat = lstatSync(path);
  if (!stat.isFile() && !stat.isDirectory()) {
    logger?.warn({ path, kind: kindOf(stat) }, 'embedded store: left alone what is not a file or folder in its data folder (never followed)');
    return;
  }
  if (stat.mode & 0o077) {
    let fd: number;
    try {
      fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | (stat.isDirectory() ? constants.O_DIRECTORY : 0));
    } catch (err) {
      // Replaced by a link since lstat (ELOOP), or not readable by its owner: left as it is.
      logger?.warn({ path, err }, 'embedded store: could not close a file of its data folder to other users');
      return;
    }
    try {
      const opened = fstatSync(fd);
      if (opened.dev === stat.dev && opened.ino === stat.ino) fchmodSync(fd, opened.mode & 0o700);
    } finally {
      closeSync(fd);
    }
  }
  if (stat.isDirectory()) for (const name of readdirSync(path)) closeToOthers(join(path, name), logger);
}

function kindOf(stat: Stats): string {
  if (stat.isSymbolicLink()) return 'link';
  if (stat.isFIFO()) return 'fifo';
  if (stat.isSocket()) return 'socket';
  return 'device';
}

/** A folder only this user can enter, for the socket; short, since socket paths are limited to ~100 bytes. */
function privateSocketDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taal-pg-'));
  chmodSync(dir, 0o700);
  return dir;
}

/** Typed messages of the wire protocol that end an exchange: a simple Query, a Sync. */
const QUERY = 0x51;
const SYNC = 0x53;
const TERMINATE = 0x58;

/**
 * One `pg` connection to the process's PGlite without a socket: what pg writes is cut into
 * messages, and each burst pg writes at once (Parse, Bind, Describe, Execute, Sync: one query)
 * goes to PGlite as ONE run of the shared AffinityQueryQueue, instead of one socket write and one
 * run per message. Answers are pushed back as pg reads them. Ending it (or a Terminate) rolls back
 * whatever transaction it left open, as a closed socket does.
 */
export class EmbeddedConnection extends Duplex {
  private buffered: Buffer = Buffer.alloc(0);
  private burst: Buffer[] = [];
  private started = false;
  private flushScheduled = false;
  private released: Promise<void> | undefined;

  constructor(
    private readonly queue: AffinityQueryQueue,
    private readonly id: number,
  ) {
    super();
  }

  // The socket methods pg calls; nothing to do without a socket.
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {
    // Answers are pushed as PGlite produces them.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    for (;;) {
      // The first message is the untyped startup message; then a type byte and a length.
      const header = this.started ? 1 : 0;
      if (this.buffered.length < header + 4) break;
      const length = header + this.buffered.readInt32BE(header);
      if (this.buffered.length < length) break;
      this.burst.push(this.buffered.subarray(0, length));
      this.buffered = this.buffered.subarray(length);
      if (!this.started) {
        this.started = true;
        this.flush(true); // the startup message alone: PGlite answers it by itself
      }
    }
    if (this.burst.length > 0 && !this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(() => this.flush());
    }
    done();
  }

  private flush(startup = false): void {
    this.flushScheduled = false;
    const burst = this.burst.splice(0);
    if (burst.length === 0) return;
    const terminate = !startup && burst[burst.length - 1]![0] === TERMINATE;
    if (terminate) burst.pop();
    if (burst.length > 0) {
      const last = burst[burst.length - 1]!;
      const endsExchange = startup || last[0] === QUERY || last[0] === SYNC;
      this.queue
        .enqueue(this.id, burst.length === 1 ? burst[0]! : Buffer.concat(burst), (data) => this.push(Buffer.from(data)), endsExchange)
        .catch((err: unknown) => this.destroy(err as Error));
    }
    if (terminate) this.end();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.release().then(() => {
      this.push(null);
      done();
    }, done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.release().then(
      () => done(error),
      () => done(error),
    );
  }

  /** Drops what it still had queued and gives the session back (finishing its exchange, rolling back). */
  private release(): Promise<void> {
    this.released ??= (() => {
      this.queue.clearQueueForHandler(this.id);
      return this.queue.clearTransactionIfNeeded(this.id);
    })();
    return this.released;
  }
}

const joinPglite = processSharedServer<{ connectionString: string; stream(): Duplex; close(): Promise<void> }>('embedded postgres');

/**
 * Starts (or joins) the process-wide embedded PostgreSQL persisted in `dataDir`.
 * There is ONE PGlite instance per process: a second call with the same dataDir
 * shares it (reference counted; the last close() stops it); a different dataDir
 * while one is running is an error. First start (initdb) takes ~3 s, reopening ~0.5 s.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: StartEmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  const dir = resolve(dataDir);
  const { server, close } = await joinPglite(dir, async () => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    await initEmbeddedDataDir(dir);
    closeToOthers(dir, options.logger);
    const { pglite, pgTrgm } = await loadPglite();
    const db = await pglite.PGlite.create(dir, { postgresqlconf: EMBEDDED_POSTGRES_CONF, extensions: { pg_trgm: pgTrgm.pg_trgm } });
    const socketDir = privateSocketDir();
    const password = randomBytes(32).toString('hex');
    // One queue for both ways in: the socket's clients and the in-process connections.
    const queue = new AffinityQueryQueue(db, options.logger);
    // In-process connections count down from -1, apart from the socket handlers' ids.
    let nextConnectionId = -1;
    try {
      const server = await servePglite(db, { socketDir, password, logger: options.logger, queue });
      return {
        connectionString: `postgres://postgres:${password}@${encodeURIComponent(socketDir)}/postgres?sslmode=disable`,
        stream: () => new EmbeddedConnection(queue, nextConnectionId--),
        async close() {
          await server.close();
          await db.close();
          rmSync(socketDir, { recursive: true, force: true });
        },
      };
    } catch (err) {
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
      throw err;
    }
  });
  options.logger?.info({ dataDir: dir }, 'embedded postgres listening on a private socket');
  return { connectionString: server.connectionString, stream: server.stream, close };
}
