import type { Refusal } from './refusal';

/** The catalogue refusals (decision 0026): the spec's exact English where it has one, marked "ours" otherwise. */
export const CatalogueRefusals = {
} as const satisfies Record<string, Refusal>;
