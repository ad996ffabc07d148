// Issue 55 (navigation): a logged-out visit to a page behind a role guard (/studentpanel?tab=3,
// /admin/…) shows the login, and the login brings the user back to that page; an admin who logs in
// from the login page itself lands on the back office, a student on the storefront. A redirect to
// another site is ignored. In English and Bengali. Screenshots: /tmp/shots-deep-links (SHOTS_DIR).
import { DEMO, openPage, submitLogin, useE2E } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-deep-links';
const e2e = useE2E({ shotsDir: SHOTS });

test('a logged-out deep link shows the login and returns to the page after it; an admin lands on the back office', async () => {
  for (const lng of ['en', 'bn'] as const) {
    const { page, context, errors } = await openPage(e2e.browser, lng === 'en' ? 1366 : 390);
    try {
      await page.goto(`${e2e.baseUrl}/`);
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);

      // The student panel, at a tab: the login, then the panel at that tab.
      await page.goto(`${e2e.baseUrl}/studentpanel?tab=3`);
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/studentpanel?tab=3');
      await page.waitForSelector('[data-testid="login-page"]');
      await page.evaluate(() => document.fonts.ready);
      await e2e.shot(page, `login-for-student-panel-${lng}`, { fullPage: false });
      await submitLogin(page, DEMO.student);
      await page.waitForURL((url) => url.pathname === '/studentpanel' && url.searchParams.get('tab') === '3');
      await page.waitForSelector('[data-testid="student-panel"]');
      await e2e.shot(page, `student-panel-after-login-${lng}`, { fullPage: false });
      await page.evaluate(() => localStorage.clear());

      // A back-office deep link: the login, then that screen (not the dashboard, not the storefront).
      await page.goto(`${e2e.baseUrl}/adminuserlist`);
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/adminuserlist');
      await submitLogin(page, DEMO.admin);
      await page.waitForURL(`${e2e.baseUrl}/adminuserlist`);
      await page.waitForSelector('[data-testid="admin-user-list"]');
      await page.evaluate(() => localStorage.clear());

      // An admin logging in from the login page lands on the back office's dashboard.
      await page.goto(`${e2e.baseUrl}/login`);
      await submitLogin(page, DEMO.admin);
      await page.waitForURL(`${e2e.baseUrl}/admin`);
      await page.waitForSelector('[data-testid="admin-dashboard"]');
      await page.evaluate(() => document.fonts.ready);
      await e2e.shot(page, `admin-landing-${lng}`, { fullPage: false });
      await page.evaluate(() => localStorage.clear());

      // A student from the login page: the storefront; a redirect to another site is ignored.
      await page.goto(`${e2e.baseUrl}/login?redirect=${encodeURIComponent('//evil.example/x')}`);
      await submitLogin(page, DEMO.student);
      await page.waitForURL(`${e2e.baseUrl}/`);
      await page.waitForSelector('[data-testid="hero"]');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }
}, 240_000);
