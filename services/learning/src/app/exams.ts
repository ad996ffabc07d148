/**
 * Theory exams (issue 53, decision 0072): the course's instructor, the content role and the admin
 * write one per course; a student with active access who completed every lesson takes it, within
 * its attempts, and the server grades it. A student's read is built from its own messages, which
 * have no field for the key. The caller is always the verified identity (decision 0008).
 */
import { randomUUID } from 'node:crypto';
import type { examsV1 } from '@taal/contracts';
import { UserRoles, refuse, requireIdentity, type CallerIdentity, type FileStore } from '@taal/kit';
import { isActive } from '../domain/access';
import { examProblem, grade, keepLanguage, type ExamLanguage, type ExamQuestion, type QuestionKind } from '../domain/exam';
import type { AttemptRow, ExamRow, ExamStore } from '../store/exams';
import type { LearningStore } from '../store/learning-store';
import { iso } from '../store/schema';
import type { CertificateGate } from './certificate-gate';
import { storeExamAudio } from './exam-audio';

type Ctx = { identity: CallerIdentity | null };

export const isId = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);

const toExam = (r: ExamRow): examsV1.Exam => ({
  courseId: r.course_id,
  language: r.language,
  passPercent: r.pass_percent,
  maxAttempts: r.max_attempts,
  questions: r.questions,
  updatedAt: iso(r.updated_at),
});

/** A question as a student reads it: field by field, never the option's `correct`. */
const forStudent = (q: ExamQuestion): examsV1.StudentQuestion => ({
  id: q.id,
  kind: q.kind,
  textEn: q.textEn,
  textBn: q.textBn,
  imageUrl: q.imageUrl,
  audioUrl: q.audioUrl,
  options: q.options.map((o) => ({ textEn: o.textEn, textBn: o.textBn })),
});

export const toAttempt = (a: AttemptRow): examsV1.ExamAttempt => ({
  id: a.id,
  number: a.number,
  startedAt: iso(a.started_at),
  submittedAt: iso(a.submitted_at),
  scorePercent: a.score_percent ?? 0,
  passed: a.passed ?? false,
  wrongQuestionIds: a.wrong ?? [],
});

/**
 * Who writes (and grades) a course's exams: the admin, the content role, or the instructor whose
 * course it is (role 3, own courses only). The theory and the practical exam (decision 0079) ask it.
 */
export async function examAuthor(ctx: Ctx, courseId: string, courseInstructor: (courseId: string) => Promise<string | null>): Promise<CallerIdentity> {
  const caller = requireIdentity(ctx, UserRoles.admin, UserRoles.content, UserRoles.instructor);
  const instructorId = isId(courseId) ? await courseInstructor(courseId) : null;
  if (instructorId === null) throw refuse('COURSE_NOT_FOUND');
  if (caller.userType === UserRoles.instructor && (!caller.instructorId || caller.instructorId !== instructorId)) throw refuse('NOT_YOUR_COURSE_EXAM');
  return caller;
}

/** Whether a student completed every lesson of a course (an exam may be taken). */
export async function lessonsComplete(store: LearningStore, userId: string, courseId: string): Promise<boolean> {
  const totals = (await store.classroomTotals(userId)).get(courseId);
  return !!totals && totals.lessons > 0 && totals.completed >= totals.lessons;
}

