import { examsV1, learningV1, practicalV1, practiceV1 } from '@taal/contracts';
import type { ClientSpec, ServiceApi } from '@taal/edge';

/**
 * Typed, promise-based access to the learning service; every call carries a deadline and the
 * caller's own token (learning takes the user from it, decision 0008); none for a visitor.
 */
export type LearningApi = ServiceApi<learningV1.LearningServiceServer>;

/** How the edge reaches it: every call carries a deadline and the caller's own token. */
export const learningClient: ClientSpec = {
  Client: learningV1.LearningServiceClient,
  definition: learningV1.LearningServiceService,
  codecs: learningV1,
  // A lesson video is copied, probed and made fast-start by learning: minutes, not seconds.
  deadlineFor: (method) => (method === 'addLesson' ? 10 * 60_000 : undefined),
};

/** The theory exams (decision 0072); an audio clip is probed and transcoded: up to a minute. */
export const examsClient: ClientSpec = {
  Client: examsV1.ExamServiceClient,
  definition: examsV1.ExamServiceService,
  codecs: examsV1,
  deadlineFor: (method) => (method === 'addExamAudio' ? 60_000 : undefined),
};

/** The practical exams (decision 0079); a performance is probed and transcoded: up to ten minutes. */
export const practicalClient: ClientSpec = {
  Client: practicalV1.PracticalServiceClient,
  definition: practicalV1.PracticalServiceService,
  codecs: practicalV1,
  deadlineFor: (method) => (method === 'submitPractical' ? 10 * 60_000 : undefined),
};

/** Play-along passages and the practice log (decision 0081). */
export const practiceClient: ClientSpec = {
  Client: practiceV1.PracticeServiceClient,
  definition: practiceV1.PracticeServiceService,
  codecs: practiceV1,
};
