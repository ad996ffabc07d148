import type { questionsV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { LessonQuestions } from '../app/questions';

/** gRPC adapter of the lesson-question use cases (app/questions.ts). */
export function questionsGrpcService(q: LessonQuestions): questionsV1.LessonQuestionsServiceServer {
  return {
    listLessonQuestions: unaryHandler(async (req: questionsV1.ListLessonQuestionsRequest, ctx) => ({ questions: await q.list(ctx, req.courseId, req.lessonId) })),
    askQuestion: unaryHandler(async (req: questionsV1.AskQuestionRequest, ctx) => ({ question: await q.ask(ctx, req) })),
    answerQuestion: unaryHandler(async (req: questionsV1.AnswerQuestionRequest, ctx) => ({ question: await q.answer(ctx, req) })),
    followQuestion: unaryHandler(async (req: questionsV1.FollowQuestionRequest, ctx) => ({ question: await q.follow(ctx, req) })),
    listUnansweredQuestions: unaryHandler(async (req: questionsV1.ListUnansweredQuestionsRequest, ctx) => q.unanswered(ctx, req)),
    listUnansweredQuestionPage: unaryHandler(async (req: questionsV1.ListUnansweredQuestionPageRequest, ctx) => {
      const { items, next } = await q.unansweredKeysetPage(ctx, req);
      return { questions: items, next };
    }),
    listRecentQuestions: unaryHandler(async (req: questionsV1.ListRecentQuestionsRequest, ctx) => {
      const { items, next } = await q.recent(ctx, req);
      return { questions: items, next };
    }),
    hideQuestion: unaryHandler(async (req: questionsV1.HideQuestionRequest, ctx) => ({ question: await q.hide(ctx, req) })),
    hideUserQuestions: unaryHandler(async (req: questionsV1.HideUserQuestionsRequest, ctx) => ({ changed: await q.hideUser(ctx, req) })),
  };
}
