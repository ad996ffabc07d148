/**
 * A server the process starts once and shares (the embedded PGlite and FerretDB, each keeping its
 * data in one folder): every caller joins the running one, and the last to close stops it.
 */
export interface SharedServer<T> {
  server: T;
  /** Leaves the server; the last caller's close stops it. Idempotent. */
  close(): Promise<void>;
}

/**
 * One server per process, by data folder: `join(dir, start)` starts it on first use (a start that
 * fails is forgotten, so the next call tries again), shares it while anyone holds it, and refuses
 * another folder while it runs.
 */
export function processSharedServer<T extends { close(): Promise<void> }>(what: string) {
  let running: { dataDir: string; refs: number; ready: Promise<T> } | undefined;
  return async function join(dataDir: string, start: () => Promise<T>): Promise<SharedServer<T>> {
    if (running && running.dataDir !== dataDir) {
      throw new Error(`${what} already running on ${running.dataDir}; one per process (asked for ${dataDir})`);
    }
    if (!running) {
      const created = { dataDir, refs: 0, ready: start() };
      running = created;
      created.ready.catch(() => {
        if (running === created) running = undefined;
      });
    }
    const current = running;
    current.refs += 1;
    let server: T;
    try {
      server = await current.ready;
    } catch (err) {
      current.refs -= 1;
      throw err;
    }
    let closed = false;
    return {
      server,
      async close() {
        if (closed) return;
        closed = true;
        current.refs -= 1;
        if (current.refs > 0) return;
        if (running === current) running = undefined;
        await server.close();
      },
    };
  };
}
