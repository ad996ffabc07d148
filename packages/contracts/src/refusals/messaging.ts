import type { Refusal } from './refusal';

/** The messaging refusals (decision 0026): the spec's exact English where it has one, marked "ours" otherwise. */
export const MessagingRefusals = {
} as const satisfies Record<string, Refusal>;
