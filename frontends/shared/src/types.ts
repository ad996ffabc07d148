// Shapes of the gateway's /api/v1 responses (money is integer poisha: 1 BDT = 100 poisha).

export const CATEGORIES = ['Guitar', 'Bass Guitar', 'Drums', 'Piano & Keyboard', 'Sound Engineering'] as const;
export type Category = (typeof CATEGORIES)[number];

export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type Level = (typeof LEVELS)[number];

export const TIERS = ['priceSilver', 'priceGold', 'priceDiamond'] as const;
export type TierKey = (typeof TIERS)[number];

export interface Tier {
  price: number;
  oldPrice: number;
  validity: number;
}

export interface FreeLesson {
  title: string;
  youtube: string;
}

export interface Course {
  _id: string;
  title: string;
  subtitle: string;
  desc: string;
  courseHour: number | string;
  catagory: Category | string;
  courseType: Level | string;
  instructor: string;
  price: number;
  oldPrice: number;
  validity: number;
  priceSilver?: Tier | null;
  priceGold?: Tier | null;
  priceDiamond?: Tier | null;
  published: boolean;
  featured: boolean;
  bundle: boolean;
  thumbnail: string;
  banner?: string;
  topic?: string[];
  requirements?: string[];
  whoFor?: string[];
  freeLessons?: FreeLesson[];
  sold?: number;
  createdAt: string;
}

export interface UpcomingCourse {
  _id: string;
  name: string;
  photo: string;
}

export interface Instructor {
  _id: string;
  name: string;
  bio: string;
  band: string;
  photo: string;
  featured?: boolean;
  published?: boolean;
  course?: string[];
  createdAt: string;
}
