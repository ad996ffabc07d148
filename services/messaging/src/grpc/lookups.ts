/**
 * What messaging asks the other services, over one client each: identity (mail recipients and an
 * instructor's accounts, asked as messaging itself), the catalogue (a course's title and
 * instructor, kept a minute: a course given to another instructor is theirs to answer within it) and learning (where a student stands in a course and a lesson's
 * title, asked with the student's own token: decision 0008, the user comes from their token).
 */
import { catalogueServiceClient } from '@taal/catalogue/client';
import { UserRoles, type identityV1 } from '@taal/contracts';
import { identityServiceClient } from '@taal/identity/client';
import type { ServiceTokenIssuer } from '@taal/kit';
import { learningServiceClient } from '@taal/learning/client';
import type { MailDirectory } from '../events/mails';
import type { AudienceSource } from '../app/mass-mail-chunks';

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
  /** A page of a mass mail's audience (identity, decision 0088). */
  audience: AudienceSource;
  /** None without learning's address: no review or question is allowed then. */
  learning?: LearningLookup;
  courses: CourseInstructors;
  questions: QuestionLookups;
  close(): void;
}

export function grpcLookups(issuer: ServiceTokenIssuer, addresses: { identity: string; catalogue: string; learning?: string }): Lookups {
  const identity = identityServiceClient(addresses.identity, issuer);
  const catalogue = catalogueServiceClient(addresses.catalogue, issuer, { keepMs: 60_000 });
  const learning = addresses.learning ? learningServiceClient(addresses.learning, issuer) : null;

  const recipient = (u: identityV1.User) => ({ email: u.email, name: u.name, language: u.language === 'bn' ? 'bn' : 'en' });
  const course = async (courseId: string) => {
    const found = await catalogue.course(courseId);
    return found ? { instructorId: found.instructorId, title: found.title } : null;
  };

  return {
    directory: {
      user: async (userId) => {
        const user = await identity.user(userId);
        return user ? recipient(user) : null;
      },
      instructorAccounts: async (instructorId) =>
        (await identity.users(UserRoles.instructor)).filter((u) => u.instructor === instructorId && !u.suspend && u.email).map(recipient),
      courseTitle: async (courseId) => (await course(courseId))?.title ?? '',
    },
    learning: learning
      ? {
          async standing(userToken, courseId) {
            const found = (await learning.classroom(userToken)).find((c) => c.enrolment?.courseId === courseId);
            return { enrolled: !!found, active: !!found?.enrolment?.active, completedLessons: found?.completedLessons ?? 0 };
          },
        }
      : undefined,
    audience: async (audience, after, limit) => {
      const page = await identity.mailAudience(audience, after, limit);
      return { members: page.members, next: page.next };
    },
    courses: { instructorOf: async (courseId) => (await course(courseId))?.instructorId || null },
    questions: {
      course,
      async lesson(userToken, courseId, lessonId) {
        const found = (await learning?.course(userToken, courseId))?.lessons.find((l) => l.id === lessonId);
        return found ? { title: found.title } : null;
      },
    },
    close() {
      identity.close();
      catalogue.close();
      learning?.close();
    },
  };
}
