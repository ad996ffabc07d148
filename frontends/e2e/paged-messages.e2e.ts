// Messaging's lists a server page at a time (issue 51, decision 0085), in Chromium against the real
// all-in-one: the demo student sends 25 messages to the demo instructor (the write limits raised for
// the test), the instructor reports each of them, and the admin writes 25 notifications to everyone. The
// back office's student messages, notifications and reports queue, the student's current messages and
// notifications and the instructor's pending messages page through them with Next, each row on exactly
// one page, the cursor in the address; a copied link to page 2 opens page 2 in a fresh tab; an edited
// cursor is refused and offers the first page. English and Bengali; screenshots go to
// /tmp/shots-paged-messages/.
import type { Page } from 'playwright-core';
import { api, DEMO, loginByApi, openPage, useSession, useE2E, type LoginAnswer } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-paged-messages';
const e2e = useE2E({
  shotsDir: SHOTS,
  env: { INSTRUCTOR_MESSAGE_MAX_PER_USER: '100', INSTRUCTOR_MESSAGE_MAX_PER_TARGET: '100' },
});
const { shot } = e2e;
const { call } = api(e2e);
const RUN = Date.now().toString(36);
let admin: LoginAnswer;
let student: LoginAnswer;
let instructor: LoginAnswer;

beforeAll(async () => {
  admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  student = await loginByApi(e2e.baseUrl, DEMO.student);
  instructor = await loginByApi(e2e.baseUrl, DEMO.instructor);
  const to = (instructor.user as { instructor?: string }).instructor;
  if (!to) throw new Error('the demo instructor has no profile');
  for (let n = 1; n <= 25; n++) {
    await call('POST', 'contact/instructor/', student.token, { to, message: `Paged question ${String(n).padStart(2, '0')} ${RUN}` });
    await call('POST', 'notification/create', admin.token, { msg: `Paged notice ${String(n).padStart(2, '0')} ${RUN}` });
  }
  const sent = await call<{ _id: string; message: string }[]>('GET', `contact/mystudent/${to}`, instructor.token);
  for (const m of sent.filter((x) => x.message.endsWith(RUN))) await call('POST', 'report', instructor.token, { kind: 'message', itemId: m._id, reason: 'paged' });
}, 240_000);

/** A row's key: its text (each message and notification here is written once). */
const keysOf = (page: Page, rows: string) => page.locator(rows).evaluateAll((els) => els.map((e) => e.textContent ?? ''));

/** Pages with Next to the end of one pager's list: each page's rows, and the address of page 2. */
async function pageThrough(page: Page, rows: string, pager: string) {
  const pages: string[][] = [];
  let second = '';
  for (;;) {
    await page.waitForSelector(rows);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    pages.push(await keysOf(page, rows));
    if (pages.length === 2) second = page.url();
    const next = page.locator(`${pager} [data-testid="page-next"]`);
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const before = pages[pages.length - 1]![0];
    await next.click();
    await page.waitForFunction(([sel, first]) => (document.querySelector(sel!)?.textContent ?? '') !== first, [rows, before] as const);
    if (pages.length > 20) throw new Error('no last page');
  }
  return { pages, second };
}

