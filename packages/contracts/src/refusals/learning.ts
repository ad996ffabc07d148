import type { Refusal } from './refusal';

/** The learning refusals (decision 0026): the spec's exact English where it has one, marked "ours" otherwise. */
export const LearningRefusals = {
} as const satisfies Record<string, Refusal>;
