/**
 * Course files (PDFs) are not public media: only those who see the whole course may read them
 * (storefront §6: "Enrolled users see all lessons and the course file"). They are stored under
 * `course-files/`, outside `media/`, and served by `GET /api/v1/course/{id}/documents/{name}`,
 * which asks learning whether the caller has full access.
 */
export const COURSE_FILES_PREFIX = 'course-files';
/** A stored course file's name: a fresh UUID, never the uploader's name. */
export const COURSE_DOCUMENT_NAME = /^[0-9a-f-]{36}\.pdf$/;

/** The files-port key of a stored course file (UploadStore.pdf with COURSE_FILES_PREFIX puts it there). */
export const courseDocumentKey = (name: string) => `${COURSE_FILES_PREFIX}/documents/${name}`;

/** The guarded URL a course lists for one of its files. */
export const courseDocumentUrl = (courseId: string, name: string) => `/api/v1/course/${courseId}/documents/${name}`;

/** The URL of a file just stored under `key` for course `courseId`. */
export function courseDocumentUrlOfKey(courseId: string, key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  return courseDocumentUrl(courseId, name);
}
