import type { catalogueV1 } from '@taal/contracts';
import { z } from 'zod';
import { dateTime } from '@taal/edge';

/** An instructor's public profile (InstructorSchema). The revenue share (percentage) stays in the back office. */
export type ApiInstructor = z.output<typeof InstructorSchema>;

export function toApiInstructor(i: catalogueV1.Instructor): ApiInstructor {
  return {
    _id: i.id,
    name: i.name,
    bio: i.bio,
    band: i.band,
    photo: i.photo,
    banner: i.banner,
    featured: i.featured,
    published: i.published,
    course: i.courseIds,
    createdAt: i.createdAt,
  };
}

export const InstructorSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    bio: z.string().meta({ description: 'HTML, sanitised on write against the rich-text allow-list' }),
    band: z.string(),
    photo: z.string(),
    banner: z.string(),
    featured: z.boolean(),
    published: z.boolean(),
    course: z.array(z.string()).meta({ description: 'Ids of the instructor’s published courses' }),
    createdAt: dateTime(),
  })
  .meta({ id: 'Instructor' });

