/**
 * Theory exams and the certificate gate on learning running alone (issues 53 and 52, decisions
 * 0072 and 0073), with the catalogue (the courses), commerce (enrolling) and messaging (the
 * sign-up mail) beside it: the course's instructor writes an exam with an audio question (a WAV
 * checked with ffprobe, stored as AAC); no answer the student reads carries the key; attempts
 * beyond the limit are refused in en and bn; a 50-way parallel submission grades once; a
 * certificate is refused before the pass and granted after, and its check page names the exam.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { refusalText } from '@taal/contracts';
import { waitFor } from '../../../tools/testing/wait';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

describe('theory exams and the certificate gate on learning running alone', () => {
  let learning: ServiceAlone;
  let admin: { token: string };
  let teacher: { token: string };
  let student: { token: string; id: string; email: string };
  let courseId: string;
  let otherCourseId: string;
  let lessons: { _id: string }[];
  let audioUrl: string;
  // Each call to the service that serves it (sign-in and sign-up: identity; courses: the catalogue; enrolling: commerce).
  const baseFor = (p: string) => learning.baseFor(p);
  const { get, post, request, login, signUpVerified, enrolFree } = gatewayApi(baseFor);
  const put = (p: string, body: unknown, token: string) => request('PUT', p, body, token);
  const option = (en: string, bn: string, correct = false) => ({ textEn: en, textBn: bn, correct });
  /** Every key that could name a right answer, anywhere in a body the student reads. */
  const leaksKey = (body: unknown) => /"correct"|"isCorrect"|"answerKey"|"rightOptions"/.test(JSON.stringify(body));

  beforeAll(async () => {
    learning = await startServiceAlone('learning', { also: ['catalogue', 'commerce', 'messaging'] });
    admin = await login('admin@taal.local', 'admin123');
    teacher = await login('instructor@taal.local', 'instructor123');
    const profile = (await get('/user/me', teacher.token)).body.data.instructor as string;
    const courses = (await get('/course/')).body.data as { _id: string; instructor: string }[];
    courseId = courses.find((c) => c.instructor === profile)!._id;
    otherCourseId = courses.find((c) => c.instructor !== profile)!._id;
    await waitFor(async () => ((await get(`/course/secure-course/${courseId}`)).body.data?.lessons?.length ?? 0) === 4, 'demo lessons', { timeoutMs: 60_000 });
    lessons = (await get(`/course/secure-course/${courseId}`)).body.data.lessons;
    student = await signUpVerified(path.join(learning.dataDir, 'mail'), 'Exam Student');
    await enrolFree(admin.token, student, [courseId]);
  }, 180_000);

  afterAll(async () => {
    await learning?.stop();
  });

  it("lets the course's instructor upload an audio clip (checked as real audio) and write the exam; not another's course, nor a student", async () => {
    const wav = path.join(learning.dataDir, 'chord.wav');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=261.6:duration=2', wav]);
    const form = new FormData();
    form.append('audio', new Blob([readFileSync(wav)], { type: 'audio/wav' }), 'chord.wav');
    const uploaded = await post(`/courses/${courseId}/exam/media`, form, teacher.token);
    expect(uploaded).toMatchObject({ status: 201, body: { data: { kind: 'audio' } } });
    audioUrl = uploaded.body.data.url;
    const clip = await fetch(learning.urlOf(audioUrl));
    expect([clip.status, clip.headers.get('content-type')]).toEqual([200, 'audio/mp4']);
    expect(Buffer.from(await clip.arrayBuffer()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    // A text file called .wav is not audio.
    const fake = new FormData();
    fake.append('audio', new Blob(['not a sound']), 'fake.wav');
    expect(await post(`/courses/${courseId}/exam/media`, fake, teacher.token)).toMatchObject({ status: 400, body: { reason: 'NOT_AN_AUDIO_CLIP' } });

    const exam = {
      language: 'both',
      passPercent: 100,
      maxAttempts: 2,
      questions: [
        { kind: 'single', textEn: 'Which chord is this?', textBn: 'এটি কোন কর্ড?', imageUrl: '', audioUrl, options: [option('C major', 'সি মেজর', true), option('A minor', 'এ মাইনর')] },
        { kind: 'multiple', textEn: 'Which notes are in C major?', textBn: 'সি মেজরে কোন স্বরগুলো আছে?', imageUrl: '', audioUrl: '', options: [option('C', 'সি', true), option('E', 'ই', true), option('F#', 'এফ শার্প')] },
      ],
    };
    expect(await put(`/courses/${otherCourseId}/exam`, exam, teacher.token)).toMatchObject({ status: 403, body: { reason: 'NOT_YOUR_COURSE_EXAM' } });
    expect((await put(`/courses/${courseId}/exam`, exam, student.token)).status).toBe(403);
    expect((await get(`/courses/${courseId}/exam`, student.token)).status).toBe(403);
    const saved = await put(`/courses/${courseId}/exam`, exam, teacher.token);
    expect(saved).toMatchObject({ status: 200, body: { message: 'Exam saved', data: { language: 'both', maxAttempts: 2 } } });
    expect((await get(`/courses/${courseId}/exam`, admin.token)).body.data.questions[0].options[0].correct).toBe(true);
  });

  it('refuses the exam and the certificate before every lesson is complete; no student read carries the key', async () => {
    const email = student.email;
    const before = await get(`/classroom/${courseId}/exam`, student.token);
    expect(before).toMatchObject({ status: 200, body: { data: { lessonsComplete: false, questions: [], attemptsLeft: 2 } } });
    expect(leaksKey(before.body)).toBe(false);
    const early = await request('POST', `/classroom/${courseId}/exam/attempts`, undefined, student.token);
    expect(early).toMatchObject({ status: 409, body: { reason: 'EXAM_NEEDS_ALL_LESSONS' } });
    for (const l of lessons) expect((await post(`/lesson/${l._id}/progress`, { position: 1, completed: true }, student.token)).status).toBe(200);
    // Every lesson complete, the exam not passed: the gate refuses the certificate.
    expect(await get(`/course/certificate/${email}/${courseId}/X`, student.token)).toMatchObject({ status: 400, body: { reason: 'CERTIFICATE_NEEDS_EXAM' } });
    const started = await post(`/classroom/${courseId}/exam/attempts`, {}, student.token);
    expect(started).toMatchObject({ status: 200, body: { data: { attempts: [{ number: 1, submittedAt: '' }] } } });
    expect(started.body.data.questions[0]).toMatchObject({ textEn: 'Which chord is this?', textBn: 'এটি কোন কর্ড?', audioUrl });
    expect(leaksKey(started.body)).toBe(false);
    expect(leaksKey((await get(`/classroom/${courseId}/exam`, student.token)).body)).toBe(false);
  });

  it('grades a 50-way parallel submission once, shows the wrong questions, and refuses attempts beyond the limit in en and bn', async () => {
    const exam = (await get(`/classroom/${courseId}/exam`, student.token)).body.data;
    const [q1, q2] = exam.questions as { id: string }[];
    const wrong = { answers: [{ questionId: q1!.id, chosen: [0] }, { questionId: q2!.id, chosen: [0] }] };
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(`/exam-attempts/${exam.openAttemptId}/submit`, wrong, student.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.body.data.gradedNow)).toHaveLength(1);
    expect(answers[0]!.body.data).toMatchObject({ scorePercent: 50, passed: false, wrongQuestionIds: [q2!.id] });
    expect(leaksKey(answers[0]!.body)).toBe(false);
    const after = (await get(`/classroom/${courseId}/exam`, student.token)).body.data;
    expect([after.attempts.length, after.attemptsLeft]).toEqual([1, 1]);

    // The second and last attempt, failed; the third is refused with the catalogue's texts.
    const second = (await post(`/classroom/${courseId}/exam/attempts`, {}, student.token)).body.data;
    await post(`/exam-attempts/${second.openAttemptId}/submit`, { answers: [] }, student.token);
    const refused = await post(`/classroom/${courseId}/exam/attempts`, {}, student.token);
    expect(refused).toMatchObject({ status: 409, body: { reason: 'EXAM_NO_ATTEMPTS_LEFT', message: 'You have used all 2 attempts at this exam' } });
    // The screens translate by key with the refusal's params (decision 0026).
    expect(refusalText('EXAM_NO_ATTEMPTS_LEFT', 'bn', refused.body.params)).toBe('আপনি এই পরীক্ষার 2টি সুযোগের সবগুলো ব্যবহার করেছেন');
  });

  it('grants the certificate once the exam is passed, and its check page names the exam', async () => {
    // The instructor gives one more attempt; the student passes.
    const exam = (await get(`/courses/${courseId}/exam`, teacher.token)).body.data;
    expect((await put(`/courses/${courseId}/exam`, { ...exam, maxAttempts: 3, courseId: undefined, updatedAt: undefined }, teacher.token)).status).toBe(200);
    const open = (await post(`/classroom/${courseId}/exam/attempts`, {}, student.token)).body.data;
    const [q1, q2] = open.questions as { id: string }[];
    const passed = await post(`/exam-attempts/${open.openAttemptId}/submit`, { answers: [{ questionId: q1!.id, chosen: [0] }, { questionId: q2!.id, chosen: [1, 0] }] }, student.token);
    expect(passed.body.data).toMatchObject({ scorePercent: 100, passed: true, wrongQuestionIds: [] });
    expect((await post(`/classroom/${courseId}/exam/attempts`, {}, student.token)).body.reason).toBe('EXAM_ALREADY_PASSED');

    const asked = await get(`/course/certificate/${student.email}/${courseId}/X`, student.token);
    expect(asked).toMatchObject({ status: 200, body: { data: { status: 'success', certificate: { exams: [{ kind: 'theory', scorePercent: 100, passedAt: passed.body.data.submittedAt }] } } } });
    const id = asked.body.data.certificate._id as string;
    expect((await get(`/user/certificate/${id}`, admin.token)).status).toBe(200);
    expect((await get(`/certificate/${id}`)).body.data).toMatchObject({ valid: true, exams: [{ kind: 'theory', passedAt: passed.body.data.submittedAt }] });
  });

  it('keeps the lessons-only rule for a course with no exam', async () => {
    const other = await signUpVerified(path.join(learning.dataDir, 'mail'), 'No Exam Student');
    await enrolFree(admin.token, other, [otherCourseId]);
    await waitFor(async () => ((await get(`/course/secure-course/${otherCourseId}`)).body.data?.lessons?.length ?? 0) === 4, 'demo lessons', { timeoutMs: 60_000 });
    const its = (await get(`/course/secure-course/${otherCourseId}`)).body.data.lessons as { _id: string }[];
    for (const l of its) await post(`/lesson/${l._id}/progress`, { position: 1, completed: true }, other.token);
    expect(await get(`/course/certificate/${other.email}/${otherCourseId}/X`, other.token)).toMatchObject({ status: 200, body: { data: { certificate: { exams: [] } } } });
  });
});
