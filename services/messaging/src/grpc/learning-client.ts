import { learningV1, ServiceNames } from '@taal/contracts';
import { callUnary, createClient, type ServiceTokenIssuer } from '@taal/kit';

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
  close(): void;
}

/** Learning's ListClassroom, called on the student's behalf (decision 0008: the user comes from their token). */
export function learningLookup(address: string, issuer: ServiceTokenIssuer): LearningLookup {
  const client = createClient(learningV1.LearningServiceClient, address, {
    auth: { issuer, audience: ServiceNames.learning },
    defaultDeadlineMs: 5000,
  });
  return {
    async standing(userToken, courseId) {
      const { courses } = await callUnary(client, 'listClassroom', learningV1.ListClassroomRequest.fromPartial({}), { userToken });
      const found = courses.find((c) => c.enrolment?.courseId === courseId);
      return { enrolled: !!found, active: !!found?.enrolment?.active, completedLessons: found?.completedLessons ?? 0 };
    },
    close: () => client.close(),
  };
}
