// A receipt past the per-user budget in Chromium (issue 50, decision 0065): the student downloads
// their receipt, and the next download past DOCUMENTS_MAX_PER_USER shows the refusal with its
// seconds in the page's language (English, then Bengali), not a bare "failed". Screenshots in
// /tmp/shots-document-budget/ (override with SHOTS_DIR).
import { api, DEMO, loginByApi, toastWith, useE2E, useSession } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-document-budget';
// One receipt a window: the second download is refused.
const e2e = useE2E({ shotsDir: SHOTS, env: { DOCUMENTS_MAX_PER_USER: '1', PUBLIC_READS_WINDOW_MS: '600000' } });
const { call } = api(e2e);

test('a download past the budget says how long to wait, in English and in Bengali', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const courses = await call<{ _id: string; priceSilver: { price: number } | null }[]>('GET', 'course/');
  const course = courses.find((c) => (c.priceSilver?.price ?? 0) > 0)!;
  await call('POST', 'wallet/credit', admin.token, { userId: student.user._id, kind: 'refund', amount: course.priceSilver!.price, reference: `budget-e2e-${Date.now()}` });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' });
  const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0 });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, { total_amount: 0, discount_amount: 0, cart: { id: student.user._id }, value_c: order._id });

  const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const receipt = (lang: string) => `[data-testid="purchase"][data-order="${order._id}"] [data-testid="receipt-${lang}"]`;
    await useSession(page, e2e.baseUrl, student, { lang: 'en' });
    await page.goto(`${e2e.baseUrl}/studentpanel?tab=3`);
    await page.waitForSelector(receipt('en'));
    const [file] = await Promise.all([page.waitForEvent('download'), page.click(receipt('en'))]);
    expect(file.suggestedFilename()).toMatch(/^taal-receipt-.*-en\.pdf$/);

    await page.click(receipt('bn'));
    const en = await toastWith(page, 'You asked for many receipts and statements in a short time.');
    expect(await en.textContent()).toMatch(/Please try again in \d+ seconds\./);
    await e2e.shot(page, 'refused-en', { keepToasts: true, fullPage: false });

    await useSession(page, e2e.baseUrl, student, { lang: 'bn' });
    await page.goto(`${e2e.baseUrl}/studentpanel?tab=3`);
    await page.waitForSelector(receipt('bn'));
    await page.click(receipt('bn'));
    const bn = await toastWith(page, 'অল্প সময়ে অনেকগুলো রসিদ ও বিবরণী চাওয়া হয়েছে।');
    expect(await bn.textContent()).toMatch(/[০-৯]+ সেকেন্ড পরে আবার চেষ্টা করুন।/);
    await e2e.shot(page, 'refused-bn', { keepToasts: true, fullPage: false });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
