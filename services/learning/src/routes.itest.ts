/**
 * Lessons and video on learning running alone (spec §7 `course/secure-course/`, `video/{filename}`;
 * issues 9 and 52), with the catalogue (the courses) and commerce (a purchase) beside it: who may
 * play which lesson, signed video URLs (none, expired, or for another lesson: 403), HTTP Range
 * requests (206, 416), a purchase that unlocks the paid lessons, the classroom and the back
 * office's expired subscriptions and lesson rename. Users sign in on identity's own port.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { signGrant } from '@taal/kit';
import { waitFor } from '../../../tools/testing/wait';
import { gatewayApi, type Json } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

type Lesson = { _id: string; status: string; filename: string; playable: boolean; size: number };

describe('lessons and video on learning running alone', () => {
  let learning: ServiceAlone;
  let adminToken: string;
  let student: { token: string; id: string };
  let courseId: string;
  let lessons: Lesson[];

  // Each call to the service that serves it (sign-in: identity; the course list: the catalogue; the purchase: commerce).
  const baseFor = (p: string) => learning.baseFor(p);
  const { get, post, login } = gatewayApi(baseFor);
  /** The full address of a path under /api/v1 (a video URL), on the service that serves it. */
  const at = (url: string) => learning.urlOf(url);
  const playUrl = async (lessonId: string, token?: string) => (await get(`/lesson/${lessonId}/playback`, token)).body.data.url as string;

  beforeAll(async () => {
    learning = await startServiceAlone('learning', { also: ['catalogue', 'commerce'] });
    adminToken = (await login('admin@taal.local', 'admin123')).token;
    student = await login('student@taal.local', 'student123');
    const courses = (await get('/course/')).body.data as { _id: string; priceSilver: { price: number } | null }[];
    courseId = courses.find((c) => (c.priceSilver?.price ?? 0) > 0)!._id;
    // The demo seed runs beside start-up; wait for this course's lessons.
    await waitFor(async () => ((await get(`/course/secure-course/${courseId}`)).body.data?.lessons?.length ?? 0) === 4, 'demo lessons', { timeoutMs: 60_000 });
    lessons = (await get(`/course/secure-course/${courseId}`)).body.data.lessons;
  }, 120_000);

  afterAll(async () => {
    await learning?.stop();
  });

  it('shows a visitor the open lesson only, and refuses the others with the spec’s messages', async () => {
    expect(lessons.map((l) => [l.status, l.playable])).toEqual([['open', true], ['login', false], ['paid', false], ['paid', false]]);
    expect((await get(`/lesson/${lessons[0]!._id}/playback`)).status).toBe(200);
    expect(await get(`/lesson/${lessons[1]!._id}/playback`)).toMatchObject({ status: 401, body: { message: 'Please login first', reason: 'LOGIN_FIRST' } });
    expect(await get(`/lesson/${lessons[2]!._id}/playback`)).toMatchObject({ status: 403, body: { success: false, message: 'Purchase the course First!!', code: 'PURCHASE_FIRST', reason: 'PURCHASE_FIRST' } });
    expect(await get(`/lesson/${lessons[2]!._id}/playback`, student.token)).toMatchObject({ status: 403, body: { message: 'Purchase the course First!!' } });
    expect((await get(`/lesson/${lessons[1]!._id}/playback`, student.token)).status).toBe(200);
  });

  it("lets an instructor play the paid lessons of their own courses only (the token names the instructor's profile)", async () => {
    const teacher = await login('instructor@taal.local', 'instructor123');
    const profile = (await get('/user/me', teacher.token)).body.data.instructor as string;
    expect(profile).toMatch(/\S/);
    const courses = (await get('/course/')).body.data as { _id: string; instructor: string }[];
    const own = courses.find((c) => c.instructor === profile)!;
    const others = courses.find((c) => c.instructor !== own.instructor)!;
    const paidOf = async (id: string) => {
      await waitFor(async () => ((await get(`/course/secure-course/${id}`)).body.data?.lessons?.length ?? 0) === 4, 'demo lessons', { timeoutMs: 60_000 });
      return ((await get(`/course/secure-course/${id}`)).body.data.lessons as { _id: string; status: string }[]).find((l) => l.status === 'paid')!;
    };
    expect((await get(`/lesson/${(await paidOf(own._id))._id}/playback`, teacher.token)).status).toBe(200);
    expect(await get(`/lesson/${(await paidOf(others._id))._id}/playback`, teacher.token)).toMatchObject({ status: 403, body: { message: 'Purchase the course First!!' } });
  });

  it('streams with HTTP ranges (206, Content-Range, 416) for a valid signed URL only', async () => {
    const url = await playUrl(lessons[0]!._id);
    const whole = await fetch(at(url));
    expect([whole.status, whole.headers.get('accept-ranges'), whole.headers.get('content-type')]).toEqual([200, 'bytes', 'video/mp4']);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(lessons[0]!.size);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp'); // a real MP4

    const middle = Math.floor(bytes.length / 2);
    const part = await fetch(at(url), { headers: { range: `bytes=${middle}-${middle + 999}` } });
    expect([part.status, part.headers.get('content-range'), part.headers.get('content-length')]).toEqual([206, `bytes ${middle}-${middle + 999}/${bytes.length}`, '1000']);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(middle, middle + 1000))).toBe(true);
    const tail = await fetch(at(url), { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const past = await fetch(at(url), { headers: { range: `bytes=${bytes.length}-` } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${bytes.length}`]);

    // No token, a token for another lesson's file, and an expired one: 403.
    const filename = lessons[0]!.filename;
    expect((await fetch(at(`/api/v1/video/${filename}`))).status).toBe(403);
    const other = await playUrl(lessons[1]!._id, student.token);
    expect((await fetch(at(`/api/v1/video/${filename}?${other.split('?')[1]}`))).status).toBe(403);
    const expired = await signGrant(
      learning.keyRing.issuerFor('learning'),
      { audience: 'taal-video', subject: lessons[0]!._id, claims: { file: filename }, ttlSeconds: 60 },
      Date.now() - 3_600_000,
    );
    expect((await fetch(at(`/api/v1/video/${filename}?token=${expired}`))).status).toBe(403);
    // A grant for this file signed by another service's key is no video URL either.
    const forged = await signGrant(learning.keyRing.issuerFor('catalogue'), { audience: 'taal-video', subject: lessons[0]!._id, claims: { file: filename }, ttlSeconds: 60 });
    expect((await fetch(at(`/api/v1/video/${filename}?token=${forged}`))).status).toBe(403);
  });

  it('unlocks the paid lessons once the student’s order is paid, and shows the course in the classroom', async () => {
    const code = `LEARN${randomUUID().slice(0, 6).toUpperCase()}`;
    expect((await post('/cart/cupon', { cuponCode: code, discount: 100, useLimit: 5, expireDate: '2099-01-01' }, adminToken)).status).toBe(201);
    await post('/cart/', { user: student.id, course: courseId, tier: 'silver' }, student.token);
    const order = (await post('/order', { userId: student.id, amount: 0, cuponCode: code }, student.token)).body.data;
    expect((await post(`/cart/zero-cart/${student.id}/${order._id}`, { value_c: order._id }, student.token)).status).toBe(200);

    // Learning hears commerce.order.paid.
    await waitFor(async () => (await get(`/course/secure-course/${courseId}`, student.token)).body.data.enrolment?.active === true, 'the enrolment');
    const mine = (await get(`/course/secure-course/${courseId}`, student.token)).body.data;
    expect(mine.lessons.map((l: Lesson) => l.playable)).toEqual([true, true, true, true]);
    const url = await playUrl(lessons[2]!._id, student.token);
    expect((await fetch(at(url), { headers: { range: 'bytes=0-99' } })).status).toBe(206);

    expect((await post(`/lesson/${lessons[2]!._id}/progress`, { position: 3.5, practicedSeconds: 120 }, student.token)).status).toBe(200);
    const classroom = (await get(`/classroom/${student.id}`, student.token)).body.data;
    expect(classroom).toEqual([expect.objectContaining({ lessons: 4, practiceSeconds: 120, enrolment: expect.objectContaining({ course: courseId, active: true }) })]);
    expect((await get(`/classroom/${student.id}`, adminToken)).status).toBe(403);
    expect((await get(`/course-invalidate`, adminToken)).status).toBe(200);
    expect((await get(`/course-invalidate`, student.token)).status).toBe(403);
  });

  it("renames a lesson from the back office: 'lesson name updated successfully'", async () => {
    expect(await post('/course/status/', { id: lessons[3]!._id, originalname: 'x' }, adminToken)).toMatchObject({ status: 400, body: { message: 'Please enter a title for the lesson', reason: 'LESSON_TITLE_REQUIRED' } });
    expect(await post('/course/status/', { id: lessons[3]!._id, originalname: 'Play-along in G' }, adminToken)).toMatchObject({
      status: 200,
      body: { message: 'lesson name updated successfully', data: { originalname: 'Play-along in G' } },
    });
    expect((await post('/course/status/', { id: lessons[3]!._id, originalname: 'Nope' }, student.token)).status).toBe(403);
  });

  it('certificate: the enrolled student asks, the admin provides it with a PDF, the public page verifies it', async () => {
    const email = 'student@taal.local';
    expect((await get(`/course/certificate/someone@else.example/${courseId}/X`, student.token)).status).toBe(403);
    // A certificate follows every lesson completed (decision 0042): refused before the last one.
    for (const [i, l] of lessons.entries()) {
      if (i === lessons.length - 1) {
        expect(await get(`/course/certificate/${email}/${courseId}/Anything`, student.token)).toMatchObject({ status: 400, body: { reason: 'CERTIFICATE_NEEDS_ALL_LESSONS' } });
      }
      expect((await post(`/lesson/${l._id}/progress`, { position: 1, completed: true }, student.token)).status).toBe(200);
    }
    const asked = await get(`/course/certificate/${email}/${courseId}/Anything`, student.token);
    expect(asked).toMatchObject({ status: 200, body: { data: { status: 'success', certificate: { provided: false } } } });
    expect((await get(`/course/certificate/${email}/${courseId}/Anything`, student.token)).body.data.status).toBe('pending');
    const id = asked.body.data.certificate._id as string;
    expect((await get(`/certificate/${id}`)).status).toBe(404);

    const list = await get('/user/certificatelist/work', adminToken);
    expect(list.body.data.certificates.map((c: { _id: string }) => c._id)).toContain(id);
    expect((await get('/user/certificatelist/work', student.token)).status).toBe(403);
    expect(await get(`/user/certificate/${id}`, adminToken)).toMatchObject({ status: 200, body: { message: 'Cetificate Provided Successfully!!', data: { provided: true } } });

    const verified = await get(`/certificate/${id}`);
    expect(verified).toMatchObject({ status: 200, body: { data: { valid: true, courseName: expect.any(String), userName: expect.any(String) } } });
    const pdf = await fetch(at(`/api/v1/certificate/${id}/pdf`));
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await get('/certificate/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('adds a lesson from an uploaded video (checked by ffprobe, stored fast-start) and refuses a file that is not a video', async () => {
    const upload = async (file: Blob, name: string, token: string, title = 'Scales in A minor') => {
      const form = new FormData();
      form.append('title', title);
      form.append('status', 'paid');
      form.append('video', file, name);
      const res = await fetch(at(`/api/v1/course/${courseId}/lessons`), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      return { status: res.status, body: (await res.json()) as Json };
    };
    // A WebM (VP8) clip made here: transcoded to H.264 MP4 on upload.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'taal-upload-'));
    try {
      const clip = path.join(dir, 'clip.webm');
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=2', '-c:v', 'libvpx', '-b:v', '200k', clip]);
      const video = new Blob([readFileSync(clip)], { type: 'video/webm' });
      expect((await upload(video, 'clip.webm', student.token)).status).toBe(403);
      const added = await upload(video, 'clip.webm', adminToken);
      expect(added).toMatchObject({ status: 201, body: { data: { originalname: 'Scales in A minor', status: 'paid', position: 5 } } });
      expect(added.body.data.duration).toBeGreaterThan(1.5);
      const stored = await fetch(at(await playUrl(added.body.data._id, adminToken)));
      const bytes = Buffer.from(await stored.arrayBuffer());
      // Fast-start: the index (moov) comes before the media data (mdat).
      expect(bytes.indexOf('moov')).toBeGreaterThan(0);
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

      const fake = new Blob([Buffer.from('this is not a video, only text renamed to .mp4\n'.repeat(200))], { type: 'video/mp4' });
      expect(await upload(fake, 'lesson.mp4', adminToken)).toMatchObject({ status: 400, body: { message: expect.stringContaining('not a video'), reason: 'NOT_A_VIDEO' } });
      expect(await upload(video, 'clip.webm', adminToken, 'x')).toMatchObject({ status: 400, body: { message: 'Please enter a title for the lesson' } });
      expect((await get(`/course/secure-course/${courseId}`)).body.data.lessons).toHaveLength(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

