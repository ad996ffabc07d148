// Issue 55 in Chromium against the real all-in-one: what a newcomer's run found about money, times
// and a few screens.
// - A part-wallet order (BDT 500 credited to a new student's wallet by the admin, a course of more
//   than that bought with the rest by card on the sandbox): the admin's order list shows its Amount
//   as the whole price (wallet money counts as paid, as the page's legend says) and "Received amount"
//   counts it too; the dashboard's recent orders the same.
// - Money on screen is written as the PDFs write it, thousands grouped ("BDT 2,500.00",
//   "২,৫০০.০০ টাকা"): the admin's list, Purchase History, en and bn.
// - Times are Bangladesh times whatever the device's zone: the browser runs in New York
//   (playwright's timezoneId), and the admin's list and Purchase History show the Dhaka time of
//   the order, Purchase History with "(Bangladesh time)" / "(বাংলাদেশ সময়)".
// - The review box of a paid course with no lesson done links to the classroom (en and bn).
// - The instructor's statement download with the month cleared asks for a month (en and bn) and
//   calls nothing.
// - The landing's "What we teach" icons are inline SVG, no emoji.
// - The mass-mail and add-freebie pages log no CSP violation.
// Screenshots go to /tmp/shots-money-times (override with SHOTS_DIR).
import type { Page } from 'playwright-core';
import { api, DEMO, type LoginAnswer, loginByApi, signUpByApi, useE2E, useSession, verificationToken, waitForEnrolment } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-money-times';
const e2e = useE2E({ shotsDir: SHOTS });
const { call } = api(e2e);

