// The back office's mass-mail progress (issue 51 item 6, decision 0088), against the real all-in-one:
// an admin mails the `admin` audience, which messaging reads from identity a page at a time; the
// row on /admin/mass-mailing shows sent of total, the rate in mails per second and Done, in English
// and in Bengali (Bengali digits). Screenshots go to /tmp/shots/mass-mail/ (SHOTS_DIR).
import { api, DEMO, editAnswer, loginByApi, openPage, switchLanguage, toastWith, useE2E, useSession, waitForMails } from './support';

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

type Row = { _id: string; total: number; sent: number; skipped: number; uncertain: number; status: string; rate: number };

test('a mail to a million, half sent after a restart, and one still reading its audience: uncertain, rate and status in en and bn', async () => {
  const admin = await openPage(e2e.browser);
  try {
    const { page, errors } = admin;
    const login = await loginByApi(e2e.baseUrl, DEMO.admin);
    await useSession(page, e2e.baseUrl, login);
    // Two real mails (custom addresses), then the real list, its first two mails its first two mails shown as a large send would be (the shapes the server answers).
    await editAnswer<{ items: Row[]; next: string | null }>(page, '**/api/v1/mass-mail/page**', (data) => ({
      ...data,
      items: data.items.map((m, i) =>
        i === 0 ? { ...m, total: 1_000_000, sent: 412_345, skipped: 1_203, uncertain: 4, status: 'sending', rate: 393.2 } : i === 1 ? { ...m, total: 3_000, sent: 0, skipped: 0, uncertain: 0, status: 'queuing', rate: 0 } : m,
      ),
    }));
    for (const n of [1, 2]) {
      await api(e2e).call('POST', 'mass-mail/', login.token, { mailTo: 'custom', customEmail: `choir-${n}-${Date.now()}@example.com`, subject: `Choir ${n}`, message: '<p>Rehearsal</p>' });
    }
    await page.goto(`${e2e.baseUrl}/admin/mass-mailing`);
    const rows = page.locator('[data-testid="mass-mail-row"]');
    await rows.nth(1).waitFor();
    await expect(rows.nth(0).locator('[data-testid="mass-mail-counts"]').textContent()).resolves.toBe(
      '412345 of 1000000 sent, 1203 unsubscribed · 4 uncertain (interrupted by a restart, never sent again) · 393.2 mails per second · Sending',
    );
    await expect(rows.nth(1).locator('[data-testid="mass-mail-counts"]').textContent()).resolves.toBe('0 of 3000 sent, 0 unsubscribed · Reading the audience');
    await shot(page, 'mass-mail-large-en');
    await switchLanguage(page, 'bn');
    await rows.nth(0).locator('.status-wait', { hasText: 'পাঠানো হচ্ছে' }).waitFor();
    await expect(rows.nth(0).locator('[data-testid="mass-mail-uncertain"]').textContent()).resolves.toBe(' · ৪টি অনিশ্চিত (রিস্টার্টে বাধা পেয়েছে, আর পাঠানো হবে না)');
    await expect(rows.nth(0).locator('[data-testid="mass-mail-rate"]').textContent()).resolves.toBe(' · প্রতি সেকেন্ডে ৩৯৩.২টি মেইল');
    await expect(rows.nth(1).locator('.status-wait').textContent()).resolves.toBe('প্রাপকদের তালিকা পড়া হচ্ছে');
    await shot(page, 'mass-mail-large-bn');
    expect(errors).toEqual([]);
  } finally {
    await admin.context.close();
  }
});
