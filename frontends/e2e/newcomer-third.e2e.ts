// Issue 55 (a third newcomer's run), in Chromium against the real all-in-one: the cart's item row
// inside its card on phones; the course page's header at 320 px; an emoji name through sign-up
// and the gift-card form's pre-filled "From"; Bengali digits in the coupon discount and the
// gift-card quantity; one toast at a time; the contact message's limit and counter; Purchase
// History and a long Bengali search heading within the screen.
// Screenshots in en and bn go to /tmp/shots-55/ (override with SHOTS_DIR).
import type { Page } from 'playwright-core';
import { ContactLimits } from '@taal/contracts';
import { answerBody, api, DEMO, dhakaDay, type LoginAnswer, loginByApi, loginInUi, openPage, signUpByApi, toastWith, useE2E, useSession, verificationToken } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-55';
const e2e = useE2E({ shotsDir: SHOTS });
const shot = (page: Page, name: string) => e2e.shot(page, name, { scrollTop: true });
const { call } = api(e2e);

interface Course {
  _id: string;
  priceSilver: { price: number };
}

let student: LoginAnswer;
let admin: LoginAnswer;
let course: Course;

beforeAll(async () => {
  student = await loginByApi(e2e.baseUrl, DEMO.student);
  admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const priced = (await call<Course[]>('GET', 'course/')).filter((c) => c.priceSilver?.price > 0);
  course = priced[0]!;
  // One order in Purchase History: a course paid from the wallet (an admin credit).
  const bought = priced[priced.length - 1]!;
  await call('POST', 'wallet/credit', admin.token, { userId: student.user._id, kind: 'refund', amount: bought.priceSilver.price, reference: `issue55-${Date.now()}` });
  await call('POST', 'cart/remove_all', student.token, { user: student.user._id });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: bought._id, tier: 'silver' });
  const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: student.user._id, amount: 0 });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, { total_amount: 0, discount_amount: 0, cart: { id: student.user._id }, value_c: order._id });
  // One course left in the cart.
  await call('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' });
}, 60_000);

/** Every element of `row` whose box leaves `container`'s box (more than half a pixel), described. */
async function outside(page: Page, container: string, row: string): Promise<string[]> {
  return page.evaluate(
    ([c, r]) => {
      const box = document.querySelector(c)!.getBoundingClientRect();
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll(`${r}, ${r} *`))) {
        const b = el.getBoundingClientRect();
        if (b.width === 0 && b.height === 0) continue;
        if (b.left < box.left - 0.5 || b.right > box.right + 0.5) out.push(`${el.tagName}.${el.className} "${el.textContent?.trim().slice(0, 30)}" ${b.left.toFixed(0)}–${b.right.toFixed(0)} outside ${box.left.toFixed(0)}–${box.right.toFixed(0)}`);
      }
      return out;
    },
    [container, row] as const,
  );
}

