/**
 * Theory exams on both infrastructures (embedded, and the real Postgres that tools/infra starts;
 * decision 0072): the author's rule, the student's read without the key, the lessons-first rule,
 * the attempts limit, a 50-way parallel submission of one attempt graded once, and the
 * certificate gate's theory part.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createLogger, migrate, refusalKeyOf, UserRoles, type CallerIdentity, type FileStore } from '@taal/kit';
import { backends, type Backend } from '../../../../tools/testing/backends';
import { ExamStore } from '../store/exams';
import { LearningStore } from '../store/learning-store';
import { Exams } from './exams';

const logger = createLogger('exams-test');
const as = (identity: CallerIdentity) => ({ identity });
const keyOf = async (p: Promise<unknown>) => p.then(() => 'none', (err: unknown) => refusalKeyOf(err) ?? String(err));

describe.each(backends)('theory exams on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let exams: Exams;
  const courseId = randomUUID();
  const profile = randomUUID();
  const lessonIds = [randomUUID(), randomUUID()];
  const admin: CallerIdentity = { userId: randomUUID(), userType: UserRoles.admin };
  const teacher: CallerIdentity = { userId: randomUUID(), userType: UserRoles.instructor, instructorId: profile };
  const stranger: CallerIdentity = { userId: randomUUID(), userType: UserRoles.instructor, instructorId: randomUUID() };
  const newStudent = (): CallerIdentity => ({ userId: randomUUID(), userType: UserRoles.student });
  const option = (text: string, correct = false) => ({ textEn: text, textBn: `বাংলা ${text}`, correct });
  const draft = {
    courseId,
    language: 'both',
    passPercent: 60,
    maxAttempts: 2,
    questions: [
      { id: '', kind: 'single', textEn: 'Which chord?', textBn: 'কোন কর্ড?', imageUrl: '', audioUrl: '', options: [option('C major', true), option('A minor')] },
      { id: '', kind: 'multiple', textEn: 'Which are notes of C?', textBn: 'C-এর স্বর কোনগুলো?', imageUrl: '', audioUrl: '', options: [option('C', true), option('E', true), option('F#')] },
    ],
  };

  const enrol = async (s: CallerIdentity, completed: number) => {
    await backend.sql.query(`INSERT INTO learning.enrolment (user_id, course_id, tier, expires_at, first_order_id) VALUES ($1, $2, 'silver', now() + interval '30 days', $3)`, [s.userId, courseId, randomUUID()]);
    for (const lessonId of lessonIds.slice(0, completed)) {
      await backend.sql.query(`INSERT INTO learning.progress (user_id, lesson_id, completed) VALUES ($1, $2, true)`, [s.userId, lessonId]);
    }
  };

  beforeAll(async () => {
    backend = await makeBackend();
    await backend.sql.query('CREATE SCHEMA IF NOT EXISTS learning');
    await migrate(backend.sql, { schema: 'learning', dir: path.join(__dirname, '..', '..', 'migrations'), logger });
    for (const [i, id] of lessonIds.entries()) {
      await backend.sql.query(`INSERT INTO learning.lesson (id, course_id, position, title, status) VALUES ($1, $2, $3, $4, 'paid')`, [id, courseId, i + 1, `Lesson ${i + 1}`]);
    }
    const files = { delete: async () => undefined } as unknown as FileStore;
    exams = new Exams(new ExamStore(backend.sql), new LearningStore(backend.sql), files, async (id) => (id === courseId ? profile : null));
  }, 120_000);

  afterAll(async () => backend?.close());

  it("lets the course's own instructor, content and admin write it, and no one else", async () => {
    expect(await keyOf(exams.save(as(stranger), draft))).toBe('NOT_YOUR_COURSE_EXAM');
    expect(await keyOf(exams.save(as(newStudent()), draft))).not.toBe('none');
    expect(await keyOf(exams.save(as(admin), { ...draft, courseId: randomUUID() }))).toBe('COURSE_NOT_FOUND');
    expect(await keyOf(exams.save(as(teacher), { ...draft, passPercent: 0 }))).toBe('EXAM_SETTINGS_INVALID');
    const noKey = { ...draft, questions: [{ ...draft.questions[0]!, options: [option('C'), option('D')] }] };
    expect(await keyOf(exams.save(as(teacher), noKey))).toBe('EXAM_QUESTION_INVALID');
    const saved = await exams.save(as(teacher), draft);
    expect(saved.questions.map((q) => q.options.filter((o) => o.correct).length)).toEqual([1, 2]);
    // An edit keeps the questions' ids.
    const again = await exams.save(as(admin), { ...draft, questions: saved.questions });
    expect(again.questions.map((q) => q.id)).toEqual(saved.questions.map((q) => q.id));
  });

  it('shows a student neither the key nor the questions before an attempt, and only after every lesson', async () => {
    const s = newStudent();
    expect(await keyOf(exams.forStudent(as(s), { courseId }))).toBe('EXAM_ENROLLED_ONLY');
    await enrol(s, 1);
    expect(await exams.forStudent(as(s), { courseId })).toMatchObject({ lessonsComplete: false, questions: [], attemptsLeft: 2 });
    expect(await keyOf(exams.start(as(s), { courseId }))).toBe('EXAM_NEEDS_ALL_LESSONS');
    await backend.sql.query(`INSERT INTO learning.progress (user_id, lesson_id, completed) VALUES ($1, $2, true)`, [s.userId, lessonIds[1]]);
    const started = await exams.start(as(s), { courseId });
    expect(started.questions).toHaveLength(2);
    expect(JSON.stringify(started)).not.toMatch(/correct/);
    // Starting again answers the open attempt.
    expect((await exams.start(as(s), { courseId })).openAttemptId).toBe(started.openAttemptId);
  });

  it('grades a 50-way parallel submission of one attempt once, then refuses attempts beyond the limit', async () => {
    const s = newStudent();
    await enrol(s, 2);
    const { openAttemptId, questions } = await exams.start(as(s), { courseId });
    const wrong = [{ questionId: questions[0]!.id, chosen: [0] }, { questionId: questions[1]!.id, chosen: [0] }];
    const answers = await Promise.all(Array.from({ length: 50 }, () => exams.submit(as(s), { attemptId: openAttemptId, answers: wrong })));
    expect(answers.filter((a) => a.gradedNow)).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.attempt)))).toEqual(new Set([JSON.stringify(answers[0]!.attempt)]));
    expect(answers[0]!.attempt).toMatchObject({ scorePercent: 50, passed: false, wrongQuestionIds: [questions[1]!.id] });
    const { rows } = await backend.sql.query<{ n: string }>(`SELECT count(*) AS n FROM learning.exam_attempt WHERE user_id = $1 AND submitted_at IS NOT NULL`, [s.userId]);
    expect(Number(rows[0]!.n)).toBe(1);
    // Someone else's attempt is not found.
    expect(await keyOf(exams.submit(as(newStudent()), { attemptId: openAttemptId, answers: wrong }))).toBe('EXAM_ATTEMPT_NOT_FOUND');
    expect(await exams.theoryGate(s.userId, courseId)).toEqual({ refusal: 'CERTIFICATE_NEEDS_EXAM' });

    // The second (last) attempt, failed too; a third is refused. 50 parallel starts open one.
    const starts = await Promise.all(Array.from({ length: 50 }, () => exams.start(as(s), { courseId })));
    expect(new Set(starts.map((x) => x.openAttemptId)).size).toBe(1);
    await exams.submit(as(s), { attemptId: starts[0]!.openAttemptId, answers: wrong });
    expect(await keyOf(exams.start(as(s), { courseId }))).toBe('EXAM_NO_ATTEMPTS_LEFT');
    expect(await exams.forStudent(as(s), { courseId })).toMatchObject({ attemptsLeft: 0, passed: false });
  });

  it('passes with the right answers, and the gate then names the pass', async () => {
    const s = newStudent();
    await enrol(s, 2);
    const { openAttemptId, questions } = await exams.start(as(s), { courseId });
    const right = [{ questionId: questions[0]!.id, chosen: [0] }, { questionId: questions[1]!.id, chosen: [1, 0] }];
    const { attempt } = await exams.submit(as(s), { attemptId: openAttemptId, answers: right });
    expect(attempt).toMatchObject({ scorePercent: 100, passed: true, wrongQuestionIds: [] });
    expect(await keyOf(exams.start(as(s), { courseId }))).toBe('EXAM_ALREADY_PASSED');
    expect(await exams.theoryGate(s.userId, courseId)).toEqual({ passed: { kind: 'theory', passedAt: attempt!.submittedAt, scorePercent: 100 } });
    expect(await exams.theoryGate(s.userId, randomUUID())).toBeNull();
    expect(await keyOf(exams.delete(as(teacher), { courseId }))).toBe('EXAM_IN_USE');
  });
});
