/**
 * Helpers for the keyset-page itests (decisions 0074, 0084): read a list page by page to its end, record the
 * page queries a store sends, and explain one with sequential scans and sorts priced out (a plan that still
 * has a Sort or a Seq Scan has no index to read the page from in order).
 */
import type { Sql } from '@taal/kit';

/** Every page of a list, in turn: the rows' ids and each page's ids (stops at 200 pages). */
export async function pageThrough(read: (cursor: string) => Promise<{ ids: string[]; next: string }>) {
  const ids: string[] = [];
  const pages: string[][] = [];
  let cursor = '';
  do {
    const page = await read(cursor);
    pages.push(page.ids);
    ids.push(...page.ids);
    cursor = page.next;
  } while (cursor && pages.length < 200);
  return { ids, pages, endedWithoutNext: !cursor };
}

/** An Sql that records the statements sent through it. */
export function recordingSql(sql: Sql): { recording: Sql; sent: [string, readonly unknown[]][] } {
  const sent: [string, readonly unknown[]][] = [];
  const recording = { query: (text: string, params?: readonly unknown[]) => (sent.push([text, params ?? []]), sql.query(text, params)) } as unknown as Sql;
  return { recording, sent };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

/**
 * Whether a statement's plan sorts or scans a table, with both priced out, and the indexes it reads the page
 * from. A per-row subquery's own plan (a SubPlan: e.g. one order's items in their order) is not the page's read.
 */
export async function planOf(sql: Sql, text: string, params: readonly unknown[]): Promise<{ text: string; sort: boolean; seq: boolean; indexes?: string[] }> {
  const rows = await sql.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    await tx.query('SET LOCAL enable_sort = off');
    await tx.query('SET LOCAL enable_incremental_sort = off');
    return (await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (FORMAT JSON) ${text}`, params)).rows;
  });
  const raw = rows[0]!['QUERY PLAN'];
  const root = (typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw)[0].Plan;
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    for (const child of n.Plans ?? []) if (child['Parent Relationship'] !== 'SubPlan') walk(child);
  };
  walk(root);
  return {
    text,
    sort: nodes.some((n) => /Sort/.test(n['Node Type'])),
    seq: nodes.some((n) => n['Node Type'] === 'Seq Scan'),
    indexes: nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
  };
}
