// The instructor's unanswered questions a server keyset page at a time (issue 51, decision 0087; it was
// decision 0063's page of askers), in Chromium against the real all-in-one: eleven students ask, the first
// of them four times (the oldest questions); the panel's Questions tab shows the newest ten questions, one
// per asker, and its Next leads to the cursor's page in the address (?tab=5&cursor=…&page=2): the first
// student's four questions together. A copied page-2 link opens page 2 in a fresh tab (First page offered,
// no trail). In en and bn. The admin then hides all of that student's questions at once (/admin/questions),
// and the instructor's list is one page. Screenshots go to SHOTS_DIR (/tmp/shots/unanswered-pager).
import { api, apiGet, DEMO, dhakaDay, loginByApi, switchLanguage, toastWith, useE2E, useSession, verificationToken, waitFor, waitForEnrolment, signUpByApi } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/unanswered-pager';
const DEMO_INSTRUCTOR_PROFILE = '00000000-0000-4000-8000-000000000001';
const NAMES = ['Anika', 'Bashir', 'Chitra', 'Dipu', 'Esha', 'Farid', 'Gita', 'Hasan', 'Ishita', 'Jamal', 'Kona'];

// Eleven sign-ups from one address: more than the default limit of ten an hour.
const e2e = useE2E({ env: { SIGNUP_MAX_PER_ADDRESS: '100', SIGNUP_MAX_PER_DOMAIN: '100' }, shotsDir: SHOTS });
const { shot } = e2e;
const { call } = api(e2e);

