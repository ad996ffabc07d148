import type { Refusal } from './refusal';

/** The store refusals (decision 0026): the spec's exact English where it has one, marked "ours" otherwise. */
export const StoreRefusals = {
} as const satisfies Record<string, Refusal>;
