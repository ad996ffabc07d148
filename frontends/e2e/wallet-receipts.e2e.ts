// The wallet statement and receipts in Chromium against the real all-in-one (issue 41): Rina buys
// two gift cards for herself on the payment sandbox and redeems one; Farida signs up with Rina's
// referral code and pays a course by card, so Rina gets the referral bonus; Rina buys a course in
// the cart (wallet first, a 10% voucher, the rest by card on the sandbox), then redeems her second
// card. Her Wallet tab lists the redemptions (with the product), the bonus (with Farida's first name)
// and the checkout (with the course) with the balance they sum to; the admin's view of Rina shows the
// same. Purchase History downloads the course order's and the gift-card order's receipt PDFs, whose
// text (pdftotext) holds the amounts in English and in Bengali, and the receipt mail carries the
// same PDF; Farida gets 403 for Rina's receipts
// and statement. Each screen in en and bn at desktop and phone widths, axe-clean; screenshots go to
// /tmp/shots-wallet-receipts/ (override with SHOTS_DIR).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { api, attachedPdfText, DEMO, type LoginAnswer, loginByApi, mailsTo, pdfText, signUpByApi, switchLanguage, toastWith, useE2E, useSession, verificationToken, waitFor } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-wallet-receipts';
const CODE = /[0-9A-Z]{4}(?:-[0-9A-Z]{4}){4}/g;
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const e2e = useE2E({ shotsDir: SHOTS });
const { call, request } = api(e2e);

interface Course {
  _id: string;
  title: string;
  priceSilver: { price: number };
}
interface StatementEntry {
  kind: string;
  amount: number;
  detail: string;
  orderTitles: string[];
}

/** A verified student: sign-up (with a referral code, if given), the verification mail, login. */
async function newStudent(page: Page, name: string, email: string, referralCode?: string): Promise<LoginAnswer> {
  const res = await signUpByApi(page, e2e.baseUrl, { name, email, password: 'secret12', dob: '2000-01-02', phone: '01711111111', address: 'Dhaka' }, { referralCode });
  expect(res.status).toBe(201);
  expect((await fetch(`${e2e.baseUrl}/api/v1/user/verify-email/${await verificationToken(e2e.taal, email)}`)).ok).toBe(true);
  return loginByApi(e2e.baseUrl, { email, password: 'secret12' });
}

/** The sandbox's hosted page over HTTP: Pay, then the browser's return through the gateway. */
async function payOnSandbox(pageUrl: string): Promise<void> {
  const html = await (await fetch(pageUrl)).text();
  const action = /action="([^"]+\/pay)"/.exec(html)![1]!;
  const paid = await fetch(new URL(action, e2e.baseUrl), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=pay' });
  const back = new URL(paid.headers.get('location')!, e2e.baseUrl);
  expect((await fetch(back, { redirect: 'manual' })).status).toBe(303);
}

/** axe's violations on the page as it stands (default rules: WCAG 2.x A/AA and best practices). */
async function axe(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await run.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}


/** Clicks a download button and answers the saved file's path. */
async function download(page: Page, selector: string, dir: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const to = path.join(dir, file.suggestedFilename());
  await file.saveAs(to);
  return to;
}

/** As the receipt prints an amount (thousands grouped); the screens write it the same way (issue 55). */
const bdt = (poisha: number) => (poisha / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ui = bdt; // the screens write money as the receipts do (issue 55: one formatter)
const bn = (text: string) => text.replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);

