/**
 * Search's time budget (decision 0038), through the use case its route calls (issue 52): a search that gets no
 * turn in time, or whose statement passes its timeout, is refused SEARCH_BUSY (UNAVAILABLE, the
 * edge's 503) instead of holding the database or failing as an internal error. The database is
 * held by a transaction that locks the course table (the embedded database serves one transaction
 * at a time, so there it holds everything).
 */
import { status } from '@grpc/grpc-js';
import { catalogueV1 } from '@taal/contracts';
import { createLogger, createTestAuth, refusalKeyOf, type Sql } from '@taal/kit';
import { backends, realBackend, type Backend } from '../../../tools/testing/backends';
import type { SearchBudget } from './app/search';
import { startCatalogue, type RunningCatalogue } from './service';
import { useCaseCalls } from './testing/use-case-calls';

const logger = createLogger('catalogue-search-budget-test');
const auth = createTestAuth(['gateway', 'catalogue']);

/** A catalogue with this budget, and a search as its route calls it. */
async function catalogueWith(backend: Backend, searchBudget: SearchBudget) {
  const catalogue: RunningCatalogue = await startCatalogue({
    sql: backend.sql,
    bus: backend.bus,
    logger,
    host: '127.0.0.1',
    port: 0,
    seedDemoData: true,
    auth: auth.serviceAuth('catalogue'),
    searchBudget,
  });
  const useCase = useCaseCalls(() => catalogue.useCases);
  const search = (query: string) => useCase<catalogueV1.SearchResponse>('search', { query });
  return {
    search,
    async stop() {
      await catalogue.stop();
    },
  };
}

/** Holds the course table (and, embedded, the whole database) until `release` is called. */
async function holdCourses(sql: Sql): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const held = sql.transaction(async (tx) => {
    await tx.query('LOCK TABLE catalogue.course IN ACCESS EXCLUSIVE MODE');
    locked();
    await released;
  });
  await isLocked;
  return {
    async release() {
      release();
      await held;
    },
  };
}

/** How a call ended: its gRPC code and refusal key, or 'ok'. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (err: unknown) => `${(err as { code?: number }).code === status.UNAVAILABLE ? 'UNAVAILABLE' : String((err as { code?: number }).code)} ${refusalKeyOf(err) ?? ''}`.trim(),
  );

describe.each(backends)('search time budget on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await makeBackend();
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('runs one search at a time: those that get no turn within the wait are refused SEARCH_BUSY, the running one finishes', async () => {
    const catalogue = await catalogueWith(backend, { concurrency: 1, queueMs: 150, statementTimeoutMs: 0 });
    try {
      expect((await catalogue.search('guitar')).courses.length).toBeGreaterThan(0);
      const hold = await holdCourses(backend.sql);
      const running = outcome(catalogue.search('guitar'));
      try {
        // The first search holds the one turn (it waits for the table); these wait 150 ms for it.
        const startedAt = Date.now();
        const waiting = await Promise.all([outcome(catalogue.search('piano')), outcome(catalogue.search('drums'))]);
        const waited = Date.now() - startedAt;
        expect(waiting).toEqual(['UNAVAILABLE SEARCH_BUSY', 'UNAVAILABLE SEARCH_BUSY']);
        expect(waited).toBeLessThan(3000);
      } finally {
        await hold.release();
      }
      expect(await running).toBe('ok');
      // The turn is free again.
      expect((await catalogue.search('piano')).courses.length).toBeGreaterThan(0);
    } finally {
      await catalogue.stop();
    }
  });
});

describe('search statement timeout on real PostgreSQL', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await realBackend();
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('a search statement past its statement_timeout is refused SEARCH_BUSY (not an internal error), and the timeout stays with the search', async () => {
    const catalogue = await catalogueWith(backend, { concurrency: 0, queueMs: 0, statementTimeoutMs: 200 });
    try {
      expect((await catalogue.search('guitar')).courses.length).toBeGreaterThan(0);
      const hold = await holdCourses(backend.sql);
      try {
        const startedAt = Date.now();
        expect(await outcome(catalogue.search('guitar'))).toBe('UNAVAILABLE SEARCH_BUSY');
        // Cancelled at its budget, not at the 5 s deadline.
        expect(Date.now() - startedAt).toBeLessThan(2000);
      } finally {
        await hold.release();
      }
      // SET LOCAL: the pool's connections do not keep the timeout for other queries.
      const { rows } = await backend.sql.query<{ statement_timeout: string }>('SHOW statement_timeout');
      expect(rows[0]!.statement_timeout).toBe('0');
      expect((await catalogue.search('guitar')).courses.length).toBeGreaterThan(0);
    } finally {
      await catalogue.stop();
    }
  });
});
