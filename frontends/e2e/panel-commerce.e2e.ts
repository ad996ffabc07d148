// The student panel's commerce tabs in the browser against the real all-in-one, as the seeded
// demo student: Wishlist (a course added through the API, shown with its title and link, then
// removed), Purchase History (an order paid through the zero-cost path with a 100% voucher the
// demo admin created, shown Paid; an unpaid one shown Unpaid) and Earn Money (referral code,
// sign-up link, pending and credited bonuses), in English and Bengali. Screenshots of each tab
// go to /tmp/shots-panel-admin/ (override with SHOTS_DIR).
import type { Page } from 'playwright-core';
import { api, apiGet, bdt, DEMO, loginByApi, openPage, signUpByApi, switchLanguage, toastWith, useE2E, useSession, waitForMails } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-panel-admin';

const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { call } = api(e2e);

interface Course {
  _id: string;
  title: string;
  priceSilver: { price: number; validity: number };
}
interface Order {
  _id: string;
  state: string;
  amount: number;
  subtotal: number;
  walletUsed: number;
  discount: number;
}

async function openTab(page: Page, index: number, name: string) {
  await page.goto(`${e2e.baseUrl}/studentpanel?tab=${index}`);
  await page.waitForSelector(`[data-testid="tabpanel-${name}"]`);
}

