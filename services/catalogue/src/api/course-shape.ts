import { COURSE_CATEGORIES, COURSE_LEVELS, type catalogueV1 } from '@taal/contracts';
import { z } from 'zod';
import { dateTime, poishaAmount } from '@taal/edge';

/**
 * Course as the public API shows it: the spec's field names (catagory spelt so), money in
 * integer poisha. The type is CourseSchema's (below); category and level stay strings here
 * because the catalogue owns those lists.
 */
export type ApiCourse = Omit<z.output<typeof CourseSchema>, 'catagory' | 'courseType'> & { catagory: string; courseType: string };

export type ApiTier = z.output<typeof TierSchema>;

const tier = (t: catalogueV1.TierPrice | undefined): ApiTier => ({
  price: t?.price ?? 0,
  oldPrice: t?.oldPrice ?? 0,
  validity: t?.validityDays ?? 0,
});

export function toApiCourse(c: catalogueV1.Course): ApiCourse {
  return {
    _id: c.id,
    title: c.title,
    subtitle: c.subtitle,
    desc: c.description,
    courseHour: c.courseHours,
    catagory: c.category,
    courseType: c.level,
    instructor: c.instructorId,
    price: c.price,
    oldPrice: c.oldPrice,
    validity: c.validityDays,
    priceSilver: tier(c.silver),
    priceGold: tier(c.gold),
    priceDiamond: tier(c.diamond),
    published: c.published,
    featured: c.featured,
    bundle: c.bundle,
    thumbnail: c.thumbnail,
    banner: c.banner,
    topic: c.topics,
    requirements: c.requirements,
    whoFor: c.whoFor,
    freeLessons: c.freeLessons.map((l) => ({ title: l.title, youtube: l.youtubeUrl })),
    sold: c.sold,
    createdAt: c.createdAt,
    documents: c.documents.map((d) => ({ name: d.name, url: d.url })),
    rating: c.ratingCount > 0 ? Math.round((c.ratingSum / c.ratingCount) * 10) / 10 : 0,
    ratingCount: c.ratingCount,
  };
}

export function toApiUpcoming(u: catalogueV1.UpcomingCourse): z.output<typeof UpcomingCourseSchema> {
  return { _id: u.id, name: u.name, photo: u.photo };
}

// ---- The answers' schemas (the OpenAPI document's components) ----

const poisha = poishaAmount;

export const TierSchema = z
  .object({
    price: poisha('Integer poisha (1 BDT = 100 poisha)'),
    oldPrice: poisha('Integer poisha'),
    validity: z.int().min(1).meta({ description: 'Days of access' }),
  })
  .meta({ id: 'Tier' });

export { COURSE_CATEGORIES, COURSE_LEVELS };

export const CourseSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    subtitle: z.string(),
    desc: z.string().meta({ description: 'HTML description' }),
    courseHour: z.int().min(0),
    catagory: z.enum(COURSE_CATEGORIES),
    courseType: z.enum(COURSE_LEVELS),
    instructor: z.string().meta({ description: 'Instructor id' }),
    price: poisha('Integer poisha'),
    oldPrice: poisha('Integer poisha'),
    validity: z.int().min(1),
    priceSilver: TierSchema,
    priceGold: TierSchema,
    priceDiamond: TierSchema,
    published: z.boolean(),
    featured: z.boolean(),
    bundle: z.boolean(),
    thumbnail: z.string(),
    banner: z.string(),
    topic: z.array(z.string()),
    requirements: z.array(z.string()),
    whoFor: z.array(z.string()),
    freeLessons: z.array(z.object({ title: z.string(), youtube: z.string() })),
    sold: z.int().min(0),
    createdAt: dateTime(),
    documents: z.array(z.object({ name: z.string(), url: z.string() })).meta({ description: 'PDFs (GET the url)' }),
    rating: z.number().min(0).max(5).meta({ description: "The average of the course's shown reviews (1 to 5, one decimal); 0 with none (decision 0048)" }),
    ratingCount: z.int().min(0).meta({ description: 'How many shown reviews the average is of' }),
  })
  .meta({ id: 'Course' });

export const UpcomingCourseSchema = z.object({ _id: z.string(), name: z.string(), photo: z.string() }).meta({ id: 'UpcomingCourse' });