describe('phones', () => {
  test.each([
    [390, 'en'],
    [390, 'bn'],
    [320, 'en'],
    [320, 'bn'],
  ] as const)('the cart item row stays inside its card at %i px (%s)', async (width, lng) => {
    const { page, context, errors } = await openPage(e2e.browser, width);
    try {
      await useSession(page, e2e.baseUrl, student, { clear: true, lang: lng });
      await page.goto(`${e2e.baseUrl}/cart`);
      await page.waitForSelector('[data-testid="cart-item"] [data-testid="cart-to-wishlist"]');
      await page.evaluate(() => document.fonts.ready);
      expect(await outside(page, '.cart-items', '[data-testid="cart-item"]')).toEqual([]);
      // Nothing is scrolled away inside the card either.
      expect(await page.evaluate(() => { const c = document.querySelector('.cart-items')!; return c.scrollWidth - c.clientWidth; })).toBeLessThanOrEqual(0);
      await shot(page, `cart-${width}-${lng}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test.each(['en', 'bn'] as const)('the course page header at 320 px keeps a usable search box on its own row (%s)', async (lng) => {
    const { page, context, errors } = await openPage(e2e.browser, 320);
    try {
      await useSession(page, e2e.baseUrl, null, { clear: true, lang: lng });
      for (const url of [`/courseview?id=${course._id}`, '/allcourses']) {
        await page.goto(`${e2e.baseUrl}${url}`);
        await page.waitForSelector('[data-testid="header-search"]');
        await page.evaluate(() => document.fonts.ready);
        const header = await page.evaluate(() => {
          const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
          const search = box('.header-search');
          const input = document.querySelector<HTMLInputElement>('[data-testid="header-search"]')!;
          return { search: search.width, searchTop: search.top, cartBottom: box('.cart-link').bottom, input: input.getBoundingClientRect().width, placeholder: input.placeholder, scroll: document.documentElement.scrollWidth };
        });
        // A row of its own below the icons, most of the screen wide, its placeholder readable.
        expect(header.searchTop).toBeGreaterThanOrEqual(header.cartBottom);
        expect(header.search).toBeGreaterThan(200);
        expect(header.input).toBeGreaterThan(150);
        expect(header.placeholder.length).toBeGreaterThan(0);
        expect(header.scroll).toBeLessThanOrEqual(320);
      }
      await page.goto(`${e2e.baseUrl}/courseview?id=${course._id}`);
      await page.waitForSelector('h1');
      await e2e.shot(page, `courseview-header-320-${lng}`, { fullPage: false });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test('Purchase History does not scroll sideways at 320 px, and a long Bengali search heading wraps at 390 px', async () => {
    const { page, context, errors } = await openPage(e2e.browser, 320);
    try {
      await useSession(page, e2e.baseUrl, student, { clear: true, lang: 'bn' });
      await page.goto(`${e2e.baseUrl}/studentpanel?tab=3`);
      await page.waitForSelector('[data-testid="purchase"]');
      await page.evaluate(() => document.fonts.ready);
      await shot(page, 'purchases-320-bn');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${e2e.baseUrl}/search?q=${encodeURIComponent('গিটারশিখি'.repeat(56))}`);
      await page.waitForSelector('.search-page h1');
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.querySelector('.search-page h1')!.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, 'search-long-bn-390');
      expect(errors.filter((e) => !/search/i.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

test('an account whose name has an emoji signs up and buys a gift card with the name the form fills in (bn, 390 px)', async () => {
  const { page, context, errors } = await openPage(e2e.browser, 390);
  try {
    await page.goto(`${e2e.baseUrl}/`);
    const email = `emoji-${Date.now()}@example.com`;
    // Emoji as phones type them (issue 55, decision 0071): a presentation selector (❤️), a joined
    // family and a singer with a skin tone (zero-width joiners).
    const name = 'রাফি 🎸 Rafi ❤\ufe0f 👨\u200d👩\u200d👧';
    const res = await signUpByApi(page, e2e.baseUrl, { name, email, password: 'emoji-pass-1', dob: '1999-01-01', phone: '01712345678', address: 'Dhaka' });
    expect(res.status).toBeLessThan(300);
    await page.goto(`${e2e.baseUrl}/verify-email/${await verificationToken(e2e.taal, email)}`);
    await page.waitForSelector('[data-testid="verify-result"]');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'bn'));
    await loginInUi(page, e2e.baseUrl, { email, password: 'emoji-pass-1' });
    await page.goto(`${e2e.baseUrl}/products/giftCard/gift-card-500`);
    await page.waitForSelector('[data-testid="gift-form"]');
    await page.check('[data-testid="gift-recipient-someoneElse"]');
    expect(await page.inputValue('[data-testid="gift-from"]')).toBe(name);
    await page.fill('[data-testid="gift-receiverName"]', 'নাদিয়া 🎹 🧑🏽\u200d🎤');
    await page.fill('[data-testid="gift-phone"]', '01712345678');
    await page.fill('[data-testid="gift-email"]', `receiver-${email}`);
    await page.fill('[data-testid="gift-confirmEmail"]', `receiver-${email}`);
    await page.locator('[data-testid="gift-from"]').focus();
    await page.locator('[data-testid="gift-from"]').blur();
    expect(await page.locator('[data-testid="gift-from-error"]').count()).toBe(0);
    await page.locator('[data-testid="gift-receiverName"]').focus();
    await page.locator('[data-testid="gift-receiverName"]').blur();
    expect(await page.locator('[data-testid="gift-receiverName-error"]').count()).toBe(0);
    await page.evaluate(() => document.fonts.ready);
    await shot(page, 'gift-emoji-name-bn');
    const made = await answerBody<{ data: { giftCardFrom: string; shippingAddress: { name: string } } }>(page, '**/api/v1/store/order/');
    await page.click('[data-testid="gift-submit"]');
    const order = (await made.body).data;
    expect(order.giftCardFrom).toBe(name);
    expect(order.shippingAddress.name).toBe('নাদিয়া 🎹 🧑🏽\u200d🎤');
    // The store takes it: the card is paid on the sandbox.
    await page.waitForURL(/\/sslcommerz-sandbox\//, { timeout: 20_000 });
    await page.click('button[value="pay"], form[action$="/pay"] button');
    await page.waitForURL(/\/giftcard-successfull\?order=/, { timeout: 20_000 });
    await page.waitForSelector('[data-testid="giftcard-success"][data-state="paid"]', { timeout: 20_000 });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

describe('Bengali digits', () => {
  test('the admin coupon form reads ২০ as a 20 % discount and ৩ as the use limit', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    try {
      await useSession(page, e2e.baseUrl, admin, { clear: true, lang: 'bn' });
      await page.goto(`${e2e.baseUrl}/cupon`);
      await page.waitForSelector('[data-testid="coupon-discount-input"]');
      const code = `BNDIGIT${Date.now().toString(36).toUpperCase()}`;
      await page.fill('input[name="cuponCode"]', code);
      await page.locator('[data-testid="coupon-discount-input"]').pressSequentially('২০');
      await page.locator('[data-testid="coupon-use-limit-input"]').pressSequentially('৩');
      expect(await page.inputValue('[data-testid="coupon-discount-input"]')).toBe('২০');
      await page.fill('input[name="expireDate"]', dhakaDay(10));
      await shot(page, 'coupon-bengali-digits-bn');
      await page.click('[data-testid="coupon-submit"]');
      await toastWith(page, 'কুপন সফলভাবে তৈরি হয়েছে');
      const coupons = await call<{ cuponCode: string; discount: number; useLimit: number }[]>('GET', 'cart/cupon/list', admin.token);
      expect(coupons.find((c) => c.cuponCode === code)).toMatchObject({ discount: 20, useLimit: 3 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test('the gift-card quantity reads ২ as two cards', async () => {
    const { page, context, errors } = await openPage(e2e.browser, 390);
    try {
      await useSession(page, e2e.baseUrl, student, { clear: true, lang: 'bn' });
      await page.goto(`${e2e.baseUrl}/products/giftCard/gift-card-500`);
      await page.waitForSelector('[data-testid="gift-form"]');
      await page.check('[data-testid="gift-recipient-myself"]');
      await page.fill('[data-testid="gift-phone"]', '০১৭১২৩৪৫৬৭৮');
      const one = await page.textContent('[data-testid="gift-total"]');
      await page.fill('[data-testid="gift-quantity"]', '');
      await page.locator('[data-testid="gift-quantity"]').pressSequentially('২');
      expect(await page.inputValue('[data-testid="gift-quantity"]')).toBe('২');
      await page.locator('[data-testid="gift-quantity"]').blur();
      await page.waitForFunction((before) => document.querySelector('[data-testid="gift-total"]')?.textContent !== before, one);
      await shot(page, 'gift-quantity-bengali-bn');
      const made = await answerBody<{ data: { orderItem: { quantity: number } } }>(page, '**/api/v1/store/order/');
      await page.click('[data-testid="gift-submit"]');
      expect((await made.body).data.orderItem.quantity).toBe(2);
      await page.waitForURL(/\/sslcommerz-sandbox\//, { timeout: 20_000 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

test.each(['en', 'bn'] as const)('the contact form: a new toast replaces the one before it; the message shows its limit and stops there (%s)', async (lng) => {
  const { page, context, errors } = await openPage(e2e.browser, 390);
  try {
    await useSession(page, e2e.baseUrl, null, { clear: true, lang: lng });
    await page.goto(`${e2e.baseUrl}/contact`);
    const form = page.locator('[data-testid="contact-form-page"]');
    await form.waitFor();
    // Nothing filled: "fill all fields"; then a name the name rule refuses: its toast replaces the first.
    await form.locator('button').click();
    await page.waitForSelector('.toast.toast-error');
    const first = await page.locator('.toast').first().textContent();
    await form.locator('input').first().fill('Rafi\u202e');
    await form.locator('input[type="email"]').fill('rafi@example.com');
    await form.locator('textarea').fill('Hello');
    await form.locator('button').click();
    await page.waitForFunction((before) => document.querySelector('.toast')?.textContent !== before, first);
    expect(await page.locator('.toast').count()).toBe(1);
    // The limit is the server's (ContactLimits): shown, counted, and the box takes no more.
    await form.locator('textarea').fill('');
    await form.locator('textarea').fill('ক'.repeat(ContactLimits.message + 600));
    expect((await form.locator('textarea').inputValue()).length).toBe(ContactLimits.message);
    const count = await page.textContent('[data-testid="contact-count-page"]');
    expect(count).toContain(lng === 'bn' ? '৫০০০' : '5000');
    await e2e.shot(page, `contact-limit-${lng}`, { keepToasts: true, fullPage: false });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);
