/**
 * Practical exams (issue 53 item 2, decision 0079): the course's instructor, the content role and
 * the admin set a brief; a student with active access who completed every lesson submits a
 * performance (stored privately, played through signed URLs by the student and the graders); a
 * grader passes or fails it with a comment, once, and the student is notified in the same
 * transaction. After a fail the student may submit again; a pass is final.
 */
import { randomUUID } from 'node:crypto';
import { requestNotification, type practicalV1 } from '@taal/contracts';
import { UserRoles, createEnvelope, enqueueEvent, refuse, requireIdentity, type CallerIdentity, type FileStore, type ServiceTokenIssuer, type Sql } from '@taal/kit';
import { isActive } from '../domain/access';
import type { LearningStore } from '../store/learning-store';
import type { BriefLanguage, BriefRow, PracticalStore, SubmissionRow } from '../store/practicals';
import { SCHEMA, iso } from '../store/schema';
import type { CertificateGate } from './certificate-gate';
import { examAuthor, isId, lessonsComplete } from './exams';
import { signedVideoUrl } from './learning';
import { storePerformance } from './practical-media';

type Ctx = { identity: CallerIdentity | null };

export const MAX_BRIEF_CHARS = 4000;
export const MAX_COMMENT_CHARS = 2000;
const LANGUAGES: readonly string[] = ['en', 'bn', 'both'];

const toBrief = (r: BriefRow): practicalV1.PracticalBrief => ({
  courseId: r.course_id,
  language: r.language,
  briefEn: r.brief_en,
  briefBn: r.brief_bn,
  enabled: r.enabled,
  updatedAt: iso(r.updated_at),
});

