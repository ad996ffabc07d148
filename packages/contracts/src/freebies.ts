/**
 * Freebies and the landing popup: the constants the catalogue, the gateway and the frontends
 * share (admin-back-office.md §5, §8, §9; storefront-and-panels.md §2, §9). Pure code (browser-safe).
 */

import { COURSE_CATEGORIES } from './course-catalogue';

const [GUITAR, ...OTHER_INSTRUMENTS] = COURSE_CATEGORIES;

/** The categories a freebie may have, in the order of the admin form: the course categories plus FAQ and Info. */
export const FREEBIE_CATEGORIES = [GUITAR, 'FAQ', 'Info', ...OTHER_INSTRUMENTS] as const;
export type FreebieCategory = (typeof FREEBIE_CATEGORIES)[number];

/** The storefront's filter pills (storefront §2): All, then the categories in this order. */
export const FREEBIE_FILTERS = ['All', 'FAQ', 'Info', ...COURSE_CATEGORIES] as const;

/** The admin list shows the first 100 characters of a subtitle. */
export const FREEBIE_SUBTITLE_PREVIEW = 100;

/** The one landing popup's id (`GET popup/find/{id}`, `POST popup/{id}`); created by the catalogue's migration. */
export const LANDING_POPUP_ID = '00000000-0000-4000-b000-000000000001';

/** The spec's wording (admin-back-office.md §8); its refusals are catalogue entries (refusals/catalogue.ts). */
export const FreebieMessages = {
  created: 'Post Created Successfully!!!',
  updated: 'Freebies updated successfully!',
  deleted: 'Freebie deleted',
  popupSaved: 'Popup Created Successfully!!!',
} as const;

/** Field limits the catalogue enforces (and the forms state). */
export const FreebieLimits = {
  title: 200,
  subtitle: 1000,
  /** Sanitised HTML, in characters. */
  description: 100_000,
  youtube: 300,
  documents: 10,
  carouselImages: 10,
  popupTitle: 200,
  popupBody: 2000,
} as const;
