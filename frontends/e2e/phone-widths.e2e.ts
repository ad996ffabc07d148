// Every public and panel page at phone and tablet widths (issue 28, item 3), in English and
// Bengali, as a visitor, a student and an instructor: the page never scrolls sideways
// (document.documentElement.scrollWidth <= innerWidth), and the header's Login (logged out), its
// menu button and the cart stay wholly on the screen. Screenshots with WIDTH_SHOTS=<dir>.
import type { Page } from 'playwright-core';
import { apiGet, DEMO, loginByApi, type LoginAnswer, openPage, useE2E, useSession } from './support';

const WIDTHS = [320, 390, 768] as const;
const SHOTS = process.env.WIDTH_SHOTS;
const e2e = useE2E(SHOTS ? { shotsDir: SHOTS } : {});

interface Ids {
  course: string;
  instructor: string;
  product: string;
}
let ids: Ids;
let student: LoginAnswer;
let instructor: LoginAnswer;

beforeAll(async () => {
  const courses = await apiGet<{ _id: string }[]>(e2e.baseUrl, 'course/');
  const instructors = await apiGet<{ _id: string }[]>(e2e.baseUrl, 'instructor/');
  const products = await apiGet<{ param: string }[]>(e2e.baseUrl, 'store/product/');
  ids = { course: courses[0]!._id, instructor: instructors[0]!._id, product: products[0]!.param };
  student = await loginByApi(e2e.baseUrl, DEMO.student);
  instructor = await loginByApi(e2e.baseUrl, DEMO.instructor);
}, 120_000);

/** The storefront's pages a visitor can open (shared/src/routes.json), with a real id where one is needed. */
const publicPages = () => [
  '/',
  '/allcourses',
  `/courseview?id=${ids.course}`,
  '/instructorlist',
  `/instructorview/${ids.instructor}`,
  '/about',
  '/terms',
  '/privacy',
  '/how-to-guide',
  '/contact',
  '/login',
  '/signup',
  '/forgetpassword',
  '/registration-successful',
  '/password-change-successful',
  '/verify-email',
  '/reset-password?token=x',
  '/signin-link',
  '/freebies',
  '/store',
  `/products/giftCard/${ids.product}`,
  '/cart',
  '/payment/success',
  '/payment/fail',
  '/payment/cancel',
  '/giftcard-successfull',
  '/giftcard-fail',
  '/certificate/00000000-0000-4000-8000-000000000000',
  '/no-such-page',
];
const studentPages = () => ['/', `/courseview?id=${ids.course}`, '/cart', '/notifications', ...Array.from({ length: 7 }, (_, i) => `/studentpanel?tab=${i}`)];
const instructorPages = () => ['/', '/notifications', ...Array.from({ length: 5 }, (_, i) => `/instructorpanel?tab=${i}`)];

/** What sticks out: the page's overflow, and any header control not wholly inside the viewport. */
async function measure(page: Page): Promise<{ scrollWidth: number; innerWidth: number; offScreen: string[] }> {
  return page.evaluate(() => {
    const offScreen: string[] = [];
    const header = document.querySelector('.site-header');
    const controls = header ? [...header.querySelectorAll<HTMLElement>('a, button, select')] : [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      // Hidden (display: none, a closed menu) takes no room and is not a control on the screen.
      if (r.width === 0 || r.height === 0 || el.closest('.main-nav:not(.open)')) continue;
      if (r.left < 0 || r.right > window.innerWidth + 0.5) offScreen.push(`${el.getAttribute('aria-label') ?? el.textContent?.trim()} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, offScreen };
  });
}

/** Opens the page and waits until its remote has shown something other than a spinner. */
async function openSettled(page: Page, path: string): Promise<void> {
  await page.goto(`${e2e.baseUrl}${path}`);
  await page.waitForFunction(
    () => {
      const slot = [...document.querySelectorAll<HTMLElement>('.remote-slot')].find((s) => !s.hidden);
      const shown = slot ? (slot.textContent ?? '').trim().length > 0 : !!document.querySelector('[data-testid="not-found"], main h1');
      return shown && !document.querySelector('.page-loading, [aria-busy="true"]');
    },
    undefined,
    { timeout: 20_000 },
  );
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(150);
}

async function checkAll(who: string, session: LoginAnswer | null, paths: string[]) {
  const problems: string[] = [];
  for (const lang of ['en', 'bn'] as const) {
    const { page, context } = await openPage(e2e.browser, WIDTHS[0]);
    try {
      await useSession(page, e2e.baseUrl, session, { clear: true, lang });
      for (const path of paths) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          if (width === WIDTHS[0]) await openSettled(page, path);
          else await page.waitForTimeout(100);
          const m = await measure(page);
          if (m.scrollWidth > m.innerWidth) problems.push(`${who} ${lang} ${width}px ${path}: scrollWidth ${m.scrollWidth} > ${m.innerWidth}`);
          if (m.offScreen.length) problems.push(`${who} ${lang} ${width}px ${path}: off-screen ${m.offScreen.join('; ')}`);
          if (SHOTS && width !== 768) await page.screenshot({ path: `${SHOTS}/${who}-${lang}-${width}${path.replace(/[^a-z0-9]+/gi, '_')}.png` });
        }
      }
    } finally {
      await context.close();
    }
  }
  expect(problems).toEqual([]);
}

test('a visitor: every public page at 320, 390 and 768 px, en and bn, has no sideways scroll; Login and the menu are on the screen', async () => {
  await checkAll('visitor', null, publicPages());
}, 600_000);

test('a student: the panel tabs, the cart and the course view at 320, 390 and 768 px, en and bn, have no sideways scroll', async () => {
  await checkAll('student', student, studentPages());
}, 400_000);

test('an instructor: the panel tabs at 320, 390 and 768 px, en and bn, have no sideways scroll', async () => {
  await checkAll('instructor', instructor, instructorPages());
}, 300_000);

test('the header at 390 px: the menu button is wholly visible and opens the menu; at 320 px Login and the menu are on the screen', async () => {
  for (const width of [320, 390]) {
    const { page, context } = await openPage(e2e.browser, width);
    try {
      await openSettled(page, '/');
      const viewport = width;
      for (const sel of ['.menu-toggle', '.site-header a[href="/login"]', '[data-testid="cart-link"]']) {
        const box = (await page.locator(sel).boundingBox())!;
        expect(box).not.toBeNull();
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport);
      }
      await page.click('.menu-toggle');
      await page.waitForSelector('.main-nav.open a[href="/allcourses"]', { state: 'visible' });
    } finally {
      await context.close();
    }
  }
}, 120_000);
