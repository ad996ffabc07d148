import type { Refusal } from './refusal';

/** The commerce refusals (decision 0026): the spec's exact English where it has one, marked "ours" otherwise. */
export const CommerceRefusals = {
} as const satisfies Record<string, Refusal>;
