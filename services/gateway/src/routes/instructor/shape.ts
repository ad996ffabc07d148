import type { catalogueV1 } from '@taal/contracts';

/** An instructor's public profile. The revenue share (percentage) stays in the back office. */
export interface ApiInstructor {
  _id: string;
  name: string;
  bio: string;
  band: string;
  photo: string;
  banner: string;
  featured: boolean;
  published: boolean;
  course: string[];
  createdAt: string;
}

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
