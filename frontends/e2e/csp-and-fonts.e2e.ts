// The UI under the gateway's Content-Security-Policy, and Bengali that renders on a machine
// without Bengali fonts (this one: `fc-list :lang=bn` is empty).
// - Every main screen (landing, courses, a course, login, sign-up, the back office as the demo
//   admin) loads with no CSP violation: securitypolicyviolation events (init script), console
//   messages about the policy, and page errors all fail the test.
// - In bn the text is drawn with the self-hosted Noto Sans Bengali (CDP CSS.getPlatformFontsForNode:
//   the font and a glyph count, not only the text), and an English page downloads no Bengali font.
// Set E2E_SCREENSHOT_DIR to also write screenshots of the landing page and /allcourses in en and bn.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiGet, DEMO, openPage, submitLogin, useE2E } from './support';

const e2e = useE2E();

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Collects CSP violations from the page (event + console) and page errors. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
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
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return async () => [...problems, ...((await page.evaluate(() => window.__cspViolations ?? []).catch(() => [])) as string[]).map((v) => `event: ${v}`)];
}

test('the main screens, and the back office as the demo admin, load with no CSP violation', async () => {
  const { page, context } = await openPage(e2e.browser);
  const problems = await watchCsp(page);
  const courses = await apiGet<{ _id: string }[]>(e2e.baseUrl, 'course/');
  const seen: Record<string, string[]> = {};
  const visit = async (name: string, url: string, selector: string) => {
    const res = await page.goto(`${e2e.baseUrl}${url}`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForSelector(selector, { timeout: 20_000 });
    await page.evaluate(() => document.fonts.ready);
    seen[name] = await problems();
  };
  try {
    await visit('landing', '/', '[data-testid="featured-courses"] [data-testid="course-card"]');
    await visit('courses', '/allcourses', '[data-testid="course-list"] [data-testid="course-card"]');
    await visit('course view', `/courseview?id=${encodeURIComponent(courses[0]!._id)}`, '[data-testid="tiers"]');
    await visit('instructors', '/instructorlist', '[data-testid="instructor-card"]');
    await visit('signup', '/signup', '[data-testid="signup-page"]');
    await visit('login', '/login', '#f-email');

    await submitLogin(page, DEMO.admin);
    await page.waitForURL(`${e2e.baseUrl}/admin`); // an admin lands on the back office (issue 55)
    await visit('admin dashboard', '/admin', '[data-testid="admin-dashboard"]');
    await visit('admin users', '/adminuserlist', '[data-testid="admin-user-list"]');

    // The Bengali interface too (its font comes under font-src 'self').
    await page.selectOption('[data-testid="language-menu"] select', 'bn');
    await visit('courses (bn)', '/allcourses', '[data-testid="course-list"] [data-testid="course-card"]');
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((k) => [k, []])));
  } finally {
    await context.close();
  }
}, 120_000);

const BENGALI_FONT = /noto-sans-bengali-bengali-(\d+)-normal\.[0-9a-f]+\.woff2$/;

interface PlatformFont {
  familyName: string;
  postScriptName?: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** The fonts Chromium drew the element's text with (DevTools protocol). */
async function platformFonts(page: Page, selector: string): Promise<PlatformFont[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    expect(nodeId).toBeGreaterThan(0);
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts as PlatformFont[];
  } finally {
    await cdp.detach();
  }
}

test('an English page downloads no Bengali font; in bn the text is drawn with the self-hosted Noto Sans Bengali', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  const fontRequests: string[] = [];
  page.on('request', (r) => {
    if (/\.(woff2?|ttf|otf)(\?|$)/.test(r.url())) fontRequests.push(r.url());
  });
  const shots = process.env.E2E_SCREENSHOT_DIR;
  const shot = async (name: string) => {
    if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });
  };
  try {
    // English: the landing page and the course list, logo included, without any Bengali font file.
    await page.goto(`${e2e.baseUrl}/`);
    await page.waitForSelector('[data-testid="featured-courses"] [data-testid="course-card"]');
    await page.evaluate(() => document.fonts.ready);
    const logo = await page.locator('header.site-header .brand-mark svg').boundingBox();
    expect(logo!.width).toBeGreaterThan(20);
    expect(await page.getAttribute('header.site-header .brand-mark', 'aria-label')).toBe('তাল');
    await shot('landing-en');
    await page.goto(`${e2e.baseUrl}/allcourses`);
    await page.waitForSelector('[data-testid="course-list"] [data-testid="course-card"]');
    await page.evaluate(() => document.fonts.ready);
    await shot('allcourses-en');
    expect(fontRequests.filter((u) => BENGALI_FONT.test(u))).toEqual([]);

    // Bengali: the header's links and headings are drawn with Noto Sans Bengali (regular and bold).
    await page.selectOption('[data-testid="language-menu"] select', 'bn');
    await page.waitForFunction(() => document.documentElement.lang === 'bn' && /[\u0980-\u09FF]/.test(document.querySelector('header.site-header a[href="/allcourses"]')?.textContent ?? ''));
    await page.evaluate(() => document.fonts.ready);
    await page.waitForFunction(() => document.fonts.check('16px "Noto Sans Bengali"', 'কোর্স'));
    const link = await platformFonts(page, 'header.site-header a[href="/allcourses"]');
    expect(link).toEqual(expect.arrayContaining([expect.objectContaining({ familyName: 'Noto Sans Bengali', isCustomFont: true, glyphCount: expect.any(Number) })]));
    expect(link.find((f) => f.familyName === 'Noto Sans Bengali')!.glyphCount).toBeGreaterThan(0);
    await shot('allcourses-bn');

    await page.goto(`${e2e.baseUrl}/`);
    await page.waitForSelector('[data-testid="featured-courses"] [data-testid="course-card"]');
    await page.evaluate(() => document.fonts.ready);
    // A Bengali first screen waits for the regular weight only; the bold is added once loaded (shell/src/fonts.ts).
    await page.waitForFunction(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Noto Sans Bengali' && f.weight === '700' && f.status === 'loaded'));
    const heading = await platformFonts(page, '[data-testid="hero"] h1');
    const bold = heading.find((f) => f.familyName === 'Noto Sans Bengali');
    expect(bold).toMatchObject({ isCustomFont: true });
    expect(bold!.glyphCount).toBeGreaterThan(0);
    expect(bold!.postScriptName).toMatch(/Bold/);
    await shot('landing-bn');

    // Only the two bundled weights, from this origin.
    const weights = [...new Set(fontRequests.map((u) => BENGALI_FONT.exec(u)?.[1]).filter(Boolean))].sort();
    expect(weights).toEqual(['400', '700']);
    expect(fontRequests.every((u) => u.startsWith(`${e2e.baseUrl}/static/font/`))).toBe(true);
    const font = await fetch(fontRequests.find((u) => BENGALI_FONT.test(u))!);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(font.headers.get('cache-control')).toContain('immutable');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
