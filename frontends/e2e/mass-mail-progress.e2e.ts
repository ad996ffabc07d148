// The back office's mass-mail progress (issue 51 item 6, decision 0088), against the real all-in-one:
// an admin mails the `admin` audience, which messaging reads from identity a page at a time; the
// row on /admin/mass-mailing shows sent of total, the rate in mails per second and Done, in English
// and in Bengali (Bengali digits). Screenshots go to /tmp/shots/mass-mail/ (SHOTS_DIR).
import { DEMO, loginByApi, openPage, switchLanguage, toastWith, useE2E, useSession, waitForMails } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/mass-mail';
const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;

test('mass mail to an audience: the progress shows sent of total, the rate in mails per second and done, in en and bn', async () => {
  const admin = await openPage(e2e.browser);
  try {
    const { page, errors } = admin;
    await useSession(page, e2e.baseUrl, await loginByApi(e2e.baseUrl, DEMO.admin));
    await page.goto(`${e2e.baseUrl}/admin/mass-mailing`);
    await page.locator('[data-testid="mass-mailing"]').waitFor();
    const subject = `Staff meeting ${Date.now()}`;
    await page.selectOption('[data-testid="mass-mail-audience"]', 'admin');
    await page.fill('[data-testid="mass-mail-subject"]', subject);
    await page.click('[data-testid="mass-mail-message-content"]');
    await page.keyboard.type('The staff meets on Monday.');
    await page.click('[data-testid="mass-mail-send"]');
    await page.locator('[data-testid="mass-mail-confirm"][open]').waitFor();
    await page.click('[data-testid="mass-mail-confirm-send"]');
    await toastWith(page, 'Mass mailing sent successful!');

    // The admins (the demo admin) got it, read from identity by messaging.
    const [mail] = await waitForMails(e2e.taal, DEMO.admin.email, 1, 30_000);
    expect(mail!.subject).toContain('Staff meeting');
    const row = page.locator('[data-testid="mass-mail-row"]', { hasText: subject });
    await row.locator('.status-ok').waitFor({ timeout: 30_000 });
    const counts = row.locator('[data-testid="mass-mail-counts"]');
    await expect(counts.textContent()).resolves.toMatch(/^1 of 1 sent, 0 unsubscribed/);
    await expect(row.locator('[data-testid="mass-mail-rate"]').textContent()).resolves.toMatch(/ · [\d.]+ mails per second$/);
    await expect(row.locator('[data-testid="mass-mail-uncertain"]').count()).resolves.toBe(0);
    await shot(page, 'mass-mail-progress-en');

    await switchLanguage(page, 'bn');
    await row.locator('.status-ok', { hasText: 'সম্পন্ন' }).waitFor();
    await expect(counts.textContent()).resolves.toMatch(/^১টির মধ্যে ১টি পাঠানো হয়েছে/);
    await expect(row.locator('[data-testid="mass-mail-rate"]').textContent()).resolves.toMatch(/প্রতি সেকেন্ডে [০-৯.]+টি মেইল$/);
    await shot(page, 'mass-mail-progress-bn');
    expect(errors).toEqual([]);
  } finally {
    await admin.context.close();
  }
});
