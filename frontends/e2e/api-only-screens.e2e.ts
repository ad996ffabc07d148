// Screens for the API-only features in Chromium against the real all-in-one (issue 53, item 6;
// decision 0069): the admin credits a new student's wallet from the user view, in English (a
// double click on Credit wallet and the confirmation credit once) and in Bengali (the amount typed
// in Bengali digits), the statement beside the form shows each credit at once, and the student's
// Wallet tab shows both in en and bn; a credit without a reason is refused by the form. Then the
// admin enters the social figures on the dashboard, in English and in Bengali digits, and the
// dashboard and the API show them. Screenshots go to /tmp/shots-api-only-screens/ (SHOTS_DIR).
import type { Page } from 'playwright-core';
import {
  api,
  DEMO,
  type LoginAnswer,
  loginByApi,
  signUpByApi,
  toastWith,
  useE2E,
  useSession,
  verificationToken,
  waitFor,
} from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-api-only-screens';
const e2e = useE2E({ shotsDir: SHOTS });
const { call } = api(e2e);

interface StatementEntry {
  kind: string;
  amount: number;
}
const bn = (text: string) => text.replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);

async function newStudent(page: Page, name: string, email: string): Promise<LoginAnswer> {
  const res = await signUpByApi(page, e2e.baseUrl, {
    name,
    email,
    password: 'secret12',
    dob: '2000-01-02',
    phone: '01711111111',
    address: 'Dhaka',
  });
  expect(res.status).toBe(201);
  expect(
    (await fetch(`${e2e.baseUrl}/api/v1/user/verify-email/${await verificationToken(e2e.taal, email)}`)).ok,
  ).toBe(true);
  return loginByApi(e2e.baseUrl, { email, password: 'secret12' });
}

/** The statement's rows on the screen as [kind, signed poisha]. */
async function rows(page: Page, testId: string): Promise<[string, number][]> {
  return page.$$eval(`[data-testid="${testId}"] [data-testid="statement-entry"]`, (trs) =>
    trs.map(
      (tr) =>
        [tr.getAttribute('data-kind') ?? '', Number(tr.getAttribute('data-amount'))] as [string, number],
    ),
  );
}

/** Fills the credit form, clicks Credit wallet twice and confirms in the dialog. */
async function credit(page: Page, amount: string, reason: string): Promise<void> {
  await page.fill('[data-testid="wallet-credit-amount"]', amount);
  await page.fill('[data-testid="wallet-credit-reason"]', reason);
  await page.dblclick('[data-testid="wallet-credit-submit"]');
  await page.waitForSelector('[data-testid="confirm-dialog"][open]');
  expect(await page.textContent('[data-testid="confirm-text"]')).toContain(reason);
  await e2e.shot(page, `confirm-${reason.slice(0, 6)}`, { fullPage: false });
  await page.click('[data-testid="confirm-yes"]');
}

