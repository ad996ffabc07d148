// The theory exam and the certificate gate in the browser against the real all-in-one (issue 53,
// decisions 0072 and 0073):
// - the demo instructor writes the exam of their course in the panel's Exams tab: in English and
//   Bengali, a single-choice question with an audio clip (a WAV this test makes with ffmpeg,
//   uploaded and checked by the server) and a multiple-choice one; pass mark 100 %, 3 attempts;
// - the demo student owns the course (a 100% voucher) and has completed every lesson; on the
//   course view the certificate is refused until the exam is passed; they fail the exam (score and
//   the question answered wrongly shown), retry in Bengali and pass, then ask for the certificate;
// - the admin provides it and sees the grade in the certificate list; its public check page names
//   the theory exam and its date.
// Screenshots in en and bn go to /tmp/shots-theory-exam/ (SHOTS_DIR).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { api, apiGet, completeEveryLesson, DEMO, dhakaDay, loginByApi, openPage, toastWith, useE2E, useSession, waitForEnrolment } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-theory-exam';
const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { call } = api(e2e);

async function openCourse(page: Page, id: string, lng: 'en' | 'bn') {
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
  await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(id)}`);
  await page.waitForFunction((l) => document.documentElement.lang === l, lng);
  await page.waitForSelector('[data-testid="theory-exam"]');
}

test('an instructor writes an exam with an audio question; a student fails, retries, passes and gets the certificate; en and bn', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const teacher = await loginByApi(e2e.baseUrl, DEMO.instructor);
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const me = await call<{ instructor: string }>('GET', 'user/me', teacher.token);
  const course = (await apiGet<{ _id: string; title: string; instructor: string }[]>(e2e.baseUrl, 'course/')).find((c) => c.instructor === me.instructor)!;
  const wav = path.join(os.tmpdir(), `taal-exam-${Date.now()}.wav`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=261.6:duration=2', wav]);

  const { page, errors } = await openPage(e2e.browser);
  // ---- The instructor writes the exam in the panel. ----
  await useSession(page, e2e.baseUrl, teacher, { clear: true, lang: 'en' });
  await page.goto(`${e2e.baseUrl}/instructorpanel?tab=6`);
  await page.selectOption('[data-testid="exam-course"]', course._id);
  await page.waitForSelector('[data-testid="exam-editor"]');
  await page.fill('[data-testid="exam-edit-pass"]', '100');
  const q1 = page.locator('[data-testid="exam-edit-question"]').nth(0);
  await q1.locator('[data-testid="exam-edit-text-en"]').fill('Listen: which chord is this?');
  await q1.locator('[data-testid="exam-edit-text-bn"]').fill('শুনুন: এটি কোন কর্ড?');
  await q1.locator('[data-testid="exam-edit-audio"]').setInputFiles(wav);
  await q1.locator('[data-testid="exam-edit-audio-done"] audio').waitFor();
  for (const [j, en, bn] of [[0, 'C major', 'সি মেজর'], [1, 'A minor', 'এ মাইনর']] as const) {
    await q1.locator(`[data-testid="exam-edit-option-en-${j}"]`).fill(en);
    await q1.locator(`[data-testid="exam-edit-option-bn-${j}"]`).fill(bn);
  }
  await q1.locator('[data-testid="exam-edit-correct-0"]').check();
  await page.click('[data-testid="exam-edit-add-question"]');
  const q2 = page.locator('[data-testid="exam-edit-question"]').nth(1);
  await q2.locator('[data-testid="exam-edit-kind"]').selectOption('multiple');
  await q2.locator('[data-testid="exam-edit-text-en"]').fill('Which notes are in a C major chord?');
  await q2.locator('[data-testid="exam-edit-text-bn"]').fill('সি মেজর কর্ডে কোন স্বরগুলো আছে?');
  await q2.locator('[data-testid="exam-edit-add-option"]').click();
  for (const [j, en, bn] of [[0, 'C', 'সি'], [1, 'E', 'ই'], [2, 'F sharp', 'এফ শার্প']] as const) {
    await q2.locator(`[data-testid="exam-edit-option-en-${j}"]`).fill(en);
    await q2.locator(`[data-testid="exam-edit-option-bn-${j}"]`).fill(bn);
  }
  await q2.locator('[data-testid="exam-edit-correct-0"]').check();
  await q2.locator('[data-testid="exam-edit-correct-1"]').check();
  await page.click('[data-testid="exam-edit-save"]');
  await toastWith(page, 'Exam saved');
  await shot(page, 'instructor-exam-editor-en');
  const saved = await call<{ passPercent: number; questions: { audioUrl: string; options: { correct: boolean }[] }[] }>('GET', `courses/${course._id}/exam`, teacher.token);
  expect(saved.passPercent).toBe(100);
  expect(saved.questions[0]!.audioUrl).toMatch(/^\/api\/v1\/exam-audio\/.+\.m4a$/);
  expect(saved.questions.map((q) => q.options.map((o) => o.correct))).toEqual([[true, false], [true, true, false]]);
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'bn'));
  await page.reload();
  await page.selectOption('[data-testid="exam-course"]', course._id);
  await page.waitForSelector('[data-testid="exam-edit-question"] >> nth=1');
  await page.waitForFunction(() => document.documentElement.lang === 'bn');
  expect(await page.textContent('[data-testid="exam-edit-save"]')).toBe('পরীক্ষা সংরক্ষণ করুন');
  await shot(page, 'instructor-exam-editor-bn');

  // ---- The student owns the course and has completed every lesson. ----
  const code = `EXAM${Date.now().toString(36).toUpperCase()}`;
  await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 100, useLimit: 1, expireDate: dhakaDay(3) });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' });
  const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0, cuponCode: code });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, {});
  await waitForEnrolment(e2e, course._id, student.token);
  await completeEveryLesson(e2e, course._id, student.token);

  await useSession(page, e2e.baseUrl, student, { clear: true, lang: 'en' });
  // Every exam answer the student's browser receives, read for the key.
  const examBodies: Promise<string>[] = [];
  page.on('response', (r) => {
    if (/\/api\/v1\/(classroom\/[^/]+\/exam|exam-attempts\/)/.test(r.url())) examBodies.push(r.text().catch(() => ''));
  });
  await openCourse(page, course._id, 'en');
  // The certificate is refused before the exam is passed.
  await page.click('[data-testid="certificate-ask"]');
  await toastWith(page, 'Pass the course’s theory exam first, then ask for your certificate');
  expect(await page.locator('[data-testid="certificate-state"]').count()).toBe(0);

  // First attempt: the multiple-choice question answered with one of its two notes.
  await page.click('[data-testid="exam-start"]');
  await page.waitForSelector('[data-testid="exam-form"]');
  expect(await page.locator('[data-testid="exam-audio"]').getAttribute('src')).toBe(saved.questions[0]!.audioUrl);
  expect(await page.evaluate(async (src) => (await fetch(src!)).headers.get('content-type'), saved.questions[0]!.audioUrl)).toBe('audio/mp4');
  await page.check('[data-testid="exam-option-0-0"]');
  await page.check('[data-testid="exam-option-1-0"]');
  await page.click('[data-testid="exam-submit"]');
  await page.waitForSelector('[data-testid="exam-result"][data-passed="false"]');
  expect(await page.textContent('[data-testid="exam-score"]')).toBe('Your score: 50%');
  expect(await page.textContent('[data-testid="exam-wrong"]')).toBe('Questions answered wrongly: 2');
  expect(await page.textContent('[data-testid="exam-attempts-left"]')).toBe('Attempts left: 2');
  await page.locator('[data-testid="theory-exam"]').scrollIntoViewIfNeeded();
  await shot(page, 'student-exam-failed-en', { fullPage: false });

  // Second attempt, in Bengali: passed.
  await openCourse(page, course._id, 'bn');
  await page.click('[data-testid="exam-start"]');
  await page.waitForSelector('[data-testid="exam-form"]');
  expect(await page.locator('[data-testid="exam-question"]').first().textContent()).toContain('শুনুন: এটি কোন কর্ড?');
  await page.locator('[data-testid="exam-form"]').scrollIntoViewIfNeeded();
  await shot(page, 'student-exam-open-bn', { fullPage: false });
  await page.check('[data-testid="exam-option-0-0"]');
  await page.check('[data-testid="exam-option-1-0"]');
  await page.check('[data-testid="exam-option-1-1"]');
  await page.click('[data-testid="exam-submit"]');
  await page.waitForSelector('[data-testid="exam-result"][data-passed="true"]');
  expect(await page.textContent('[data-testid="exam-score"]')).toBe('আপনার নম্বর: ১০০%');
  await page.waitForSelector('[data-testid="exam-passed"]');
  await page.locator('[data-testid="theory-exam"]').scrollIntoViewIfNeeded();
  await shot(page, 'student-exam-passed-bn', { fullPage: false });

  const bodies = await Promise.all(examBodies);
  expect(bodies.length).toBeGreaterThanOrEqual(6);
  expect(bodies.filter((b) => /"correct"/.test(b))).toEqual([]);

  // Now the certificate is granted; the admin provides it; its check page names the exam.
  await page.click('[data-testid="certificate-ask"]');
  await page.waitForSelector('[data-testid="certificate-state"][data-state="asked"]');
  const [mine] = await call<{ _id: string; courseId: string; exams: { kind: string; passedAt: string }[] }[]>('GET', 'certificates/mine', student.token);
  expect(mine).toMatchObject({ courseId: course._id, exams: [{ kind: 'theory' }] });
  await call('GET', `user/certificate/${mine!._id}`, admin.token);
  // The admin's certificate list shows the grade.
  await useSession(page, e2e.baseUrl, admin, { clear: true, lang: 'en' });
  await page.goto(`${e2e.baseUrl}/admincertificatelist?status=provided`); // provided above: the Provided tab (decision 0084)
  const cell = page.locator('[data-testid="certificates-table"] [data-testid="table-row"]', { hasText: course.title }).locator('[data-testid="certificate-exams"]');
  expect(await cell.textContent()).toMatch(/^theory exam: 100% on .+$/);
  await shot(page, 'admin-certificates-en');
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'bn'));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === 'bn');
  expect(await cell.textContent()).toMatch(/^তাত্ত্বিক পরীক্ষা: .+ তারিখে ১০০%$/);
  await shot(page, 'admin-certificates-bn');
  await useSession(page, e2e.baseUrl, null, { clear: true, lang: 'en' });
  await page.goto(`${e2e.baseUrl}/certificate/${mine!._id}`);
  await page.waitForSelector('[data-testid="certificate-exam"]');
  expect(await page.textContent('[data-testid="certificate-exam"]')).toMatch(/^Passed the theory exam on .+ with 100%$/);
  await shot(page, 'certificate-check-en');
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'bn'));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === 'bn');
  await page.waitForSelector('[data-testid="certificate-exam"]');
  expect(await page.textContent('[data-testid="certificate-exam"]')).toMatch(/১০০% নম্বর পেয়ে তাত্ত্বিক পরীক্ষায় পাস করেছেন$/);
  await shot(page, 'certificate-check-bn');
  expect(errors).toEqual([]);
}, 240_000);
