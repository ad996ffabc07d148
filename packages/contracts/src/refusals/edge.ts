import type { Refusal } from './refusal';

/** The edge refusals (decision 0026): the spec's exact English where it has one, marked "ours" otherwise. */
export const EdgeRefusals = {
} as const satisfies Record<string, Refusal>;
