import { z } from 'zod';
import { COURSE_TIERS, MAX_AMOUNT_POISHA, takaToPoisha, TIER_PRICE_FIELDS, CourseAdminLimits as L, type catalogueV1, type FieldRefusals, type learningV1 } from '@taal/contracts';
import type { FileStore } from '@taal/kit';
import type { Catalogue } from '../app/catalogue';
import { type ResponseCache, requireAuth, UserRoles, acceptUploads, type CheckedUpload, type UploadStore, type ServiceApi, type AccessTokenVerifier } from '@taal/edge';
import { COURSE_CATEGORIES as CATEGORIES, COURSE_LEVELS } from './course-shape';

/**
 * The back office's writes of courses, instructors and upcoming courses (admin-back-office.md
 * §5, §7; issue 10). The catalogue decides who may do what (decision 0020); files go through the
 * one upload mechanism (decision 0016); an add that fails half-way leaves nothing behind.
 */
export interface CourseWriteDeps {
  /** The catalogue's own use cases (issue 52); learning is asked over gRPC. */
  catalogue: Catalogue;
  learning: ServiceApi<learningV1.LearningServiceServer>;
  tokens: AccessTokenVerifier;
  files: FileStore;
  cache: ResponseCache;
  /** Largest lesson video (default the upload mechanism's 2 GB). */
  maxVideoBytes?: number;
}

/** Who may write: admin and content, admin only, or the admin and an instructor for their own profile (the catalogue checks each). */
export function writeGuards(tokens: AccessTokenVerifier) {
  return {
    staff: { label: 'admin and content (the catalogue checks)', check: requireAuth(tokens, UserRoles.admin, UserRoles.content) },
    admin: { label: 'admin only (the catalogue checks)', check: requireAuth(tokens, UserRoles.admin) },
    // Issue 40: an instructor edits their own public profile; the catalogue checks it is theirs.
    adminOrOwnInstructor: { label: 'admin, or the instructor for their own profile (the catalogue checks)', check: requireAuth(tokens, UserRoles.admin, UserRoles.instructor) },
  };
}


/** A lesson's status (learning's LESSON_STATUSES). */
const VIDEO_STATUSES = ['open', 'login', 'paid'] as const;

export const COURSE_FILES = (maxVideoBytes?: number) =>
  acceptUploads(
    {
      thumbnail: { kind: 'image' },
      banner: { kind: 'image' },
      documents: { kind: 'pdf', maxCount: L.documents },
      videos: { kind: 'video', maxCount: L.lessonVideos, ...(maxVideoBytes ? { maxBytes: maxVideoBytes } : {}) },
    },
    { maxFields: 120 },
  );

/** The text fields of the course form, as the spec names them (all strings in a multipart body). */
export const courseFormDoc = z.object({
  title: z.string(),
  subtitle: z.string(),
  desc: z.string().meta({ description: 'HTML description' }),
  courseHour: z.string().meta({ description: 'Digits' }),
  catagory: z.enum(CATEGORIES),
  courseType: z.enum(COURSE_LEVELS),
  instructor: z.string().meta({ description: 'Instructor id' }),
  price: z.string().optional().meta({ description: 'Taka; default the silver tier’s' }),
  oldPrice: z.string().optional(),
  validity: z.string().optional().meta({ description: 'Days (digits)' }),
  priceSilverPrice: z.string().meta({ description: 'Taka, up to 2 decimals' }),
  priceSilverOldPrice: z.string(),
  priceSilverValidity: z.string().meta({ description: 'Days, digits only' }),
  priceGoldPrice: z.string(),
  priceGoldOldPrice: z.string(),
  priceGoldValidity: z.string(),
  priceDiamondPrice: z.string(),
  priceDiamondOldPrice: z.string(),
  priceDiamondValidity: z.string(),
  bundle: z.enum(['true', 'false']).optional(),
  topic: z.string().meta({ description: 'Items separated by semicolons' }),
  requirements: z.string().meta({ description: 'Items separated by semicolons' }),
  whoFor: z.string().meta({ description: 'Items separated by semicolons' }),
  thumbnail: z.string().meta({ format: 'binary', description: 'JPEG, PNG, GIF or WebP, at most 5 MB' }),
  banner: z.string().meta({ format: 'binary', description: 'JPEG, PNG, GIF or WebP, at most 5 MB' }),
  documents: z.array(z.string().meta({ format: 'binary' })).optional().meta({ description: 'PDFs, at most 10 of 20 MB' }),
  videos: z.array(z.string().meta({ format: 'binary' })).meta({ description: 'Lesson videos (at least one on add), at most 2 GB each' }),
  videoTitles: z.array(z.string()).optional().meta({ description: 'One title per video, in order (default the file name)' }),
  videoStatus: z.array(z.enum(VIDEO_STATUSES)).optional().meta({ description: 'One status per video (default paid)' }),
});

