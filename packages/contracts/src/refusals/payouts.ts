import type { Refusal } from './refusal';

/** The payouts refusals (decision 0026): the spec's exact English where it has one, marked "ours" otherwise. */
export const PayoutsRefusals = {
} as const satisfies Record<string, Refusal>;
