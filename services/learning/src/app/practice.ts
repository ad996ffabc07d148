/**
 * Play-along passages and the practice log (issue 54 items 2 to 4, decision 0081). The course's
 * instructor (or the content role, or the admin) marks passages of its lessons with their reference;
 * enrolled students read them, and report the practice their browser heard: the report is published
 * as `learning.practice.heard` (the browser's report id is the event's id) and the consumer
 * (events/practice-heard.ts) keeps the figures the log and the instructor's statistics read.
 */
import { randomUUID } from 'node:crypto';
import { addDays, dhakaDay, LearningEvents, learningEventsV1, type practiceV1 } from '@taal/contracts';
import { createEnvelope, enqueueEvent, refuse, requireIdentity, UserRoles, type CallerIdentity, type Sql, type SqlExecutor } from '@taal/kit';
import { isActive } from '../domain/access';
import { inPlayingOrder, passageProblem } from '../domain/passage';
import type { LearningStore } from '../store/learning-store';
import type { PassageRow, PracticeStore } from '../store/practice';
import { iso, SCHEMA } from '../store/schema';
import { readMidiReference } from './midi';

type Ctx = { identity: CallerIdentity | null };

const isId = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);
/** The most seconds one report may carry (the browser reports at least every minute and at each take's end). */
export const MAX_REPORT_SECONDS = 600;
const STREAK_LOOKBACK = 400;

export const toPassage = (r: PassageRow): practiceV1.Passage => ({
  id: r.id,
  courseId: r.course_id,
  lessonId: r.lesson_id,
  title: r.title,
  startSeconds: r.start_seconds,
  endSeconds: r.end_seconds,
  bpm: r.bpm,
  percussive: r.percussive,
  notes: r.notes,
  source: r.source,
  updatedAt: iso(r.updated_at),
});

/** Consecutive days practised ending today, or yesterday while today has none yet (days newest first). */
export function streakOf(days: readonly string[], today: string): number {
  let expected = days[0] === today ? today : addDays(today, -1);
  let streak = 0;
  for (const day of days) {
    if (day !== expected) break;
    streak++;
    expected = addDays(expected, -1);
  }
  return streak;
}

