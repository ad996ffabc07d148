/**
 * Conduct on every message through the gateway on the all-in-one process (issue 53, decisions 0075
 * and 0076): every route that takes a user's text refuses profanity in English and Bengali (also
 * slipped past: spaced, leetspeak, romanised) and, between users, personal contact details (phones
 * in Latin and Bengali digits, e-mails also spelled out, chat apps), and takes innocent text that
 * contains a bad word inside a word. The contact form to Taal's staff takes contact details.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { refusalText } from '@taal/contracts';
import { startAllInOne } from '@taal/launcher';
import { gatewayApi, type Answer } from '../../../tools/testing/gateway-api';

const DEMO_INSTRUCTOR_PROFILE = '00000000-0000-4000-8000-000000000001';

/** Text, and what every route between users answers to it. */
export const PROFANE: readonly string[] = [
  'This lesson is shit',
  'what the f.u.c.k is this chord',
  'you are an a$$hole teacher',
  'fuuuuck this scale',
  'তুই একটা হারামজাদা',
  'কুত্তার বাচ্চা শিক্ষক',
  'tui ekta khanki',
];
export const CONTACT_DETAILS: readonly string[] = [
  'call me on 017-1234 5678',
  'my number is +880 1712 345678',
  'আমার নম্বর ০১৭১২৩৪৫৬৭৮',
  'ফোন দিন ০১৭১২-৩৪৫ ৬৭৮',
  'write to rahim@gmail.com',
  'rahim at gmail dot com',
  'rahim এট gmail ডট com',
  'join t.me/rahim_guitar',
  'হোয়াটসঅ্যাপে মেসেজ দিন',
];
export const INNOCENT: readonly string[] = [
  'I love this class: the bass assessment was great, Scunthorpe fans agree',
  'বালিশে মাথা রেখে রেওয়াজ শুনি, ধন্যবাদ',
  'Lesson 3 at 120 bpm, 12 lessons in all',
];

describe('conduct on every text-taking route through the gateway', () => {
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;
  let admin: { token: string; id: string };
  let student: { token: string; id: string };
  let teacher: { token: string; id: string };
  let course: string;
  let lesson: string;

  const { get, post, login, enrolFree, lessonsOf } = gatewayApi(() => base);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-conduct-gw-'));
    taal = await startAllInOne({
      PORT: '0',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      CONTACT_MAX_PER_ADDRESS: '1000',
      CONTACT_MAX_PER_EMAIL: '1000',
    });
    base = `http://127.0.0.1:${taal.port}`;
    admin = await login('admin@taal.local', 'admin123');
    student = await login('student@taal.local', 'student123');
    teacher = await login('instructor@taal.local', 'instructor123');
    const courses = (await get('/course/')).body.data as { _id: string; instructor: string }[];
    course = courses.find((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)!._id;
    await enrolFree(admin.token, student, [course]);
    const lessons = await lessonsOf(course, student.token);
    lesson = lessons[0]!._id;
    expect(
      (await post(`/lesson/${lesson}/progress`, { position: 1, completed: true }, student.token)).status,
    ).toBeLessThan(300);
  }, 150_000);

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Each route that takes text between users, as a function of the text; `ready` makes what it needs. */
  const routes: { name: string; send: (text: string) => Promise<Answer>; ready?: () => Promise<void> }[] = [];
  let questionId = '';
  let messageId = '';
  let reviewId = '';
  routes.push(
    {
      name: 'lesson question',
      send: (t) => post(`/questions/course/${course}/lesson/${lesson}`, { body: t }, student.token),
    },
    {
      name: 'answer',
      ready: async () => {
        questionId = (
          await post(
            `/questions/course/${course}/lesson/${lesson}`,
            { body: 'Which finger plays Sa?' },
            student.token,
          )
        ).body.data._id as string;
      },
      send: (t) => post(`/questions/${questionId}/answer`, { body: t }, teacher.token),
    },
    {
      name: 'message to an instructor',
      send: (t) => post('/contact/instructor/', { to: DEMO_INSTRUCTOR_PROFILE, message: t }, student.token),
    },
    {
      name: "instructor's reply",
      ready: async () => {
        messageId = (
          await post(
            '/contact/instructor/',
            { to: DEMO_INSTRUCTOR_PROFILE, message: 'When is the next class?' },
            student.token,
          )
        ).body.data._id as string;
      },
      send: (t) => post(`/contact/r/${messageId}`, { reply: t }, teacher.token),
    },
    { name: 'review', send: (t) => post(`/review/course/${course}`, { rating: 5, text: t }, student.token) },
    {
      name: 'reply to a review',
      ready: async () => {
        reviewId = (
          await post(`/review/course/${course}`, { rating: 5, text: 'A kind teacher' }, student.token)
        ).body.data._id as string;
      },
      send: (t) => post(`/review/${reviewId}/reply`, { reply: t }, teacher.token),
    },
  );

  it('has its refusals in English and Bengali', () => {
    for (const key of ['TEXT_PROFANITY', 'TEXT_CONTACT_DETAILS', 'SENDER_BLOCKED'] as const) {
      expect(refusalText(key, 'bn')).toMatch(/[\u0980-\u09ff]/);
      expect(refusalText(key, 'en')).toMatch(/[a-z]/);
    }
  });

  it.each([
    'lesson question',
    'answer',
    'message to an instructor',
    "instructor's reply",
    'review',
    'reply to a review',
  ])(
    '%s: refuses profanity and contact details, takes innocent text',
    async (name) => {
      const route = routes.find((r) => r.name === name)!;
      await route.ready?.();
      for (const text of PROFANE) {
        expect({ route: route.name, text, answer: await route.send(text) }).toMatchObject({
          answer: { status: 400, body: { code: 'TEXT_PROFANITY' } },
        });
      }
      for (const text of CONTACT_DETAILS) {
        expect({ route: route.name, text, answer: await route.send(text) }).toMatchObject({
          answer: { status: 400, body: { code: 'TEXT_CONTACT_DETAILS' } },
        });
      }
      // A review's reply is written once: the innocent texts last, the first one stored.
      const innocent = route.name === 'reply to a review' ? INNOCENT.slice(0, 1) : INNOCENT;
      for (const text of innocent) {
        const answer = await route.send(text);
        expect({ route: route.name, text, accepted: answer.status < 300, answer: answer.body }).toMatchObject(
          { route: route.name, text, accepted: true },
        );
      }
    },
    60_000,
  );

  it('the contact form to the staff refuses profanity but takes the sender’s own phone and e-mail', async () => {
    const contact = (message: string) =>
      post('/contact/', { name: 'Rahim Uddin', email: 'rahim@example.com', message });
    for (const text of PROFANE)
      expect({ text, answer: await contact(text) }).toMatchObject({
        answer: { status: 400, body: { code: 'TEXT_PROFANITY' } },
      });
    for (const text of [...CONTACT_DETAILS, ...INNOCENT])
      expect({ text, status: (await contact(text)).status }).toEqual({ text, status: 201 });
  }, 60_000);
});
