/**
 * Event names: `<domain>.<entity>.<past-tense>`. They are also the Kafka topic names,
 * so they are string constants here, never derived from class names. Payloads are the
 * protobuf messages named beside each.
 */
export const CatalogueEvents = {
  /** Payload: taal.catalogue.v1.CourseUpdated */
  courseUpdated: 'catalogue.course.updated',
  /** Payload: taal.catalogue.v1.InstructorUpdated */
  instructorUpdated: 'catalogue.instructor.updated',
} as const;
