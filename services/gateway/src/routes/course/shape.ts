import type { catalogueV1 } from '@taal/contracts';

/** Course as the public API shows it: the spec's field names (catagory spelt so), money in integer poisha. */
export interface ApiCourse {
  _id: string;
  title: string;
  subtitle: string;
  desc: string;
  courseHour: number;
  catagory: string;
  courseType: string;
  instructor: string;
  price: number;
  oldPrice: number;
  validity: number;
  priceSilver: ApiTier;
  priceGold: ApiTier;
  priceDiamond: ApiTier;
  published: boolean;
  featured: boolean;
  bundle: boolean;
  thumbnail: string;
  banner: string;
  topic: string[];
  requirements: string[];
  whoFor: string[];
  freeLessons: { title: string; youtube: string }[];
  sold: number;
  createdAt: string;
}

export interface ApiTier {
  price: number;
  oldPrice: number;
  validity: number;
}

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
  };
}

export function toApiUpcoming(u: catalogueV1.UpcomingCourse) {
  return { _id: u.id, name: u.name, photo: u.photo };
}
