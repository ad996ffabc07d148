/** A course's row in catalogue.course, the course it is for the other services, and its writable fields as insert and update take them. */
import type { catalogueV1 } from '@taal/contracts';
import type { CourseValues } from '../domain/course-input';

type Course = catalogueV1.Course;

export const SCHEMA = 'catalogue';

export interface CourseRow {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  course_hours: number;
  category: string;
  level: string;
  instructor_id: string;
  price: string;
  old_price: string;
  validity_days: number;
  silver_price: string;
  silver_old_price: string;
  silver_validity: number;
  gold_price: string;
  gold_old_price: string;
  gold_validity: number;
  diamond_price: string;
  diamond_old_price: string;
  diamond_validity: number;
  published: boolean;
  featured: boolean;
  bundle: boolean;
  thumbnail: string;
  banner: string;
  topics: string[];
  requirements: string[];
  who_for: string[];
  free_lessons: { title: string; youtubeUrl: string }[];
  sold: number;
  created_at: Date;
  documents?: { name: string; url: string }[];
  rating_sum?: string;
  rating_count?: number;
}

// bigint columns come back from pg as strings; poisha amounts stay far below 2^53.
const money = (value: string) => Number(value);

export function toCourse(row: CourseRow): Course {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    courseHours: row.course_hours,
    category: row.category,
    level: row.level,
    instructorId: row.instructor_id,
    price: money(row.price),
    oldPrice: money(row.old_price),
    validityDays: row.validity_days,
    silver: { price: money(row.silver_price), oldPrice: money(row.silver_old_price), validityDays: row.silver_validity },
    gold: { price: money(row.gold_price), oldPrice: money(row.gold_old_price), validityDays: row.gold_validity },
    diamond: { price: money(row.diamond_price), oldPrice: money(row.diamond_old_price), validityDays: row.diamond_validity },
    published: row.published,
    featured: row.featured,
    bundle: row.bundle,
    thumbnail: row.thumbnail,
    banner: row.banner,
    topics: row.topics,
    requirements: row.requirements,
    whoFor: row.who_for,
    freeLessons: row.free_lessons,
    sold: row.sold,
    createdAt: row.created_at.toISOString(),
    documents: row.documents ?? [],
    ratingSum: Number(row.rating_sum ?? 0),
    ratingCount: row.rating_count ?? 0,
  };
}

/** The writable fields of a stored course. */
export function courseValues(c: Course): CourseValues {
  const tier = (t: catalogueV1.TierPrice | undefined) => ({ price: t?.price ?? 0, oldPrice: t?.oldPrice ?? 0, validityDays: t?.validityDays ?? 1 });
  return {
    title: c.title,
    subtitle: c.subtitle,
    description: c.description,
    courseHours: c.courseHours,
    category: c.category,
    level: c.level,
    instructorId: c.instructorId,
    price: c.price,
    oldPrice: c.oldPrice,
    validityDays: c.validityDays,
    silver: tier(c.silver),
    gold: tier(c.gold),
    diamond: tier(c.diamond),
    bundle: c.bundle,
    thumbnail: c.thumbnail,
    banner: c.banner,
    topics: c.topics,
    requirements: c.requirements,
    whoFor: c.whoFor,
    documents: c.documents,
  };
}

/** $1…$27 of insertCourse and updateCourse. */
export const courseParams = (id: string, v: CourseValues) => [
  id, v.title, v.subtitle, v.description, v.courseHours, v.category, v.level, v.instructorId,
  v.price, v.oldPrice, v.validityDays, v.silver.price, v.silver.oldPrice, v.silver.validityDays,
  v.gold.price, v.gold.oldPrice, v.gold.validityDays, v.diamond.price, v.diamond.oldPrice, v.diamond.validityDays,
  v.bundle, v.thumbnail, v.banner, JSON.stringify(v.topics), JSON.stringify(v.requirements), JSON.stringify(v.whoFor),
  JSON.stringify(v.documents),
];

export interface CourseFilter {
  includeUnpublished: boolean;
  featuredOnly: boolean;
  instructorId?: string;
}
