/**
 * What messaging asks the other services, over one client each: identity (mail recipients and an
 * instructor's accounts, asked as messaging itself), the catalogue (a course's title and
 * instructor, kept a minute: a course given to another instructor is theirs to answer within it) and learning (where a student stands in a course and a lesson's
 * title, asked with the student's own token: decision 0008, the user comes from their token).
 */
import { catalogueV1, identityV1, learningV1, ServiceNames, UserRoles } from '@taal/contracts';
import { callUnary, createClient, keptFor, type ServiceTokenIssuer } from '@taal/kit';
import type { MailDirectory } from '../events/mails';

/** Where a student stands in a course: what reviews and lesson questions are allowed by. */
export interface CourseStanding {
  /** An enrolment exists (active or expired). */
  enrolled: boolean;
  /** The enrolment has not expired. */
  active: boolean;
  completedLessons: number;
}

export interface LearningLookup {
  /** The caller's standing in a course, asked of learning with the caller's own access token. */
  standing(userToken: string, courseId: string): Promise<CourseStanding>;
}

/** A course's instructor profile (catalogue id), or null for no such course: who may reply to its reviews. */
export interface CourseInstructors {
  instructorOf(courseId: string): Promise<string | null>;
}

/** What lesson questions ask the catalogue and learning (decision 0050). */
export interface QuestionLookups {
  /** A course's instructor profile and title; null when there is no such course. */
  course(courseId: string): Promise<{ instructorId: string; title: string } | null>;
  /** A lesson of the course as the caller sees the course (learning, with the caller's token); null when the course has no such lesson. */
  lesson(userToken: string, courseId: string, lessonId: string): Promise<{ title: string } | null>;
}

export interface Lookups {
  directory: MailDirectory;
  /** None without learning's address: no review or question is allowed then. */
  learning?: LearningLookup;
  courses: CourseInstructors;
  questions: QuestionLookups;
  close(): void;
}

const isNotFound = (err: unknown) => (err as { code?: number }).code === 5;
const COURSE_KEPT_MS = 60_000;

export function grpcLookups(issuer: ServiceTokenIssuer, addresses: { identity: string; catalogue: string; learning?: string }): Lookups {
  const options = (audience: string) => ({ auth: { issuer, audience }, defaultDeadlineMs: 5000 });
  const identity = createClient(identityV1.IdentityServiceClient, addresses.identity, options(ServiceNames.identity));
  const catalogue = createClient(catalogueV1.CatalogueServiceClient, addresses.catalogue, options(ServiceNames.catalogue));
  const learning = addresses.learning ? createClient(learningV1.LearningServiceClient, addresses.learning, options(ServiceNames.learning)) : null;

  const recipient = (u: identityV1.User) => ({ email: u.email, name: u.name, language: u.language === 'bn' ? 'bn' : 'en' });
  const course = keptFor(COURSE_KEPT_MS, async (courseId: string) => {
    try {
      const { course: found } = await callUnary(catalogue, 'getCourse', catalogueV1.GetCourseRequest.fromPartial({ id: courseId }));
      return found ? { instructorId: found.instructorId, title: found.title } : null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  });

  return {
    directory: {
      async user(userId) {
        try {
          const { user } = await callUnary(identity, 'getUser', identityV1.GetUserRequest.fromPartial({ id: userId }));
          return user ? recipient(user) : null;
        } catch (err) {
          if (isNotFound(err)) return null;
          throw err;
        }
      },
      async instructorAccounts(instructorId) {
        const { users } = await callUnary(identity, 'listUsers', identityV1.ListUsersRequest.fromPartial({ type: UserRoles.instructor }));
        return users.filter((u) => u.instructor === instructorId && !u.suspend && u.email).map(recipient);
      },
      courseTitle: async (courseId) => (await course(courseId))?.title ?? '',
    },
    learning: learning
      ? {
          async standing(userToken, courseId) {
            const { courses: mine } = await callUnary(learning, 'listClassroom', learningV1.ListClassroomRequest.fromPartial({}), { userToken });
            const found = mine.find((c) => c.enrolment?.courseId === courseId);
            return { enrolled: !!found, active: !!found?.enrolment?.active, completedLessons: found?.completedLessons ?? 0 };
          },
        }
      : undefined,
    courses: { instructorOf: async (courseId) => (await course(courseId))?.instructorId || null },
    questions: {
      course,
      async lesson(userToken, courseId, lessonId) {
        if (!learning) return null;
        try {
          const { lessons } = await callUnary(learning, 'getSecureCourse', learningV1.GetSecureCourseRequest.fromPartial({ courseId }), { userToken });
          const found = lessons.find((l) => l.id === lessonId);
          return found ? { title: found.title } : null;
        } catch (err) {
          if (isNotFound(err)) return null;
          throw err;
        }
      },
    },
    close() {
      identity.close();
      catalogue.close();
      learning?.close();
    },
  };
}
