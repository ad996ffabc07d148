// Issue 40's minor items, in Chromium against the real all-in-one, in English and Bengali:
// - a student sees their own photo (header, Profile tab), and a new one replaces it at once;
// - saving an unchanged profile says why (the server's NOTHING_TO_UPDATE), not a red failure;
// - Bengali sign-up: a phone typed in Bengali digits is kept (stored as 0-9), "+880…" keeps its plus;
// - a cancelled card attempt is in Purchase History without wallet money used or an amount to pay;
// - bold Bengali on an English page is drawn with the bold Bengali font (the "গিটার" heading);
// - header and hero: "Instructors ▾" on one line at 1366, phone header buttons 40 px and off the
//   top edge, the hero's dots clear of "Get started" at 320 and 390;
// - at 1024 px the back office's tables show every column; the course form is wide, its file inputs too;
// - on bn screens the metronome's box shows Bengali digits and takes them.
// Screenshots in /tmp/shots-40 (override with SHOTS_DIR).
import type { Page } from 'playwright-core';
import { refusalText } from '@taal/contracts';
import { api, DEMO, type LoginAnswer, loginByApi, makePng, openPage, signUpByApi, switchLanguage, toastWith, useE2E, useSession, verificationToken, waitFor } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-40';
const e2e = useE2E({ shotsDir: SHOTS });
const { call, request } = api(e2e);
const LANGS = ['en', 'bn'] as const;

/** A new student signed up through the API with a photo and verified from its mail. */
async function newStudent(page: Page, tag: string): Promise<LoginAnswer> {
  const email = `${tag}-${Date.now().toString(36)}@example.com`;
  const res = await signUpByApi(page, e2e.baseUrl, { name: 'Mitu Rahman', email, password: 'secret1', dob: '2000-01-02', phone: '01712345678', address: 'Dhaka' }, { photo: { width: 300, height: 300 } });
  expect(res.status).toBeLessThan(300);
  await call('GET', `user/verify-email/${await verificationToken(e2e.taal, email)}`);
  return loginByApi(e2e.baseUrl, { email, password: 'secret1' });
}

/** The natural size of a loaded <img> (0 while it is not loaded). */
const imageWidth = (page: Page, selector: string) => page.$eval(selector, (img) => (img as HTMLImageElement).naturalWidth);