test('the back office’s and the panels’ messages and notifications page through the server; a copied page-2 link opens it (en, bn)', async () => {
  const toInstructor = instructor.user as { instructor?: string };
  const counts = {
    adminStudents: (await call<unknown[]>('GET', 'contact/student/', admin.token)).length,
    adminNotifications: (await call<unknown[]>('GET', 'notification', admin.token)).length,
    current: (await call<unknown[]>('GET', `contact/u/c/${student.user._id}`, student.token)).length,
    notifications: (await call<unknown[]>('GET', `notification/user/${student.user._id}/all`, student.token)).length,
    pending: (await call<{ status: boolean }[]>('GET', `contact/mystudent/${toInstructor.instructor}`, instructor.token)).filter((m) => !m.status).length,
    reports: (await call<unknown[]>('GET', 'report/queue?open=true', admin.token)).length,
  };
  expect(counts.reports).toBeGreaterThan(20);
  expect(counts.adminStudents).toBeGreaterThan(20);
  expect(counts.notifications).toBeGreaterThan(20);
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    for (const lng of ['en', 'bn'] as const) {
      const page2 = lng === 'en' ? 'Page 2' : 'পৃষ্ঠা ২';
      const screens = [
        { who: admin, url: '/adminmessages', rows: '[data-testid="student-messages"] [data-testid="student-message"]', pager: '[data-testid="students-pager"]', param: 'studentsCursor', expected: counts.adminStudents, name: 'admin-student-messages' },
        { who: admin, url: '/manageNotification', rows: '[data-testid="notification-entry"]', pager: '[data-testid="notifications-pager"]', param: 'cursor', expected: counts.adminNotifications, name: 'admin-notifications' },
        { who: admin, url: '/adminreports', rows: '[data-testid="admin-report"]', pager: '[data-testid="reports-pager"]', param: 'cursor', expected: counts.reports, name: 'admin-reports' },
        { who: student, url: '/studentpanel?tab=2', rows: '[data-testid="messages-current"] [data-testid="student-message"]', pager: '[data-testid="messages-current-pager"]', param: 'currentCursor', expected: counts.current, name: 'student-messages' },
        { who: student, url: '/notifications', rows: '[data-testid="notification-row"]', pager: '[data-testid="notifications-pager"]', param: 'cursor', expected: counts.notifications, name: 'student-notifications' },
        { who: instructor, url: '/instructorpanel?tab=3', rows: '[data-testid="instructor-messages-pending"] [data-testid="instructor-message"]', pager: '[data-testid="instructor-pending-pager"]', param: 'pendingCursor', expected: counts.pending, name: 'instructor-messages' },
      ];
      for (const s of screens) {
        await useSession(page, e2e.baseUrl, s.who, { clear: true, lang: lng });
        await page.goto(`${e2e.baseUrl}${s.url}`);
        const list = await pageThrough(page, s.rows, s.pager);
        const all = list.pages.flat();
        expect([s.name, all.length, new Set(all).size]).toEqual([s.name, s.expected, s.expected]);
        expect(list.pages.length).toBeGreaterThan(1);
        expect(new URL(list.second).searchParams.get(s.param)).toBeTruthy();
        await shot(page, `${s.name}-last-page-${lng}`);
        // A copied link to page 2 opens page 2 in a fresh tab, with the first page offered.
        const fresh = await context.newPage();
        await fresh.goto(list.second);
        await fresh.waitForSelector(s.rows);
        await fresh.waitForSelector(`${s.pager} [data-testid="page-first"]`);
        expect(await keysOf(fresh, s.rows)).toEqual(list.pages[1]);
        expect(await fresh.textContent(`${s.pager} [data-testid="page-number"]`)).toBe(page2);
        await shot(fresh, `${s.name}-copied-page-2-${lng}`);
        // An edited cursor is refused, in the reader's language, with the first page offered.
        const edited = new URL(list.second);
        edited.searchParams.set(s.param, `${edited.searchParams.get(s.param)!.slice(0, -3)}AAA`);
        await fresh.goto(edited.toString());
        const refusal = fresh.locator('[data-testid="admin-error"]');
        await refusal.waitFor();
        expect(await refusal.textContent()).toContain(lng === 'en' ? 'page' : 'পৃষ্ঠা');
        await fresh.close();
      }
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 400_000);

test('the other paged screens of the back office draw in both languages (reviews, questions, mass-mail history)', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    for (const lng of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, admin, { clear: true, lang: lng });
      for (const [url, ready, name] of [
        ['/adminreviews', '[data-testid="admin-reviews"]', 'admin-reviews'],
        ['/admin/questions', '[data-testid="admin-questions"]', 'admin-questions'],
        ['/admin/mass-mailing', '[data-testid="mass-mailing"]', 'admin-mass-mail'],
      ] as const) {
        await page.goto(`${e2e.baseUrl}${url}`);
        await page.waitForSelector(ready);
        await page.waitForFunction(() => !document.querySelector('.admin-loading, [aria-busy="true"]'));
        await shot(page, `${name}-${lng}`);
      }
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
