/**
 * Courses, instructors and upcoming courses in the back office: the spec's success messages
 * (admin-back-office.md §5, §8; its refusals are catalogue entries, refusals/catalogue.ts) and the limits the catalogue, the gateway and the admin forms
 * share. Pure code (browser-safe).
 */

export const CourseAdminMessages = {
  courseAdded: 'Course Added Successfully!!!',
  courseUpdated: 'Course Update Successfully!!!', // verbatim: the spec's success message (issue 55 keeps it; refusals/refusal.ts)
  coursePublished: 'Course published!!!',
  courseUnpublished: 'Course Unpublished!!!',
  courseFeatured: 'Course Feature!!!',
  courseUnfeatured: 'Course Unfeature!!!',
  freeLessonAdded: 'Free lesson added',
  instructorAdded: 'Instructor Added Successful!!',
  instructorUpdated: 'Instructor Updated Successfully!',
  instructorPublished: 'Instructor Published successfully!!',
  instructorUnpublished: 'Instructor Un-Published successfully!!',
  instructorPublishFailed: 'Instructor Published failed!!',
  instructorUnpublishFailed: 'Instructor Un Published failed!!',
  instructorsFeatured: 'Featured instructors updated',
  upcomingAdded: 'Upcoming Course Added!!',
  upcomingDeleted: 'Course Deleted!!',
} as const;

export const CourseAdminLimits = {
  title: 200,
  subtitle: 500,
  description: 20_000,
  /** Each of topics, requirements and whoFor. */
  listItems: 50,
  listItem: 500,
  documents: 10,
  lessonVideos: 30,
  freeLessons: 2,
  /** Days of access of a tier or of the course. */
  validityMax: 3650,
  courseHoursMax: 10_000,
  /** Taka, in the forms; poisha (×100) on the wire. */
  priceMaxTaka: 10_000_000,
  instructorName: 200,
  instructorBand: 200,
  instructorBio: 5000,
  upcomingName: 200,
} as const;

/** A YouTube watch link (https://www.youtube.com/watch?v=…, youtu.be/…, /embed/…). */
export function isYoutubeLink(value: string): boolean {
  return /^https:\/\/(www\.|m\.)?(youtube\.com\/(watch\?v=|embed\/|shorts\/)|youtu\.be\/)[A-Za-z0-9_-]{6,}/.test(value.trim());
}
