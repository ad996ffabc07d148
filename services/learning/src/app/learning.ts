/**
 * Learning use cases: lessons with what the caller may play, short-lived signed video URLs,
 * enrolments from paid orders, progress and practice time (decision 0015). The user is always the
 * verified caller (decision 0008); the gRPC layer only adapts these.
 */
import { randomUUID } from 'node:crypto';
import { type commerceEventsV1, type learningV1 } from '@taal/contracts';
import {
  UserRoles,
  refuse,
  requireIdentity,
  signGrant,
  type CallerIdentity,
  type FileStore,
  type ServiceTokenIssuer,
  type Sql,
  type SqlExecutor,
} from '@taal/kit';
import { extendedExpiry, isActive, LESSON_STATUSES, lessonTitleOk, mayPlay, type LessonStatus, type PlayDecision } from '../domain/access';
import { toEnrolment, type LearningStore, type LessonRow } from '../store/learning-store';
import { VIDEO_KEY_PREFIX } from './demo-lessons';
import { hlsFolder, type HlsJobs } from './hls-jobs';
import { storeLessonVideo } from './video-files';

type Ctx = { identity: CallerIdentity | null };

/** What a signed video URL is for (checked by the HTTP edge with learning's public key). */
export const VIDEO_GRANT_AUDIENCE = 'taal-video';
/** Long enough for a lesson, short enough that a leaked URL soon stops working; the player asks again. */
export const VIDEO_URL_TTL_SECONDS = 20 * 60;

/**
 * A short-lived signed URL of one stored file under videos/ (checked by the edge's video route):
 * a lesson's video, or a practical exam's performance (decision 0079).
 */
export async function signedVideoUrl(issuer: ServiceTokenIssuer, subject: string, filename: string, now: number): Promise<string> {
  const token = await signGrant(issuer, { audience: VIDEO_GRANT_AUDIENCE, subject, claims: { file: filename }, ttlSeconds: VIDEO_URL_TTL_SECONDS }, now);
  return `/api/v1/video/${filename}?token=${token}`;
}

const STAFF = [UserRoles.admin, UserRoles.content];

const isInstructor = (viewer: CallerIdentity | null) => viewer?.userType === UserRoles.instructor && !!viewer.instructorId;
/** Whether the viewer is the instructor of a course with this instructor profile id. */
const teachesCourse = (viewer: CallerIdentity | null, instructorId: string | null) => isInstructor(viewer) && instructorId === viewer!.instructorId;

export class Learning {
  constructor(
    private readonly sql: Sql,
    private readonly store: LearningStore,
    private readonly issuer: ServiceTokenIssuer,
    private readonly files: FileStore,
    /** The instructor profile id of a course (the catalogue's; '' when it has none); null when there is no such course. */
    private readonly courseInstructor: (courseId: string) => Promise<string | null>,
    private readonly now: () => Date = () => new Date(),
    /** The HLS transcoding jobs (decision 0032): woken by an upload, and deleting a course's ladders. */
    private readonly hls: HlsJobs | null = null,
    /** Told once a course's lessons changed: every user's view of it (decision 0033). */
    private readonly lessonsChanged: () => void = () => {},
  ) {}

  /** Whether the caller is an instructor whose profile is the course's (asked only for instructors). */
  private async teaches(viewer: CallerIdentity | null, courseId: string): Promise<boolean> {
    return isInstructor(viewer) && teachesCourse(viewer, await this.courseInstructor(courseId));
  }

  private async decide(ctx: Ctx, lesson: LessonRow): Promise<PlayDecision> {
    const viewer = ctx.identity;
    const enrolment = viewer && lesson.status === 'paid' ? await this.store.enrolment(viewer.userId, lesson.course_id) : null;
    const teaches = lesson.status === 'paid' && (await this.teaches(viewer, lesson.course_id));
    return mayPlay(lesson.status, viewer, !!enrolment && isActive(enrolment.expires_at, this.now()), teaches);
  }

