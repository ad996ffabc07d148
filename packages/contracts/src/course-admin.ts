/**
 * Courses, instructors and upcoming courses in the back office: the spec's messages
 * (admin-back-office.md §5, §8) and the limits the catalogue, the gateway and the admin forms
 * share. Pure code (browser-safe).
 */

export const CourseAdminMessages = {
  courseAdded: 'Course Added Successfully!!!',
  courseAddFailed: 'Any of the field is not fillup or Failed to Upload!!!',
  courseUpdated: 'Course Update Successfully!!!',
  courseUpdateFailed: 'Course Update Failed!!!',
  coursePublished: 'Course published!!!',
  courseUnpublished: 'Course Unpublished!!!',
  courseFeatured: 'Course Feature!!!',
  courseUnfeatured: 'Course Unfeature!!!',
  freeLessonMissing: 'Please input title and link',
  freeLessonAdded: 'Free lesson added',
  instructorAdded: 'Instructor Added Successful!!',
  instructorAddFailed: 'Instructor Added Failed, Check you fillup all the field!!',
  instructorUpdated: 'Instructor Updated Successfully!',
  instructorUpdateFailed: 'Instructor Update Failed',
  instructorPublished: 'Instructor Published successfully!!',
  instructorUnpublished: 'Instructor Un-Published successfully!!',
  instructorPublishFailed: 'Instructor Published failed!!',
  instructorUnpublishFailed: 'Instructor Un Published failed!!',
  instructorsFeatured: 'Featured instructors updated',
  upcomingAdded: 'Upcoming Course Added!!',
  upcomingDeleted: 'Course Deleted!!',
  upcomingMissing: 'Any of the field is not fillup!!!',
  courseNotFound: 'Course not found',
  instructorNotFound: 'Instructor not found',
  upcomingNotFound: 'Upcoming course not found',
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