export class Practicals {
  constructor(
    private readonly sql: Sql,
    private readonly practicals: PracticalStore,
    private readonly store: LearningStore,
    private readonly files: FileStore,
    private readonly issuer: ServiceTokenIssuer,
    /** The instructor profile id of a course ('' when it has none); null when there is no such course. */
    private readonly courseInstructor: (courseId: string) => Promise<string | null>,
    /** A course's title (the student's notification). */
    private readonly courseTitle: (courseId: string) => Promise<string>,
    /** After a transaction that enqueued events committed (the outbox relay publishes them now). */
    private readonly afterCommit: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async toSubmission(r: SubmissionRow, playable: boolean): Promise<practicalV1.PracticalSubmission> {
    return {
      id: r.id,
      courseId: r.course_id,
      userId: r.user_id,
      studentName: r.student_name ?? '',
      number: r.number,
      mediaKind: r.media_kind,
      durationSeconds: r.duration_seconds,
      mediaUrl: playable ? await signedVideoUrl(this.issuer, r.id, r.filename, this.now().getTime()) : '',
      submittedAt: iso(r.submitted_at),
      status: r.status,
      comment: r.comment,
      gradedAt: iso(r.graded_at),
    };
  }

  async brief(ctx: Ctx, req: practicalV1.GetPracticalBriefRequest): Promise<practicalV1.GetPracticalBriefResponse> {
    await examAuthor(ctx, req.courseId, this.courseInstructor);
    const row = await this.practicals.brief(req.courseId);
    return { brief: row ? toBrief(row) : undefined };
  }

  async saveBrief(ctx: Ctx, req: practicalV1.SavePracticalBriefRequest): Promise<practicalV1.PracticalBrief> {
    await examAuthor(ctx, req.courseId, this.courseInstructor);
    const language = req.language as BriefLanguage;
    const briefEn = language === 'bn' ? '' : req.briefEn.trim();
    const briefBn = language === 'en' ? '' : req.briefBn.trim();
    const missing = (language !== 'bn' && !briefEn) || (language !== 'en' && !briefBn);
    if (!LANGUAGES.includes(language) || missing || briefEn.length > MAX_BRIEF_CHARS || briefBn.length > MAX_BRIEF_CHARS) {
      throw refuse('PRACTICAL_BRIEF_INVALID', { max: MAX_BRIEF_CHARS });
    }
    return toBrief(await this.practicals.saveBrief({ courseId: req.courseId, language, briefEn, briefBn, enabled: req.enabled }, this.now()));
  }

  /** A student with active access to the course, and its practical (set and on). */
  private async taker(ctx: Ctx, courseId: string): Promise<{ userId: string; brief: BriefRow }> {
    const { userId } = requireIdentity(ctx, UserRoles.student);
    const enrolment = isId(courseId) ? await this.store.enrolment(userId, courseId) : null;
    if (!enrolment || !isActive(enrolment.expires_at, this.now())) throw refuse('EXAM_ENROLLED_ONLY');
    const brief = await this.practicals.brief(courseId);
    if (!brief?.enabled) throw refuse('PRACTICAL_NOT_FOUND');
    return { userId, brief };
  }

  private async studentView(userId: string, brief: BriefRow): Promise<practicalV1.PracticalForStudent> {
    const [rows, complete] = await Promise.all([this.practicals.submissionsOf(userId, brief.course_id), lessonsComplete(this.store, userId, brief.course_id)]);
    const passed = rows.some((r) => r.status === 'passed');
    return {
      brief: toBrief(brief),
      lessonsComplete: complete,
      passed,
      canSubmit: complete && !passed && !rows.some((r) => r.status === 'waiting'),
      submissions: await Promise.all(rows.map((r) => this.toSubmission(r, true))),
    };
  }

  async forStudent(ctx: Ctx, req: practicalV1.GetStudentPracticalRequest): Promise<practicalV1.PracticalForStudent> {
    const { userId, brief } = await this.taker(ctx, req.courseId);
    return this.studentView(userId, brief);
  }

  /** A new submission: every lesson complete, not passed, nothing waiting; the upload is checked and kept privately. */
  async submit(ctx: Ctx, req: practicalV1.SubmitPracticalRequest): Promise<practicalV1.PracticalSubmission> {
    let taker: { userId: string; brief: BriefRow };
    let number: number;
    try {
      taker = await this.taker(ctx, req.courseId);
      if (!(await lessonsComplete(this.store, taker.userId, req.courseId))) throw refuse('EXAM_NEEDS_ALL_LESSONS');
      number = await this.nextNumber(taker.userId, req.courseId);
    } catch (err) {
      await this.files.delete(req.uploadKey).catch(() => undefined);
      throw err;
    }
    const stored = await storePerformance(this.files, req.uploadKey);
    const id = randomUUID();
    const added = await this.practicals.addSubmission({ id, userId: taker.userId, courseId: req.courseId, number, ...stored }, this.now());
    if (!added) {
      // A parallel submission came first: it decides (waiting or passed), this file is not kept.
      await this.files.delete(`videos/${stored.filename}`).catch(() => undefined);
      await this.nextNumber(taker.userId, req.courseId);
      throw refuse('PRACTICAL_AWAITING_GRADE');
    }
    return this.toSubmission((await this.practicals.submission(id))!, true);
  }

  /** The number of the next submission; refused while one waits or after a pass. */
  private async nextNumber(userId: string, courseId: string): Promise<number> {
    const rows = await this.practicals.submissionsOf(userId, courseId);
    if (rows.some((r) => r.status === 'passed')) throw refuse('PRACTICAL_ALREADY_PASSED');
    if (rows.some((r) => r.status === 'waiting')) throw refuse('PRACTICAL_AWAITING_GRADE');
    return rows.length + 1;
  }

  /** Whether a grader may see and grade a course's submissions (an instructor: their own courses). */
  private async grades(caller: CallerIdentity, courseId: string): Promise<boolean> {
    if (caller.userType !== UserRoles.instructor) return true;
    return !!caller.instructorId && (await this.courseInstructor(courseId)) === caller.instructorId;
  }

  async list(ctx: Ctx, req: practicalV1.ListPracticalSubmissionsRequest): Promise<practicalV1.PracticalSubmission[]> {
    const caller = requireIdentity(ctx, UserRoles.admin, UserRoles.content, UserRoles.instructor);
    const rows = await this.practicals.byStatus(req.status === 'graded' ? 'graded' : 'waiting');
    const courses = [...new Set(rows.map((r) => r.course_id))];
    const allowed = new Set((await Promise.all(courses.map(async (c) => ((await this.grades(caller, c)) ? c : null)))).filter(Boolean));
    return Promise.all(rows.filter((r) => allowed.has(r.course_id)).map((r) => this.toSubmission(r, true)));
  }

  /** Grades a waiting submission once: a second (or parallel) grade is refused and notifies nobody. */
  async grade(ctx: Ctx, req: practicalV1.GradePracticalRequest): Promise<practicalV1.PracticalSubmission> {
    requireIdentity(ctx, UserRoles.admin, UserRoles.content, UserRoles.instructor);
    const found = isId(req.submissionId) ? await this.practicals.submission(req.submissionId) : null;
    if (!found) throw refuse('PRACTICAL_SUBMISSION_NOT_FOUND');
    const caller = await examAuthor(ctx, found.course_id, this.courseInstructor);
    const comment = req.comment.trim();
    if ((!req.passed && !comment) || comment.length > MAX_COMMENT_CHARS) throw refuse('PRACTICAL_COMMENT_REQUIRED', { max: MAX_COMMENT_CHARS });
    if (found.status !== 'waiting') throw refuse('PRACTICAL_ALREADY_GRADED');
    const course = await this.courseTitle(found.course_id);
    const outcome = req.passed ? 'passed' : 'failed';
    const graded = await this.sql.transaction(async (tx) => {
      const row = await this.practicals.grade(tx, found.id, req.passed, comment, caller.userId, this.now());
      if (!row) return null; // graded meanwhile by another call, which notified the student
      const note = requestNotification(
        row.user_id,
        `practical:${row.id}`,
        'practicalGraded',
        { course, courseId: row.course_id, outcome },
        `Your practical exam for "${course}" was graded: ${req.passed ? 'passed' : 'not passed yet'}.`,
      );
      await enqueueEvent(tx, SCHEMA, createEnvelope(note));
      return row;
    });
    if (!graded) throw refuse('PRACTICAL_ALREADY_GRADED');
    this.afterCommit();
    return this.toSubmission(graded, true);
  }

  /** The certificate gate's practical part (decision 0079): nothing asked of a course without one (or off); else the pass, or CERTIFICATE_NEEDS_PRACTICAL. */
  readonly practicalGate: CertificateGate = async (userId, courseId) => {
    if (!(await this.practicals.brief(courseId))?.enabled) return null;
    const passed = await this.practicals.passed(userId, courseId);
    if (!passed?.graded_at) return { refusal: 'CERTIFICATE_NEEDS_PRACTICAL' };
    return { passed: { kind: 'practical', passedAt: iso(passed.graded_at), scorePercent: 0 } };
  };
}
