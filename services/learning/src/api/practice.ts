/**
 * Play-along passages and the practice log (issue 54, decision 0081), answered by learning's
 * practice (src/app), which decides who may write, read and report: the course's passages with their
 * reference (typed notes, or a MIDI file sent as base64 and read by learning), the practice the
 * student's browser heard, the student's log, and the instructor's figures per passage.
 */
import { z } from 'zod';
import { practiceV1 } from '@taal/contracts';
import { answer, callerOf, defineRoute, done, envelope, fail, ok, refusal, requireAuth, UserRoles, type RouteSpec } from '@taal/edge';
import type { Practice } from '../app/practice';
import { authors } from './exam-shape';
import { type LearningRouteDeps, forCaller, uuid } from './shape';

export const MAX_MIDI_BYTES = 256 * 1024;
/** The most base64 characters a MIDI file of at most 256 KB takes: a longer text is refused by the schema. */
const MAX_MIDI_BASE64 = Math.floor(MAX_MIDI_BYTES / 3) * 4;

const NoteSchema = z.object({
  midi: z.int().min(0).max(127).meta({ description: 'MIDI note number (60 = C4)' }),
  startBeat: z.number().min(0).max(4096),
  lengthBeats: z.number().gt(0).max(64),
});
const PassageSchema = z
  .object({
    id: z.string(),
    courseId: z.string(),
    lessonId: z.string(),
    title: z.string(),
    startSeconds: z.number(),
    endSeconds: z.number(),
    bpm: z.number(),
    percussive: z.boolean().meta({ description: 'Drums: onsets only, timing only' }),
    notes: z.array(NoteSchema),
    source: z.enum(['typed', 'midi']),
    updatedAt: z.string(),
  })
  .meta({ id: 'Passage' });
const PassageDraftSchema = z.object({
  lessonId: uuid(),
  title: z.string().max(120),
  startSeconds: z.number().min(0).max(86_400).meta({ description: 'Where the passage starts in the lesson (the A–B loop’s A)' }),
  endSeconds: z.number().min(0).max(86_400).meta({ description: 'Where it ends (B)' }),
  bpm: z.number().min(0).max(300).meta({ description: 'The tempo of the typed notes; with a MIDI file, used only when the file sets none (0: 120)' }),
  percussive: z.boolean().optional(),
  notes: z.array(NoteSchema).max(500).optional().meta({ description: 'The typed reference (or send midiBase64)' }),
  midiBase64: z.string().max(MAX_MIDI_BASE64).optional().meta({ description: 'A Standard MIDI File (at most 256 KB), base64: its notes and tempo are the reference; empty or absent: the typed notes' }),
});
const StatSchema = z.object({ passageId: z.string(), lessonId: z.string(), title: z.string(), students: z.int().min(0), medianScore: z.number().min(0).max(100) });
const LogSchema = z
  .object({
    today: z.string().meta({ description: 'Today in Dhaka (YYYY-MM-DD)' }),
    streakDays: z.int().min(0).meta({ description: 'Consecutive Dhaka days with practice, ending today or yesterday' }),
    days: z.array(z.object({ day: z.string(), courseId: z.string(), seconds: z.int().min(0) })),
    passages: z.array(z.object({ passageId: z.string(), courseId: z.string(), title: z.string(), bestScore: z.int(), lastScore: z.int(), takes: z.int() })),
  })
  .meta({ id: 'PracticeLog' });
const score = z.int().min(0).max(100);
const ReportSchema = z.object({
  reportId: uuid().meta({ description: 'The browser’s id of this report: sent again, it counts once' }),
  courseId: uuid(),
  heardSeconds: z.int().min(0).max(600).meta({ description: 'Seconds in which playing was heard' }),
  passageId: uuid().optional().meta({ description: 'A take’s passage, with its scores' }),
  pitchScore: score.optional(),
  timingScore: score.optional(),
  score: score.optional(),
});

const toApiPassage = (p: practiceV1.Passage) => ({ ...p, source: p.source as 'typed' | 'midi' });

