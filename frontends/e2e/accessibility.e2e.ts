// axe-core on 43 pages (public, student panel, instructor panel, back office) in English and in
// Bengali: any violation of axe's default rules (WCAG 2.x A/AA and best practices) fails, with
// the rule, its impact and the elements it names. axe.min.js (the devDependency) is injected into
// each page (the context bypasses the page's CSP for this one script).
// Set E2E_SCREENSHOT_DIR to also write a screenshot of each scanned page.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiGet, DEMO, loginByApi, trackRequests, useE2E, useSession } from './support';

const e2e = useE2E();
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const shots = process.env.E2E_SCREENSHOT_DIR;

type Who = 'visitor' | 'student' | 'instructor' | 'admin';

/** The pages each kind of user sees (ids filled in from the demo data). */
function pages(ids: { course: string; instructor: string; product: string }): Record<Who, string[]> {
  return {
    visitor: [
      '/',
      '/allcourses',
      `/courseview?id=${encodeURIComponent(ids.course)}`,
      '/instructorlist',
      `/instructorview/${encodeURIComponent(ids.instructor)}`,
      '/about',
      '/terms',
      '/privacy',
      '/how-to-guide',
      '/contact',
      '/login',
      '/signup',
      '/forgetpassword',
      '/password-change-successful',
      '/cart',
      '/freebies',
      '/store',
    ],
    // Issue 40: My certificates (tab 7) and the gift card's purchase page, whose "Someone else" path has the shipping form.
    student: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `/studentpanel?tab=${i}`).concat('/notifications', `/products/giftCard/${encodeURIComponent(ids.product)}`),
    instructor: [0, 1, 2, 3, 4].map((i) => `/instructorpanel?tab=${i}`),
    admin: ['/admin', '/adminuserlist', '/adminuserlistdetail', '/admincuponlist', '/adminorderlist', '/adminanalyticssales', '/admin-instructor-settlement', '/admin/mass-mailing', '/updatelesson', '/instructor-payment'],
  };
}

interface Violation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** Waits until the page's remote has drawn its content (no loading state left), then runs axe. */
async function scan(page: Page, network: ReturnType<typeof trackRequests>, url: string): Promise<Violation[]> {
  await page.goto(`${e2e.baseUrl}${url}`);
  await page.waitForFunction(
    () => {
      const slot = document.querySelector('section.remote-slot:not([hidden]) > div[id^="remote-"]');
      return !!slot && slot.childElementCount > 0 && !document.querySelector('main .page-loading, main [aria-busy="true"], main .spinner');
    },
    undefined,
    { timeout: 30_000 },
  );
  await network.quiet();
  await page.evaluate(() => document.fonts.ready);
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

let ids: { course: string; instructor: string; product: string };
beforeAll(async () => {
  const [course] = await apiGet<{ _id: string }[]>(e2e.baseUrl, 'course/');
  const [instructor] = await apiGet<{ _id: string }[]>(e2e.baseUrl, 'instructor/');
  const [product] = await apiGet<{ _id: string }[]>(e2e.baseUrl, 'store/product/');
  ids = { course: course!._id, instructor: instructor!._id, product: product!._id };
});

const CASES: [Who, 'en' | 'bn'][] = (['visitor', 'student', 'instructor', 'admin'] as const).flatMap((who) => (['en', 'bn'] as const).map((lng): [Who, 'en' | 'bn'] => [who, lng]));

test('the scan covers 43 pages', () => {
  expect(Object.values(pages({ course: 'c', instructor: 'i', product: 'p' })).flat()).toHaveLength(43);
});

test.each(CASES)('axe finds no violation on the %s pages in %s', async (who, lng) => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const network = trackRequests(page);
  try {
    const session = who === 'visitor' ? null : await loginByApi(e2e.baseUrl, DEMO[who]);
    await useSession(page, e2e.baseUrl, session, { clear: true, lang: lng });
    const found: Record<string, Violation[]> = {};
    for (const url of pages(ids)[who]) {
      const violations = await scan(page, network, url);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
      if (violations.length) found[url] = violations;
      if (shots) {
        fs.mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: path.join(shots, `axe-${lng}-${who}-${url.replace(/[^a-z0-9]+/gi, '_')}.png`), fullPage: true });
      }
    }
    expect(found).toEqual({});
  } finally {
    await context.close();
  }
}, 300_000);