export class Practice {
  constructor(
    private readonly sql: Sql,
    private readonly practice: PracticeStore,
    private readonly store: LearningStore,
    /** The instructor profile id of a course ('' when it has none); null when there is no such course. */
    private readonly courseInstructor: (courseId: string) => Promise<string | null>,
    /** After a transaction that enqueued an event committed (the outbox relay publishes it now). */
    private readonly afterCommit: () => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The admin, the content role, or the instructor whose course it is. */
  private async author(ctx: Ctx, courseId: string): Promise<void> {
    const caller = requireIdentity(ctx, UserRoles.admin, UserRoles.content, UserRoles.instructor);
    const instructorId = isId(courseId) ? await this.courseInstructor(courseId) : null;
    if (instructorId === null) throw refuse('COURSE_NOT_FOUND');
    if (caller.userType === UserRoles.instructor && (!caller.instructorId || caller.instructorId !== instructorId)) throw refuse('NOT_YOUR_COURSE_PASSAGE');
  }

  /** A student with active access to the course. */
  private async student(ctx: Ctx, courseId: string): Promise<string> {
    const { userId } = requireIdentity(ctx, UserRoles.student);
    const enrolment = isId(courseId) ? await this.store.enrolment(userId, courseId) : null;
    if (!enrolment || !isActive(enrolment.expires_at, this.now())) throw refuse('PRACTICE_ENROLLED_ONLY');
    return userId;
  }

  async save(ctx: Ctx, req: practiceV1.SavePassageRequest): Promise<practiceV1.Passage> {
    await this.author(ctx, req.courseId);
    const existing = req.id ? (isId(req.id) ? await this.practice.passage(req.id) : null) : undefined;
    if (existing === null || (existing && existing.course_id !== req.courseId)) throw refuse('PASSAGE_NOT_FOUND');
    if (!isId(req.lessonId) || (await this.practice.lessonCourse(req.lessonId)) !== req.courseId) throw refuse('LESSON_NOT_FOUND');
    let { notes, bpm } = req;
    const fromMidi = req.midi.length > 0;
    if (fromMidi) {
      const read = readMidiReference(req.midi);
      if (!read) throw refuse('NOT_A_MIDI_FILE');
      notes = read.notes;
      bpm = read.bpm ?? (bpm || 120);
    }
    const input = { title: req.title, startSeconds: req.startSeconds, endSeconds: req.endSeconds, bpm, notes };
    const problem = passageProblem(input);
    if (problem) throw refuse(problem.key, problem.params);
    const row = await this.practice.savePassage(
      {
        id: existing?.id ?? randomUUID(),
        course_id: req.courseId,
        lesson_id: req.lessonId,
        title: req.title.trim(),
        start_seconds: req.startSeconds,
        end_seconds: req.endSeconds,
        bpm,
        percussive: req.percussive,
        notes: inPlayingOrder(notes).map((n) => ({ midi: n.midi, startBeat: n.startBeat, lengthBeats: n.lengthBeats })),
        source: fromMidi ? 'midi' : 'typed',
      },
      this.now(),
    );
    return toPassage(row);
  }

  async delete(ctx: Ctx, req: practiceV1.DeletePassageRequest): Promise<boolean> {
    const row = isId(req.id) ? await this.practice.passage(req.id) : null;
    if (!row) throw refuse('PASSAGE_NOT_FOUND');
    await this.author(ctx, row.course_id);
    return this.practice.deletePassage(row.id);
  }

  /** A course's passages: its students with active access, and its authors. */
  async list(ctx: Ctx, req: practiceV1.ListPassagesRequest): Promise<practiceV1.Passage[]> {
    if (ctx.identity?.userType === UserRoles.student) await this.student(ctx, req.courseId);
    else await this.author(ctx, req.courseId);
    return (await this.practice.passagesOf(req.courseId)).map(toPassage);
  }

  /** Practice heard by a student's browser: checked, then published (through the outbox) for the log's consumer. */
  async report(ctx: Ctx, req: practiceV1.ReportPracticeRequest): Promise<boolean> {
    const userId = await this.student(ctx, req.courseId);
    const scores = [req.pitchScore, req.timingScore, req.score];
    const valid =
      isId(req.reportId) &&
      Number.isInteger(req.heardSeconds) &&
      req.heardSeconds >= 0 &&
      req.heardSeconds <= MAX_REPORT_SECONDS &&
      (!req.hasScore || (isId(req.passageId) && scores.every((s) => Number.isInteger(s) && s >= 0 && s <= 100)));
    if (!valid) throw refuse('BAD_REQUEST');
    if (req.hasScore && (await this.practice.passage(req.passageId))?.course_id !== req.courseId) throw refuse('PASSAGE_NOT_FOUND');
    const heard = learningEventsV1.PracticeHeard.fromPartial({
      userId,
      courseId: req.courseId,
      heardSeconds: req.heardSeconds,
      heardAt: this.now().toISOString(),
      passageId: req.hasScore ? req.passageId : '',
      hasScore: req.hasScore,
      pitchScore: req.pitchScore,
      timingScore: req.timingScore,
      score: req.score,
    });
    const event = { ...createEnvelope({ type: LearningEvents.practiceHeard, key: userId, payload: learningEventsV1.PracticeHeard.encode(heard).finish() }), id: req.reportId };
    try {
      await this.sql.transaction((tx) => enqueueEvent(tx, SCHEMA, event));
    } catch (err) {
      // The outbox's unique event id: this report was accepted before (a browser's retry).
      if ((err as { code?: string }).code === '23505') return true;
      throw err;
    }
    this.afterCommit();
    return true;
  }

  /** The consumer's part: applies one event in the inbox transaction. */
  async apply(tx: SqlExecutor, heard: learningEventsV1.PracticeHeard): Promise<void> {
    const at = new Date(heard.heardAt);
    if (heard.heardSeconds > 0) await this.practice.addSeconds(tx, heard.userId, dhakaDay(at), heard.courseId, heard.heardSeconds);
    if (heard.hasScore && heard.passageId) await this.practice.addTake(tx, { userId: heard.userId, passageId: heard.passageId, courseId: heard.courseId, score: heard.score, at });
  }

  /** The caller's practice log: seconds per Dhaka day and course, best scores, the streak. */
  async log(ctx: Ctx, req: practiceV1.GetPracticeLogRequest): Promise<practiceV1.PracticeLog> {
    const { userId } = requireIdentity(ctx, UserRoles.student);
    const today = dhakaDay(this.now());
    const span = Math.min(90, Math.max(1, req.days || 14));
    const [days, practised, bests] = await Promise.all([
      this.practice.daysOf(userId, addDays(today, -(span - 1))),
      this.practice.practisedDays(userId, STREAK_LOOKBACK),
      this.practice.bestsOf(userId),
    ]);
    return {
      days: days.map((d) => ({ day: d.day, courseId: d.course_id, seconds: d.seconds })),
      passages: bests.map((b) => ({ passageId: b.passage_id, courseId: b.course_id, title: b.title ?? '', bestScore: b.best_score, lastScore: b.last_score, takes: b.takes })),
      streakDays: streakOf(practised, today),
      today,
    };
  }

  /** The instructor's figures per passage, from the kept best scores (no take is recounted). */
  async stats(ctx: Ctx, req: practiceV1.GetPassageStatsRequest): Promise<practiceV1.PassageStat[]> {
    await this.author(ctx, req.courseId);
    return (await this.practice.statsOf(req.courseId)).map((s) => ({
      passageId: s.passage_id,
      lessonId: s.lesson_id,
      title: s.title,
      students: Number(s.students),
      medianScore: s.median_score === null ? 0 : Math.round(Number(s.median_score) * 10) / 10,
    }));
  }
}
