/**
 * Messaging's document reads under the plan test's rule (decision 0086): the finds and aggregates the
 * services sent (TAAL_RECORD_DOCUMENTS, packages/kit/src/documents/connect.ts) are explained through
 * FerretDB, which answers with the PostgreSQL plan of what it would run, and that plan is held to the SQL
 * reads' rule (planFaults): no sequential scan of a large collection's table, no Sort of more than a page of it.
 */
import { readFileSync } from 'node:fs';
import { MongoClient, BSON } from 'mongodb';
import { planFaults, relationsOf } from './plans';

interface RecordedRead {
  db: string;
  command: Record<string, unknown>;
}

/** The distinct reads of a recording: one per collection and filter shape (its keys and operators, not its values), sort and limit. */
export function distinctDocumentReads(file: string): RecordedRead[] {
  const seen = new Map<string, RecordedRead>();
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.pop();
  const shape = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(shape) : v !== null && typeof v === 'object' && !(v instanceof Date) && !(v instanceof BSON.ObjectId) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)])) : typeof v;
  for (const line of lines) {
    if (!line) continue;
    const read = BSON.EJSON.parse(line, { relaxed: false }) as RecordedRead;
    const { find, aggregate, filter, sort, limit, skip, pipeline } = read.command;
    const key = JSON.stringify([read.db, find ?? aggregate, shape(filter ?? pipeline), sort, limit, skip]);
    if (!seen.has(key)) seen.set(key, read);
  }
  return [...seen.values()];
}

/** Each read's faults (with its collection and filter), for collections of at least `large` documents. */
export async function documentPlanFaults(url: string, file: string, large: number): Promise<{ faults: string[]; explained: number; collections: string[] }> {
  const client = new MongoClient(url);
  await client.connect();
  const faults: string[] = [];
  const sizes = new Map<string, number>();
  let explained = 0;
  try {
    for (const read of distinctDocumentReads(file)) {
      const db = client.db(read.db);
      const { find, aggregate, filter, sort, limit, skip, pipeline, projection } = read.command;
      const name = String(find ?? aggregate);
      if (!sizes.has(name)) sizes.set(name, await db.collection(name).estimatedDocumentCount());
      if (sizes.get(name)! < large) continue;
      // The driver wrote limit and skip as int32; the find command inside explain wants them as int64.
      const long = (v: unknown) => BSON.Long.fromNumber(Number(v));
      const explain = find
        ? { find, filter: filter ?? {}, ...(sort ? { sort } : {}), ...(limit ? { limit: long(limit) } : {}), ...(skip ? { skip: long(skip) } : {}), ...(projection ? { projection } : {}) }
        : { aggregate, pipeline, cursor: {} };
      const answer = (await db.command({ explain })) as { queryPlanner?: { Plan?: Parameters<typeof planFaults>[0] } };
      const plan = answer.queryPlanner?.Plan;
      if (!plan) {
        faults.push(`${name}: no plan for ${BSON.EJSON.stringify(explain)}`);
        continue;
      }
      explained++;
      // A FerretDB read's only table is its collection's, large by its count.
      const found = planFaults(plan, new Set(relationsOf(plan)));
      if (found.length) faults.push(`documents ${name}: ${found.join('; ')}\n    ${BSON.EJSON.stringify(explain).slice(0, 400)}`);
    }
  } finally {
    await client.close();
  }
  return { faults, explained, collections: [...sizes].filter(([, n]) => n >= large).map(([c, n]) => `${c} (${n})`) };
}