test('student panel: wishlist with remove, purchase history Paid / Unpaid, earn money; en and bn', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    const student = await loginByApi(e2e.baseUrl, DEMO.student);
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const me = await call<{ _id: string; referralCode: string }>('GET', `user/${student.user._id}/`, student.token);
    const courses = await apiGet<Course[]>(e2e.baseUrl, 'course/');
    expect(courses.length).toBeGreaterThanOrEqual(2);
    const [first, second] = courses as [Course, Course];
    await useSession(page, e2e.baseUrl, student);

    // ---- Wishlist: empty, then a course added through the API, then removed in the tab.
    await openTab(page, 1, 'wishlist');
    await page.waitForSelector('[data-testid="wishlist-empty"]');
    expect(await page.textContent('[data-testid="wishlist-empty"] p')).toBe('Your wishlist is empty.');
    await call('POST', 'wishlist/', student.token, { user: student.user._id, course: first._id });
    await call('POST', 'wishlist/', student.token, { user: student.user._id, course: second._id });
    await openTab(page, 1, 'wishlist');
    const item = page.locator(`[data-testid="wishlist-item"][data-course="${first._id}"]`);
    await item.locator('[data-testid="wishlist-course-link"]').waitFor();
    expect(await item.locator('[data-testid="wishlist-course-link"]').textContent()).toBe(first.title);
    expect(await item.locator('[data-testid="wishlist-course-link"]').getAttribute('href')).toBe(`/courseview?id=${first._id}`);
    expect(await page.locator('[data-testid="wishlist-item"]').count()).toBe(2);
    await page.locator(`[data-testid="wishlist-item"][data-course="${second._id}"] [data-testid="wishlist-course-link"]`).waitFor();
    await shot(page, 'panel-wishlist-en');
    await item.locator('[data-testid="wishlist-remove"]').click();
    await toastWith(page, 'Removed from your wishlist');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="wishlist-item"]').length === 1);
    const left = await call<{ course: string }[]>('GET', `wishlist/${student.user._id}`, student.token);
    expect(left.map((w) => w.course)).toEqual([second._id]);
    // The link opens the course page.
    await page.click('[data-testid="wishlist-course-link"]');
    await page.waitForURL(`**/courseview?id=${second._id}`);

    // ---- Purchase History: empty, then a paid order (100% voucher, zero-cost path) and an unpaid one.
    await openTab(page, 3, 'purchaseHistory');
    await page.waitForSelector('[data-testid="purchases-empty"]');
    expect(await page.textContent('[data-testid="purchases-empty"] p')).toBe('You have not purchased any course yet.');

    const code = `FREE${Date.now().toString(36).toUpperCase()}`;
    const expire = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 100, useLimit: 5, expireDate: expire });
    await call('POST', 'cart/', student.token, { user: student.user._id, course: first._id, tier: 'silver' });
    const paidOrder = await call<Order>('POST', 'order', student.token, { userId: student.user._id, amount: 0, cuponCode: code });
    await call('POST', `cart/zero-cart/${student.user._id}/${paidOrder._id}`, student.token, { value_a: '1', value_b: code, value_c: paidOrder._id });
    // An unpaid order for the second course, paying the full price (wallet first, then the rest).
    const wallet = await call<{ balance: number }>('GET', `wallet/${student.user._id}`, student.token);
    const cart = await call<{ subtotal: number }>('POST', 'cart/', student.token, { user: student.user._id, course: second._id, tier: 'silver' });
    const unpaid = await call<Order>('POST', 'order', student.token, { userId: student.user._id, amount: Math.max(0, cart.subtotal - wallet.balance) });
    const orders = await call<Order[]>('GET', `order/${student.user._id}`, student.token);
    const paid = orders.find((o) => o._id === paidOrder._id)!;
    expect(paid.state).toBe('Paid');

    await openTab(page, 3, 'purchaseHistory');
    await page.waitForSelector('[data-testid="purchase"]');
    expect(await page.locator('[data-testid="purchase"]').count()).toBe(2);
    const paidCard = page.locator(`[data-testid="purchase"][data-order="${paidOrder._id}"]`);
    expect(await paidCard.getAttribute('data-state')).toBe('Paid');
    expect(await paidCard.locator('[data-testid="purchase-state"]').textContent()).toBe('Paid');
    expect(await paidCard.locator('[data-testid="purchase-course"] a').textContent()).toBe(first.title);
    expect(await paidCard.locator('[data-testid="purchase-course"]').textContent()).toContain('Silver');
    expect(await paidCard.locator('[data-testid="purchase-course"]').textContent()).toContain(bdt(first.priceSilver.price));
    expect(await paidCard.locator('[data-testid="purchase-subtotal"]').textContent()).toBe(bdt(paid.subtotal));
    expect(await paidCard.locator('[data-testid="purchase-discount"]').textContent()).toBe(`− ${bdt(paid.discount)}`);
    expect(await paidCard.locator('dt', { hasText: code }).textContent()).toBe(`Voucher ${code} (100%)`);
    expect(await paidCard.locator('[data-testid="purchase-amount"]').textContent()).toBe(bdt(0));
    expect(await paidCard.textContent()).toContain('Paid by card');
    expect(await paidCard.locator('[data-testid="purchase-date"]').textContent()).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \(Bangladesh time\)$/);
    const unpaidCard = page.locator(`[data-testid="purchase"][data-order="${unpaid._id}"]`);
    expect(await unpaidCard.locator('[data-testid="purchase-state"]').textContent()).toBe('Unpaid');
    expect(await unpaidCard.textContent()).toContain('To pay by card');
    expect(await unpaidCard.locator('[data-testid="purchase-amount"]').textContent()).toBe(bdt(unpaid.amount));
    await shot(page, 'panel-purchases-en');

    // ---- Earn Money: the referral code, its sign-up link, pending and credited bonuses.
    await openTab(page, 5, 'earnMoney');
    await page.waitForSelector('[data-testid="referrals-empty"]');
    // A friend signs up with the code: a pending bonus of 200 taka.
    const friend = { email: `friend-${Date.now()}@example.com`, password: 'secret12', name: 'Karim Bondhu' };
    expect((await signUpByApi(page, e2e.baseUrl, { ...friend, dob: '2001-01-01', phone: '01911111111', address: 'Dhaka' }, { referralCode: me.referralCode })).status).toBe(201);
    type Referral = { referredName: string; status: string; amount: number };
    const walletWith = async (status: string) => {
      for (let i = 0; i < 100; i++) {
        const w = await call<{ balance: number; pendingBalance: number; referrals: Referral[] }>('GET', `wallet/${student.user._id}`, student.token);
        if (w.referrals.some((r) => r.status === status)) return w;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no ${status} referral`);
    };
    const walletNow = await walletWith('pending');
    expect(walletNow.pendingBalance).toBe(20_000);
    await openTab(page, 5, 'earnMoney');
    await page.waitForSelector('[data-testid="referral-code"]');
    expect(me.referralCode).toMatch(/^\S+$/);
    expect(await page.textContent('[data-testid="referral-code"]')).toBe(me.referralCode);
    expect(await page.textContent('[data-testid="earn-money"] .earn-lead')).toBe('share your code and get 200 taka');
    expect(await page.textContent('[data-testid="referral-link"]')).toBe(`${e2e.baseUrl}/signup/${me.referralCode}`);
    await page.waitForFunction(() => !document.querySelector('[data-testid="bonus-pending"] strong')?.textContent?.includes('…'));
    expect(await page.textContent('[data-testid="bonus-pending"] strong')).toBe(bdt(walletNow.pendingBalance));
    expect(await page.textContent('[data-testid="bonus-credited"] strong')).toBe(bdt(walletNow.balance));
    expect(await page.textContent('[data-testid="referral"][data-status="pending"]')).toContain(friend.name);
    expect(await page.textContent('[data-testid="referral"][data-status="pending"]')).toContain('Pending');

    // The friend verifies, logs in and makes a first order that costs nothing (a 100% voucher): no bonus yet
    // (decision 0014); then an order paid with money (wallet) credits it.
    const link = /https?:\/\/[^\s"<>]*verify-email[^\s"<>]*/.exec((await waitForMails(e2e.taal, friend.email))[0]!.body)![0];
    const token = new URL(link).pathname.split('/').pop()!;
    expect((await fetch(`${e2e.baseUrl}/api/v1/user/verify-email/${token}`)).ok).toBe(true);
    const buyer = await loginByApi(e2e.baseUrl, friend);
    const freeCode = `${code}F`;
    await call('POST', 'cart/cupon', admin.token, { cuponCode: freeCode, discount: 100, useLimit: 1, expireDate: expire });
    await call('POST', 'cart/', buyer.token, { user: buyer.user._id, course: second._id, tier: 'silver' });
    const friendOrder = await call<Order>('POST', 'order', buyer.token, { userId: buyer.user._id, amount: 0, cuponCode: freeCode });
    await call('POST', `cart/zero-cart/${buyer.user._id}/${friendOrder._id}`, buyer.token, {});
    const stillPending = await call<{ balance: number; pendingBalance: number; referrals: Referral[] }>('GET', `wallet/${student.user._id}`, student.token);
    expect([stillPending.pendingBalance, stillPending.referrals.find((r) => r.referredName === friend.name)?.status]).toEqual([20_000, 'pending']);
    await call('POST', 'wallet/credit', admin.token, { userId: buyer.user._id, kind: 'refund', amount: first.priceSilver.price, reference: `e2e-referral-${Date.now()}` });
    await call('POST', 'cart/', buyer.token, { user: buyer.user._id, course: first._id, tier: 'silver' });
    const walletOrder = await call<Order>('POST', 'order', buyer.token, { userId: buyer.user._id, amount: 0 });
    await call('POST', `cart/zero-cart/${buyer.user._id}/${walletOrder._id}`, buyer.token, {});
    const credited = await walletWith('credited');
    expect(credited.pendingBalance).toBe(0);
    await openTab(page, 5, 'earnMoney');
    await page.waitForSelector('[data-testid="referral"][data-status="credited"]');
    expect(await page.textContent('[data-testid="bonus-credited"] strong')).toBe(bdt(credited.balance));
    expect(await page.textContent('[data-testid="bonus-pending"] strong')).toBe(bdt(0));
    expect(await page.textContent('[data-testid="referral"] td.num')).toBe(bdt(20_000));
    await shot(page, 'panel-earn-en');

    // ---- Bengali: the same tabs.
    await switchLanguage(page, 'bn');
    await page.waitForFunction(() => document.querySelector('[data-testid="earn-money"] .earn-lead')?.textContent === 'আপনার কোড শেয়ার করুন আর পান ২০০ টাকা');
    await page.evaluate(() => document.fonts.ready);
    await shot(page, 'panel-earn-bn');
    await openTab(page, 3, 'purchaseHistory');
    await page.waitForSelector('[data-testid="purchase"]');
    expect(await paidCard.locator('[data-testid="purchase-state"]').textContent()).toBe('পরিশোধিত');
    expect(await unpaidCard.locator('[data-testid="purchase-state"]').textContent()).toBe('অপরিশোধিত');
    expect(await page.textContent('[role="tabpanel"] h2')).toBe('ক্রয়ের ইতিহাস');
    await page.evaluate(() => document.fonts.ready);
    await shot(page, 'panel-purchases-bn');
    await openTab(page, 1, 'wishlist');
    await page.waitForSelector('[data-testid="wishlist-course-link"]');
    expect(await page.textContent('[data-testid="wishlist-remove"]')).toBe('সরিয়ে দিন');
    await page.evaluate(() => document.fonts.ready);
    await shot(page, 'panel-wishlist-bn');
    await page.click('[data-testid="wishlist-remove"]');
    await toastWith(page, 'উইশলিস্ট থেকে সরানো হয়েছে');
    await page.waitForSelector('[data-testid="wishlist-empty"]');
    expect(await page.textContent('[data-testid="wishlist-empty"] p')).toBe('আপনার উইশলিস্ট খালি।');
    await shot(page, 'panel-wishlist-empty-bn');

    // Small screens: the tabs still fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await openTab(page, 3, 'purchaseHistory');
    await page.waitForSelector('[data-testid="purchase"]');
    await shot(page, 'panel-purchases-bn-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
