/**
 * The practice log on both infrastructures (decision 0081): passages written by the course's
 * instructor (typed and MIDI; a non-MIDI refused), reports published through the outbox and kept
 * by learning's own consumer, a replayed event counted once, the figures surviving a restart of the
 * service over the same database, the streak over Dhaka days, and the instructor's per-passage
 * count and median read from the kept best scores.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeMidi } from 'midi-file';
import { createDiskFileStore, createLogger, createTestAuth, refusalKeyOf, UserRoles, type CallerIdentity, type EventEnvelope } from '@taal/kit';
import { backends, type Backend } from '../../../../tools/testing/backends';
import { waitFor } from '../../../../tools/testing/wait';
import { startLearning, type RunningLearning } from '../service';
import { LearningStore } from '../store/learning-store';
import { PracticeStore } from '../store/practice';
import { Practice } from './practice';

const logger = createLogger('practice-test');
const auth = createTestAuth(['gateway', 'learning']);
const as = (identity: CallerIdentity) => ({ identity });
const keyOf = async (p: Promise<unknown>) => p.then(() => 'none', (err: unknown) => refusalKeyOf(err) ?? String(err));

/** A one-track MIDI file at 100 BPM: C4 for a beat, then E4 for half a beat. */
const midiFile = () =>
  Buffer.from(
    writeMidi({
      header: { format: 0, numTracks: 1, ticksPerBeat: 480 },
      tracks: [
        [
          { deltaTime: 0, meta: true, type: 'setTempo', microsecondsPerBeat: 600_000 },
          { deltaTime: 0, type: 'noteOn', channel: 0, noteNumber: 60, velocity: 90 },
          { deltaTime: 480, type: 'noteOff', channel: 0, noteNumber: 60, velocity: 0 },
          { deltaTime: 0, type: 'noteOn', channel: 0, noteNumber: 64, velocity: 90 },
          { deltaTime: 240, type: 'noteOn', channel: 0, noteNumber: 64, velocity: 0 },
          { deltaTime: 0, meta: true, type: 'endOfTrack' },
        ],
      ],
    }),
  );