export class Exams {
  constructor(
    private readonly exams: ExamStore,
    private readonly store: LearningStore,
    private readonly files: FileStore,
    /** The instructor profile id of a course ('' when it has none); null when there is no such course. */
    private readonly courseInstructor: (courseId: string) => Promise<string | null>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private author(ctx: Ctx, courseId: string): Promise<CallerIdentity> {
    return examAuthor(ctx, courseId, this.courseInstructor);
  }

  async get(ctx: Ctx, req: examsV1.GetExamRequest): Promise<examsV1.GetExamResponse> {
    await this.author(ctx, req.courseId);
    const row = await this.exams.exam(req.courseId);
    return { exam: row ? toExam(row) : undefined };
  }

  async save(ctx: Ctx, req: examsV1.SaveExamRequest): Promise<examsV1.Exam> {
    await this.author(ctx, req.courseId);
    const problem = examProblem(req);
    if (problem) throw refuse(problem.key, problem.params);
    const language = req.language as ExamLanguage;
    // A question keeps its id across edits (an open attempt's answers still match it).
    const known = new Set((await this.exams.exam(req.courseId))?.questions.map((q) => q.id) ?? []);
    const questions: ExamQuestion[] = req.questions.map((q) => ({
      ...keepLanguage(language, { textEn: q.textEn, textBn: q.textBn }),
      id: known.has(q.id) ? q.id : randomUUID(),
      kind: q.kind as QuestionKind,
      imageUrl: q.imageUrl,
      audioUrl: q.audioUrl,
      options: q.options.map((o) => ({ ...keepLanguage(language, { textEn: o.textEn, textBn: o.textBn }), correct: o.correct })),
    }));
    return toExam(await this.exams.saveExam({ courseId: req.courseId, language, passPercent: req.passPercent, maxAttempts: req.maxAttempts, questions }, this.now()));
  }

  async delete(ctx: Ctx, req: examsV1.DeleteExamRequest): Promise<boolean> {
    await this.author(ctx, req.courseId);
    if (await this.exams.deleteUnstartedExam(req.courseId)) return true;
    if (await this.exams.hasAttempts(req.courseId)) throw refuse('EXAM_IN_USE');
    throw refuse('EXAM_NOT_FOUND');
  }

  async addAudio(ctx: Ctx, req: examsV1.AddExamAudioRequest): Promise<examsV1.AddExamAudioResponse> {
    try {
      await this.author(ctx, req.courseId);
    } catch (err) {
      await this.files.delete(req.uploadKey).catch(() => undefined);
      throw err;
    }
    return storeExamAudio(this.files, req.uploadKey);
  }

  /** A student with active access to the course, and its exam. */
  private async taker(ctx: Ctx, courseId: string): Promise<{ userId: string; exam: ExamRow }> {
    const { userId } = requireIdentity(ctx, UserRoles.student);
    const enrolment = isId(courseId) ? await this.store.enrolment(userId, courseId) : null;
    if (!enrolment || !isActive(enrolment.expires_at, this.now())) throw refuse('EXAM_ENROLLED_ONLY');
    const exam = await this.exams.exam(courseId);
    if (!exam) throw refuse('EXAM_NOT_FOUND');
    return { userId, exam };
  }

  private lessonsComplete(userId: string, courseId: string): Promise<boolean> {
    return lessonsComplete(this.store, userId, courseId);
  }

  private async studentView(userId: string, exam: ExamRow): Promise<examsV1.ExamForStudent> {
    const [attempts, lessonsComplete] = await Promise.all([this.exams.attemptsOf(userId, exam.course_id), this.lessonsComplete(userId, exam.course_id)]);
    const open = attempts.find((a) => !a.submitted_at);
    const passed = attempts.some((a) => a.passed);
    return {
      courseId: exam.course_id,
      language: exam.language,
      passPercent: exam.pass_percent,
      maxAttempts: exam.max_attempts,
      questionCount: exam.questions.length,
      lessonsComplete,
      passed,
      attemptsLeft: passed ? 0 : Math.max(0, exam.max_attempts - attempts.length),
      attempts: attempts.map(toAttempt),
      questions: open ? exam.questions.map(forStudent) : [],
      openAttemptId: open?.id ?? '',
    };
  }

  async forStudent(ctx: Ctx, req: examsV1.GetStudentExamRequest): Promise<examsV1.ExamForStudent> {
    const { userId, exam } = await this.taker(ctx, req.courseId);
    return this.studentView(userId, exam);
  }

  /** Opens the next attempt (or answers the open one): every lesson complete, not passed, attempts left. */
  async start(ctx: Ctx, req: examsV1.StartAttemptRequest): Promise<examsV1.ExamForStudent> {
    const { userId, exam } = await this.taker(ctx, req.courseId);
    if (!(await this.lessonsComplete(userId, exam.course_id))) throw refuse('EXAM_NEEDS_ALL_LESSONS');
    for (let tries = 0; tries < 3; tries++) {
      const attempts = await this.exams.attemptsOf(userId, exam.course_id);
      if (attempts.some((a) => !a.submitted_at)) return this.studentView(userId, exam);
      if (attempts.some((a) => a.passed)) throw refuse('EXAM_ALREADY_PASSED');
      if (attempts.length >= exam.max_attempts) throw refuse('EXAM_NO_ATTEMPTS_LEFT', { max: exam.max_attempts });
      const opened = await this.exams.openAttempt({ id: randomUUID(), userId, courseId: exam.course_id, number: attempts.length + 1 }, this.now());
      if (opened) return this.studentView(userId, exam);
      // A parallel start took that number: read again.
    }
    return this.studentView(userId, exam);
  }

  /** Grades the caller's open attempt once; a later (or parallel) submission answers the grade given. */
  async submit(ctx: Ctx, req: examsV1.SubmitAttemptRequest): Promise<examsV1.SubmitAttemptResponse> {
    const { userId } = requireIdentity(ctx, UserRoles.student);
    const attempt = isId(req.attemptId) ? await this.exams.attempt(req.attemptId) : null;
    if (!attempt || attempt.user_id !== userId) throw refuse('EXAM_ATTEMPT_NOT_FOUND');
    const exam = attempt.submitted_at ? null : (await this.taker(ctx, attempt.course_id)).exam;
    if (exam) {
      const answers = req.answers.slice(0, exam.questions.length).map((a) => ({ questionId: a.questionId, chosen: a.chosen.slice(0, 8) }));
      const graded = await this.exams.gradeAttempt(attempt.id, userId, answers, grade(exam.questions, answers, exam.pass_percent), this.now());
      if (graded) return { attempt: toAttempt(graded), gradedNow: true };
    }
    return { attempt: toAttempt((await this.exams.attempt(attempt.id))!), gradedNow: false };
  }

  /** The certificate gate's theory part (decision 0073): nothing asked of a course with no exam; else the pass, or CERTIFICATE_NEEDS_EXAM. */
  readonly theoryGate: CertificateGate = async (userId, courseId) => {
    if (!(await this.exams.exam(courseId))) return null;
    const passed = await this.exams.passedAttempt(userId, courseId);
    if (!passed?.submitted_at) return { refusal: 'CERTIFICATE_NEEDS_EXAM' };
    return { passed: { kind: 'theory', passedAt: iso(passed.submitted_at), scorePercent: passed.score_percent ?? 0 } };
  };
}
