/**
 * The catalogue of refusals (decision 0026): every service's entries, one key space.
 * A key declared in two files is a test failure (refusals.test.ts), never a silent override.
 */
import { CatalogueRefusals } from './catalogue';
import { CommerceRefusals } from './commerce';
import { CommonRefusals } from './common';
import { ConductRefusals } from './conduct';
import { EdgeRefusals } from './edge';
import { ExamRefusals } from './exams';
import { IdentityRefusals } from './identity';
import { LearningRefusals } from './learning';
import { MessagingRefusals } from './messaging';
import { PayoutsRefusals } from './payouts';
import { PracticeRefusals } from './practice';
import { ReviewRefusals } from './reviews';
import { QuestionRefusals } from './questions';
import { interpolate, type Refusal, type RefusalLanguage, type RefusalParams } from './refusal';
import { StoreRefusals } from './store';

export * from './refusal';

/** Each part of the catalogue by its owner, for the test that keeps keys unique. */
export const REFUSAL_PARTS = {
  common: CommonRefusals,
  edge: EdgeRefusals,
  identity: IdentityRefusals,
  catalogue: CatalogueRefusals,
  commerce: CommerceRefusals,
  learning: LearningRefusals,
  messaging: MessagingRefusals,
  payouts: PayoutsRefusals,
  store: StoreRefusals,
  reviews: ReviewRefusals,
  questions: QuestionRefusals,
  exams: ExamRefusals,
  practice: PracticeRefusals,
  conduct: ConductRefusals,
} as const;

export const Refusals = {
  ...CommonRefusals,
  ...EdgeRefusals,
  ...IdentityRefusals,
  ...CatalogueRefusals,
  ...CommerceRefusals,
  ...LearningRefusals,
  ...MessagingRefusals,
  ...PayoutsRefusals,
  ...StoreRefusals,
  ...ReviewRefusals,
  ...QuestionRefusals,
  ...ExamRefusals,
  ...PracticeRefusals,
  ...ConductRefusals,
} as const;

export type RefusalKey = keyof typeof Refusals;

/** Whether `key` names an entry of the catalogue. */
export function isRefusalKey(key: unknown): key is RefusalKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(Refusals, key);
}

/** The entry of a key. */
export function refusalOf(key: RefusalKey): Refusal {
  return Refusals[key];
}

/** A refusal's text in a language, its placeholders filled. */
export function refusalText(key: RefusalKey, language: RefusalLanguage = 'en', params?: RefusalParams): string {
  return interpolate(Refusals[key][language], params);
}

/** Per-field refusals of a rejected form: field name → key (field texts have no placeholders). */
export type FieldRefusals = Readonly<Record<string, RefusalKey>>;