  async secureCourse(ctx: Ctx, req: learningV1.GetSecureCourseRequest): Promise<learningV1.GetSecureCourseResponse> {
    if (!req.courseId) throw refuse('COURSE_ID_REQUIRED');
    const viewer = ctx.identity;
    const instructorId = await this.courseInstructor(req.courseId);
    if (instructorId === null) throw refuse('COURSE_NOT_FOUND');
    const lessons = await this.store.lessonsOf(req.courseId);
    const enrolment = viewer ? await this.store.enrolment(viewer.userId, req.courseId) : null;
    const active = !!enrolment && isActive(enrolment.expires_at, this.now());
    const teaches = teachesCourse(viewer, instructorId);
    return {
      courseId: req.courseId,
      fullAccess: mayPlay('paid', viewer, active, teaches) === 'play',
      lessons: lessons.map((l) => toLesson(l, mayPlay(l.status, viewer, active, teaches) === 'play', isStaff(viewer))),
      enrolment: enrolment ? toEnrolment(enrolment, this.now()) : undefined,
      progress: viewer ? await this.store.progressOf(viewer.userId, req.courseId) : [],
    };
  }

  /** A signed URL for one lesson's file, or 'Purchase the course First!!' / 'Please login first'. */
  async playback(ctx: Ctx, req: learningV1.GetPlaybackRequest): Promise<learningV1.GetPlaybackResponse> {
    const lesson = req.lessonId ? await this.store.lesson(req.lessonId) : null;
    if (!lesson) throw refuse('LESSON_NOT_FOUND');
    const decision = await this.decide(ctx, lesson);
    if (decision === 'login') throw refuse('LOGIN_FIRST');
    if (decision === 'purchase') throw refuse('PURCHASE_FIRST');
    if (!lesson.filename) throw refuse('LESSON_HAS_NO_VIDEO');
    const now = this.now().getTime();
    // The adaptive ladder, once published for the lesson's current video (decision 0032): a token
    // for its folder only, in the path, so the playlists' relative URIs keep it.
    const ladder = hlsReady(lesson);
    const hlsUrl = ladder
      ? `/api/v1/video/hls/${await signGrant(
          this.issuer,
          { audience: VIDEO_GRANT_AUDIENCE, subject: lesson.id, claims: { prefix: hlsFolder(lesson.id, ladder) }, ttlSeconds: VIDEO_URL_TTL_SECONDS },
          now,
        )}/${lesson.id}/${ladder}/master.m3u8`
      : '';
    const resumeAt = ctx.identity ? (await this.store.progressOf(ctx.identity.userId, lesson.course_id)).find((p) => p.lessonId === lesson.id) : undefined;
    return {
      url: await signedVideoUrl(this.issuer, lesson.id, lesson.filename, now),
      expiresAt: new Date(now + VIDEO_URL_TTL_SECONDS * 1000).toISOString(),
      resumeAtSeconds: resumeAt && !resumeAt.completed ? resumeAt.positionSeconds : 0,
      hlsUrl,
    };
  }

  async recordProgress(ctx: Ctx, req: learningV1.RecordProgressRequest): Promise<learningV1.LessonProgress> {
    const { userId } = requireIdentity(ctx, UserRoles.student);
    const lesson = req.lessonId ? await this.store.lesson(req.lessonId) : null;
    if (!lesson) throw refuse('LESSON_NOT_FOUND');
    if ((await this.decide(ctx, lesson)) !== 'play') throw refuse('PURCHASE_FIRST');
    if (!Number.isFinite(req.positionSeconds) || req.positionSeconds < 0 || req.positionSeconds > 86_400) throw refuse('POSITION_OUT_OF_RANGE');
    if (!Number.isSafeInteger(req.practicedSeconds) || req.practicedSeconds < 0 || req.practicedSeconds > 3600) throw refuse('PRACTICE_OUT_OF_RANGE');
    return this.store.recordProgress({ userId, lessonId: lesson.id, positionSeconds: req.positionSeconds, completed: req.completed, practicedSeconds: req.practicedSeconds });
  }

  async classroom(ctx: Ctx): Promise<learningV1.ClassroomCourse[]> {
    const { userId } = requireIdentity(ctx, UserRoles.student);
    const [enrolments, totals] = await Promise.all([this.store.enrolmentsOf(userId), this.store.classroomTotals(userId)]);
    return enrolments.map((e) => {
      const t = totals.get(e.course_id);
      return { enrolment: toEnrolment(e, this.now()), lessons: t?.lessons ?? 0, completedLessons: t?.completed ?? 0, practiceSeconds: t?.practice ?? 0 };
    });
  }

  async expired(ctx: Ctx): Promise<learningV1.Enrolment[]> {
    requireIdentity(ctx, ...STAFF);
    return (await this.store.expiredEnrolments(this.now())).map((e) => toEnrolment(e, this.now()));
  }

