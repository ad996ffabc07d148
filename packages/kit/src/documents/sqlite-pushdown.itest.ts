import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentStore } from '../ports/documents';
import { createDocumentStore } from './connect';
import { startEmbeddedDocumentServer, type EmbeddedDocumentServer } from './embedded';

/**
 * The embedded FerretDB's SQLite backend reads lists from the fields' indexes (patch 0003, decision 0086):
 * an exact filter, sort and limit are written on the indexes' own expressions, so a page reads its rows
 * from the index; wherever the JSON text SQLite compares would order otherwise than MongoDB (arrays, mixed
 * types, strings with spaces, dates before 2001, missing fields), the handler does it as before.
 */
let dir: string;
let server: EmbeddedDocumentServer;
let store: DocumentStore;
const day = (d: number) => new Date(Date.UTC(2026, 0, d));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taal-docs-pushdown-'));
  server = await startEmbeddedDocumentServer(join(dir, 'documents'));
  store = await createDocumentStore(server.url('taal'));
}, 60_000);
afterAll(async () => {
  await store?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

/** A collection with messaging's kind of indexes (mongoose asks for them one at a time). */
async function collectionOf(name: string, docs: Record<string, unknown>[]) {
  const c = store.connection.collection(name);
  await c.insertMany(docs as never[]);
  for (const key of [{ userId: 1, createdAt: -1, _id: -1 }, { hidden: 1, createdAt: -1, _id: -1 }, { createdAt: -1, _id: -1 }, { label: 1 }]) await c.createIndex(key as never);
  return c;
}

interface Explained {
  filterPushdown: boolean;
  sortPushdown: boolean;
  limitPushdown: boolean;
  queryPlanner: { Plan: string[] };
}
const explain = async (find: string, filter: object, sort?: object, limit?: number) =>
  (await store.connection.db!.command({ explain: { find, filter, ...(sort ? { sort } : {}), ...(limit ? { limit } : {}) } })) as unknown as Explained;
const ids = (docs: { _id: unknown }[]) => docs.map((d) => d._id);

describe('FerretDB on SQLite pushes exact reads to the indexes (decision 0086)', () => {
  it("reads a page of a user's, everyone's and the shown documents from their compound index, newest first, the next page from the cursor", async () => {
    const docs = Array.from({ length: 300 }, (_, i) => ({
      _id: `n-${String(i).padStart(4, '0')}`, userId: i % 10 === 0 ? null : `u${i % 3}`, hidden: i % 4 === 0, createdAt: day(1 + (i % 25)), label: `L${i % 7}`,
    }));
    const c = await collectionOf('pages', docs);
    const newest = { createdAt: -1, _id: -1 };
    const after = day(12);
    const later = { createdAt: { $lte: after }, $or: [{ createdAt: { $lt: after } }, { createdAt: after, _id: { $lt: 'n-0150' } }] };
    for (const filter of [{ userId: 'u1' }, { userId: null }, { hidden: false }, { hidden: false, ...later }, {}]) {
      const e = await explain('pages', filter, newest, 21);
      // The unpatched build: "detail=SCAN pages_…", filtered, sorted and cut by the handler.
      expect({ filter, pushed: [e.filterPushdown || !Object.keys(filter).length, e.sortPushdown, e.limitPushdown], plan: e.queryPlanner.Plan }).toEqual({
        filter, pushed: [true, true, true], plan: [expect.stringMatching(Object.keys(filter).length ? /detail=SEARCH \S+ USING INDEX \S+_createdAt_-1__id_-1 \(/ : /detail=SCAN \S+ USING INDEX \S+_createdAt_-1__id_-1$/)],
      });
      const want = docs
        .filter((d) => Object.entries(filter).every(([k, v]) => k === '$or' || k === 'createdAt' || (d as Record<string, unknown>)[k] === v))
        .filter((d) => !('$or' in filter) || d.createdAt < after || (d.createdAt.getTime() === after.getTime() && d._id < 'n-0150'))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : -1))
        .slice(0, 21);
      expect(ids(await c.find(filter as never).sort(newest as never).limit(21).toArray())).toEqual(ids(want));
    }
  }, 60_000);

  it('answers as MongoDB where the JSON text would order otherwise: arrays, mixed types, strings with spaces, dates before 2001, missing fields', async () => {
    const c = await collectionOf('edges', [
      { _id: 'a', userId: 'u1', label: 'b', createdAt: day(2), hidden: false },
      { _id: 'b', userId: ['u1', 'u2'], label: 'b c', createdAt: day(3), hidden: false },
      { _id: 'c', userId: null, label: 'b!', createdAt: new Date(Date.UTC(1999, 5, 1)), hidden: true },
      { _id: 'd', label: 'ba', createdAt: 'not a date', hidden: false },
      { _id: 'e', userId: 'u2', label: 'a', hidden: false },
    ]);
    const find = async (filter: object, sort?: object) => ids(await c.find(filter, { sort: sort as never }).toArray()).map(String).sort().join();
    // An array holding the value matches its equality.
    expect(await find({ userId: 'u1' })).toBe('a,b');
    // Null: null or missing.
    expect(await find({ userId: null })).toBe('c,d');
    // Strings: "b c" and "b!" are after "b" (their text "b c" and "b!" with quotes would sort before it).
    expect(await find({ label: { $gt: 'b' } })).toBe('b,c,d');
    // Dates: 1999's 12 digits are before 2026's 13 (as text they would be after); a string is no date.
    expect(await find({ createdAt: { $lt: day(3) } })).toBe('a,c');
    // A sort with a missing field and mixed types is the handler's: missing (null) first, then dates.
    const sorted = await c.find({ hidden: false }).sort({ createdAt: 1, _id: 1 }).limit(3).toArray();
    expect(ids(sorted)).toEqual(['e', 'd', 'a']);
    const e = await explain('edges', { label: { $gt: 'b' } }, { label: 1 }, 2);
    expect([e.sortPushdown, e.limitPushdown]).toEqual([false, false]);
  }, 60_000);

  it('counts, updates and deletes by an indexed field through its index too, and sees a field turned into an array', async () => {
    const c = await collectionOf('writes', Array.from({ length: 100 }, (_, i) => ({ _id: `w${i}`, userId: `u${i % 5}`, createdAt: day(1 + (i % 20)), hidden: false, label: 'x' })));
    expect(await c.countDocuments({ userId: 'u3' })).toBe(20);
    expect((await c.updateMany({ userId: 'u3' }, { $set: { hidden: true } })).modifiedCount).toBe(20);
    expect(await c.countDocuments({ hidden: true })).toBe(20);
    await c.updateOne({ _id: 'w0' as never }, { $set: { userId: ['u3', 'u9'] } });
    expect(await c.countDocuments({ userId: 'u3' })).toBe(21);
    expect((await explain('writes', { userId: 'u3' })).filterPushdown).toBe(false);
    expect((await c.deleteMany({ userId: 'u4' })).deletedCount).toBe(20);
    expect(await c.countDocuments({})).toBe(80);
  }, 60_000);
});
