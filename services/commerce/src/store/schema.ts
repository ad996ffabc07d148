/** Commerce's schema, named in every query, and how its columns read back. */
export const SCHEMA = 'commerce';

// bigint columns come back from pg as strings; poisha amounts stay far below 2^53.
export const money = (value: string | number | null) => Number(value ?? 0);
export const iso = (d: Date | null) => (d ? d.toISOString() : '');
