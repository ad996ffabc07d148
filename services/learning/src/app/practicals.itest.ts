/**
 * Practical exams on both infrastructures (embedded, and the real Postgres that tools/infra starts;
 * decision 0079): a file that is not audio or video is refused by ffprobe; only the course's own
 * instructor (or content, admin) grades; grading twice notifies once; a 20-way parallel grade of
 * one submission grades it once; a new submission after a fail is taken and after a pass refused;
 * the certificate gate's practical part.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessagingEvents } from '@taal/contracts';
import { createDiskFileStore, createLogger, createTestAuth, migrate, refusalKeyOf, UserRoles, type CallerIdentity, type FileStore } from '@taal/kit';
import { backends, type Backend } from '../../../../tools/testing/backends';
import { LearningStore } from '../store/learning-store';
import { PracticalStore } from '../store/practicals';
import { Practicals } from './practicals';

const logger = createLogger('practicals-test');
const as = (identity: CallerIdentity) => ({ identity });
const keyOf = async (p: Promise<unknown>) => p.then(() => 'none', (err: unknown) => refusalKeyOf(err) ?? String(err));

describe.each(backends)('practical exams on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let practicals: Practicals;
  let files: FileStore;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'taal-practical-test-'));
  const courseId = randomUUID();
  const profile = randomUUID();
  const lessonId = randomUUID();
  const admin: CallerIdentity = { userId: randomUUID(), userType: UserRoles.admin };
  const teacher: CallerIdentity = { userId: randomUUID(), userType: UserRoles.instructor, instructorId: profile };
  const stranger: CallerIdentity = { userId: randomUUID(), userType: UserRoles.instructor, instructorId: randomUUID() };
  const newStudent = (): CallerIdentity => ({ userId: randomUUID(), userType: UserRoles.student });
  // Two seconds of a 440 Hz tone, as a WAV (what a browser's upload of a recording looks like to learning).
  const wav = path.join(dir, 'tone.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', wav]);

  const upload = async (bytes: Buffer) => {
    const key = `uploads/${randomUUID()}`;
    await files.put(key, bytes, 'application/octet-stream');
    return key;
  };
  const submit = async (s: CallerIdentity, bytes = readFileSync(wav)) => practicals.submit(as(s), { courseId, uploadKey: await upload(bytes) });
  const enrolled = async () => {
    const s = newStudent();
    await backend.sql.query(`INSERT INTO learning.enrolment (user_id, course_id, tier, expires_at, first_order_id) VALUES ($1, $2, 'silver', now() + interval '30 days', $3)`, [s.userId, courseId, randomUUID()]);
    await backend.sql.query(`INSERT INTO learning.progress (user_id, lesson_id, completed) VALUES ($1, $2, true)`, [s.userId, lessonId]);
    return s;
  };
  const notificationsTo = async (userId: string) => {
    const { rows } = await backend.sql.query<{ n: string }>(`SELECT count(*) AS n FROM learning.outbox WHERE type = $1 AND key = $2`, [MessagingEvents.notificationRequested, userId]);
    return Number(rows[0]!.n);
  };

  beforeAll(async () => {
    backend = await makeBackend();
    await backend.sql.query('CREATE SCHEMA IF NOT EXISTS learning');
    await migrate(backend.sql, { schema: 'learning', dir: path.join(__dirname, '..', '..', 'migrations'), logger });
    await backend.sql.query(`INSERT INTO learning.lesson (id, course_id, position, title, status) VALUES ($1, $2, 1, 'Lesson 1', 'paid')`, [lessonId, courseId]);
    files = createDiskFileStore(path.join(dir, 'files'));
    const issuer = createTestAuth(['learning']).serviceAuth('learning').issuer;
    const instructorOf = async (id: string) => (id === courseId ? profile : null);
    practicals = new Practicals(backend.sql, new PracticalStore(backend.sql), new LearningStore(backend.sql), files, issuer, instructorOf, async () => 'Tabla', () => undefined);
    await practicals.saveBrief(as(teacher), { courseId, language: 'both', briefEn: 'Play teentaal at 80 BPM', briefBn: '৮০ বিপিএমে তিনতাল বাজান', enabled: true });
  }, 120_000);

  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is set by the course's own instructor, content and admin only, in its language", async () => {
    const brief = { courseId, language: 'en', briefEn: 'Play', briefBn: '', enabled: true };
    expect(await keyOf(practicals.saveBrief(as(stranger), brief))).toBe('NOT_YOUR_COURSE_EXAM');
    expect(await keyOf(practicals.saveBrief(as(newStudent()), brief))).not.toBe('none');
    expect(await keyOf(practicals.saveBrief(as(admin), { ...brief, language: 'bn' }))).toBe('PRACTICAL_BRIEF_INVALID');
    expect((await practicals.brief(as(teacher), { courseId })).brief).toMatchObject({ language: 'both', briefBn: '৮০ বিপিএমে তিনতাল বাজান' });
  });

  it('refuses a file that is not audio or video (ffprobe), and keeps nothing of it', async () => {
    const s = await enrolled();
    expect(await keyOf(submit(s, Buffer.from('%PDF-1.4 not a recording at all\n%%EOF')))).toBe('NOT_A_PERFORMANCE');
    expect(await keyOf(submit(s, Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251))))).toBe('NOT_A_PERFORMANCE');
    expect((await practicals.forStudent(as(s), { courseId })).submissions).toEqual([]);
    // A student who has not finished the lessons may not submit.
    const early = newStudent();
    await backend.sql.query(`INSERT INTO learning.enrolment (user_id, course_id, tier, expires_at, first_order_id) VALUES ($1, $2, 'silver', now() + interval '30 days', $3)`, [early.userId, courseId, randomUUID()]);
    expect(await keyOf(submit(early))).toBe('EXAM_NEEDS_ALL_LESSONS');
  });

  it("is graded only by the course's own instructor (or content, admin); grading twice notifies once", async () => {
    const s = await enrolled();
    const first = await submit(s);
    expect(first).toMatchObject({ status: 'waiting', mediaKind: 'audio', mediaUrl: expect.stringMatching(/^\/api\/v1\/video\/[0-9a-f-]{36}\.mp4\?token=/) });
    expect(first.durationSeconds).toBeGreaterThan(1.5);
    expect(await keyOf(submit(s))).toBe('PRACTICAL_AWAITING_GRADE');
    expect(await keyOf(practicals.grade(as(stranger), { submissionId: first.id, passed: true, comment: '' }))).toBe('NOT_YOUR_COURSE_EXAM');
    expect(await keyOf(practicals.grade(as(s), { submissionId: first.id, passed: true, comment: '' }))).not.toBe('none');
    // The stranger's list leaves it out; the teacher's and the admin's name it.
    expect((await practicals.list(as(stranger), { status: 'waiting' })).map((x) => x.id)).not.toContain(first.id);
    expect((await practicals.list(as(teacher), { status: 'waiting' })).map((x) => x.id)).toContain(first.id);
    expect(await keyOf(practicals.grade(as(teacher), { submissionId: first.id, passed: false, comment: ' ' }))).toBe('PRACTICAL_COMMENT_REQUIRED');

    const failed = await practicals.grade(as(teacher), { submissionId: first.id, passed: false, comment: 'Keep the tempo steady' });
    expect(failed).toMatchObject({ status: 'failed', comment: 'Keep the tempo steady' });
    expect(await keyOf(practicals.grade(as(admin), { submissionId: first.id, passed: true, comment: '' }))).toBe('PRACTICAL_ALREADY_GRADED');
    expect(await notificationsTo(s.userId)).toBe(1);
    expect(await practicals.practicalGate(s.userId, courseId)).toEqual({ refusal: 'CERTIFICATE_NEEDS_PRACTICAL' });

    // After a fail, a new submission; after its pass, no more.
    const second = await submit(s);
    expect(second.number).toBe(2);
    const passed = await practicals.grade(as(admin), { submissionId: second.id, passed: true, comment: 'Well played' });
    expect(await keyOf(submit(s))).toBe('PRACTICAL_ALREADY_PASSED');
    expect(await notificationsTo(s.userId)).toBe(2);
    expect(await practicals.forStudent(as(s), { courseId })).toMatchObject({ passed: true, canSubmit: false, submissions: [{ status: 'failed', comment: 'Keep the tempo steady' }, { status: 'passed' }] });
    expect(await practicals.practicalGate(s.userId, courseId)).toEqual({ passed: { kind: 'practical', passedAt: passed.gradedAt, scorePercent: 0 } });
    expect(await practicals.practicalGate(s.userId, randomUUID())).toBeNull();
  });

  it('grades a 20-way parallel grade of one submission once, with one notification', async () => {
    const s = await enrolled();
    const { id } = await submit(s);
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => keyOf(practicals.grade(as(i % 2 ? admin : teacher), { submissionId: id, passed: i % 3 === 0, comment: `Grade ${i}` }))));
    expect(outcomes.filter((o) => o === 'none')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'none')).toEqual(Array(19).fill('PRACTICAL_ALREADY_GRADED'));
    expect(await notificationsTo(s.userId)).toBe(1);
  });

  it('asks nothing of a certificate once the practical is off', async () => {
    const s = await enrolled();
    await practicals.saveBrief(as(admin), { courseId, language: 'en', briefEn: 'Play', briefBn: '', enabled: false });
    expect(await practicals.practicalGate(s.userId, courseId)).toBeNull();
    expect(await keyOf(practicals.forStudent(as(s), { courseId }))).toBe('PRACTICAL_NOT_FOUND');
    await practicals.saveBrief(as(admin), { courseId, language: 'both', briefEn: 'Play teentaal at 80 BPM', briefBn: '৮০ বিপিএমে তিনতাল বাজান', enabled: true });
  });
});
