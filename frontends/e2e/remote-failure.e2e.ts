// With the storefront remote's server unreachable, the shell still renders its header and
// footer and shows a translated error with a retry button.
import { freePort, openPage, useE2E } from './support';

const e2e = useE2E({
  // Nothing listens on this port: loading the storefront's remoteEntry.js fails.
  env: async () => ({ REMOTE_STOREFRONT_URL: `http://127.0.0.1:${await freePort()}/remotes/storefront/` }),
});

test('an unreachable storefront remote leaves the shell working, with an error and a retry button', async () => {
  const config = (await (await fetch(`${e2e.baseUrl}/config/remotes.json`)).json()) as Record<string, string>;
  expect(config.storefront).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/remotes\/storefront\/remoteEntry\.js$/);

  const { page, context } = await openPage(e2e.browser);
  try {
    await page.goto(`${e2e.baseUrl}/allcourses`);
    const error = page.locator('[data-testid="remote-error"]');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await error.textContent()).toContain('This section could not be loaded');
    expect(await page.locator('header.site-header a[href="/allcourses"]').textContent()).toBe('Courses');
    expect(await page.locator('footer.site-footer').count()).toBe(1);
    expect(await page.locator('[data-testid="metronome"]').count()).toBe(1);

    // Retry tries again (and fails again, the server is still down), the shell keeps working.
    await page.click('[data-testid="remote-error"] button');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.locator('button').textContent()).toBe('Retry');

    // The rest of the shell still works: its 404 page, the header menus, the language switch.
    await page.click('footer a[href="/about"]');
    await error.waitFor({ timeout: 20_000 });
    await page.goto(`${e2e.baseUrl}/no-such-page`);
    await page.waitForSelector('[data-testid="not-found"]');
    await page.selectOption('[data-testid="language-menu"] select', 'bn');
    await page.waitForFunction(() => document.querySelector('[data-testid="not-found"] h1')?.textContent === '৪০৪! পৃষ্ঠাটি পাওয়া যায়নি');
    await page.goto(`${e2e.baseUrl}/allcourses`);
    await error.waitFor({ timeout: 20_000 });
    expect(await error.locator('button').textContent()).toBe('আবার চেষ্টা করুন');
  } finally {
    await context.close();
  }
}, 90_000);
