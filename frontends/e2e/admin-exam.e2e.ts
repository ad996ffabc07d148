// The back office's exam screen (issue 53 item 1, decision 0077) in the browser against the real
// all-in-one: the content role (2) opens a course from the course list, writes its theory exam in
// English and Bengali with the instructor panel's editor (the same shared code), and saves it; the
// demo student, who owns the course and has completed every lesson, sees the exam in the classroom
// (the course view) in both languages and takes it. Screenshots go to /tmp/shots-admin-exam/.
import type { Page } from 'playwright-core';
import { api, apiGet, completeEveryLesson, DEMO, dhakaDay, loginByApi, openPage, toastWith, useE2E, useSession, waitForEnrolment } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-admin-exam';
const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { call } = api(e2e);

async function inLanguage(page: Page, lng: 'en' | 'bn', url: string, ready: string) {
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
  await page.goto(url);
  await page.waitForFunction((l) => document.documentElement.lang === l, lng);
  await page.waitForSelector(ready).catch(async (err: unknown) => {
    await page.screenshot({ path: `${SHOTS}/failed-${lng}.png`, fullPage: true });
    throw err;
  });
}

test('the content role writes a course’s exam in the back office; the student sees and takes it in the classroom; en and bn', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const content = await loginByApi(e2e.baseUrl, DEMO.content);
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const course = (await apiGet<{ _id: string; title: string }[]>(e2e.baseUrl, 'course/'))[0]!;
  const { page, errors } = await openPage(e2e.browser);

  // ---- The content role: course list → the course's exam screen. ----
  await useSession(page, e2e.baseUrl, content, { clear: true, lang: 'en' });
  await inLanguage(page, 'en', `${e2e.baseUrl}/admincourselist`, '[data-testid="admin-course"]');
  await page.locator(`[data-testid="admin-course"][data-id="${course._id}"] [data-testid="course-exam"]`).click();
  await page.waitForURL(`**/admin/course/exam/${course._id}`);
  await page.waitForSelector('[data-testid="exam-editor"]');
  expect(await page.textContent('[data-testid="admin-course-exam"] h1')).toBe(`Theory exam: ${course.title}`);
  await page.fill('[data-testid="exam-edit-pass"]', '50');
  await page.fill('[data-testid="exam-edit-attempts"]', '2');
  const q = page.locator('[data-testid="exam-edit-question"]').nth(0);
  await q.locator('[data-testid="exam-edit-text-en"]').fill('How many beats are in a bar of 4/4?');
  await q.locator('[data-testid="exam-edit-text-bn"]').fill('৪/৪ তালের এক বারে কয়টি বিট থাকে?');
  for (const [j, en, bn] of [[0, 'Four', 'চারটি'], [1, 'Three', 'তিনটি']] as const) {
    await q.locator(`[data-testid="exam-edit-option-en-${j}"]`).fill(en);
    await q.locator(`[data-testid="exam-edit-option-bn-${j}"]`).fill(bn);
  }
  await q.locator('[data-testid="exam-edit-correct-0"]').check();
  await page.click('[data-testid="exam-edit-save"]');
  await toastWith(page, 'Exam saved');
  await shot(page, 'content-exam-editor-en');
  const saved = await call<{ passPercent: number; maxAttempts: number; questions: { textBn: string; options: { correct: boolean }[] }[] }>('GET', `courses/${course._id}/exam`, content.token);
  expect(saved).toMatchObject({ passPercent: 50, maxAttempts: 2, questions: [{ textBn: '৪/৪ তালের এক বারে কয়টি বিট থাকে?', options: [{ correct: true }, { correct: false }] }] });
  // In Bengali: the saved exam is read back into the same editor.
  await inLanguage(page, 'bn', `${e2e.baseUrl}/admin/course/exam/${course._id}`, '[data-testid="exam-edit-question"]');
  expect(await page.textContent('[data-testid="exam-edit-save"]')).toBe('পরীক্ষা সংরক্ষণ করুন');
  expect(await page.inputValue('[data-testid="exam-edit-text-bn"]')).toBe('৪/৪ তালের এক বারে কয়টি বিট থাকে?');
  await shot(page, 'content-exam-editor-bn');
  // The course list's new action, in Bengali.
  await inLanguage(page, 'bn', `${e2e.baseUrl}/admincourselist`, '[data-testid="course-exam"]');
  expect(await page.locator('[data-testid="course-exam"]').first().textContent()).toBe('তাত্ত্বিক পরীক্ষা');
  await shot(page, 'content-course-list-bn');

  // ---- The student owns the course and has completed every lesson: the exam is in the classroom. ----
  const code = `ADMEXAM${Date.now().toString(36).toUpperCase()}`;
  await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 100, useLimit: 1, expireDate: dhakaDay(3) });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' });
  const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0, cuponCode: code });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, {});
  await waitForEnrolment(e2e, course._id, student.token);
  await completeEveryLesson(e2e, course._id, student.token);
  await useSession(page, e2e.baseUrl, student, { clear: true, lang: 'en' });
  await inLanguage(page, 'en', `${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`, '[data-testid="exam-start"]');
  await page.click('[data-testid="exam-start"]');
  await page.waitForSelector('[data-testid="exam-form"]');
  expect(await page.locator('[data-testid="exam-question"]').first().textContent()).toContain('How many beats are in a bar of 4/4?');
  await page.locator('[data-testid="exam-form"]').scrollIntoViewIfNeeded();
  await shot(page, 'student-sees-exam-en', { fullPage: false });
  // The attempt started stays open: in Bengali it is shown again, its question in Bengali.
  await inLanguage(page, 'bn', `${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`, '[data-testid="exam-form"]');
  expect(await page.locator('[data-testid="exam-question"]').first().textContent()).toContain('৪/৪ তালের এক বারে কয়টি বিট থাকে?');
  await page.check('[data-testid="exam-option-0-0"]');
  await page.click('[data-testid="exam-submit"]');
  await page.waitForSelector('[data-testid="exam-result"][data-passed="true"]');
  await page.locator('[data-testid="theory-exam"]').scrollIntoViewIfNeeded();
  await shot(page, 'student-passed-exam-bn', { fullPage: false });
  expect(errors).toEqual([]);
}, 240_000);
