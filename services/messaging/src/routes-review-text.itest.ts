/**
 * What users write is stored as plain text by one sanitiser (issue 50, decision 0064), and a
 * public review names its writer by name and photo, not by user id:
 * - a review, a lesson question and its answer, a contact message, a message to an instructor and its reply with nested markup
 *   (`<<x>script>…`), escaped markup and a right-to-left override come back as plain text, while
 *   `a < b`, `I <3 guitar`, `&` and Bengali are kept as typed (not HTML-escaped);
 * - the public review list carries the reviewer's name and a photo thumbnail (a data: URL), and
 *   nowhere their user id; the back office's list still has it.
 * On messaging running alone (issue 52), with the services its flows need beside it: the catalogue
 * (courses; the instructor's bio is asked of its own port), commerce (the enrolment) and learning
 * (lessons and progress).
 */
import path from 'node:path';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { waitFor } from '../../../tools/testing/wait';

const DEMO_INSTRUCTOR_PROFILE = '00000000-0000-4000-8000-000000000001';
const NESTED = '<<x>script>alert(2)<<x>/script>';
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';
/** Ordinary text that must survive as typed. */
const ORDINARY = 'a < b & I <3 guitar, চমৎকার র‍্যাব!';

describe('one plain-text sanitiser, and reviews named by name and photo, on messaging running alone', () => {
  let messaging: ServiceAlone;
  let admin: { token: string; id: string };
  let teacher: { token: string; id: string };
  let rafi: { token: string; id: string };
  let course: string;
  let lesson: string;

  // Each call to the service that serves it.
  const { get, post, login, signUpVerified, enrolFree } = gatewayApi((p) => messaging.baseFor(p));

  beforeAll(async () => {
    messaging = await startServiceAlone('messaging', { also: ['catalogue', 'commerce', 'learning'] });
    admin = await login('admin@taal.local', 'admin123');
    teacher = await login('instructor@taal.local', 'instructor123');

    // A student with a photo: signs up and verifies the address from the mail.
    rafi = await signUpVerified(path.join(messaging.dataDir, 'mail'), 'Rafi Ahmed', { prefix: 'reviewer', photoWidth: 400 });

    // Enrolled (a 100% voucher, the zero-cost order) with one lesson completed: may review.
    const courses = (await get('/course/')).body.data as { _id: string; instructor: string }[];
    course = courses.find((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)!._id;
    await enrolFree(admin.token, rafi, [course]);
    let lessons: { _id: string }[] = [];
    await waitFor(
      async () => {
        const data = (await get(`/course/secure-course/${course}`, rafi.token)).body.data;
        lessons = (data?.enrolment?.active && (data.lessons as { _id: string }[] | undefined)) || [];
        return lessons.length > 0;
      },
      'the enrolment and the demo lessons',
      { timeoutMs: 90_000 },
    );
    lesson = lessons[0]!._id;
    expect((await post(`/lesson/${lessons[0]!._id}/progress`, { position: 1, completed: true }, rafi.token)).status).toBeLessThan(300);
  }, 150_000);

  afterAll(async () => {
    await messaging?.stop();
  });

  it('stores a review as plain text: nested and escaped markup gone, the override removed, ordinary text as typed', async () => {
    const written = await post(`/review/course/${course}`, { rating: 4, text: `${NESTED}${ESCAPED}Lovely teacher\u202E, ${ORDINARY}` }, rafi.token);
    expect(written.status).toBe(201);
    expect(written.body.data.text).toBe(`Lovely teacher, ${ORDINARY}`);
    const listed = await get(`/review/course/${course}`);
    expect(listed.body.data.reviews.map((r: { text: string }) => r.text)).toEqual([`Lovely teacher, ${ORDINARY}`]);
    expect(JSON.stringify(listed.body)).not.toMatch(/<script|&lt;|\u202E/i);

    // The instructor's reply and an admin's reason go through the same sanitiser.
    const replied = await post(`/review/${written.body.data._id}/reply`, { reply: `${NESTED}Thanks\u2066!` }, teacher.token);
    expect([replied.status, replied.body.data.reply]).toEqual([200, 'Thanks!']);
  });

  it('names a reviewer by name and photo in the public list, never by user id; the back office still sees the id', async () => {
    const listed = await get(`/review/course/${course}`);
    expect(listed.status).toBe(200);
    const [review] = listed.body.data.reviews as Record<string, unknown>[];
    expect(review).toMatchObject({ name: 'Rafi Ahmed', rating: 4 });
    expect(review).not.toHaveProperty('user');
    expect(review!.photo).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(String(review!.photo).length).toBeLessThan(32_000);
    expect(JSON.stringify(listed.body)).not.toContain(rafi.id);
    // The student's own view and the instructor's reply answer no id either.
    const mine = await get(`/review/course/${course}/mine`, rafi.token);
    expect(mine.body.data.review).not.toHaveProperty('user');
    expect(mine.body.data.review.photo).toBe(review!.photo);
    const recent = await get('/review/recent', admin.token);
    expect((recent.body.data as { user: string; _id: string }[]).find((r) => r._id === review!._id)?.user).toBe(rafi.id);
  });

  it('stores lesson questions and answers as plain text: the right-to-left override does not reach the thread (or the answer mail)', async () => {
    const asked = await post(`/questions/course/${course}/lesson/${lesson}`, { body: `${NESTED}Why\u202E txt.exe ${ORDINARY}?` }, rafi.token);
    expect([asked.status, asked.body.data?.body]).toEqual([201, `Why txt.exe ${ORDINARY}?`]);
    const answered = await post(`/questions/${asked.body.data._id}/answer`, { body: `${ESCAPED}Because\u2067 ${ORDINARY}` }, teacher.token);
    expect(answered.status).toBe(200);
    expect(answered.body.data.answers.map((a: { body: string }) => a.body)).toEqual([`Because ${ORDINARY}`]);
  });

  it('stores contact messages, messages to instructors and replies as plain text too', async () => {
    const contact = await post('/contact/', { name: 'Mitu Das', email: 'mitu@example.com', message: `${NESTED}Hello\u202E ${ORDINARY}` });
    expect(contact.status).toBe(201);
    const contacts = (await get('/contact/general/', admin.token)).body.data as { _id: string; message: string }[];
    expect(contacts.find((m) => m._id === contact.body.data._id)?.message).toBe(`Hello ${ORDINARY}`);

    const sent = await post('/contact/instructor/', { to: DEMO_INSTRUCTOR_PROFILE, message: `${ESCAPED}${NESTED}Question\u200B about ${ORDINARY}` }, rafi.token);
    expect([sent.status, sent.body.data?.message]).toEqual([201, `Question about ${ORDINARY}`]);
    const reply = await post(`/contact/r/${sent.body.data._id}`, { reply: `${NESTED}Sure\u202E, ${ORDINARY}` }, teacher.token);
    expect(reply.status).toBeLessThan(300);
    const answered = (await get(`/contact/u/p/${rafi.id}`, rafi.token)).body.data as { _id: string; reply: string }[];
    expect(answered.find((m) => m._id === sent.body.data._id)?.reply).toBe(`Sure, ${ORDINARY}`);
  });

  it("keeps an instructor's bio as its allow-listed HTML, with the same characters removed (no override, no zero-width space)", async () => {
    const form = new FormData();
    form.append('bio', `<p><b>Session</b> guitar\u202Eist\u200B, ${ORDINARY.replace('<', '&lt;')}</p>${NESTED}`);
    // The bio is the catalogue's: asked of its own port.
    const bioRoute = `/instructor/${DEMO_INSTRUCTOR_PROFILE}/`;
    const res = await fetch(`${messaging.baseFor(bioRoute)}/api/v1${bioRoute}`, { method: 'POST', headers: { authorization: `Bearer ${teacher.token}` }, body: form });
    expect(res.status).toBe(200);
    const bio = ((await res.json()) as { data: { bio: string } }).data.bio;
    expect(bio).toBe('<p><b>Session</b> guitarist, a &lt; b &amp; I &lt;3 guitar, চমৎকার র‍্যাব!</p>&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(bio).not.toMatch(/[\u202E\u200B]|<script/);
  });
});