test('a student sees their photo in the header and the Profile tab; an unchanged save says why; a new photo shows at once (en, bn)', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    const student = await newStudent(page, 'photo');
    expect(student.user).toMatchObject({ photo: expect.stringMatching(/^\/api\/v1\/user\/[0-9a-f-]+\/photo\?v=[0-9a-f]{12}$/) });
    for (const lng of LANGS) {
      await useSession(page, e2e.baseUrl, student, { clear: true, lang: lng });
      await page.goto(`${e2e.baseUrl}/studentpanel?tab=4`);
      await page.waitForSelector('[data-testid="profile-form"]');
      // The header's button shows the photo (it showed an icon), and so does the tab.
      await page.waitForSelector('[data-testid="user-menu"] img[data-testid="header-photo"]');
      expect(await imageWidth(page, '[data-testid="header-photo"]')).toBe(300);
      await page.waitForSelector('[data-testid="profile-photo-current"]');
      expect(await imageWidth(page, '[data-testid="profile-photo-current"]')).toBe(300);
      expect(await page.getAttribute('[data-testid="profile-photo-current"]', 'alt')).toBe(lng === 'en' ? 'Your photo' : 'আপনার ছবি');

      // Save with nothing changed: the reason, as information; never 'User Update Failed!'.
      await page.click('[data-testid="profile-save"]');
      const toast = await toastWith(page, refusalText('NOTHING_TO_UPDATE', lng));
      expect(await toast.getAttribute('class')).not.toMatch(/error/);
      expect(await page.locator('.toast', { hasText: refusalText('PROFILE_UPDATE_FAILED', lng) }).count()).toBe(0);
      await e2e.shot(page, `profile-photo-nothing-${lng}`, { keepToasts: true, scrollTop: true });
    }
    // The server says the same to a form with nothing in it.
    const empty = await fetch(`${e2e.baseUrl}/api/v1/user/`, { method: 'POST', headers: { Authorization: `Bearer ${student.token}` }, body: new FormData() });
    expect(await empty.json()).toMatchObject({ success: false, reason: 'NOTHING_TO_UPDATE', message: refusalText('NOTHING_TO_UPDATE', 'en') });

    // A new photo: previewed, then saved; the header shows it at once (a new, versioned path).
    await page.setInputFiles('[data-testid="profile-photo"]', { name: 'new.png', mimeType: 'image/png', buffer: await makePng(page, 200, 120) });
    await page.waitForSelector('[data-testid="profile-photo-chosen"]');
    const before = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').photo as string);
    await page.click('[data-testid="profile-save"]');
    const after = await waitFor('the new photo path', async () => {
      const p = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').photo as string);
      return p && p !== before ? p : undefined;
    });
    expect(after).toMatch(/\?v=[0-9a-f]{12}$/);
    await page.waitForFunction(() => (document.querySelector('[data-testid="header-photo"]') as HTMLImageElement | null)?.naturalWidth === 200);
    await page.waitForFunction(() => (document.querySelector('[data-testid="profile-photo-current"]') as HTMLImageElement | null)?.naturalWidth === 200);
    await e2e.shot(page, 'profile-photo-new-bn', { scrollTop: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

test('Bengali sign-up: a phone in Bengali digits is kept and stored as 0-9; "+880…" keeps its plus', async () => {
  const { page, context, errors } = await openPage(e2e.browser, 390);
  try {
    await useSession(page, e2e.baseUrl, null, { clear: true, lang: 'bn' });
    await page.goto(`${e2e.baseUrl}/signup`);
    await page.waitForSelector('[data-testid="signup-page"]');
    await page.fill('#f-phone', '+৮৮০ ১৭১২-৩৪৫৬৭৮');
    expect(await page.inputValue('#f-phone')).toBe('+৮৮০১৭১২৩৪৫৬৭৮');
    await page.fill('#f-phone', '+8801712345678');
    expect(await page.inputValue('#f-phone')).toBe('+8801712345678');

    const email = `bn-phone-${Date.now().toString(36)}@example.com`;
    await page.fill('#f-name', 'রিনা আক্তার');
    await page.fill('#f-email', email);
    await page.fill('#f-password', 'secret12');
    await page.fill('#f-confirmPassword', 'secret12');
    await page.fill('#f-dob', '2001-04-05');
    await page.fill('#f-phone', '০১৭১২৩৪৫৬৭৮');
    expect(await page.inputValue('#f-phone')).toBe('০১৭১২৩৪৫৬৭৮');
    await page.fill('#f-address', 'মিরপুর ১০, ঢাকা');
    await page.setInputFiles('#f-photo', { name: 'me.png', mimeType: 'image/png', buffer: await makePng(page, 300, 300) });
    await page.waitForSelector('[data-testid="photo-preview"]');
    await page.evaluate(() => document.fonts.ready);
    await e2e.shot(page, 'signup-phone-bn');
    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/user/signup') && r.request().method() === 'POST');
    await page.click('[data-testid="signup-submit"]');
    expect((await answer).status()).toBe(201);
    await call('GET', `user/verify-email/${await verificationToken(e2e.taal, email)}`);
    const me = await loginByApi(e2e.baseUrl, { email, password: 'secret12' });
    expect((me.user as unknown as { phone: string }).phone).toBe('01712345678');
    // Through the API, "+880…" in Bengali digits too.
    const plus = await signUpByApi(page, e2e.baseUrl, { name: 'Plus Phone', email: `plus-${Date.now().toString(36)}@example.com`, password: 'secret1', dob: '2000-01-02', phone: '+৮৮০১৭১২৩৪৫৬৭৮', address: 'Dhaka' });
    expect(plus.status).toBe(201);
    expect(((await plus.json()) as { data: { phone: string } }).data.phone).toBe('+8801712345678');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

interface Order {
  _id: string;
  status: string;
  walletUsed: number;
  amount: number;
}

test('a cancelled card attempt shows in Purchase History as not paid, with no wallet money used and nothing to pay (en, bn)', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const student = await newStudent(page, 'failed-card');
    // BDT 500 in the wallet, a course dearer than that in the cart.
    await call('POST', 'wallet/credit', admin.token, { userId: student.user._id, kind: 'refund', amount: 50_000, reference: `issue40-${Date.now()}` });
    const course = (await call<{ _id: string; priceSilver: { price: number } }[]>('GET', 'course/')).find((c) => c.priceSilver.price > 50_000)!;
    await call('POST', 'cart/', student.token, { user: student.user._id, course: course._id, tier: 'silver' });
    await useSession(page, e2e.baseUrl, student, { clear: true, lang: 'en' });
    await page.goto(`${e2e.baseUrl}/cart`);
    await page.waitForSelector('[data-testid="summary-wallet"] .price');
    await page.click('[data-testid="cart-proceed"]');
    await page.waitForURL((url) => !url.pathname.startsWith('/cart'), { timeout: 30_000 });
    await page.locator('button', { hasText: /^\s*Fail\s*$/ }).first().click();
    await page.waitForURL('**/payment/fail?order=*', { timeout: 30_000 });
    const orderId = new URL(page.url()).searchParams.get('order')!;

    // The order is cancelled and its reservation given back: the API says no wallet money was used.
    const order = await waitFor('the cancelled order', async () => {
      const o = (await call<Order[]>('GET', `order/${student.user._id}`, student.token)).find((x) => x._id === orderId);
      return o?.status === 'cancelled' ? o : undefined;
    });
    expect(order.walletUsed).toBe(0);
    expect((await call<{ balance: number }>('GET', `wallet/${student.user._id}`, student.token)).balance).toBe(50_000);

    for (const lng of LANGS) {
      await useSession(page, e2e.baseUrl, student, { lang: lng });
      await page.goto(`${e2e.baseUrl}/studentpanel?tab=3`);
      const card = page.locator(`[data-testid="purchase"][data-order="${orderId}"]`);
      await card.waitFor();
      expect(await card.locator('[data-testid="purchase-wallet"]').count()).toBe(0);
      expect(await card.locator('[data-testid="purchase-amount"]').count()).toBe(0);
      expect(await card.locator('[data-testid="purchase-nothing-taken"]').textContent()).toBe(
        lng === 'en' ? 'Not paid: no money was taken for this order.' : 'পেমেন্ট হয়নি: এই অর্ডারের জন্য কোনো টাকা কাটা হয়নি।',
      );
      expect(await card.textContent()).toContain(lng === 'en' ? 'Cancelled' : 'বাতিল');
      await page.evaluate(() => document.fonts.ready);
      await card.screenshot({ path: `${SHOTS}/purchase-cancelled-${lng}.png` });
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

interface PlatformFont {
  familyName: string;
  postScriptName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

test('bold Bengali on an English page is drawn with the bold Bengali font (the search heading for "গিটার")', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    await useSession(page, e2e.baseUrl, null, { clear: true, lang: 'en' });
    await page.goto(`${e2e.baseUrl}/search?q=${encodeURIComponent('গিটার')}`);
    await page.waitForSelector('main h1');
    await page.waitForFunction(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Noto Sans Bengali' && f.weight === '700' && f.status === 'loaded'));
    await page.evaluate(() => document.fonts.ready);
    const cdp = await context.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const fontsOfHeading = async () => {
      const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'main h1' });
      return ((await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as { fonts: PlatformFont[] }).fonts;
    };
    // Its Bengali glyphs come from the bold Bengali face once it is loaded (the old page kept the
    // fallback's boxes for good).
    let fonts: PlatformFont[] = [];
    const bengali = await waitFor(
      () => `the heading drawn with Noto Sans Bengali Bold (fonts: ${JSON.stringify(fonts)})`,
      async () => {
        fonts = await fontsOfHeading();
        return fonts.find((f) => f.familyName === 'Noto Sans Bengali' && /Bold/.test(f.postScriptName));
      },
      10_000,
    );
    await cdp.detach();
    expect(bengali).toMatchObject({ isCustomFont: true });
    expect(bengali.glyphCount).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: `${SHOTS}/search-bold-bengali-en.png`, clip: { x: 0, y: 60, width: 1366, height: 220 } });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);

const box = (page: Page, selector: string) => page.locator(selector).first().boundingBox();

/** The header's shown controls that are not wholly on the screen. */
const headerOffScreen = (page: Page) =>
  page.$$eval('.site-header a, .site-header button, .site-header select', (els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < 0 || r.right > window.innerWidth + 0.5;
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  );

test('header and hero: "Instructors ▾" on one line at 1366, phone header buttons 40 px off the top edge, hero dots clear of "Get started" (en, bn)', async () => {
  for (const lng of LANGS) {
    for (const width of [1366, 1024, 390, 320]) {
      const { page, context, errors } = await openPage(e2e.browser, width);
      try {
        await useSession(page, e2e.baseUrl, null, { clear: true, lang: lng });
        await page.goto(`${e2e.baseUrl}/`);
        await page.waitForSelector('[data-testid="hero"] .hero-dots button');
        await page.evaluate(() => document.fonts.ready);
        // Every control of the header is wholly on the screen (Sign up and Login are its widest actions).
        expect(await headerOffScreen(page)).toEqual([]);
        if (width === 1366) {
          const menu = page.locator('[data-testid="instructors-menu"] > button');
          const lineHeight = await menu.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.6);
          const height = await menu.evaluate((el) => el.getBoundingClientRect().height - parseFloat(getComputedStyle(el).paddingTop) - parseFloat(getComputedStyle(el).paddingBottom));
          expect(height).toBeLessThan(lineHeight * 1.5);
          expect(await menu.textContent()).toBe(lng === 'en' ? 'Instructors ▾' : 'প্রশিক্ষকগণ ▾');
        } else if (width <= 520) {
          for (const sel of ['[data-testid="cart-link"]', '.menu-toggle']) {
            const b = (await box(page, sel))!;
            expect([b.width, b.height]).toEqual([40, 40]);
            expect(b.y).toBeGreaterThanOrEqual(6);
          }
        }
        const dots = (await box(page, '[data-testid="hero"] .hero-dots'))!;
        const start = (await box(page, '[data-testid="hero"] .btn-primary'))!;
        expect(dots.y).toBeGreaterThanOrEqual(start.y + start.height + 4);
        await e2e.shot(page, `header-hero-${lng}-${width}`, { fullPage: false });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }
}, 120_000);

/** The header cells of the page's tables that lie beyond their scroller's right edge. */
const hiddenColumns = (page: Page) =>
  page.$$eval('[data-testid="table-scroll"]', (els) =>
    els.flatMap((el) => {
      const right = el.getBoundingClientRect().right;
      return [...el.querySelectorAll('th')].filter((th) => th.getBoundingClientRect().right > right + 0.5).map((th) => th.textContent ?? '');
    }),
  );

test('at 1024 px the back office tables show every column, action and status included; the course form is wide with whole file inputs (en, bn)', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  // An order so the order list has rows.
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const [course] = await call<{ _id: string }[]>('GET', 'course/');
  await call('POST', 'cart/remove_all', student.token, { user: student.user._id });
  const cart = await call<{ subtotal: number }>('POST', 'cart/', student.token, { user: student.user._id, course: course!._id, tier: 'gold' });
  await request('POST', 'order', student.token, { userId: student.user._id, amount: cart.subtotal });
  for (const lng of LANGS) {
    const { page, context, errors } = await openPage(e2e.browser, 1024);
    try {
      await useSession(page, e2e.baseUrl, admin, { clear: true, lang: lng });
      for (const path of ['/adminuserlistdetail', '/adminstoreproduct', '/adminanalyticsusers', '/adminorderlist']) {
        await page.goto(`${e2e.baseUrl}${path}`);
        await page.waitForSelector('[data-testid="table-scroll"] tbody tr', { timeout: 15_000 }).catch(async () => {
          throw new Error(`${path}: no table row (${(await page.textContent('main'))?.slice(0, 300)})`);
        });
        await page.evaluate(() => document.fonts.ready);
        expect([path, await hiddenColumns(page)]).toEqual([path, []]);
        expect(await headerOffScreen(page)).toEqual([]);
        await e2e.shot(page, `admin-1024-${lng}${path.replace('/', '-')}`, { fullPage: false });
      }
      // The menu is folded at this width, and opens.
      await page.click('[data-testid="admin-menu-toggle"]');
      await page.waitForSelector('[data-testid="admin-side-menu"] nav');

      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`${e2e.baseUrl}/addcourse`);
      await page.waitForSelector('[data-testid="course-form-add"]');
      const form = (await box(page, '[data-testid="course-form-add"]'))!;
      const content = (await box(page, '.admin-content'))!;
      expect(form.width).toBeGreaterThan(content.width * 0.9);
      for (const input of await page.locator('[data-testid="course-form-add"] input[type="file"]').all()) expect((await input.boundingBox())!.width).toBeGreaterThanOrEqual(300);
      await page.evaluate(() => document.fonts.ready);
      await e2e.shot(page, `admin-course-form-1366-${lng}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }
}, 180_000);

test('on bn screens the metronome box shows Bengali digits and takes them', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    await useSession(page, e2e.baseUrl, null, { clear: true, lang: 'bn' });
    await page.goto(`${e2e.baseUrl}/`);
    const bpm = page.locator('[data-testid="metronome-bpm"]');
    await bpm.waitFor();
    expect(await bpm.inputValue()).toBe('১০০');
    await bpm.fill('১২০');
    await bpm.press('Enter');
    expect(await page.getAttribute('[data-testid="metronome"]', 'data-bpm')).toBe('120');
    expect(await bpm.inputValue()).toBe('১২০');
    await bpm.press('ArrowUp');
    expect(await bpm.inputValue()).toBe('১২১');
    await page.evaluate(() => document.fonts.ready);
    await page.locator('[data-testid="metronome"]').screenshot({ path: `${SHOTS}/metronome-bn.png` });
    // In English, Latin digits.
    await switchLanguage(page, 'en', { fonts: true });
    expect(await bpm.inputValue()).toBe('121');
    await page.locator('[data-testid="metronome"]').screenshot({ path: `${SHOTS}/metronome-en.png` });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);