test('the wallet statement sums a gift-card redemption, a referral bonus and a checkout to the balance; receipts download in en and bn; another user gets 403', async () => {
  // axe is injected as a script: the page's CSP is bypassed for it, as accessibility.e2e.ts does.
  const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taal-receipts-'));
  try {
    const stamp = Date.now().toString(36);
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const rinaEmail = `rina-${stamp}@example.com`;
    const rina = await newStudent(page, 'Rina Das', rinaEmail);
    const { referralCode } = await call<{ referralCode: string }>('GET', `user/${rina.user._id}/`, rina.token);
    const farida = await newStudent(page, 'Farida Akter', `farida-${stamp}@example.com`, referralCode);

    // ---- Rina: two gift cards for herself, paid on the sandbox; she redeems one.
    const product = await call<{ _id: string; name: string; price: number; value: number }>('GET', 'store/product/gift-card-500');
    const storeOrder = await call<{ _id: string }>('POST', 'store/order/', rina.token, {
      userId: rina.user._id, product: product._id, quantity: 2, totalPrice: product.price * 2, forMyself: true, userPhone: '01712345678',
    });
    const storeSession = await call<{ GatewayPageURL: string }>('POST', 'store/payment/ssl/', rina.token, {
      amount: (product.price * 2) / 100, name: 'Rina Das', phone: '01712345678', email: rinaEmail, product_name: product.name, currency: 'BDT', cus_order_id: storeOrder._id,
    });
    await payOnSandbox(storeSession.GatewayPageURL);
    const codes = await waitFor('the gift-card codes', async () => {
      const found = [...new Set(mailsTo(e2e.taal, rinaEmail).flatMap((m) => m.body.match(CODE) ?? []))];
      return found.length >= 2 ? found : undefined;
    });
    await call('POST', `store/gift-card/redeem/${codes[0]}/${rina.user._id}`, rina.token, {});

    // ---- Farida: a course by card; her first paid order earns Rina the 200 BDT bonus.
    const courses = (await (await fetch(`${e2e.baseUrl}/api/v1/course/`)).json()).data as Course[];
    const [faridaCourse, rinaCourse] = courses.filter((c) => c.priceSilver?.price > 0);
    await call('POST', 'cart/', farida.token, { user: farida.user._id, course: faridaCourse!._id, tier: 'silver' });
    const faridaOrder = await call<{ _id: string; amount: number }>('POST', 'order', farida.token, { userId: farida.user._id, amount: faridaCourse!.priceSilver.price });
    const faridaSession = await call<{ GatewayPageURL: string }>('POST', 'cart/ssl/', farida.token, {
      total_amount: faridaOrder.amount / 100, cus_name: 'Farida Akter', cus_email: `farida-${stamp}@example.com`, cus_phone: '01712345678', num_of_item: 1, value_c: faridaOrder._id, currency: 'BDT',
    });
    await payOnSandbox(faridaSession.GatewayPageURL);
    const bonus = 20_000;
    await waitFor('the referral bonus', async () => ((await call<{ balance: number }>('GET', `wallet/${rina.user._id}`, rina.token)).balance === product.value + bonus ? true : undefined));

    // ---- Rina: the cart spends the wallet first, then a 10% voucher, the rest by card.
    const voucher = `WR${stamp.toUpperCase()}`.slice(0, 20);
    await call('POST', 'cart/cupon', admin.token, { cuponCode: voucher, discount: 10, useLimit: 5, expireDate: '2099-12-31' });
    await call('POST', 'cart/', rina.token, { user: rina.user._id, course: rinaCourse!._id, tier: 'silver' });
    const price = rinaCourse!.priceSilver.price;
    const walletUsed = product.value + bonus;
    const discount = Math.ceil(((price - walletUsed) * 10) / 100);
    const card = price - walletUsed - discount;
    expect(card).toBeGreaterThan(0);
    await useSession(page, e2e.baseUrl, rina, { clear: true, lang: 'en' });
    await page.goto(`${e2e.baseUrl}/cart`);
    await page.fill('[data-testid="voucher-input"]', voucher);
    await page.click('[data-testid="voucher-apply"]');
    await toastWith(page, 'Coupon Applied');
    // The cart says what the statement will say: paid from the wallet, the rest by card.
    expect(await page.textContent('[data-testid="summary-payable"]')).toBe(`BDT ${ui(card)}`);
    expect(await page.locator('dt', { hasText: 'Paid from wallet' }).count()).toBe(1);
    expect(await page.locator('dt', { hasText: 'To pay by card' }).count()).toBe(1);
    await page.click('[data-testid="cart-proceed"]');
    await page.waitForURL((url) => !url.pathname.startsWith('/cart'), { timeout: 30_000 });
    await page.locator('button', { hasText: /^\s*Pay\s*$/ }).first().click();
    await page.waitForURL('**/payment/success?order=*', { timeout: 30_000 });
    await page.waitForSelector('[data-testid="payment-success"][data-state="paid"]', { timeout: 20_000 });
    await call('POST', `store/gift-card/redeem/${codes[1]}/${rina.user._id}`, rina.token, {});

    // ---- The statement: every entry, and the balance they sum to.
    const balance = (await call<{ balance: number }>('GET', `wallet/${rina.user._id}`, rina.token)).balance;
    expect(balance).toBe(product.value);
    // One page (newest first, 20 at a time, decision 0084) holds them all.
    const statement = await call<{ balance: number; items: StatementEntry[]; next: string | null }>('GET', `wallet/${rina.user._id}/statement`, rina.token);
    expect(statement.next).toBeNull();
    expect(statement.balance).toBe(balance);
    expect(statement.items.reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
    expect(statement.items.map((e) => e.kind).sort()).toEqual(['checkout', 'gift_card_redemption', 'gift_card_redemption', 'referral_bonus', 'release', 'reservation']);

    for (const lang of ['en', 'bn'] as const) {
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await useSession(page, e2e.baseUrl, rina, { lang });
        await page.goto(`${e2e.baseUrl}/studentpanel?tab=8`);
        await page.waitForSelector('[data-testid="statement-entry"]');
        const rows = page.locator('[data-testid="statement-entry"]');
        expect(await rows.count()).toBe(6);
        const amounts = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-amount'))));
        expect(amounts.reduce((a, b) => a + b, 0)).toBe(balance);
        const text = (await page.textContent('[data-testid="wallet-statement"]'))!;
        if (lang === 'en') {
          expect(await page.textContent('[data-testid="statement-balance"]')).toBe(`BDT ${ui(balance)}`);
          expect(await rows.filter({ hasText: 'Gift card redeemed' }).first().textContent()).toContain(`Gift card: ${product.name}`);
          expect(await rows.filter({ hasText: 'Referral bonus' }).textContent()).toContain('Farida joined with your referral code');
          expect(await rows.filter({ hasText: 'Referral bonus' }).textContent()).not.toContain('Akter');
          expect(await rows.filter({ hasText: 'Paid from wallet' }).textContent()).toContain(`Order: ${rinaCourse!.title}`);
          expect(await rows.filter({ hasText: 'Paid from wallet' }).textContent()).toContain(`− BDT ${ui(walletUsed)}`);
        } else {
          expect(await page.textContent('[data-testid="statement-balance"]')).toBe(`${bn(ui(balance))} টাকা`);
          expect(text).toContain('রেফারেল বোনাস');
          expect(text).toContain('Farida আপনার রেফারেল কোড দিয়ে যোগ দিয়েছেন');
          expect(text).toContain('ওয়ালেট থেকে পরিশোধ');
          expect(text).toContain(`− ${bn(ui(walletUsed))} টাকা`);
        }
        expect(await axe(page)).toEqual([]);
        await e2e.shot(page, `wallet-${lang}-${width}`);
      }
    }

    // ---- Purchase History: the receipts of the course order and of the gift-card order.
    await page.setViewportSize({ width: 1366, height: 900 });
    const orders = await call<{ _id: string; state: string }[]>('GET', `order/${rina.user._id}`, rina.token);
    const rinaOrder = orders.find((o) => o.state === 'Paid')!;
    for (const lang of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, rina, { lang });
      await page.goto(`${e2e.baseUrl}/studentpanel?tab=3`);
      await page.waitForSelector(`[data-testid="purchase"][data-order="${rinaOrder._id}"] [data-testid="receipt-${lang}"]`);
      await page.waitForSelector('[data-testid="store-purchase"]');
      expect(await axe(page)).toEqual([]);
      await e2e.shot(page, `purchases-${lang}`);
      const courseText = pdfText(await download(page, `[data-testid="purchase"][data-order="${rinaOrder._id}"] [data-testid="receipt-${lang}"]`, dir));
      const storeText = pdfText(await download(page, `[data-testid="store-purchase"][data-order="${storeOrder._id}"] [data-testid="receipt-${lang}"]`, dir));
      if (lang === 'en') {
        expect(courseText).toContain(rinaCourse!.title);
        expect(courseText).toMatch(new RegExp(`Subtotal\\s+BDT ${bdt(price)}`));
        expect(courseText).toMatch(new RegExp(`Voucher ${voucher} \\(10%\\)\\s+- BDT ${bdt(discount)}`));
        expect(courseText).toMatch(new RegExp(`Paid from wallet\\s+BDT ${bdt(walletUsed)}`));
        expect(courseText).toMatch(new RegExp(`Paid by card\\s+BDT ${bdt(card)}`));
        expect(courseText).toMatch(/Card transaction id\s+\S{6,}/);
        expect(storeText).toContain(product.name);
        expect(storeText).toMatch(new RegExp(`Paid by card\\s+BDT ${bdt(product.price * 2)}`));
      } else {
        for (const amount of [price, discount, walletUsed, card]) expect(courseText).toContain(`${bn(bdt(amount))} টাকা`);
        expect(storeText).toContain(`${bn(bdt(product.price * 2))} টাকা`);
      }
    }

    // ---- The receipt mail carries the same PDF, in Rina's language (rendered from the paid-order event).
    const receiptMail = await waitFor('the receipt mail', async () => mailsTo(e2e.taal, rinaEmail).find((m) => m.subject.includes(rinaOrder._id)));
    const mailedText = attachedPdfText(e2e.taal, receiptMail);
    expect(mailedText).not.toBeNull();
    expect(mailedText).toMatch(new RegExp(`Paid from wallet\\s+BDT ${bdt(walletUsed)}`));
    expect(mailedText).toMatch(new RegExp(`Paid by card\\s+BDT ${bdt(card)}`));
    expect(mailedText).toContain(rinaCourse!.title);

    // ---- Only the buyer and admins: Farida (and an instructor) get 403, an admin gets the PDF.
    const instructor = await loginByApi(e2e.baseUrl, DEMO.instructor);
    for (const p of [`order/receipt/${rinaOrder._id}?lang=en`, `store/order/receipt/${storeOrder._id}?lang=bn`, `wallet/${rina.user._id}/statement`]) {
      expect({ p, status: (await request('GET', p, farida.token)).status }).toEqual({ p, status: 403 });
      expect({ p, status: (await request('GET', p, instructor.token)).status }).toEqual({ p, status: 403 });
    }
    const asAdmin = await fetch(`${e2e.baseUrl}/api/v1/order/receipt/${rinaOrder._id}?lang=en`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect([asAdmin.status, asAdmin.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    // Farida's own receipt is hers (her card order, with its transaction id).
    const own = await fetch(`${e2e.baseUrl}/api/v1/order/receipt/${faridaOrder._id}?lang=en`, { headers: { Authorization: `Bearer ${farida.token}` } });
    expect(own.status).toBe(200);

    // ---- The admin's view of Rina shows the same statement.
    for (const lang of ['en', 'bn'] as const) {
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await useSession(page, e2e.baseUrl, admin, { lang });
        await page.goto(`${e2e.baseUrl}/viewuser?id=${rina.user._id}`);
        await page.waitForSelector('[data-testid="admin-wallet-statement"] [data-testid="statement-entry"]');
        expect(await page.locator('[data-testid="admin-wallet-statement"] [data-testid="statement-entry"]').count()).toBe(6);
        expect(await page.textContent('[data-testid="admin-wallet-statement"] [data-testid="statement-balance"]')).toBe(lang === 'en' ? `BDT ${ui(balance)}` : `${bn(ui(balance))} টাকা`);
        expect(await axe(page)).toEqual([]);
        await e2e.shot(page, `admin-wallet-${lang}-${width}`);
      }
    }
    await switchLanguage(page, 'en');
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await context.close();
  }
}, 240_000);
