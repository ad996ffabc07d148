/**
 * Learning as another service calls it (`@taal/learning/client`): one client, in learning's own
 * terms, beside the edge's spec of the same contract (api/client.ts). Each call forwards the
 * student's own access token and learning answers for that user (decision 0008); such answers
 * are that user's, so none is kept.
 */
import { learningV1, ServiceNames } from '@taal/contracts';
import { callUnary, nullWhenNotFound, serviceClient, type ServiceClientOptions, type ServiceTokenIssuer } from '@taal/kit';

export interface LearningClient {
  /** The courses in the token's user's classroom, each with their enrolment and progress. */
  classroom(userToken: string): Promise<learningV1.ClassroomCourse[]>;
  /** A course's lessons as the token's user sees them, or null when learning has no such course. */
  course(userToken: string, courseId: string): Promise<learningV1.GetSecureCourseResponse | null>;
  close(): void;
}

export function learningServiceClient(address: string, issuer: ServiceTokenIssuer, options: Pick<ServiceClientOptions, 'deadlineMs'> = {}): LearningClient {
  const { client } = serviceClient(learningV1.LearningServiceClient, address, issuer, ServiceNames.learning, options);
  return {
    classroom: async (userToken) => (await callUnary(client, 'listClassroom', learningV1.ListClassroomRequest.fromPartial({}), { userToken })).courses,
    course: (userToken, courseId) => nullWhenNotFound(callUnary(client, 'getSecureCourse', learningV1.GetSecureCourseRequest.fromPartial({ courseId }), { userToken })),
    close: () => client.close(),
  };
}
