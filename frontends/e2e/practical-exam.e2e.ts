// The practical exam in the browser against the real all-in-one (issue 53 item 2, decision 0079):
// - the demo instructor sets the brief of their course (en and bn) in the panel's Exams tab;
// - the demo student owns the course and has completed every lesson; a certificate is refused
//   until the practical passes; they record a performance with Chromium's fake microphone (a WAV
//   of a 440 Hz tone this test writes, fed by --use-file-for-fake-audio-capture), with the count-in
//   and the level meter, and submit it;
// - the instructor listens in the panel and fails it with a comment; the student sees the comment
//   (in Bengali) and submits again; the instructor passes it (in Bengali);
// - the certificate is granted; the admin provides it and sees the grades; its public check page
//   names the practical and its date.
// Screenshots in en and bn go to /tmp/shots-practical-exam/ (SHOTS_DIR).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { api, apiGet, completeEveryLesson, DEMO, dhakaDay, loginByApi, openPage, toastWith, useE2E, useSession, waitFor, waitForEnrolment } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-practical-exam';
const TONE = path.join(os.tmpdir(), `taal-practical-tone-${process.pid}.wav`);
const e2e = useE2E({
  shotsDir: SHOTS,
  browserArgs: () => {
    // A few seconds of a 440 Hz tone: what the fake microphone hears (Chromium loops it).
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-ac', '1', '-ar', '48000', TONE]);
    return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${TONE}`];
  },
});
const { shot } = e2e;
const { call } = api(e2e);

async function openCourse(page: Page, id: string, lng: 'en' | 'bn') {
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
  await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(id)}`);
  await page.waitForFunction((l) => document.documentElement.lang === l, lng);
  await page.waitForSelector('[data-testid="practical-exam"]');
}

/** The practical panel at the top of the window (under the sticky header), for a screenshot. */
async function showPractical(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.querySelector('[data-testid="practical-exam"]')!.getBoundingClientRect().top + window.scrollY - 80));
}

/** Records about three seconds after the count-in, watching the level meter move, and submits it. */
async function recordAndSubmit(page: Page, submitted: string) {
  await page.click('[data-testid="practical-record"]');
  await page.waitForSelector('[data-testid="practical-recorder"][data-state="counting"]');
  await page.waitForSelector('[data-testid="practical-recorder"][data-state="recording"]', { timeout: 10_000 });
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="practical-level"]')?.getAttribute('aria-valuenow')) > 5, null, { timeout: 10_000 });
  await page.waitForTimeout(2500);
  await page.click('[data-testid="practical-stop"]');
  await page.waitForSelector('[data-testid="practical-take"]');
  await page.click('[data-testid="practical-submit"]');
  await toastWith(page, submitted);
  await page.waitForSelector('[data-testid="practical-exam"][data-state="waiting"]');
}

/** The instructor's Exams tab with the waiting submission; graded pass or fail with a comment. */
async function grade(page: Page, lng: 'en' | 'bn', passed: boolean, comment: string) {
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
  await page.goto(`${e2e.baseUrl}/instructorpanel?tab=6`);
  await page.waitForFunction((l) => document.documentElement.lang === l, lng);
  const item = page.locator('[data-testid="practical-waiting-item"]');
  await item.waitFor();
  expect(await item.count()).toBe(1);
  // The performance plays through its signed URL (an MP4 of the recording).
  const src = await item.locator('[data-testid="practical-grade-media"]').getAttribute('src');
  expect(src).toMatch(/^\/api\/v1\/video\/[0-9a-f-]{36}\.mp4\?token=/);
  expect(await page.evaluate(async (u) => (await fetch(u!)).status, src)).toBe(200);
  expect(await page.evaluate(async (u) => (await fetch(u!.replace(/token=.*/, 'token=forged'))).status, src)).toBe(403);
  await item.locator('[data-testid="practical-grade-comment"]').fill(comment);
  await shot(page, `instructor-grading-${lng}`);
  await item.locator(`[data-testid="practical-grade-${passed ? 'pass' : 'fail'}"]`).click();
  await page.waitForSelector('[data-testid="practical-grading-none"]');
}

