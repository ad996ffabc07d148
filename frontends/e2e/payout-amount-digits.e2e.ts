// Issue 55, Bengali digits in the back office's payout amounts, in Chromium against the real
// all-in-one: the instructor settlement's "settle amount" and "received amount" and the
// instructor detail's "due" amount are the shared number box (frontends/shared/src/number-input.tsx),
// so "২০০০" is 2000 taka and "১.৫০" is 1.50 taka, in en and bn (a number input took no Bengali
// digit: the field stayed empty). Screenshots go to /tmp/shots-55/ (override with SHOTS_DIR).
import type { Page } from 'playwright-core';
import { api, DEMO, type LoginAnswer, loginByApi, openPage, toastWith, useE2E, useSession } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-55';
const e2e = useE2E({ shotsDir: SHOTS });
const shot = (page: Page, name: string) => e2e.shot(page, name, { scrollTop: true });
const { call } = api(e2e);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Course {
  _id: string;
  instructor: string | { _id: string };
  priceSilver: { price: number };
}
interface Settlement {
  settleAmount: number;
  receivedAmount: number;
  remarks: string;
}

let admin: LoginAnswer;
let profile: string;
const due = async () => (await call<{ due: number }>('GET', `instructor/earnings/${profile}`, admin.token)).due;

beforeAll(async () => {
  admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const instructor = await loginByApi(e2e.baseUrl, DEMO.instructor);
  profile = (instructor.user as unknown as { instructor: string }).instructor;
  // Something due to the instructor (a few taka are settled below): a sale paid from the wallet.
  if ((await due()) >= 10_000) return;
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const owner = (c: Course) => (typeof c.instructor === 'string' ? c.instructor : c.instructor?._id);
  const bought = (await call<Course[]>('GET', 'course/')).filter((c) => c.priceSilver?.price > 0 && owner(c) === profile).pop()!;
  await call('POST', 'wallet/credit', admin.token, { userId: student.user._id, kind: 'refund', amount: bought.priceSilver.price, reference: `due-digits-${Date.now()}` });
  await call('POST', 'cart/remove_all', student.token, { user: student.user._id });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: bought._id, tier: 'silver' });
  const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0 });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, { total_amount: 0, discount_amount: 0, cart: { id: student.user._id }, value_c: order._id });
  for (let i = 0; i < 40 && (await due()) < 10_000; i++) await new Promise((r) => setTimeout(r, 500));
}, 60_000);

const TEXT = {
  en: { twoThousand: '2000', confirm: 'Pay BDT 2,000.00 to this instructor?', settled: 'Due settled successfully', published: 'Settlement published successfully !' },
  bn: { twoThousand: '২০০০', confirm: 'এই প্রশিক্ষককে ২,০০০.০০ টাকা পরিশোধ করবেন?', settled: 'বকেয়া সফলভাবে পরিশোধ হয়েছে', published: 'সেটেলমেন্ট সফলভাবে প্রকাশিত হয়েছে!' },
} as const;

describe.each(['en', 'bn'] as const)('payout amounts typed in Bengali digits (%s)', (lang) => {
  test('the due form reads ২০০০ as BDT 2,000.00 and settles ১.৫০ as 150 poisha', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    try {
      await useSession(page, e2e.baseUrl, admin, { clear: true, lang });
      await page.goto(`${e2e.baseUrl}/admin/instructor/${profile}`);
      const box = page.locator('[data-testid="due-input"]');
      await box.waitFor();
      await box.pressSequentially('২০০০');
      // Shown in the page's digits, whichever were typed.
      expect(await box.inputValue()).toBe(TEXT[lang].twoThousand);
      await page.click('[data-testid="due-submit"]');
      expect((await page.textContent('[data-testid="due-confirm"] p'))?.trim()).toBe(TEXT[lang].confirm);
      await shot(page, `due-bengali-digits-${lang}`);
      await page.click('[data-testid="due-confirm"] button:not(.btn-primary)');
      await box.fill('');
      await box.pressSequentially('১.৫০');
      const before = await due();
      const settled = page.waitForRequest((r) => r.url().includes(`/api/v1/instructor/due/${profile}/`));
      await page.click('[data-testid="due-submit"]');
      await page.click('[data-testid="due-confirm-yes"]');
      expect((await settled).url()).toMatch(/\/1\.50$/);
      await toastWith(page, TEXT[lang].settled);
      expect(await due()).toBe(before - 150);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test('the settlement form reads ২০০০ as the settle amount and ১.৫০ as the received amount', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    try {
      await useSession(page, e2e.baseUrl, admin, { clear: true, lang });
      await page.goto(`${e2e.baseUrl}/admin-instructor-settlement/${profile}`);
      await page.waitForSelector('[data-testid="settlement-form"]');
      await page.locator('[data-testid="settle-amount"]').pressSequentially('২০০০');
      await page.locator('[data-testid="received-amount"]').pressSequentially('১.৫০');
      expect(await page.inputValue('[data-testid="settle-amount"]')).toBe(TEXT[lang].twoThousand);
      expect(await page.inputValue('[data-testid="received-amount"]')).toBe(lang === 'bn' ? '১.৫০' : '1.50');
      const remarks = `digits-${lang}-${Date.now()}`;
      await page.fill('[data-testid="settle-remarks"]', remarks);
      await page.setInputFiles('[data-testid="settle-receipt"]', { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF });
      await shot(page, `settlement-bengali-digits-${lang}`);
      await page.click('[data-testid="settle-publish"]');
      await page.click('[data-testid="settle-confirm-yes"]');
      await toastWith(page, TEXT[lang].published);
      const rows = await call<Settlement[]>('GET', `instructor/settlement/${profile}`, admin.token);
      expect(rows.find((s) => s.remarks === remarks)).toMatchObject({ settleAmount: 200_000, receivedAmount: 150 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
