// The back office's user screens in the browser against the real all-in-one, as the seeded
// demo admin: user list with suspend/unsuspend, create account, user table, view user,
// subscribers, social sign-up users and user analytics.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO, dmy, loginByApi, loginInUi, openPage, signUpByApi, toastWith, useE2E } from './support';

// A short grace window for concurrent refreshes, so the reuse check below need not wait 10 s.
const e2e = useE2E({ env: { REFRESH_REUSE_GRACE_MS: '1000' } });

/** A student who signed up (unverified) through the real API. */
async function signUpStudent(page: Page, email: string, name: string) {
  const res = await signUpByApi(page, e2e.baseUrl, { name, email, password: 'secret12', dob: '2002-02-02', phone: '01922222222', address: 'Sylhet' }, { photo: { width: 50, height: 50 } });
  expect(res.status).toBe(201);
}

test('demo admin: users by group, suspend/unsuspend, create account, table with mark verified and CSV, view user, analytics', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  const stamp = Date.now();
  const studentEmail = `student-${stamp}@example.com`;
  const uploaderEmail = `uploader-${stamp}@example.com`;
  try {
    await page.goto(`${e2e.baseUrl}/`);
    await signUpStudent(page, studentEmail, 'Karim Uddin');

    // Log in as the seeded admin; the user menu's Dashboard opens the back office.
    await loginInUi(page, e2e.baseUrl, DEMO.admin);
    await page.click('[data-testid="user-menu"] button');
    await page.click('[data-testid="user-menu-items"] a[href="/admin"]');
    await page.waitForSelector('[data-testid="admin-dashboard"]');

    // The side menu: 240 px, collapsible, the group of the current path open.
    const side = page.locator('[data-testid="admin-side-menu"]');
    expect((await side.boundingBox())?.width).toBe(240);
    await page.click('[data-testid="admin-side-menu"] .admin-menu-group[data-group="users"] .admin-menu-head');
    await page.click('[data-testid="admin-side-menu"] a[href="/adminuserlist"]');
    await page.waitForSelector('[data-testid="admin-user-list"]');
    await page.click('[data-testid="admin-menu-toggle"]');
    expect(await page.locator('#admin-menu').count()).toBe(0);
    await page.click('[data-testid="admin-menu-toggle"]');
    expect(await page.getAttribute('.admin-menu-group[data-group="users"] .admin-menu-head', 'aria-expanded')).toBe('true');

    // Users: cards with name, phone, email, View and Suspend.
    const card = (email: string) => page.locator(`[data-testid="user-card"][data-email="${email}"]`);
    await card(studentEmail).waitFor();
    await card(DEMO.student.email).waitFor();
    const text = await card(DEMO.student.email).textContent();
    expect(text).toContain('Demo Student');
    expect(text).toContain('01700000000');
    expect(text).toContain(DEMO.student.email);
    // Other sections.
    await page.click('[data-testid="section-admins"]');
    await card(DEMO.admin.email).waitFor();
    await page.click('[data-testid="section-instructors"]');
    await card(DEMO.instructor.email).waitFor();
    await page.click('[data-testid="section-subscribers"]');
    await page.waitForSelector('[data-testid="no-data"]');
    expect(await page.textContent('[data-testid="no-data"]')).toBe('No data found');

    // Create account: validation, success, a taken address.
    await page.click('a[href="/createaccount"]');
    await page.waitForSelector('[data-testid="admin-create-account"]');
    await page.click('[data-testid="create-submit"]');
    expect(await page.textContent('[data-testid="create-message"]')).toBe('Some field is not fillup!!!');
    await toastWith(page, 'Some field is not fillup!!!');
    await page.fill('input[name="name"]', 'New Uploader');
    await page.fill('input[name="email"]', uploaderEmail);
    await page.fill('input[name="password"]', 'upload123');
    await page.click('[data-testid="create-submit"]');
    expect(await page.textContent('[data-testid="create-message"]')).toBe('Some field is not fillup!!!');
    expect(await page.locator('select[name="type"] option').allTextContents()).toEqual(['Choose a type', 'Admin', 'Content Uploader']);
    expect(await page.locator('select[name="instructor"] option').first().textContent()).toBe('N/A');
    await page.selectOption('select[name="type"]', '2');
    await page.click('[data-testid="create-submit"]');
    await toastWith(page, 'User added successfully!!!');
    expect(await page.textContent('[data-testid="create-message"]')).toBe('User added successfully!!!');
    expect(await page.inputValue('input[name="email"]')).toBe('');
    await page.fill('input[name="name"]', 'Again');
    await page.fill('input[name="email"]', uploaderEmail);
    await page.fill('input[name="password"]', 'upload123');
    await page.selectOption('select[name="type"]', '1');
    await page.click('[data-testid="create-submit"]');
    expect(await page.textContent('[data-testid="create-message"]')).toBe('email is exist!!');

    // The new content uploader: suspend (can no longer log in), then unsuspend.
    await page.goto(`${e2e.baseUrl}/adminuserlist?section=content`);
    await card(uploaderEmail).waitFor();
    await card(uploaderEmail).locator('[data-testid="toggle-suspend"]').click();
    await toastWith(page, 'User suspended successfully!!!');
    await page.waitForSelector(`[data-testid="user-card"][data-email="${uploaderEmail}"][data-suspended="true"]`);
    expect(await card(uploaderEmail).locator('[data-testid="toggle-suspend"]').textContent()).toBe('Unsuspend');
    await expect(loginByApi(e2e.baseUrl, { email: uploaderEmail, password: 'upload123' })).rejects.toThrow();
    await card(uploaderEmail).locator('[data-testid="toggle-suspend"]').click();
    await toastWith(page, 'User unsuspended successfully!!!');
    await page.waitForSelector(`[data-testid="user-card"][data-email="${uploaderEmail}"][data-suspended="false"]`);
    expect((await loginByApi(e2e.baseUrl, { email: uploaderEmail, password: 'upload123' })).type).toBe(2);

    // View → /viewuser.
    await card(uploaderEmail).locator('[data-testid="view-user"]').click();
    await page.waitForURL('**/viewuser?id=*');
    expect(await page.textContent('[data-testid="view-user-name"]')).toBe('New Uploader');

    // The user data table: 5 rows a page from the server (decision 0074), newest first, mark verified, CSV of the page.
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const all = ((await (await fetch(`${e2e.baseUrl}/api/v1/user/`, { headers: { Authorization: `Bearer ${admin.token}` } })).json()) as { data: unknown[] }).data;
    await page.goto(`${e2e.baseUrl}/adminuserlistdetail`);
    await page.waitForSelector('[data-testid="users-table"] [data-testid="table-row"]');
    expect(await page.locator('[data-testid="users-table"] th').allTextContents()).toEqual(['Student id', 'Join date', 'Name', 'Email', 'Date of birth', 'Phone', 'Address', 'User type', 'Status', 'Verification']);
    expect(await page.locator('[data-testid="table-row"]').count()).toBe(5);
    expect(await page.textContent('[data-testid="users-table"] [data-testid="page-number"]')).toBe('Page 1');

    const download = page.waitForEvent('download');
    await page.click('[data-testid="table-csv"]');
    const csv = fs.readFileSync((await (await download).path())!, 'utf8').replace(/^\ufeff/, '');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe('Student id,Join date,Name,Email,Date of birth,Phone,Address,User type,Status,Verification');
    expect(lines).toHaveLength(6);
    expect(csv).toContain(studentEmail);
    await page.click('[data-testid="users-table"] [data-testid="page-next"]');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('page') === '2');
    await page.waitForFunction(
      ([n, email]) => document.querySelectorAll('[data-testid="table-row"]').length === n && !document.querySelector('[data-testid="users-table"]')?.textContent?.includes(email),
      [Math.min(5, all.length - 5), studentEmail] as const,
    );

    // Found by its e-mail address (any case): that user only, from the first page.
    await page.fill('[data-testid="find-user-input"]', studentEmail.toUpperCase());
    await page.click('[data-testid="find-user"] button[type="submit"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="table-row"]').length === 1);
    expect(await page.textContent('[data-testid="table-row"] td[data-col="email"]')).toBe(studentEmail);
    expect(new URL(page.url()).searchParams.get('cursor')).toBeNull();
    await page.click('[data-testid="mark-verified"]');
    await toastWith(page, 'User Email Verify Successfull!!');
    await page.waitForFunction(() => document.querySelector('[data-testid="table-row"] td[data-col="verification"]')?.textContent === 'Verified');
    // The student id links to /viewuser.
    await page.click('[data-testid="table-row"] [data-testid="student-id-link"]');
    await page.waitForSelector('[data-testid="view-user-name"]');
    expect(await page.textContent('[data-testid="view-user-name"]')).toBe('Karim Uddin');

    // Subscribers and social sign-ups: none yet.
    await page.goto(`${e2e.baseUrl}/adminsubsciberlist`);
    await page.waitForSelector('[data-testid="admin-subscriber-table"] [data-testid="no-data"]');
    await page.goto(`${e2e.baseUrl}/oauthusers`);
    await page.waitForSelector('[data-testid="admin-oauth-users"] [data-testid="no-data"]');

    // User analytics: the last 30 days by default, counts as the API answers them, a chart, a table.
    // More sign-ups in the range than a page of its table (10), so it pages (decision 0083).
    for (let i = all.length; i < 12; i++) {
      const made = await fetch(`${e2e.baseUrl}/api/v1/user/create-account`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Range user ${i}`, email: `range-${i}-${Date.now()}@example.com`, password: 'range123', type: 2, instructor: '' }),
      });
      expect(made.status).toBe(201);
    }
    await page.goto(`${e2e.baseUrl}/adminanalyticsusers`);
    await page.waitForSelector('[data-testid="signups-chart"]');
    const from = await page.inputValue('input[name="from"]');
    const to = await page.inputValue('input[name="to"]');
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(30);
    const stats = ((await (await fetch(`${e2e.baseUrl}/api/v1/analytics/users/${dmy(from)}/${dmy(to)}`, { headers: { Authorization: `Bearer ${admin.token}` } })).json()) as {
      data: { total: number; verified: number; notVerified: number; subscriber: number };
    }).data;
    expect(stats.total).toBe(Math.max(all.length, 12));
    for (const [key, value] of Object.entries({ total: stats.total, verified: stats.verified, notVerified: stats.notVerified, subscriber: stats.subscriber })) {
      expect([key, await page.textContent(`[data-testid="count-${key}"] .stat-value`)]).toEqual([key, String(value)]);
    }
    // One bar a day; the chart's figures are in its hidden table.
    expect(await page.locator('[data-testid="signups-chart"] [data-testid="chart-datum"]').count()).toBe(31);
    expect(await page.locator('[data-testid="signups-chart"] .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    const barTotal = await page.$$eval('[data-testid="signups-chart"] [data-testid="chart-datum"]', (rows) => rows.reduce((n, r) => n + Number(r.getAttribute('data-value')), 0));
    expect(barTotal).toBe(stats.total);
    expect(await page.locator('[data-testid="analytics-users-table"] [data-testid="table-row"]').count()).toBe(10);
    // The next page from the server, and a copied link to it opens it: the range and cursor are in the address.
    const firstPageEmails = await page.locator('[data-testid="analytics-users-table"] [data-testid="table-row"]').allTextContents();
    await page.click('[data-testid="analytics-users-table"] [data-testid="page-next"]');
    await page.waitForURL(/cursor=/);
    await page.waitForFunction(() => document.querySelector('[data-testid="analytics-users-table"] [data-testid="page-number"]')?.textContent === 'Page 2');
    const secondPage = await page.locator('[data-testid="analytics-users-table"] [data-testid="table-row"]').allTextContents();
    expect(secondPage).toHaveLength(stats.total - 10);
    expect(secondPage.filter((row) => firstPageEmails.includes(row))).toEqual([]);
    const pageTwo = page.url();
    await page.goto(pageTwo);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="analytics-users-table"] [data-testid="table-row"]').length > 0);
    expect(await page.locator('[data-testid="analytics-users-table"] [data-testid="table-row"]').allTextContents()).toEqual(secondPage);
    await page.goto(`${e2e.baseUrl}/adminanalyticsusers`);
    await page.waitForSelector('[data-testid="analytics-users-table"] [data-testid="table-row"]');
    // Both dates are needed.
    await page.fill('input[name="from"]', '');
    await page.click('[data-testid="apply-range"]');
    await page.waitForSelector('[data-testid="range-missing"]');
    await page.click('[data-testid="analytics-users-table"] [data-testid="student-id-link"]');
    await page.waitForSelector('[data-testid="view-user-card"]');

    // In Bengali.
    await page.selectOption('[data-testid="language-menu"] select', 'bn');
    // The switch lands once the Bengali font is loaded (frontends/shell/src/fonts.ts).
    await page.waitForFunction(() => document.documentElement.lang === 'bn');
    await page.goto(`${e2e.baseUrl}/adminsubsciberlist`);
    await page.waitForSelector('[data-testid="no-data"]');
    expect(await page.textContent('[data-testid="no-data"]')).toBe('কোনো তথ্য পাওয়া যায়নি');
    expect(await page.textContent('[data-testid="admin-subscriber-table"] h1')).toBe('সাবস্ক্রাইবার');

    // An expired or dead access token is replaced with the rotating refresh token, once.
    const before = await page.evaluate(() => ({ token: localStorage.getItem('token'), refresh: localStorage.getItem('refreshToken') }));
    await page.evaluate(() => localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.e30.dead'));
    const refreshes: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/v1/user/refresh') && refreshes.push(r.url()));
    await page.goto(`${e2e.baseUrl}/adminuserlist`);
    await page.waitForSelector('[data-testid="user-card"]');
    const after = await page.evaluate(() => ({ token: localStorage.getItem('token'), refresh: localStorage.getItem('refreshToken') }));
    expect(refreshes).toHaveLength(1);
    expect(after.token).not.toBe(before.token);
    expect(after.refresh).not.toBe(before.refresh);
    // The spent refresh token, presented after the grace window of concurrent tabs, is refused (rotation).
    await page.waitForTimeout(1_200);
    const reuse = await fetch(`${e2e.baseUrl}/api/v1/user/refresh`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refreshToken: before.refresh }) });
    expect(reuse.status).toBe(401);
    // ...and reusing it revokes the whole session: the guard now sends the admin to the login, back to the page after it (issue 55).
    await page.goto(`${e2e.baseUrl}/adminuserlist`);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/adminuserlist');
    await page.waitForSelector('[data-testid="login-page"]');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