test('the unanswered list pages through the server newest first, the cursor in the address; a copied page-2 link opens it (en, bn)', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const courses = await apiGet<{ _id: string; instructor: string }[]>(e2e.baseUrl, 'course/');
  const course = courses.find((c) => c.instructor === DEMO_INSTRUCTOR_PROFILE)!;
  const demoStudent = await loginByApi(e2e.baseUrl, DEMO.student);
  const lessons = await waitFor(
    'the demo lessons',
    async () => {
      const c = await call<{ lessons: { _id: string }[] }>('GET', `course/secure-course/${course._id}`, demoStudent.token);
      return c.lessons.length >= 1 ? c.lessons : undefined;
    },
    90_000,
  );
  const code = `PAGE${Date.now().toString(36).toUpperCase()}`;
  await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 100, useLimit: NAMES.length, expireDate: dhakaDay(3) });

  const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`${e2e.baseUrl}/`);
    const run = Date.now().toString(36);
    for (const [i, name] of NAMES.entries()) {
      const email = `${name.toLowerCase()}-${run}@mail-${run}.example.com`;
      const signUp = await signUpByApi(page, e2e.baseUrl, { name: `${name} Roy`, email, password: 'secret1', dob: '2000-01-02', phone: `0171${String(1000000 + i)}`, address: 'Dhaka' });
      expect(signUp.status).toBeLessThan(300);
      await call('GET', `user/verify-email/${await verificationToken(e2e.taal, email)}`);
      const student = await loginByApi(e2e.baseUrl, { email, password: 'secret1' });
      await call('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' });
      const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0, cuponCode: code });
      await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, {});
      await waitForEnrolment(e2e, course._id, student.token);
      // The first asker asks four times: the oldest questions, and more than a page shows of one asker.
      for (let q = 1; q <= (i === 0 ? 4 : 1); q++) {
        await call('POST', `questions/course/${course._id}/lesson/${lessons[0]!._id}`, student.token, { body: `${name}'s question ${q}: how do I tune the lower string?` });
      }
    }

    await useSession(page, e2e.baseUrl, await loginByApi(e2e.baseUrl, DEMO.instructor), { lang: 'en' });
    await page.goto(`${e2e.baseUrl}/instructorpanel?tab=5`);
    const askers = page.locator('[data-testid="unanswered-asker"]');
    const questions = page.locator('[data-testid="unanswered-question"]');
    await page.locator('[data-testid="unanswered-page"][data-page="1"]').waitFor();
    await waitFor('ten questions', async () => ((await questions.count()) === 10 ? true : undefined));
    expect(await askers.count()).toBe(10);
    expect(await askers.first().locator('h3').textContent()).toBe('Kona Roy asked');
    expect(await askers.last().locator('h3').textContent()).toBe('Bashir Roy asked');
    const pager = page.locator('[data-testid="unanswered-pager"]');
    await pager.scrollIntoViewIfNeeded();
    expect(await pager.locator('[data-testid="page-number"]').textContent()).toBe('Page 1');
    await shot(page, 'unanswered-page1-en');
    await pager.screenshot({ path: `${SHOTS}/unanswered-pager-en-part.png` });

    await pager.locator('[data-testid="page-next"]').click();
    await page.locator('[data-testid="unanswered-page"][data-page="2"]').waitFor();
    await waitFor('Anika on page 2', async () => ((await askers.count()) === 1 ? true : undefined));
    const url = new URL(page.url());
    expect(url.searchParams.get('tab')).toBe('5');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('cursor')).toBeTruthy();
    const anika = askers.first();
    expect(await anika.locator('h3').textContent()).toBe('Anika Roy asked');
    expect(await anika.locator('[data-testid="unanswered-question"] .message-text').allTextContents()).toEqual([4, 3, 2, 1].map((q) => `Anika's question ${q}: how do I tune the lower string?`));
    expect(await pager.locator('[data-testid="page-next"]').isDisabled()).toBe(true);
    await shot(page, 'unanswered-page2-en');
    await page.locator('[data-testid="tabpanel-questions"]').screenshot({ path: `${SHOTS}/unanswered-page2-en-part.png` });

    // The copied link in a fresh tab: page 2 again, with no trail: First page instead of Previous.
    const copied = await context.newPage();
    await copied.goto(url.toString());
    await copied.locator('[data-testid="unanswered-page"][data-page="2"]').waitFor();
    expect(await copied.locator('[data-testid="unanswered-asker"] h3').allTextContents()).toEqual(['Anika Roy asked']);
    expect(await copied.locator('[data-testid="unanswered-pager"] [data-testid="page-first"]').count()).toBe(1);
    await copied.close();

    await switchLanguage(page, 'bn', { fonts: true });
    await page.locator('[data-testid="unanswered-page"][data-page="2"]').waitFor();
    expect(await anika.locator('h3').textContent()).toBe('Anika Roy জিজ্ঞেস করেছেন');
    expect(await pager.locator('[data-testid="page-number"]').textContent()).toBe('পৃষ্ঠা ২');
    await shot(page, 'unanswered-page2-bn');
    await page.locator('[data-testid="tabpanel-questions"]').screenshot({ path: `${SHOTS}/unanswered-page2-bn-part.png` });
    await pager.locator('[data-testid="page-previous"]').click();
    await page.locator('[data-testid="unanswered-page"][data-page="1"]').waitFor();
    await waitFor('ten questions again', async () => ((await questions.count()) === 10 ? true : undefined));
    expect(new URL(page.url()).searchParams.get('cursor')).toBeNull();
    await shot(page, 'unanswered-page1-bn');
    await pager.screenshot({ path: `${SHOTS}/unanswered-pager-bn-part.png` });

    // The admin hides all of Anika's questions at once from /admin/questions: the instructor's list
    // is one page of the ten others.
    await useSession(page, e2e.baseUrl, admin, { lang: 'en' });
    await page.goto(`${e2e.baseUrl}/admin/questions`);
    const row = page.locator('[data-testid="admin-question"]', { hasText: "Anika's question 4" });
    await row.waitFor();
    await row.locator('[data-testid="question-hide-user"]').click();
    expect(await page.textContent('[data-testid="confirm-dialog"] [data-testid="confirm-text"]')).toBe('Hide every question Anika Roy has asked, on every course?');
    expect(await page.textContent('[data-testid="confirm-yes"]')).toBe('Hide them all');
    await shot(page, 'admin-hide-all-confirm-en', { fullPage: false });
    await page.click('[data-testid="confirm-yes"]');
    await toastWith(page, '4 questions of this student hidden');
    await page.locator('[data-testid="admin-question"][data-hidden="true"]', { hasText: "Anika's question 1" }).waitFor();
    expect(await page.locator('[data-testid="admin-question"][data-hidden="true"]').count()).toBe(4);
    await useSession(page, e2e.baseUrl, await loginByApi(e2e.baseUrl, DEMO.instructor), { lang: 'en' });
    await page.goto(`${e2e.baseUrl}/instructorpanel?tab=5`);
    await waitFor('ten questions, Anika gone', async () => ((await questions.count()) === 10 ? true : undefined));
    expect(await page.locator('[data-testid="unanswered-question"]', { hasText: 'Anika' }).count()).toBe(0);
    expect(await pager.count()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 240_000);
