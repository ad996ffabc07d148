/**
 * What a course, an instructor or an upcoming course may be written as (admin-back-office.md §5):
 * pure checks of the fields the back office sends, unit-tested. The app layer refuses with the
 * spec's headline and these per-field refusal keys (decision 0026).
 */
import { CourseAdminLimits as L, isYoutubeLink, nameProblem, TIER_PRICE_FIELDS, type catalogueV1, type RefusalKey } from '@taal/contracts';
import { isCategory, normaliseLevel, TIERS, type Tier } from './course';
import { hasRichContent, sanitizeBio, sanitizeRichText } from './rich-text';

export interface TierValues {
  price: number;
  oldPrice: number;
  validityDays: number;
}

export interface CourseValues {
  title: string;
  subtitle: string;
  description: string;
  courseHours: number;
  category: string;
  level: string;
  instructorId: string;
  price: number;
  oldPrice: number;
  validityDays: number;
  silver: TierValues;
  gold: TierValues;
  diamond: TierValues;
  bundle: boolean;
  thumbnail: string;
  banner: string;
  topics: string[];
  requirements: string[];
  whoFor: string[];
  documents: { name: string; url: string }[];
}

/** Field name → its refusal key. */
export type Problems = Record<string, RefusalKey>;

const MEDIA_URL = /^\/(api\/v1\/media\/images\/[0-9a-f-]{36}(-thumb)?\.(jpg|webp)|assets\/demo\/[A-Za-z0-9/_.-]+)$/;
/** A course file is served behind the course's own check (the gateway's course-files), never as public media. */
const DOCUMENT_URL = /^\/api\/v1\/course\/[0-9a-f-]{36}\/documents\/[0-9a-f-]{36}\.pdf$/;
const MAX_POISHA = L.priceMaxTaka * 100;

/** The API's field names, for the per-field messages. */
const TIER_FIELD: Record<Tier, string> = TIER_PRICE_FIELDS;

function text(problems: Problems, field: string, value: string | undefined, max: number, required: boolean): string | undefined {
  if (value === undefined) {
    if (required) problems[field] = 'ENTRY_REQUIRED';
    return undefined;
  }
  const v = value.trim();
  if (!v && required) problems[field] = 'ENTRY_REQUIRED';
  else if (v.length > max) problems[field] = 'ENTRY_TOO_LONG';
  return v;
}

/** A person's name: a text field that also follows the one name rule (no invisible or formatting characters; decision 0039). */
function personName(problems: Problems, field: string, value: string | undefined, max: number, required: boolean): string | undefined {
  const v = text(problems, field, value, max, required);
  if (v && !problems[field] && nameProblem(value, max) === 'invalid') problems[field] = 'NAME_INVALID';
  return v;
}

/** Rich text (HTML) is stored sanitised, so the public API never answers a script or a `javascript:` link. */
function richText(problems: Problems, field: string, value: string | undefined, max: number, required: boolean, sanitise = sanitizeRichText): string | undefined {
  if (value === undefined) {
    if (required) problems[field] = 'ENTRY_REQUIRED';
    return undefined;
  }
  const v = sanitise(value);
  if (required && !hasRichContent(v)) problems[field] = 'ENTRY_REQUIRED';
  else if (v.length > max) problems[field] = 'ENTRY_TOO_LONG';
  return v;
}

function whole(problems: Problems, field: string, value: number | undefined, min: number, max: number, required: boolean): number | undefined {
  if (value === undefined) {
    if (required) problems[field] = 'ENTRY_REQUIRED';
    return undefined;
  }
  if (!Number.isSafeInteger(value) || value < min || value > max) problems[field] = 'ENTRY_OUT_OF_RANGE';
  return value;
}

function list(problems: Problems, field: string, value: catalogueV1.CourseTextList | undefined, required: boolean): string[] | undefined {
  if (value === undefined) {
    if (required) problems[field] = 'ENTRY_REQUIRED';
    return undefined;
  }
  const items = value.items.map((s) => s.trim()).filter(Boolean);
  if (required && items.length === 0) problems[field] = 'ENTRY_REQUIRED';
  else if (items.length > L.listItems || items.some((s) => s.length > L.listItem)) {
    problems[field] = 'LIST_TOO_LONG';
  }
  return items;
}

function image(problems: Problems, field: string, value: string | undefined, required: boolean): string | undefined {
  if (value === undefined || value === '') {
    if (required) problems[field] = 'ENTRY_REQUIRED';
    return undefined;
  }
  if (!MEDIA_URL.test(value)) problems[field] = 'IMAGE_NOT_UPLOADED';
  return value;
}

/**
 * Checks a course's fields. `current` is the course being updated (only the fields present in
 * `input` change) or null for a new course (every field required but documents; the course's own
 * price, old price and validity default to the silver tier's).
 */
