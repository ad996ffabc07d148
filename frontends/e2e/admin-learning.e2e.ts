// The back office's learning screens in the browser against the real all-in-one, as the seeded
// demo admin:
// - /updatelesson: choose a course, see its four demo lessons (position, title, status), rename
//   one inline: a 1-character title is refused with 'Please enter a title for the lesson' (the
//   gateway refuses it too), a good one gives 'lesson name updated successfully' and GET
//   course/secure-course shows the new title; the same in Bengali.
// - /subscription-expire-data: the real list (empty on a fresh start: 'No data found'). Expired
//   rows cannot be made through the API (an enrolment runs for its tier's validity in days and
//   the services' clock cannot be moved from outside), so the 5-a-page pagination and the
//   columns are checked with seven rows answered by the page (GET course-invalidate
//   intercepted), in English and Bengali.
// Screenshots go to /tmp/shots-learning-panels/ (SHOTS_DIR).
import { api, apiGet, DEMO, loginByApi, loginInUi, openPage, switchLanguage, toastWith, useE2E } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-learning-panels';

const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { request, call } = api(e2e);

interface Course {
  _id: string;
  title: string;
}
interface Lesson {
  _id: string;
  position: number;
  originalname: string;
  status: 'open' | 'login' | 'paid';
}
interface ExpiredRow {
  orderId: string;
  userId: string;
  userName: string;
  userEmail: string;
  userPhone: string;
  course: string;
  courseTitle: string;
  purchaseTime: string;
  createdAt: string;
}

const sortedLessons = async (courseId: string, token: string) =>
  [...(await call<{ lessons: Lesson[] }>('GET', `course/secure-course/${courseId}`, token)).lessons].sort(
    (a, b) => a.position - b.position,
  );

