/**
 * Demo catalogue seeded on the first start of the all-in-one mode (and in cluster
 * mode when SEED_DEMO_DATA=true): 4 instructors, 14 courses across all five
 * categories and three levels, some unpublished, some featured, and upcoming courses.
 * Ids are fixed so that demo links and tests stay stable.
 */
import { demoCourseId } from '@taal/contracts';
import type { CourseCategory, CourseLevel } from './course';
import { sanitizeRichText } from './rich-text';

export interface DemoInstructor {
  id: string;
  name: string;
  band: string;
  bio: string;
  photo: string;
  featured: boolean;
  published: boolean;
  percentage: number;
  createdAt: string;
}

export interface DemoCourse {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  courseHours: number;
  category: CourseCategory;
  level: CourseLevel;
  instructorId: string;
  /** Silver tier price in taka; the other tiers and old prices are derived below. */
  silverTaka: number;
  published: boolean;
  featured: boolean;
  bundle: boolean;
  topics: string[];
  requirements: string[];
  whoFor: string[];
  freeLessons: { title: string; youtubeUrl: string }[];
  sold: number;
  createdAt: string;
}

const instructorId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const categorySlug = (c: CourseCategory) => c.toLowerCase().replace(/ & /g, '-').replace(/ /g, '-');

export const demoInstructors: DemoInstructor[] = [
  {
    id: instructorId(1),
    name: 'Arnob Rahman',
    band: 'Shohor Bondi',
    // Bengali too: search finds him by "গিটার" (issue 24).
    bio: 'Session guitarist for fifteen years; teaches technique, theory and tone from the first chord to the stage. পনেরো বছরের সেশন গিটারবাদক।',
    photo: '/assets/demo/instructors/1.svg',
    featured: true,
    published: true,
    percentage: 60,
    createdAt: '2021-03-14T09:00:00.000Z',
  },
  {
    id: instructorId(2),
    name: 'Nabila Chowdhury',
    band: 'Meghdoot',
    bio: 'Classically trained pianist and keyboard player for studio and stage, arranging for film and television.',
    photo: '/assets/demo/instructors/2.svg',
    featured: true,
    published: true,
    percentage: 60,
    createdAt: '2021-06-02T09:00:00.000Z',
  },
  {
    id: instructorId(3),
    name: 'Tanvir Hossain',
    band: 'Dhaka Groove Collective',
    bio: 'Drummer and bass player of a funk collective; groove, timing and playing with a band.',
    photo: '/assets/demo/instructors/3.svg',
    featured: true,
    published: true,
    percentage: 55,
    createdAt: '2021-09-20T09:00:00.000Z',
  },
  {
    id: instructorId(4),
    name: 'Farhan Kabir',
    band: 'Studio Nirjon',
    bio: 'Recording and mixing engineer; home studios, microphones, mixing and mastering.',
    photo: '/assets/demo/instructors/4.svg',
    featured: false,
    published: true,
    percentage: 50,
    createdAt: '2022-01-10T09:00:00.000Z',
  },
];