test('the admin credits a student’s wallet from the user view (en and bn, once per form) and the student sees it on the Wallet tab', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const stamp = Date.now().toString(36);
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const student = await newStudent(page, 'Mitu Roy', `mitu-${stamp}@example.com`);

    // ---- English: 500 taka, a double click, confirmed once.
    await useSession(page, e2e.baseUrl, admin, { clear: true, lang: 'en' });
    await page.goto(`${e2e.baseUrl}/viewuser?id=${student.user._id}`);
    await page.waitForSelector('[data-testid="admin-wallet-statement"] [data-testid="statement-empty"]');
    const firstReference = await page.inputValue('[data-testid="wallet-credit-reference"]');
    expect(firstReference).toMatch(/^WC-[0-9A-F]{10}$/);

    // No reason: the form refuses before asking.
    await page.fill('[data-testid="wallet-credit-amount"]', '500');
    await page.click('[data-testid="wallet-credit-submit"]');
    expect(await page.textContent('[data-testid="wallet-credit-message"]')).toBe(
      'Write the reason for the credit',
    );
    expect(await page.locator('[data-testid="confirm-dialog"][open]').count()).toBe(0);

    await credit(page, '500', 'Class cancelled on 20-11');
    await toastWith(page, 'BDT 500.00 credited to the wallet');
    await waitFor('the credit on the admin statement', async () =>
      (await rows(page, 'admin-wallet-statement')).length === 1 ? true : undefined,
    );
    expect(await rows(page, 'admin-wallet-statement')).toEqual([['refund', 50_000]]);
    expect(
      await page.textContent('[data-testid="admin-wallet-statement"] [data-testid="statement-balance"]'),
    ).toBe('BDT 500.00');
    // A new form after the credit: a new reference, empty fields.
    expect(await page.inputValue('[data-testid="wallet-credit-reference"]')).not.toBe(firstReference);
    expect(await page.inputValue('[data-testid="wallet-credit-amount"]')).toBe('');
    await e2e.shot(page, 'view-user-credited-en');

    // ---- Bengali: ১২০.৫০ taka typed in Bengali digits.
    await useSession(page, e2e.baseUrl, admin, { lang: 'bn' });
    await page.goto(`${e2e.baseUrl}/viewuser?id=${student.user._id}`);
    await page.waitForSelector('[data-testid="admin-wallet-statement"] [data-testid="statement-entry"]');
    expect(await page.textContent('[data-testid="wallet-credit-form"] h3')).toBe('ওয়ালেটে টাকা জমা');
    await credit(page, '১২০.৫০', 'সদিচ্ছার জমা');
    await toastWith(page, `ওয়ালেটে ${bn('120.50')} টাকা জমা হয়েছে`);
    await waitFor('the second credit on the admin statement', async () =>
      (await rows(page, 'admin-wallet-statement')).length === 2 ? true : undefined,
    );
    expect(await rows(page, 'admin-wallet-statement')).toEqual([
      ['refund', 12_050],
      ['refund', 50_000],
    ]);
    expect(
      await page.textContent('[data-testid="admin-wallet-statement"] [data-testid="statement-balance"]'),
    ).toBe(`${bn('620.50')} টাকা`);
    await e2e.shot(page, 'view-user-credited-bn');

    // The ledger holds exactly two credits (each double click credited once).
    const statement = await call<{ balance: number; items: StatementEntry[] }>(
      'GET',
      `wallet/${student.user._id}/statement`,
      admin.token,
    );
    expect(statement.balance).toBe(62_050);
    expect(statement.items.map((e) => [e.kind, e.amount])).toEqual([
      ['refund', 12_050],
      ['refund', 50_000],
    ]);

    // ---- The student's Wallet tab (?tab=8), in en and bn.
    for (const lang of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, student, { lang });
      await page.goto(`${e2e.baseUrl}/studentpanel?tab=8`);
      await page.waitForSelector('[data-testid="wallet-statement"] [data-testid="statement-entry"]');
      expect(await rows(page, 'wallet-statement')).toEqual([
        ['refund', 12_050],
        ['refund', 50_000],
      ]);
      expect(
        await page.textContent('[data-testid="wallet-statement"] [data-testid="statement-balance"]'),
      ).toBe(lang === 'en' ? 'BDT 620.50' : `${bn('620.50')} টাকা`);
      expect(
        await page
          .locator('[data-testid="wallet-statement"] td', { hasText: lang === 'en' ? 'Refund' : 'ফেরত' })
          .count(),
      ).toBe(2);
      await e2e.shot(page, `student-wallet-${lang}`);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);

test('the admin enters the social figures on the dashboard (en, and Bengali digits) and the dashboard shows them', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    await useSession(page, e2e.baseUrl, admin, { clear: true, lang: 'en' });
    await page.goto(`${e2e.baseUrl}/admin`);
    await page.click('[data-testid="social-edit"]');
    await page.waitForSelector('[data-testid="social-form"]');
    await page.fill('[data-testid="social-input-facebookLikes"]', '1200');
    await page.fill('[data-testid="social-input-youtubeViews"]', '98765');
    await e2e.shot(page, 'social-form-en', { fullPage: false });
    await page.click('[data-testid="social-form-save"]');
    await toastWith(page, 'Social figures saved');
    await page.waitForSelector('[data-testid="dash-social-facebookLikes"]');
    expect(await page.textContent('[data-testid="dash-social-facebookLikes"] strong')).toBe('1200');
    expect(await page.textContent('[data-testid="dash-social-youtubeViews"] strong')).toBe('98765');

    // Bengali: the form shows the figures in Bengali digits and reads typed Bengali digits.
    await useSession(page, e2e.baseUrl, admin, { lang: 'bn' });
    await page.goto(`${e2e.baseUrl}/admin`);
    await page.click('[data-testid="social-edit"]');
    await page.waitForSelector('[data-testid="social-form"]');
    expect(await page.inputValue('[data-testid="social-input-facebookLikes"]')).toBe('১২০০');
    await page.fill('[data-testid="social-input-instagramFollowers"]', '৩৪৫');
    await e2e.shot(page, 'social-form-bn', { fullPage: false });
    await page.click('[data-testid="social-form-save"]');
    await toastWith(page, 'সামাজিক মাধ্যমের পরিসংখ্যান সংরক্ষিত হয়েছে');
    await page.waitForSelector('[data-testid="dash-social-instagramFollowers"]');
    expect(await page.textContent('[data-testid="dash-social-instagramFollowers"] strong')).toBe('৩৪৫');
    expect(await page.textContent('[data-testid="dash-social-facebookLikes"] strong')).toBe('১২০০');
    await e2e.shot(page, 'dashboard-social-bn');

    // Saved: the API and a fresh dashboard say the same.
    const figures = await call<Record<string, number>>('GET', 'analytics/social-analytics', admin.token);
    expect([figures.facebookLikes, figures.youtubeViews, figures.instagramFollowers]).toEqual([
      1200, 98765, 345,
    ]);
    await useSession(page, e2e.baseUrl, admin, { lang: 'en' });
    await page.goto(`${e2e.baseUrl}/admin`);
    await page.waitForSelector('[data-testid="dash-social-instagramFollowers"]');
    expect(await page.textContent('[data-testid="dash-social-instagramFollowers"] strong')).toBe('345');
    await e2e.shot(page, 'dashboard-social-en');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