  /** A lesson from an uploaded video (staff): checked with ffprobe and stored as fast-start MP4. */
  async addLesson(ctx: Ctx, req: learningV1.AddLessonRequest): Promise<learningV1.Lesson> {
    requireIdentity(ctx, ...STAFF);
    if (!req.courseId) throw refuse('COURSE_ID_REQUIRED');
    if (!lessonTitleOk(req.title)) throw refuse('LESSON_TITLE_REQUIRED');
    if (!(LESSON_STATUSES as readonly string[]).includes(req.status)) throw refuse('LESSON_STATUS_INVALID');
    if (!req.uploadKey.startsWith('uploads/')) throw refuse('UPLOAD_UNKNOWN');
    const video = await storeLessonVideo(this.files, req.uploadKey);
    const row = await this.store.appendLesson({
      id: randomUUID(),
      courseId: req.courseId,
      title: req.title.trim(),
      status: req.status as LessonStatus,
      ...video,
    });
    // Its HLS job was queued with it (in the same statement); this process starts on it now.
    this.hls?.notify();
    this.lessonsChanged();
    return toLesson((await this.store.lesson(row.id)) ?? row, true, true);
  }

  /** The undo of a course add that failed half-way: its lessons and their videos go. */
  async deleteCourseLessons(ctx: Ctx, req: learningV1.DeleteCourseLessonsRequest): Promise<number> {
    requireIdentity(ctx, ...STAFF);
    if (!req.courseId) throw refuse('COURSE_ID_REQUIRED');
    const deleted = await this.store.deleteCourseLessons(req.courseId);
    if (!deleted) throw refuse('STUDENTS_ENROLLED');
    this.lessonsChanged();
    for (const l of deleted.lessons) if (l.filename) await this.files.delete(`${VIDEO_KEY_PREFIX}${l.filename}`).catch(() => undefined);
    for (const ladder of deleted.ladders) await this.hls?.deleteFiles(ladder.lessonId, ladder.version, ladder.files);
    return deleted.lessons.length;
  }

  async renameLesson(ctx: Ctx, req: learningV1.RenameLessonRequest): Promise<learningV1.Lesson> {
    requireIdentity(ctx, ...STAFF);
    if (!lessonTitleOk(req.title)) throw refuse('LESSON_TITLE_REQUIRED');
    const row = await this.store.renameLesson(req.lessonId, req.title.trim());
    if (!row) throw refuse('LESSON_NOT_FOUND');
    this.lessonsChanged();
    return toLesson((await this.store.lesson(row.id)) ?? row, true, true);
  }

  /**
   * `commerce.order.paid`: each course grants access for its tier's validity, extended from the
   * current expiry. Applied in the inbox's transaction; each (order, course) counts once.
   */
  async grantFromOrder(tx: SqlExecutor, paid: commerceEventsV1.OrderPaid): Promise<void> {
    for (const course of paid.courses) {
      if (!(await this.store.markGranted(tx, paid.orderId, course.courseId))) continue;
      const current = await this.store.lockEnrolment(tx, paid.userId, course.courseId);
      const expiresAt = extendedExpiry(current?.expires_at ?? null, this.now(), course.validityDays);
      await this.store.upsertEnrolment(tx, { userId: paid.userId, courseId: course.courseId, tier: course.tier, expiresAt, orderId: paid.orderId });
    }
  }
}

const isStaff = (viewer: CallerIdentity | null) => !!viewer && (STAFF as number[]).includes(viewer.userType);

/** The folder of the lesson's published HLS ladder, when it is ready for the lesson's current video. */
const hlsReady = (l: LessonRow): string | null =>
  l.hls_state === 'ready' && l.hls_version && l.filename && l.hls_source === l.filename ? l.hls_version : null;

/** A lesson as the API shows it; its HLS job's state only for staff (`staff`). */
export const toLesson = (l: LessonRow, playable: boolean, staff = false): learningV1.Lesson => ({
  id: l.id,
  courseId: l.course_id,
  position: l.position,
  title: l.title,
  status: l.status,
  filename: l.filename ?? '',
  size: Number(l.size),
  durationSeconds: l.duration_seconds,
  playable,
  hls:
    staff && l.filename && l.hls_state
      ? { state: l.hls_state, percent: l.hls_percent ?? 0, attempts: l.hls_attempts ?? 0 }
      : undefined,
});