const lessons = (topic: string) => [
  { title: `${topic}: welcome and setup`, youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  { title: `${topic}: your first exercise`, youtubeUrl: 'https://www.youtube.com/watch?v=9bZkp7q19f0' },
];

function course(
  n: number,
  title: string,
  category: CourseCategory,
  level: CourseLevel,
  instructor: number,
  silverTaka: number,
  flags: { published?: boolean; featured?: boolean; bundle?: boolean; sold?: number; bengali?: string } = {},
): DemoCourse {
  return {
    id: demoCourseId(n),
    title,
    subtitle: `${level[0]!.toUpperCase()}${level.slice(1)} ${category.toLowerCase()} with step-by-step video lessons`,
    // Stored as a write would store it (`&` as `&amp;`), so the start-up backfill finds nothing to clean.
    description: sanitizeRichText(`<p>${title} takes you through ${category.toLowerCase()} at ${level} level with short lessons, practice routines and feedback.</p>${flags.bengali ? `<p>${flags.bengali}</p>` : ''}`),
    courseHours: 6 + (n % 5) * 2,
    category,
    level,
    instructorId: instructorId(instructor),
    silverTaka,
    published: flags.published ?? true,
    featured: flags.featured ?? false,
    bundle: flags.bundle ?? false,
    topics: ['Posture and technique', 'Reading charts', 'Practice routine'],
    requirements: ['An instrument or a practice set-up', 'Thirty minutes a day'],
    whoFor: [`Anyone starting or improving ${category.toLowerCase()}`],
    freeLessons: lessons(title),
    sold: flags.sold ?? n * 7,
    createdAt: new Date(Date.UTC(2022, 0, 1 + n * 9)).toISOString(),
  };
}

export const demoCourses: DemoCourse[] = [
  // A Bengali line each (search in both languages, issue 24).
  course(1, 'Guitar From Zero', 'Guitar', 'beginner', 1, 1500, { featured: true, bengali: 'শূন্য থেকে গিটার: প্রথম কর্ড থেকে প্রথম গান পর্যন্ত।' }),
  course(2, 'Rhythm Guitar Workshop', 'Guitar', 'intermediate', 1, 2500, { featured: true }),
  course(3, 'Lead Guitar Mastery', 'Guitar', 'advanced', 1, 4000, { featured: true, bundle: true }),
  course(4, 'Acoustic Fingerstyle', 'Guitar', 'intermediate', 1, 2200, { published: false }),
  course(5, 'Bass Foundations', 'Bass Guitar', 'beginner', 3, 1500, { featured: true }),
  course(6, 'Slap and Groove Bass', 'Bass Guitar', 'advanced', 3, 3500),
  course(7, 'Drums for Beginners', 'Drums', 'beginner', 3, 1800, { featured: true }),
  course(8, 'Groove and Fills', 'Drums', 'intermediate', 3, 2800),
  course(9, 'Odd Time Drumming', 'Drums', 'advanced', 3, 3800, { published: false }),
  course(10, 'Piano Basics', 'Piano & Keyboard', 'beginner', 2, 1600, { featured: true }),
  course(11, 'Keyboard Chords and Voicings', 'Piano & Keyboard', 'intermediate', 2, 2600),
  course(12, 'Jazz Piano Improvisation', 'Piano & Keyboard', 'advanced', 2, 4200, { bundle: true }),
  course(13, 'Home Recording Essentials', 'Sound Engineering', 'beginner', 4, 2000, { featured: true }),
  course(14, 'Mixing and Mastering', 'Sound Engineering', 'advanced', 4, 4500, { bengali: 'মিক্সিং ও মাস্টারিং: গিটার, ড্রামস ও কণ্ঠের রেকর্ডিং শেষ করার কৌশল।' }),
];

/** Tier prices derived from the silver price: gold 1.6x, diamond 2.4x; old prices 25% higher. */
export function demoTiers(silverTaka: number) {
  const tier = (taka: number, validityDays: number) => ({
    price: taka * 100,
    oldPrice: Math.round(taka * 1.25) * 100,
    validityDays,
  });
  return {
    silver: tier(silverTaka, 30),
    gold: tier(Math.round(silverTaka * 1.6), 90),
    diamond: tier(Math.round(silverTaka * 2.4), 365),
  };
}

export function demoThumbnail(category: CourseCategory): string {
  return `/assets/demo/courses/${categorySlug(category)}.svg`;
}

export const demoUpcomingCourses = [
  { id: '00000000-0000-4000-a000-000000000001', name: 'Music Production with a DAW', photo: '/assets/demo/courses/sound-engineering.svg' },
  { id: '00000000-0000-4000-a000-000000000002', name: 'Blues Harmonica', photo: '/assets/demo/courses/guitar.svg' },
  { id: '00000000-0000-4000-a000-000000000003', name: 'Singing for Guitarists', photo: '/assets/demo/courses/guitar.svg' },
];

/** Free material for the demo (`/freebies`): YouTube lessons with a short rich-text note (already safe HTML). */
export const demoFreebies = [
  {
    id: '00000000-0000-4000-c000-000000000001',
    title: 'Five warm-ups before every practice',
    subtitle: 'Loosen your fretting hand in ten minutes: chromatic walks, spider drills and slow bends.',
    category: 'Guitar',
    description: '<p>Play each drill <strong>slowly</strong> with a metronome at 60 BPM, then raise it by 5 BPM a day.</p><ul><li>Chromatic walk</li><li>Spider drill</li><li>Slow bends</li></ul>',
    thumbnail: '/assets/demo/courses/guitar.svg',
    youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  },
  {
    id: '00000000-0000-4000-c000-000000000002',
    title: 'How long does a course stay open?',
    subtitle: 'Silver, gold and diamond tiers, and what happens when access ends.',
    category: 'FAQ',
    description: '<p>Each tier opens the course for its own number of days. Buying again <em>extends</em> your access from its current end.</p>',
    thumbnail: '/assets/demo/courses/piano-keyboard.svg',
    youtube: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  },
  {
    id: '00000000-0000-4000-c000-000000000003',
    title: 'Setting up a home recording corner',
    subtitle: 'An audio interface, one good microphone and a quiet room: where to start.',
    category: 'Sound Engineering',
    description: '<p>Start with what you have; treat the room before you buy gear.</p>',
    thumbnail: '/assets/demo/courses/sound-engineering.svg',
    youtube: 'https://www.youtube.com/watch?v=ysz5S6PUM-U',
  },
];
