import type { Refusal } from './refusal';

/** The identity refusals (decision 0026): the spec's exact English where it has one, marked "ours" otherwise. */
export const IdentityRefusals = {
} as const satisfies Record<string, Refusal>;