test('a student records a practical, the instructor fails it with a comment, the student submits again, it passes and the certificate names it; en and bn', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const teacher = await loginByApi(e2e.baseUrl, DEMO.instructor);
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const me = await call<{ instructor: string }>('GET', 'user/me', teacher.token);
  const course = (await apiGet<{ _id: string; title: string; instructor: string }[]>(e2e.baseUrl, 'course/')).find((c) => c.instructor === me.instructor)!;

  // One browser context per person (no session switched under a page still loading).
  const people = await Promise.all([openPage(e2e.browser), openPage(e2e.browser), openPage(e2e.browser), openPage(e2e.browser)]);
  const [teacherPage, studentPage, adminPage, visitorPage] = people.map((p) => p.page) as [Page, Page, Page, Page];
  await useSession(teacherPage, e2e.baseUrl, teacher, { clear: true, lang: 'en' });
  await useSession(studentPage, e2e.baseUrl, student, { clear: true, lang: 'en' });
  await useSession(adminPage, e2e.baseUrl, admin, { clear: true, lang: 'en' });
  let page = teacherPage;
  // ---- The instructor sets the practical exam's brief in the panel. ----
  await page.goto(`${e2e.baseUrl}/instructorpanel?tab=6`);
  await page.waitForSelector('[data-testid="practical-grading-none"]');
  await page.selectOption('[data-testid="exam-course"]', course._id);
  await page.waitForSelector('[data-testid="practical-editor"]');
  await page.check('[data-testid="practical-edit-enabled"]');
  await page.fill('[data-testid="practical-edit-brief-en"]', 'Play the first exercise at 80 BPM, with the count-in.');
  await page.fill('[data-testid="practical-edit-brief-bn"]', 'গুনে শুরু করে ৮০ বিপিএমে প্রথম অনুশীলনটি বাজান।');
  await page.click('[data-testid="practical-edit-save"]');
  await toastWith(page, 'Practical exam saved');
  await page.locator('[data-testid="practical-editor"]').scrollIntoViewIfNeeded();
  await shot(page, 'instructor-practical-brief-en', { fullPage: false });
  expect(await call('GET', `courses/${course._id}/practical`, teacher.token)).toMatchObject({ language: 'both', enabled: true });

  // ---- The student owns the course and has completed every lesson. ----
  const code = `PRAC${Date.now().toString(36).toUpperCase()}`;
  await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 100, useLimit: 1, expireDate: dhakaDay(3) });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' });
  const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0, cuponCode: code });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, {});
  await waitForEnrolment(e2e, course._id, student.token);
  await completeEveryLesson(e2e, course._id, student.token);

  page = studentPage;
  await openCourse(page, course._id, 'en');
  expect(await page.textContent('[data-testid="practical-brief"]')).toContain('Play the first exercise at 80 BPM');
  // The certificate is refused before the practical passes.
  await page.click('[data-testid="certificate-ask"]');
  await toastWith(page, 'Pass the course’s practical exam first, then ask for your certificate');
  await showPractical(page);
  await shot(page, 'student-practical-open-en', { fullPage: false });
  await recordAndSubmit(page, 'Submitted: your instructor will listen and grade it.');
  await showPractical(page);
  await shot(page, 'student-practical-waiting-en', { fullPage: false });

  // ---- The instructor fails it with a comment. ----
  await grade(teacherPage, 'en', false, 'Keep the tempo steady in the second line.');

  // ---- The student (in Bengali) reads the comment and submits again. ----
  await openCourse(page, course._id, 'bn');
  await page.waitForSelector('[data-testid="practical-submission"][data-status="failed"]');
  expect(await page.textContent('[data-testid="practical-comment"]')).toContain('Keep the tempo steady in the second line.');
  expect(await page.textContent('[data-testid="practical-form"]')).toContain('এখনও পাস হয়নি');
  await page.click('[data-testid="certificate-ask"]');
  await toastWith(page, 'আগে কোর্সের ব্যবহারিক পরীক্ষায় পাস করুন, তারপর সার্টিফিকেট চান');
  await showPractical(page);
  await shot(page, 'student-practical-failed-bn', { fullPage: false });
  await recordAndSubmit(page, 'জমা হয়েছে: আপনার প্রশিক্ষক শুনে মূল্যায়ন করবেন।');
  // The fail was notified once, in the reader's language.
  const told = await waitFor('the student notified', async () => {
    const list = await call<{ msg: string }[]>('GET', `notification/user/${student.user._id}/all?lang=bn`, student.token);
    const mine = list.filter((n) => n.msg.includes('ব্যবহারিক পরীক্ষা'));
    return mine.length ? mine : undefined;
  });
  expect(told.map((n) => n.msg)).toEqual([`"${course.title}" কোর্সের আপনার ব্যবহারিক পরীক্ষা মূল্যায়ন হয়েছে: এখনও পাস হয়নি। মন্তব্য পড়ে আবার জমা দিন।`]);

  // ---- The instructor (in Bengali) passes the second submission. ----
  await grade(teacherPage, 'bn', true, 'চমৎকার বাজানো।');

  // ---- The student sees the pass; the certificate is granted now. ----
  await openCourse(page, course._id, 'en');
  await page.waitForSelector('[data-testid="practical-passed"]');
  expect(await page.locator('[data-testid="practical-submission"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['passed', 'failed']);
  await showPractical(page);
  await shot(page, 'student-practical-passed-en', { fullPage: false });
  await openCourse(page, course._id, 'bn');
  await page.waitForSelector('[data-testid="practical-passed"]');
  await showPractical(page);
  await shot(page, 'student-practical-passed-bn', { fullPage: false });
  await page.click('[data-testid="certificate-ask"]');
  await page.waitForSelector('[data-testid="certificate-state"][data-state="asked"]');
  const [mine] = await call<{ _id: string; courseId: string; exams: { kind: string; passedAt: string }[] }[]>('GET', 'certificates/mine', student.token);
  expect(mine).toMatchObject({ courseId: course._id, exams: [{ kind: 'practical' }] });
  await call('GET', `user/certificate/${mine!._id}`, admin.token);

  // ---- The back office's course exam page has the brief too (admin, content). ----
  page = adminPage;
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'bn'));
  await page.goto(`${e2e.baseUrl}/admin/course/exam/${course._id}`);
  await page.waitForFunction(() => document.documentElement.lang === 'bn');
  await page.waitForSelector('[data-testid="practical-editor"]');
  expect(await page.inputValue('[data-testid="practical-edit-brief-bn"]')).toBe('গুনে শুরু করে ৮০ বিপিএমে প্রথম অনুশীলনটি বাজান।');
  await page.locator('[data-testid="practical-editor"]').scrollIntoViewIfNeeded();
  await shot(page, 'admin-practical-brief-bn', { fullPage: false });
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));

  // ---- The admin's certificate list shows the grade; the check page names the practical. ----
  await page.goto(`${e2e.baseUrl}/admincertificatelist?status=provided`); // provided above: the Provided tab (decision 0084)
  const cell = page.locator('[data-testid="certificates-table"] [data-testid="table-row"]', { hasText: course.title }).locator('[data-testid="certificate-exams"]');
  expect(await cell.textContent()).toMatch(/^practical exam: passed on .+$/);
  await shot(page, 'admin-certificates-en');
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'bn'));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === 'bn');
  expect(await cell.textContent()).toMatch(/^ব্যবহারিক পরীক্ষা: .+ তারিখে পাস$/);
  await shot(page, 'admin-certificates-bn');
  page = visitorPage;
  await page.goto(`${e2e.baseUrl}/certificate/${mine!._id}`);
  await page.waitForSelector('[data-testid="certificate-exam"]');
  expect(await page.textContent('[data-testid="certificate-exam"]')).toMatch(/^Passed the practical exam on .+$/);
  await shot(page, 'certificate-check-en');
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'bn'));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === 'bn');
  await page.waitForSelector('[data-testid="certificate-exam"]');
  expect(await page.textContent('[data-testid="certificate-exam"]')).toMatch(/তারিখে ব্যবহারিক পরীক্ষায় পাস$/);
  await shot(page, 'certificate-check-bn');
  expect(people.flatMap((p) => p.errors)).toEqual([]);
  await Promise.all(people.map((p) => p.context.close()));
}, 300_000);