describe.each(backends)('the practice log on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let running: RunningLearning;
  let authoring: Practice;
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'taal-practice-files-'));
  // Dhaka is UTC+6: 20:00 UTC on the 20th is 02:00 on the 21st in Dhaka.
  let clock = Date.parse('2026-11-20T20:00:00Z');
  const courseId = randomUUID();
  const lessonId = randomUUID();
  const profile = randomUUID();
  const teacher: CallerIdentity = { userId: randomUUID(), userType: UserRoles.instructor, instructorId: profile };
  const stranger: CallerIdentity = { userId: randomUUID(), userType: UserRoles.instructor, instructorId: randomUUID() };
  const student = (): CallerIdentity => ({ userId: randomUUID(), userType: UserRoles.student });
  const base = { id: '', courseId, lessonId, title: 'Opening riff', startSeconds: 2, endSeconds: 6, bpm: 120, percussive: false, midi: Buffer.alloc(0) };
  const typedNotes = [60, 62, 64].map((midi, i) => ({ midi, startBeat: i, lengthBeats: 1 }));

  const start = () =>
    startLearning({
      sql: backend.sql, bus: backend.bus, files: createDiskFileStore(filesDir), logger, host: '127.0.0.1', port: 0, hls: false,
      auth: auth.serviceAuth('learning'), catalogueAddress: '127.0.0.1:9', now: () => new Date(clock),
    });
  const enrol = async (s: CallerIdentity) =>
    backend.sql.query(`INSERT INTO learning.enrolment (user_id, course_id, tier, expires_at, first_order_id) VALUES ($1, $2, 'silver', now() + interval '30 days', $3)`, [s.userId, courseId, randomUUID()]);
  const report = (s: CallerIdentity, r: { seconds: number; passageId?: string; score?: number; reportId?: string }) =>
    running.practice.report(as(s), {
      reportId: r.reportId ?? randomUUID(), courseId, heardSeconds: r.seconds, passageId: r.passageId ?? '', hasScore: r.score !== undefined,
      pitchScore: r.score ?? 0, timingScore: r.score ?? 0, score: r.score ?? 0,
    });
  const log = (s: CallerIdentity) => running.practice.log(as(s), { days: 14 });
  const secondsOf = async (s: CallerIdentity) => (await log(s)).days.reduce((sum, d) => sum + d.seconds, 0);
  const waitSeconds = (s: CallerIdentity, expected: number) => waitFor(async () => (await secondsOf(s)) === expected, `${expected} s kept`);

  beforeAll(async () => {
    backend = await makeBackend();
    running = await start();
    await backend.sql.query(`INSERT INTO learning.lesson (id, course_id, position, title, status) VALUES ($1, $2, 1, 'Riffs', 'paid')`, [lessonId, courseId]);
    authoring = new Practice(backend.sql, new PracticeStore(backend.sql), new LearningStore(backend.sql), async (id) => (id === courseId ? profile : null));
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await backend?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  let passageId = '';
  it("lets the course's instructor mark passages, typed or from a MIDI file, and refuses a non-MIDI", async () => {
    expect(await keyOf(authoring.save(as(stranger), { ...base, notes: typedNotes }))).toBe('NOT_YOUR_COURSE_PASSAGE');
    expect(await keyOf(authoring.save(as(teacher), { ...base, notes: [] }))).toBe('PASSAGE_INVALID');
    expect(await keyOf(authoring.save(as(teacher), { ...base, notes: [], midi: Buffer.from('RIFF....WAVEfmt not a midi file') }))).toBe('NOT_A_MIDI_FILE');
    const typed = await authoring.save(as(teacher), { ...base, notes: typedNotes });
    expect(typed).toMatchObject({ source: 'typed', bpm: 120, notes: typedNotes });
    const fromMidi = await authoring.save(as(teacher), { ...base, title: 'From MIDI', notes: [], midi: midiFile() });
    expect(fromMidi).toMatchObject({ source: 'midi', bpm: 100, notes: [{ midi: 60, startBeat: 0, lengthBeats: 1 }, { midi: 64, startBeat: 1, lengthBeats: 0.5 }] });
    passageId = typed.id;
    const s = student();
    expect(await keyOf(authoring.list(as(s), { courseId }))).toBe('PRACTICE_ENROLLED_ONLY');
    await enrol(s);
    expect((await authoring.list(as(s), { courseId })).map((p) => p.title)).toEqual(['From MIDI', 'Opening riff']);
  });

  it('counts a report sent again, and an event delivered again, once; the figures survive a restart', async () => {
    const s = student();
    expect(await keyOf(report(s, { seconds: 30 }))).toBe('PRACTICE_ENROLLED_ONLY');
    await enrol(s);
    const reportId = randomUUID();
    await report(s, { seconds: 45, reportId });
    await report(s, { seconds: 45, reportId });
    await report(s, { seconds: 20, passageId, score: 70 });
    await waitSeconds(s, 65);
    // The outbox's copy of the event published again, as a relay that died before marking it sent would.
    const { rows } = await backend.sql.query<{ event_id: string; type: string; key: string; payload: Buffer; occurred_at: Date }>(
      `SELECT event_id, type, key, payload, occurred_at FROM learning.outbox WHERE event_id = $1 LIMIT 1`, [reportId],
    );
    const replay: EventEnvelope = { id: rows[0]!.event_id, type: rows[0]!.type, key: rows[0]!.key, payload: rows[0]!.payload, occurredAt: new Date(rows[0]!.occurred_at).toISOString(), schemaVersion: 1 };
    await backend.bus.publish([replay]);
    const marker = randomUUID();
    await report(s, { seconds: 5, reportId: marker });
    await waitSeconds(s, 70);

    await running.stop();
    running = await start();
    expect(await secondsOf(s)).toBe(70);
    expect((await log(s)).passages).toEqual([{ passageId, courseId, title: 'Opening riff', bestScore: 70, lastScore: 70, takes: 1 }]);
    await report(s, { seconds: 10, passageId, score: 55 });
    await waitSeconds(s, 80);
    expect((await log(s)).passages[0]).toMatchObject({ bestScore: 70, lastScore: 55, takes: 2 });
  });

  it('keeps the streak over Dhaka days', async () => {
    const s = student();
    await enrol(s);
    const at = async (iso: string, seconds: number, total: number) => {
      clock = Date.parse(iso);
      await report(s, { seconds });
      await waitSeconds(s, total);
    };
    // 18:30 UTC on the 20th is 00:30 on the 21st in Dhaka; then the 22nd (01:00), the 23rd (00:10) and the 23rd again (18:00).
    await at('2026-11-20T18:30:00Z', 60, 60);
    await at('2026-11-21T19:00:00Z', 60, 120);
    await at('2026-11-22T18:10:00Z', 60, 180);
    await at('2026-11-23T12:00:00Z', 60, 240);
    const three = await log(s);
    expect(three.today).toBe('2026-11-23');
    expect(three.days.map((d) => [d.day, d.seconds])).toEqual([['2026-11-23', 120], ['2026-11-22', 60], ['2026-11-21', 60]]);
    expect(three.streakDays).toBe(3);
    // The next day, before practising: the streak still stands; the day after, it is broken.
    clock = Date.parse('2026-11-24T10:00:00Z');
    expect((await log(s)).streakDays).toBe(3);
    clock = Date.parse('2026-11-25T10:00:00Z');
    expect((await log(s)).streakDays).toBe(0);
    await at('2026-11-25T10:00:00Z', 30, 270);
    expect((await log(s)).streakDays).toBe(1);
  });

  it("gives the instructor each passage's students and median best score", async () => {
    const scores = [[40], [50, 90], [80]];
    const students = scores.map(() => student());
    for (const [i, s] of students.entries()) {
      await enrol(s);
      for (const score of scores[i]!) await report(s, { seconds: 10, passageId, score });
    }
    for (const [i, s] of students.entries()) await waitSeconds(s, scores[i]!.length * 10);
    const stats = await authoring.stats(as(teacher), { courseId });
    // The take of the earlier test (best 70) counts too: 40, 70, 80, 90.
    expect(stats.find((x) => x.passageId === passageId)).toMatchObject({ students: 4, medianScore: 75 });
    expect(stats.find((x) => x.title === 'From MIDI')).toMatchObject({ students: 0, medianScore: 0 });
    expect(await keyOf(authoring.stats(as(stranger), { courseId }))).toBe('NOT_YOUR_COURSE_PASSAGE');
  });
});