export type Form = Record<string, unknown>;
export const str = (form: Form, key: string): string | undefined => {
  const v = form[key];
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : undefined;
  return typeof v === 'string' ? v : undefined;
};
const strs = (form: Form, key: string): string[] => {
  const v = form[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
};

/** Reads the course form into the catalogue's input; `problems` gets a message per bad field. An empty string is "not sent". */
/** Field name → its refusal key. */
export type Problems = Record<string, FieldRefusals[string]>;

export function readCourseForm(form: Form, problems: Problems): catalogueV1.CourseInput {
  const given = (key: string) => {
    const v = str(form, key);
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const digits = (key: string) => {
    const v = given(key);
    if (v === undefined) return undefined;
    if (!/^[0-9]{1,7}$/.test(v)) {
      problems[key] = 'ENTRY_DIGITS_ONLY';
      return undefined;
    }
    return Number(v);
  };
  const taka = (key: string) => {
    const v = given(key);
    if (v === undefined) return undefined;
    // The catalogue's own price limit (course-input.ts) is checked after this.
    const poisha = takaToPoisha(v);
    if (poisha === null || poisha > MAX_AMOUNT_POISHA) {
      problems[key] = 'ENTRY_NOT_TAKA';
      return undefined;
    }
    return poisha;
  };
  const list = (key: string) => {
    const v = given(key);
    return v === undefined ? undefined : { items: v.split(';').map((s) => s.trim()).filter(Boolean) };
  };
  const input: catalogueV1.CourseInput = {
    title: given('title'),
    subtitle: given('subtitle'),
    description: given('desc'),
    courseHours: digits('courseHour'),
    category: given('catagory'),
    level: given('courseType'),
    instructorId: given('instructor'),
    price: taka('price'),
    oldPrice: taka('oldPrice'),
    validityDays: digits('validity'),
    bundle: given('bundle') === undefined ? undefined : given('bundle') === 'true',
    topics: list('topic'),
    requirements: list('requirements'),
    whoFor: list('whoFor'),
    addDocuments: [],
  };
  for (const tier of COURSE_TIERS) {
    const name = TIER_PRICE_FIELDS[tier];
    input[`${tier}Price`] = taka(`${name}Price`);
    input[`${tier}OldPrice`] = taka(`${name}OldPrice`);
    input[`${tier}Validity`] = digits(`${name}Validity`);
  }
  return input;
}


/** Each lesson video of the form with its title and status (by position). */
export function lessonsOf(form: Form, videos: CheckedUpload[]): { upload: CheckedUpload; title: string; status: string }[] {
  const titles = strs(form, 'videoTitles');
  const statuses = strs(form, 'videoStatus');
  return videos.map((upload, i) => {
    const fallback = upload.kind === 'image' ? '' : upload.name.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 200);
    return { upload, title: titles[i]?.trim() || fallback, status: statuses[i]?.trim() || 'paid' };
  });
}

/** Every videoStatus given must be a status, also one without its video (the document's enum). */
export function statusProblems(form: Form, problems: Problems): void {
  strs(form, 'videoStatus').forEach((status, i) => {
    if (!(VIDEO_STATUSES as readonly string[]).includes(status.trim())) problems[`videoStatus[${i}]`] = 'LESSON_STATUS_INVALID';
  });
}

/** The files port keys of an uploaded image (and its thumbnail) from its URL; none for other URLs (demo assets). */
function mediaKeys(url: string | undefined): string[] {
  const m = /^\/api\/v1\/(media\/images\/[0-9a-f-]{36})\.(jpg|webp)$/.exec(url ?? '');
  return m ? [`${m[1]}.${m[2]}`, `${m[1]}-thumb.${m[2]}`] : [];
}

/** Deletes the images a write replaced (best effort: a leftover file is harmless, a missing one is not). */
export async function dropReplaced(files: FileStore, before: (string | undefined)[], after: (string | undefined)[]): Promise<void> {
  const keep = new Set(after);
  const gone = before.filter((u) => u && !keep.has(u)).flatMap(mediaKeys);
  await Promise.all(gone.map((k) => files.delete(k).catch(() => undefined)));
}

export async function storeImages(store: UploadStore, uploads: Record<string, CheckedUpload[]>, names: string[]): Promise<Record<string, string | undefined>> {
  const out: Record<string, string | undefined> = {};
  for (const name of names) {
    const upload = uploads[name]?.[0];
    out[name] = upload ? (await store.image(upload)).url : undefined;
  }
  return out;
}