export function practiceRoutes(deps: LearningRouteDeps & { practice: Practice }): RouteSpec[] {
  const { practice, tokens } = deps;
  const author = authors(tokens);
  const student = { label: 'students only', check: requireAuth(tokens, UserRoles.student) };
  const readers = { label: "the course's students with active access, and its instructor, content and admin", check: requireAuth(tokens) };
  const courseParam = { courseId: { schema: uuid(), description: 'The course id (UUID)', invalid: () => refusal('COURSE_NOT_FOUND') } };
  const notYours = fail("Not the course's instructor (NOT_YOUR_COURSE_PASSAGE)");

  return [
    defineRoute({
      method: 'get',
      path: '/courses/{courseId}/passages',
      summary: "The course's play-along passages with their reference notes (its students with active access, its instructor, content and admin)",
      auth: readers,
      params: courseParam,
      responses: { 200: answer(envelope(z.array(PassageSchema))), 403: fail('No active access (PRACTICE_ENROLLED_ONLY), or not the course’s instructor'), 404: fail('Unknown course') },
      handler: async ({ res, param }) => {
        const passages = await practice.list(forCaller(callerOf(res)), { courseId: param('courseId') });
        res.json(ok(passages.map(toApiPassage)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/courses/{courseId}/passages',
      summary: "Marks a passage of a lesson with its reference, typed notes or a MIDI file (the course's instructor, content and admin): 'Passage saved'",
      auth: author,
      params: courseParam,
      body: { schema: PassageDraftSchema },
      responses: {
        201: answer(done(PassageSchema), "'Passage saved'"),
        400: fail('Out of range (PASSAGE_INVALID), not a MIDI file with notes (NOT_A_MIDI_FILE), or a MIDI file over 256 KB (the body’s schema)'),
        403: notYours,
        404: fail('Unknown course or lesson'),
      },
      handler: async ({ res, param, body }) => {
        const midi = body.midiBase64 ? Buffer.from(body.midiBase64, 'base64') : Buffer.alloc(0);
        const passage = await practice.save(
          forCaller(callerOf(res)),
          practiceV1.SavePassageRequest.fromPartial({ id: '', courseId: param('courseId'), lessonId: body.lessonId, title: body.title, startSeconds: body.startSeconds, endSeconds: body.endSeconds, bpm: body.bpm, percussive: body.percussive ?? false, notes: body.notes ?? [], midi }),
        );
        res.status(201).json({ success: true, message: 'Passage saved', data: toApiPassage(passage) });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/passages/{id}',
      summary: "Deletes a passage (the course's instructor, content and admin): 'Passage deleted'",
      auth: author,
      params: { id: { schema: uuid(), description: 'The passage id', invalid: () => refusal('PASSAGE_NOT_FOUND') } },
      responses: { 200: answer(done(z.object({ deleted: z.boolean() }))), 403: notYours, 404: fail('No such passage (PASSAGE_NOT_FOUND)') },
      handler: async ({ res, param }) => {
        const deleted = await practice.delete(forCaller(callerOf(res)), { id: param('id') });
        res.json({ success: true, message: 'Passage deleted', data: { deleted } });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/courses/{courseId}/passage-stats',
      summary: "Per passage, how many students practised it and the median of their best scores (the course's instructor, content and admin)",
      auth: author,
      params: courseParam,
      responses: { 200: answer(envelope(z.array(StatSchema))), 403: notYours, 404: fail('Unknown course') },
      handler: async ({ res, param }) => {
        const stats = await practice.stats(forCaller(callerOf(res)), { courseId: param('courseId') });
        res.json(ok(stats));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/practice/reports',
      summary: 'Practice the student’s browser heard (seconds of playing, and a take’s scores): kept by the practice log; a report sent again counts once',
      auth: student,
      body: { schema: ReportSchema },
      responses: {
        202: answer(envelope(z.object({ accepted: z.boolean() }))),
        400: fail('Out of range (BAD_REQUEST)'),
        403: fail('No active access (PRACTICE_ENROLLED_ONLY)'),
        404: fail('The passage is not the course’s (PASSAGE_NOT_FOUND)'),
      },
      handler: async ({ res, body }) => {
        const hasScore = body.passageId !== undefined && body.score !== undefined;
        const accepted = await practice.report(forCaller(callerOf(res)), {
          reportId: body.reportId,
          courseId: body.courseId,
          heardSeconds: body.heardSeconds,
          passageId: body.passageId ?? '',
          hasScore,
          pitchScore: body.pitchScore ?? 0,
          timingScore: body.timingScore ?? 0,
          score: body.score ?? 0,
        });
        res.status(202).json(ok({ accepted }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/practice/log',
      summary: "The student's practice log: seconds per Dhaka day and course, best scores per passage, the streak",
      auth: student,
      query: { days: { schema: z.coerce.number().int().min(1).max(90).optional(), description: 'How many days back (default 14)' } },
      responses: { 200: answer(envelope(LogSchema)) },
      handler: async ({ req, res }) => {
        const log = await practice.log(forCaller(callerOf(res)), { days: Number(req.query.days ?? 14) });
        res.json(ok(log));
      },
    }),
  ];
}
