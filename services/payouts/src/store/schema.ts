/** Payouts' schema, named in every query, and how its columns read back. */
import { dateColumn } from '@taal/kit';

export const SCHEMA = 'payouts';

export const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : '');
export const num = (v: unknown) => Number(v ?? 0);
export const day = dateColumn;