const NEW_YORK = 'America/New_York';
const bnDigits = (text: string) => text.replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
/** As the receipts print money: "BDT 2,500.00" / "২,৫০০.০০ টাকা". */
const grouped = (poisha: number) => (poisha / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const moneyEn = (poisha: number) => `BDT ${grouped(poisha)}`;
const moneyBn = (poisha: number) => `${bnDigits(grouped(poisha))} টাকা`;
/** The Dhaka wall clock of an instant as the screens write it: "8:35 PM". */
function dhakaClock(iso: string): string {
  const d = new Date(Date.parse(iso) + 6 * 3_600_000);
  const h = d.getUTCHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${String(d.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

interface Course {
  _id: string;
  title: string;
  priceSilver: { price: number };
}
interface Order {
  _id: string;
  paid: boolean;
  amount: number;
  subtotal: number;
  discount: number;
  walletUsed: number;
  createdAt: string;
}

/** The sandbox's hosted page over HTTP: Pay, then the browser's return through the gateway (as wallet-receipts.e2e.ts). */
async function payOnSandbox(pageUrl: string): Promise<void> {
  const html = await (await fetch(pageUrl)).text();
  const action = /action="([^"]+\/pay)"/.exec(html)![1]!;
  const paid = await fetch(new URL(action, e2e.baseUrl), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=pay' });
  const back = new URL(paid.headers.get('location')!, e2e.baseUrl);
  expect((await fetch(back, { redirect: 'manual' })).status).toBe(303);
}

async function newStudent(page: Page, email: string): Promise<LoginAnswer> {
  const res = await signUpByApi(page, e2e.baseUrl, { name: 'Nadia Rahman', email, password: 'secret12', dob: '2000-01-02', phone: '01711111111', address: 'Dhaka' });
  expect(res.status).toBe(201);
  expect((await fetch(`${e2e.baseUrl}/api/v1/user/verify-email/${await verificationToken(e2e.taal, email)}`)).ok).toBe(true);
  return loginByApi(e2e.baseUrl, { email, password: 'secret12' });
}

/** A page in a browser whose clock is New York's (UTC-5/-4), not Dhaka's. */
async function pageInNewYork(width = 1366) {
  const context = await e2e.browser.newContext({ viewport: { width, height: 900 }, timezoneId: NEW_YORK, locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The page's own clock is New York's (what the old formatter wrote).
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(NEW_YORK);
  return { context, page, errors };
}

test('a part-wallet order: the admin’s Amount and Received count the wallet, money grouped as the PDFs, Dhaka times in a New York browser, and the review box links to the classroom', async () => {
  const { context, page, errors } = await pageInNewYork();
  try {
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const student = await newStudent(page, `nadia-${Date.now().toString(36)}@example.com`);
    const courses = (await (await fetch(`${e2e.baseUrl}/api/v1/course/`)).json()).data as Course[];
    // A course of at least BDT 1,000 (so the thousands are grouped) and more than the wallet.
    const wallet = 50_000;
    const course = courses.filter((c) => c.priceSilver?.price >= 100_000).sort((a, b) => b.priceSilver.price - a.priceSilver.price)[0]!;
    expect(course).toBeDefined();
    const price = course.priceSilver.price;

    await call('POST', 'wallet/credit', admin.token, { userId: student.user._id, kind: 'refund', amount: wallet, reference: `issue55-${student.user._id}` });
    await call('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' });
    const order = await call<Order>('POST', 'order', student.token, { userId: student.user._id, amount: price - wallet });
    expect([order.walletUsed, order.amount]).toEqual([wallet, price - wallet]);
    const session = await call<{ GatewayPageURL: string }>('POST', 'cart/ssl/', student.token, {
      total_amount: order.amount / 100, cus_name: 'Nadia Rahman', cus_email: student.user.email, cus_phone: '01712345678', num_of_item: 1, value_c: order._id, currency: 'BDT',
    });
    await payOnSandbox(session.GatewayPageURL);
    await waitForEnrolment(e2e, course._id, student.token);
    const paid = (await call<Order[]>('GET', `order/${student.user._id}`, student.token)).find((o) => o._id === order._id)!;
    expect(paid.paid).toBe(true);
    const clock = dhakaClock(paid.createdAt);
    const [dy, dm, dd] = new Date(Date.parse(paid.createdAt) + 6 * 3_600_000).toISOString().slice(0, 10).split('-');

    // ---- The admin's order list: Amount is the whole price (500 wallet + the rest by card), and so is Received.
    for (const lang of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, admin, { clear: true, lang });
      await page.goto(`${e2e.baseUrl}/adminorderlist`);
      const row = page.locator('[data-testid="orders-table"] [data-testid="table-row"]', { has: page.locator(`code[title="${order._id}"]`) });
      await row.waitFor();
      const money = lang === 'en' ? moneyEn : moneyBn;
      expect(await row.locator('td[data-col="amount"]').textContent()).toBe(money(price));
      expect(await row.locator('td[data-col="subtotal"]').textContent()).toBe(money(price));
      expect(await page.textContent('[data-testid="order-count-received"] .stat-value')).toBe(money(price));
      expect(await page.textContent('[data-testid="money-legend"]')).toContain(lang === 'en' ? 'wallet money counts as paid' : 'ওয়ালেটের টাকাও পরিশোধ ধরা হয়');
      // The date and time are Dhaka's, not New York's.
      const date = (await row.locator('td[data-col="date"]').textContent())!;
      if (lang === 'en') expect(date).toBe(`${dd}-${dm}-${dy} ${clock}`);
      else expect(date.startsWith(bnDigits(`${dd}-${dm}-${dy} ${clock.split(' ')[0]}`))).toBe(true);
      expect(await row.locator('td[data-col="date"] time').getAttribute('title')).toContain(lang === 'en' ? '(Bangladesh time)' : '(বাংলাদেশ সময়)');
      await e2e.shot(page, `admin-orders-${lang}`);
    }
    // The dashboard's recent orders: the same Amount.
    await useSession(page, e2e.baseUrl, admin, { lang: 'en' });
    await page.goto(`${e2e.baseUrl}/admin`);
    await page.waitForSelector('[data-testid="admin-dashboard"]');
    await page.waitForFunction((want) => document.body.textContent?.includes(want), moneyEn(price));

    // ---- Purchase History: grouped money, the Dhaka time with its zone.
    for (const lang of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, student, { clear: true, lang });
      await page.goto(`${e2e.baseUrl}/studentpanel?tab=3`);
      const card = page.locator(`[data-testid="purchase"][data-order="${order._id}"]`);
      await card.waitFor();
      const when = (await card.locator('[data-testid="purchase-date"]').textContent())!;
      if (lang === 'en') {
        expect(when).toContain(`, ${clock} (Bangladesh time)`);
        expect(await card.locator('[data-testid="purchase-subtotal"]').textContent()).toBe(moneyEn(price));
        expect(await card.locator('[data-testid="purchase-amount"]').textContent()).toBe(moneyEn(price - wallet));
      } else {
        expect(when).toContain(`${bnDigits(clock.split(' ')[0]!)} ${clock.endsWith('AM') ? 'পূর্বাহ্ণ' : 'অপরাহ্ণ'} (বাংলাদেশ সময়)`);
        expect(await card.locator('[data-testid="purchase-subtotal"]').textContent()).toBe(moneyBn(price));
      }
      await e2e.shot(page, `purchases-${lang}`);
    }

    // ---- The course page's review box: no lesson done yet, so it says where the lessons are.
    for (const lang of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, student, { lang });
      await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`);
      const box = page.locator('[data-testid="review-not-eligible"]');
      await box.waitFor({ timeout: 20_000 });
      await box.scrollIntoViewIfNeeded();
      const link = box.locator('[data-testid="review-classroom-link"]');
      expect(await link.textContent()).toBe(lang === 'en' ? 'Open my classroom' : 'আমার ক্লাসরুম খুলুন');
      expect(await link.getAttribute('href')).toBe('/studentpanel');
      await e2e.shot(page, `review-box-${lang}`, { fullPage: false });
      if (lang === 'en') {
        await link.click();
        await page.waitForURL(`${e2e.baseUrl}/studentpanel`);
        await page.waitForSelector(`[data-testid="tab-classroom"][aria-selected="true"], [data-testid="tab-classroom"][aria-pressed="true"]`, { timeout: 20_000 }).catch(() => undefined);
      }
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 240_000);

test('the instructor’s statement download with no month asks for one (en and bn) and calls nothing', async () => {
  const { context, page, errors } = await pageInNewYork();
  try {
    const instructor = await loginByApi(e2e.baseUrl, DEMO.instructor);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/instructor/statement/')) calls.push(r.url());
    });
    for (const lang of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, instructor, { clear: true, lang });
      await page.goto(`${e2e.baseUrl}/instructorpanel?tab=4`);
      await page.waitForSelector('[data-testid="statement-form"]');
      await page.fill('[data-testid="statement-month"]', '');
      await page.click('[data-testid="statement-download"]');
      const error = page.locator('[data-testid="statement-month-error"]');
      await error.waitFor();
      expect(await error.textContent()).toBe(lang === 'en' ? 'Choose a month to download its statement.' : 'বিবরণী ডাউনলোড করতে একটি মাস বেছে নিন।');
      expect(await page.getAttribute('[data-testid="statement-month"]', 'aria-invalid')).toBe('true');
      expect(await page.locator('.toast', { hasText: lang === 'en' ? 'The download failed' : 'ডাউনলোড ব্যর্থ' }).count()).toBe(0);
      await e2e.shot(page, `statement-month-${lang}`, { fullPage: false });
    }
    expect(calls).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

test('the landing’s "What we teach" icons are inline SVG, not emoji (en and bn)', async () => {
  const { context, page, errors } = await pageInNewYork();
  try {
    for (const lang of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, null, { clear: true, lang });
      await page.goto(`${e2e.baseUrl}/`);
      const grid = page.locator('.teach-grid');
      await grid.waitFor();
      expect(await grid.locator('svg.teach-icon').count()).toBe(5);
      expect(await grid.locator('svg.teach-icon').evaluateAll((svgs) => svgs.map((s) => s.getAttribute('data-icon')))).toEqual(['guitar', 'bass', 'drums', 'keys', 'mixer']);
      // Each icon is drawn (has a size and shapes), and no emoji is left in the text.
      const sizes = await grid.locator('svg.teach-icon').evaluateAll((svgs) => svgs.map((s) => [s.getBoundingClientRect().width, s.querySelectorAll('path, rect, circle, ellipse').length]));
      for (const [width, shapes] of sizes) {
        expect(width).toBeGreaterThan(20);
        expect(shapes).toBeGreaterThan(0);
      }
      expect(/\p{Extended_Pictographic}/u.test((await grid.textContent()) ?? '')).toBe(false);
      await grid.scrollIntoViewIfNeeded();
      await e2e.shot(page, `landing-teach-${lang}`, { fullPage: false });
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('the mass-mail and add-freebie pages log no CSP violation', async () => {
  const { context, page, errors } = await pageInNewYork();
  const problems: string[] = [];
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  try {
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const seen: Record<string, string[]> = {};
    for (const lang of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, admin, { clear: true, lang });
      for (const [name, url, editor] of [
        ['mass mail', '/admin/mass-mailing', 'mass-mail-message'],
        ['add freebie', '/addpost', 'freebie-description'],
      ] as const) {
        const res = await page.goto(`${e2e.baseUrl}${url}`);
        expect(res?.headers()['content-security-policy']).toContain("style-src 'self'");
        await page.waitForSelector(`[data-testid="${editor}-content"]`, { timeout: 20_000 });
        // Typing and a tool use the editor's styles too.
        await page.click(`[data-testid="${editor}-content"]`);
        await page.keyboard.type('Hello');
        await page.click(`[data-testid="${editor}"] [data-tool="bold"]`);
        await page.waitForTimeout(300);
        const events = (await page.evaluate(() => window.__cspViolations ?? [])) as string[];
        seen[`${name} (${lang})`] = [...problems.splice(0), ...events.map((v) => `event: ${v}`)];
        // The editor's base rules still apply (from admin.css): the text wraps as ProseMirror wants.
        expect(await page.locator(`[data-testid="${editor}-content"]`).evaluate((el) => getComputedStyle(el).whiteSpace)).toMatch(/pre-wrap|break-spaces/);
        await e2e.shot(page, `${name.replace(' ', '-')}-${lang}`, { fullPage: false });
      }
    }
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((k) => [k, []])));
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
