import type { examsV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Exams } from '../app/exams';

/** gRPC adapter of the theory exams (src/app/exams.ts): requests in, answers out. */
export function examGrpcService(exams: Exams): examsV1.ExamServiceServer {
  return {
    getExam: unaryHandler(async (req: examsV1.GetExamRequest, ctx) => exams.get(ctx, req)),
    saveExam: unaryHandler(async (req: examsV1.SaveExamRequest, ctx) => ({ exam: await exams.save(ctx, req) })),
    deleteExam: unaryHandler(async (req: examsV1.DeleteExamRequest, ctx) => ({ deleted: await exams.delete(ctx, req) })),
    addExamAudio: unaryHandler(async (req: examsV1.AddExamAudioRequest, ctx) => exams.addAudio(ctx, req)),
    getStudentExam: unaryHandler(async (req: examsV1.GetStudentExamRequest, ctx) => ({ exam: await exams.forStudent(ctx, req) })),
    startAttempt: unaryHandler(async (req: examsV1.StartAttemptRequest, ctx) => ({ exam: await exams.start(ctx, req) })),
    submitAttempt: unaryHandler(async (req: examsV1.SubmitAttemptRequest, ctx) => exams.submit(ctx, req)),
  };
}
