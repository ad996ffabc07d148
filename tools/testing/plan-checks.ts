/**
 * Helpers for the itests that hold a read to its index or a write to its few rows (decision 0091): the plan the
 * planner itself chooses (nothing priced out), and the row versions a transaction wrote into a table so far.
 */
import type { Sql, SqlExecutor } from '@taal/kit';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The planner's own plan of a statement (run after `settings`, e.g. set_config(…, true), in one transaction): the
 * tables it scans whole, the indexes it reads and its sorts (Sort, Incremental Sort…).
 */
export async function chosenPlan(sql: Sql, text: string, params: readonly unknown[], settings: string[] = []): Promise<{ seqScans: string[]; indexes: string[]; sorts: number }> {
  const rows = await sql.transaction(async (tx) => {
    for (const s of settings) await tx.query(s);
    return (await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (FORMAT JSON) ${text}`, params)).rows;
  });
  const raw = rows[0]!['QUERY PLAN'];
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => (nodes.push(n), (n.Plans ?? []).forEach(walk));
  walk((typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw)[0].Plan);
  return {
    seqScans: nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']!),
    indexes: [...new Set(nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])))],
    sorts: nodes.filter((n) => /Sort/.test(n['Node Type'])).length,
  };
}

/** Row versions this transaction has inserted and updated in `table` so far (PostgreSQL's own counts, flushed or not). */
export async function rowWrites(tx: SqlExecutor, table: string): Promise<number> {
  const { rows } = await tx.query<{ n: string }>(
    `SELECT pg_stat_get_xact_tuples_inserted($1::regclass) + pg_stat_get_xact_tuples_updated($1::regclass) AS n`,
    [table],
  );
  return Number(rows[0]!.n);
}