export function checkCourseInput(input: catalogueV1.CourseInput, current: CourseValues | null): { values: CourseValues; problems: Problems } {
  const p: Problems = {};
  const req = current === null;
  const title = text(p, 'title', input.title, L.title, req);
  const subtitle = text(p, 'subtitle', input.subtitle, L.subtitle, req);
  const description = richText(p, 'desc', input.description, L.description, req);
  const courseHours = whole(p, 'courseHour', input.courseHours, 1, L.courseHoursMax, req);
  let category: string | undefined;
  if (input.category !== undefined || req) {
    category = input.category?.trim() ?? '';
    if (!isCategory(category)) p.catagory = 'INVALID_CATEGORY';
  }
  let level: string | undefined;
  if (input.level !== undefined || req) {
    level = normaliseLevel(input.level ?? '') ?? undefined;
    if (!level) p.courseType = 'INVALID_LEVEL';
  }
  const instructorId = text(p, 'instructor', input.instructorId, 64, req);
  const tiers = {} as Record<Tier, TierValues>;
  for (const t of TIERS) {
    const field = TIER_FIELD[t];
    const price = whole(p, `${field}Price`, input[`${t}Price`], 0, MAX_POISHA, req);
    const oldPrice = whole(p, `${field}OldPrice`, input[`${t}OldPrice`], 0, MAX_POISHA, req);
    const validity = whole(p, `${field}Validity`, input[`${t}Validity`], 1, L.validityMax, req);
    const was = current?.[t];
    tiers[t] = { price: price ?? was?.price ?? 0, oldPrice: oldPrice ?? was?.oldPrice ?? 0, validityDays: validity ?? was?.validityDays ?? 1 };
  }
  const price = whole(p, 'price', input.price, 0, MAX_POISHA, false);
  const oldPrice = whole(p, 'oldPrice', input.oldPrice, 0, MAX_POISHA, false);
  const validityDays = whole(p, 'validity', input.validityDays, 1, L.validityMax, false);
  const thumbnail = image(p, 'thumbnail', input.thumbnail, req);
  const banner = image(p, 'banner', input.banner, req);
  const topics = list(p, 'topic', input.topics, req);
  const requirements = list(p, 'requirements', input.requirements, req);
  const whoFor = list(p, 'whoFor', input.whoFor, req);
  const added = input.addDocuments.map((d) => ({ name: d.name.trim().slice(0, 200) || 'document.pdf', url: d.url }));
  if (added.some((d) => !DOCUMENT_URL.test(d.url))) p.documents = 'DOCUMENTS_NOT_UPLOADED';
  const documents = [...(current?.documents ?? []), ...added];
  if (documents.length > L.documents) p.documents = 'TOO_MANY_DOCUMENTS';

  const values: CourseValues = {
    title: title ?? current?.title ?? '',
    subtitle: subtitle ?? current?.subtitle ?? '',
    description: description ?? current?.description ?? '',
    courseHours: courseHours ?? current?.courseHours ?? 0,
    category: category ?? current?.category ?? '',
    level: level ?? current?.level ?? '',
    instructorId: instructorId ?? current?.instructorId ?? '',
    price: price ?? current?.price ?? tiers.silver.price,
    oldPrice: oldPrice ?? current?.oldPrice ?? tiers.silver.oldPrice,
    validityDays: validityDays ?? current?.validityDays ?? tiers.silver.validityDays,
    silver: tiers.silver,
    gold: tiers.gold,
    diamond: tiers.diamond,
    bundle: input.bundle ?? current?.bundle ?? false,
    thumbnail: thumbnail ?? current?.thumbnail ?? '',
    banner: banner ?? current?.banner ?? '',
    topics: topics ?? current?.topics ?? [],
    requirements: requirements ?? current?.requirements ?? [],
    whoFor: whoFor ?? current?.whoFor ?? [],
    documents,
  };
  return { values, problems: p };
}

/** A free lesson: title and YouTube link both required ('Please input title and link'). */
export function freeLessonProblems(title: string, link: string): Problems {
  const p: Problems = {};
  if (!title.trim()) p.title = 'ENTRY_REQUIRED';
  else if (title.trim().length > L.title) p.title = 'ENTRY_TOO_LONG';
  if (!link.trim()) p.path = 'ENTRY_REQUIRED';
  else if (!isYoutubeLink(link)) p.path = 'YOUTUBE_LINK_INVALID';
  return p;
}

export interface InstructorValues {
  name: string;
  bio: string;
  band: string;
  photo: string;
  banner: string;
  percentage: number;
  featured: boolean;
}

/** An instructor profile: on create every field is required (photo and banner too); on update only those sent change. */
export function checkInstructorInput(input: catalogueV1.InstructorInput, current: InstructorValues | null): { values: InstructorValues; problems: Problems } {
  const p: Problems = {};
  const req = current === null;
  const name = personName(p, 'name', input.name, L.instructorName, req);
  const band = text(p, 'band', input.band, L.instructorBand, req);
  // Rich text like a course's description (the storefront shows it as HTML): sanitised on write,
  // its characters as every user's text (no direction overrides or invisible characters; decision 0064).
  const bio = richText(p, 'bio', input.bio, L.instructorBio, req, sanitizeBio);
  const percentage = whole(p, 'percentage', input.percentage, 0, 100, req);
  const photo = image(p, 'photo', input.photo, req);
  const banner = image(p, 'banner', input.banner, req);
  return {
    values: {
      name: name ?? current?.name ?? '',
      band: band ?? current?.band ?? '',
      bio: bio ?? current?.bio ?? '',
      percentage: percentage ?? current?.percentage ?? 0,
      photo: photo ?? current?.photo ?? '',
      banner: banner ?? current?.banner ?? '',
      featured: input.featured ?? current?.featured ?? false,
    },
    problems: p,
  };
}

/** An upcoming course: a name and a photo. */
export function upcomingProblems(name: string, photo: string): Problems {
  const p: Problems = {};
  if (!name.trim()) p.name = 'ENTRY_REQUIRED';
  else if (name.trim().length > L.upcomingName) p.name = 'ENTRY_TOO_LONG';
  image(p, 'photo', photo, true);
  return p;
}
