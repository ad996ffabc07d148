/**
 * What the plan test (plans.itest.ts, decision 0082) reads: the queries the services recorded
 * (TAAL_RECORD_SQL, packages/kit/src/sql/pool.ts) and the plans PostgreSQL makes for them.
 */
import { readFileSync } from 'node:fs';
import type { Client } from 'pg';

export interface Recorded {
  app: string;
  text: string;
  params: unknown[];
}

/** The distinct reads of a recording (SELECT or WITH … SELECT; FOR UPDATE included), each once with its first params. */
export function distinctReads(file: string): Recorded[] {
  const seen = new Map<string, Recorded>();
  const lines = readFileSync(file, 'utf8').split('\n');
  // What follows the last newline is a line still being written (or nothing).
  lines.pop();
  for (const line of lines) {
    if (!line) continue;
    const q = JSON.parse(line) as Recorded;
    const text = q.text.trim();
    if (!/^(SELECT|WITH)\b/i.test(text) || /^WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE)\b/i.test(text)) continue;
    // Several statements sent as one (no params, the simple protocol) are not one plan: each is recorded by itself elsewhere.
    if (/;\s*\S/.test(text)) continue;
    // A read with an array of values, or of another length, is the same statement: one plan per text.
    if (!seen.has(text)) seen.set(text, { ...q, text });
  }
  return [...seen.values()];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Schema?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/** The large tables: those of the services' schemas holding at least `min` rows (by the statistics). */
export async function largeTables(db: Client, min: number): Promise<Set<string>> {
  const { rows } = await db.query<{ t: string }>(
    `SELECT n.nspname || '.' || c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND c.reltuples >= $1 AND n.nspname IN ('identity', 'catalogue', 'commerce', 'learning', 'store', 'payouts')`,
    [min],
  );
  return new Set(rows.map((r) => r.t));
}

/** Parameters as PostgreSQL reads them: JSON-recorded dates are strings already; arrays stay arrays. */
const paramOf = (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v);

/** The plan of one recorded read, with its params (a custom plan for those values). */
export async function planOf(db: Client, q: Recorded): Promise<PlanNode> {
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON, VERBOSE) ${q.text}`, q.params.map(paramOf));
  return rows[0]!['QUERY PLAN'][0].Plan;
}

/** Rows a Sort may order without an index: a page's worth, or a user's own few rows, never a table's. */
export const SORT_ROWS_MAX = 1000;

/**
 * What is wrong with a plan: a sequential scan of a large table, or a Sort of more than SORT_ROWS_MAX
 * estimated rows drawn from a large table (its order not read from an index). Empty when fine.
 */
export function planFaults(plan: PlanNode, large: Set<string>): string[] {
  const faults: string[] = [];
  const relationOf = (n: PlanNode) => (n['Relation Name'] ? `${n.Schema}.${n['Relation Name']}` : '');
  const touches = (n: PlanNode): string[] => [relationOf(n), ...(n.Plans ?? []).flatMap(touches)].filter((r) => large.has(r));
  const walk = (n: PlanNode) => {
    if (n['Node Type'] === 'Seq Scan' && large.has(relationOf(n))) faults.push(`Seq Scan on ${relationOf(n)} (${n['Plan Rows']} rows)`);
    if (n['Node Type'] === 'Sort' && n['Plan Rows'] > SORT_ROWS_MAX) {
      const from = [...new Set(touches(n))];
      if (from.length) faults.push(`Sort of ${n['Plan Rows']} rows of ${from.join(', ')}`);
    }
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(plan);
  return faults;
}

/** The tables a plan reads (every node naming a relation: scans of a table or of its indexes). */
export function relationsOf(plan: PlanNode): string[] {
  const own = plan['Relation Name'] ? [`${plan.Schema}.${plan['Relation Name']}`] : [];
  return [...own, ...(plan.Plans ?? []).flatMap(relationsOf)];
}