/** The course's four demo lessons, once the seed (videos made by ffmpeg after start) has stored them. */
async function demoLessons(courseId: string, token: string, timeoutMs = 90_000): Promise<Lesson[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lessons = await sortedLessons(courseId, token);
    if (lessons.length >= 4) return lessons;
    if (Date.now() > deadline)
      throw new Error(`the demo lessons of ${courseId} were not seeded within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test('update lesson titles: choose a course, the short-title refusal, then a rename; en and bn', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const courses = await apiGet<Course[]>(e2e.baseUrl, 'course/');
    const course = courses[0]!;
    const lessons = await demoLessons(course._id, admin.token);
    expect(lessons.map((l) => l.status)).toEqual(['open', 'login', 'paid', 'paid']);

    // The gateway's own rule, as the screen relies on it.
    const refused = await request('POST', 'course/status/', admin.token, {
      id: lessons[0]!._id,
      originalname: 'A',
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('Please enter a title for the lesson');

    await loginInUi(page, e2e.baseUrl, DEMO.admin);
    await page.goto(`${e2e.baseUrl}/updatelesson`);
    await page.waitForSelector('[data-testid="admin-update-lesson"] [data-testid="lesson-pick-first"]');
    expect(await page.textContent('[data-testid="admin-update-lesson"] h1')).toBe('Update lesson titles');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="lesson-course"] option').length === n + 1,
      courses.length,
    );
    await page.selectOption('[data-testid="lesson-course"]', course._id);
    await page.waitForURL(`**/updatelesson?id=${course._id}`);
    await page.waitForSelector('[data-testid="lesson-table"] [data-testid="table-row"]');
    const rows = page.locator('[data-testid="lesson-table"] [data-testid="table-row"]');
    expect(await rows.count()).toBe(4);
    expect(await page.textContent('[data-testid="lesson-count"]')).toBe('4 lessons');
    for (const [i, l] of lessons.entries()) {
      expect(await rows.nth(i).locator('[data-col="position"]').textContent()).toBe(String(l.position));
      expect(await rows.nth(i).locator('[data-testid="lesson-title"]').textContent()).toBe(l.originalname);
    }
    expect(await rows.nth(0).locator('[data-col="status"]').textContent()).toBe('Free for everyone');
    expect(await rows.nth(1).locator('[data-col="status"]').textContent()).toBe('Signed-in users');
    expect(await rows.nth(2).locator('[data-col="status"]').textContent()).toBe('Paid');

    // Too short (1 character, then only spaces): refused on the page, nothing sent.
    const target = rows.nth(0);
    await target.locator('[data-testid="lesson-edit-button"]').click();
    const input = target.locator('[data-testid="lesson-title-input"]');
    expect(await input.inputValue()).toBe(lessons[0]!.originalname);
    let renames = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/course/status/')) renames += 1;
    });
    await input.fill('A');
    await target.locator('[data-testid="lesson-save"]').click();
    await toastWith(page, 'Please enter a title for the lesson');
    expect(await target.locator('[data-testid="lesson-title-error"]').textContent()).toBe(
      'Please enter a title for the lesson',
    );
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await input.fill('   ');
    await target.locator('[data-testid="lesson-save"]').click();
    await target.locator('[data-testid="lesson-title-error"]').waitFor();
    expect(renames).toBe(0);
    await shot(page, 'admin-update-lesson-refused-en');

    // A good title: sent, confirmed, shown, and stored.
    const renamed = 'Warm-up: open strings and a steady beat';
    await input.fill(`  ${renamed}  `);
    await target.locator('[data-testid="lesson-save"]').click();
    await toastWith(page, 'lesson name updated successfully');
    await target.locator('[data-testid="lesson-title"]').waitFor();
    expect(await target.locator('[data-testid="lesson-title"]').textContent()).toBe(renamed);
    expect(renames).toBe(1);
    const after = await sortedLessons(course._id, admin.token);
    expect(after[0]!.originalname).toBe(renamed);
    expect(after.slice(1).map((l) => l.originalname)).toEqual(lessons.slice(1).map((l) => l.originalname));
    await shot(page, 'admin-update-lesson-en');

    // Cancel leaves the title as it was.
    await rows.nth(1).locator('[data-testid="lesson-edit-button"]').click();
    await rows.nth(1).locator('[data-testid="lesson-title-input"]').fill('Not kept');
    await rows.nth(1).locator('[data-testid="lesson-cancel"]').click();
    expect(await rows.nth(1).locator('[data-testid="lesson-title"]').textContent()).toBe(
      lessons[1]!.originalname,
    );

    // ---- Bengali, opened from its link (?id=): the refusal and a rename of lesson 2.
    await page.goto(`${e2e.baseUrl}/updatelesson?id=${course._id}`);
    await switchLanguage(page, 'bn');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="admin-update-lesson"] h1')?.textContent ===
        'লেসনের শিরোনাম হালনাগাদ',
    );
    await page.waitForSelector('[data-testid="lesson-table"] [data-testid="table-row"]');
    expect(await rows.nth(0).locator('[data-testid="lesson-title"]').textContent()).toBe(renamed);
    expect(await rows.nth(0).locator('[data-col="status"]').textContent()).toBe('সবার জন্য বিনামূল্যে');
    await rows.nth(1).locator('[data-testid="lesson-edit-button"]').click();
    const input2 = rows.nth(1).locator('[data-testid="lesson-title-input"]');
    await input2.fill('ক');
    await rows.nth(1).locator('[data-testid="lesson-save"]').click();
    await toastWith(page, 'অনুগ্রহ করে লেসনের একটি শিরোনাম লিখুন');
    await shot(page, 'admin-update-lesson-refused-bn');
    const bnTitle = 'স্কেল অনুশীলন';
    await input2.fill(bnTitle);
    await rows.nth(1).locator('[data-testid="lesson-save"]').click();
    await toastWith(page, 'লেসনের নাম সফলভাবে হালনাগাদ হয়েছে');
    await rows.nth(1).locator('[data-testid="lesson-title"]').waitFor();
    expect((await sortedLessons(course._id, admin.token))[1]!.originalname).toBe(bnTitle);
    await shot(page, 'admin-update-lesson-bn');
    await switchLanguage(page, 'en');

    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 240_000);

test('expired subscriptions: the real (empty) list, then 5 a page with seven rows answered by the page; en and bn', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    expect(await call<ExpiredRow[]>('GET', 'course-invalidate', admin.token)).toEqual([]);
    await loginInUi(page, e2e.baseUrl, DEMO.admin);
    await page.goto(`${e2e.baseUrl}/subscription-expire-data`);
    await page.waitForSelector('[data-testid="expired-table"] [data-testid="no-data"]');
    expect(await page.textContent('[data-testid="admin-expired"] h1')).toBe('Expired subscriptions');
    expect(await page.textContent('[data-testid="expired-table"] [data-testid="no-data"]')).toBe(
      'No data found',
    );
    // The menu entry is marked as the current page.
    expect(
      await page
        .locator('[data-testid="admin-side-menu"] a[href="/subscription-expire-data"]')
        .getAttribute('class'),
    ).toContain('active');
    await shot(page, 'admin-expired-empty-en');
    await switchLanguage(page, 'bn');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="expired-table"] [data-testid="no-data"]')?.textContent ===
        'কোনো তথ্য পাওয়া যায়নি',
    );
    await shot(page, 'admin-expired-empty-bn');
    await switchLanguage(page, 'en');

    // Seven rows answered by the page (see the header), newest expiry first as the API sends them.
    const courses = await apiGet<Course[]>(e2e.baseUrl, 'course/');
    const base = Date.UTC(2026, 9, 20, 4, 30); // 20-10-2026 04:30 UTC
    const rows: ExpiredRow[] = Array.from({ length: 7 }, (_, i) => {
      const c = courses[i % courses.length]!;
      return {
        orderId: `00000000-0000-4000-8000-00000000010${i}`,
        userId: `00000000-0000-4000-8000-00000000020${i}`,
        userName: `Student ${i + 1}`,
        userEmail: `student${i + 1}@example.com`,
        userPhone: `0171100000${i}`,
        course: c._id,
        courseTitle: c.title,
        purchaseTime: new Date(base - (i + 30) * 86_400_000).toISOString(),
        createdAt: new Date(base - i * 86_400_000).toISOString(),
      };
    });
    await page.route('**/api/v1/course-invalidate', (route) =>
      route.fulfill({ json: { success: true, data: rows } }),
    );
    await page.goto(`${e2e.baseUrl}/subscription-expire-data`);
    const table = page.locator('[data-testid="expired-table"]');
    await table.locator('[data-testid="table-row"]').first().waitFor();
    expect(await table.locator('th').allTextContents()).toEqual([
      'Order ID',
      'User ID',
      'Name',
      'E-mail',
      'Phone',
      'Course',
      'Purchased',
      'Expired',
    ]);
    expect(await table.locator('[data-testid="table-row"]').count()).toBe(5);
    expect(await table.locator('[data-testid="table-info"]').textContent()).toBe(
      'Showing 1 to 5 of 7 entries',
    );
    const first = table.locator('[data-testid="table-row"]').first();
    const dmy = (ms: number) => new Date(ms).toLocaleDateString('en-GB', { timeZone: 'Asia/Dhaka' }).replace(/\//g, '-'); // Bangladesh days (issue 55)
    // Ids: the first 8 characters, the whole id in the tooltip; the user id opens the user's page.
    expect(await first.locator('[data-col="orderId"]').textContent()).toBe(rows[0]!.orderId.slice(0, 8));
    expect(await first.locator('[data-col="orderId"] code').getAttribute('title')).toBe(rows[0]!.orderId);
    expect(await first.locator('[data-col="userId"]').textContent()).toBe(rows[0]!.userId.slice(0, 8));
    expect(await first.locator('[data-testid="expired-user-link"]').getAttribute('href')).toBe(
      `/viewuser?id=${rows[0]!.userId}`,
    );
    expect(await first.locator('[data-col="userName"]').textContent()).toBe('Student 1');
    expect(await first.locator('[data-col="userEmail"]').textContent()).toBe('student1@example.com');
    expect(await first.locator('[data-col="userPhone"]').textContent()).toBe('01711000000');
    expect(await first.locator('[data-col="course"]').textContent()).toBe(rows[0]!.courseTitle);
    expect(await first.locator('[data-col="createdAt"] time').getAttribute('datetime')).toBe(
      rows[0]!.createdAt,
    );
    expect(await first.locator('[data-col="createdAt"] time span').first().textContent()).toBe(
      dmy(Date.parse(rows[0]!.createdAt)),
    );
    expect(await first.locator('[data-col="purchaseTime"] time span').first().textContent()).toBe(
      dmy(Date.parse(rows[0]!.purchaseTime)),
    );
    await shot(page, 'admin-expired-en');
    await table.locator('[data-testid="table-pager"] button', { hasText: '2' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="expired-table"] [data-testid="table-row"]').length === 2,
    );
    expect(await table.locator('[data-testid="table-info"]').textContent()).toBe(
      'Showing 6 to 7 of 7 entries',
    );
    expect(await table.locator('[data-testid="table-row"] [data-col="userName"]').allTextContents()).toEqual([
      'Student 6',
      'Student 7',
    ]);
    // Search filters across the columns.
    await table.locator('.data-table-search input').fill('student3@');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="expired-table"] [data-testid="table-row"]').length === 1,
    );
    await table.locator('.data-table-search input').fill('');

    await switchLanguage(page, 'bn');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="admin-expired"] h1')?.textContent === 'মেয়াদোত্তীর্ণ সাবস্ক্রিপশন',
    );
    expect(await table.locator('th').allTextContents()).toEqual([
      'অর্ডার আইডি',
      'ব্যবহারকারী আইডি',
      'নাম',
      'ইমেইল',
      'ফোন',
      'কোর্স',
      'কেনার সময়',
      'মেয়াদ শেষ',
    ]);
    await shot(page, 'admin-expired-bn');
    await switchLanguage(page, 'en');
    await page.unroute('**/api/v1/course-invalidate');

    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);
