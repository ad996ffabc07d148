// Shapes of the gateway's /api/v1 responses (money is integer poisha: 1 BDT = 100 poisha), taken
// from the types generated from its OpenAPI document, never written again by hand.
import type { components } from './api-types';

type Schemas = components['schemas'];

export const CATEGORIES = ['Guitar', 'Bass Guitar', 'Drums', 'Piano & Keyboard', 'Sound Engineering'] as const;
export type Category = (typeof CATEGORIES)[number];

export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type Level = (typeof LEVELS)[number];

export const TIERS = ['priceSilver', 'priceGold', 'priceDiamond'] as const;
export type TierKey = (typeof TIERS)[number];

export type Tier = Schemas['Tier'];

export type FreeLesson = Schemas['Course']['freeLessons'][number];

export type Course = Schemas['Course'];

export type UpcomingCourse = Schemas['UpcomingCourse'];

export type Instructor = Schemas['Instructor'];

export type Freebie = Schemas['Freebie'];

export type Popup = Schemas['Popup'];
