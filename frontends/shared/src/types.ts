// Shapes of the gateway's /api/v1 responses (money is integer poisha: 1 BDT = 100 poisha), taken
// from the types generated from its OpenAPI document, never written again by hand.
import { COURSE_TIERS, TIER_PRICE_FIELDS, type TierPriceField } from '@taal/contracts/web';
import type { components } from './api-types';

type Schemas = components['schemas'];

export { COURSE_CATEGORIES as CATEGORIES, COURSE_LEVELS as LEVELS, type CourseCategory as Category, type CourseLevel as Level } from '@taal/contracts/web';

/** The course answer's tier fields, cheapest first. */
export const TIERS: readonly TierPriceField[] = COURSE_TIERS.map((tier) => TIER_PRICE_FIELDS[tier]);
export type TierKey = TierPriceField;

export type Tier = Schemas['Tier'];

export type FreeLesson = Schemas['Course']['freeLessons'][number];

export type Course = Schemas['Course'];

export type UpcomingCourse = Schemas['UpcomingCourse'];

export type Instructor = Schemas['Instructor'];

export type Freebie = Schemas['Freebie'];

export type Popup = Schemas['Popup'];
export type Review = Schemas['Review'];
export type AdminReview = Schemas['AdminReview'];
