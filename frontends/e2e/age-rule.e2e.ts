// The terms' age rule in the browser (issue 40, decision 0047), in English and in Bengali: sign-up
// refuses a 12-year-old and asks a 15-year-old for a guardian's e-mail; the student panel says
// approval is pending (and mails the guardian again); the cart's checkout is refused with the
// reason; the guardian's link from the outbox approves once (opened again: already used); then
// the same cart is bought.
import type { Page } from 'playwright-core';
import { refusalText } from '@taal/contracts';
import { api, DEMO, dhakaDay, loginByApi, openPage, toastWith, useE2E, useSession, waitForMails, mailsTo, verificationToken } from './support';

const SHOTS = process.env.AGE_RULE_SHOTS ?? '/tmp/taal-age-rule-shots';
const e2e = useE2E({ shotsDir: SHOTS });
const { request, call } = api(e2e);

/** The day `years` years before today in Dhaka, moved by `days`. */
function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = dhakaDay().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
}

const TEXT = {
  en: { guardianLabel: "Parent's or guardian's email", pending: 'Waiting for your guardian’s approval', resent: 'A new mail is on its way to your guardian.', approved: 'Thank you! Rafi Ahmed’s account is approved' },
  bn: { guardianLabel: 'মা-বাবা বা অভিভাবকের ইমেইল', pending: 'আপনার অভিভাবকের অনুমোদনের অপেক্ষায়', resent: 'আপনার অভিভাবকের কাছে একটি নতুন ইমেইল যাচ্ছে।', approved: 'ধন্যবাদ! Rafi Ahmed-এর অ্যাকাউন্ট অনুমোদিত হয়েছে' },
} as const;

async function fill(page: Page, email: string, dob: string) {
  await page.fill('#f-name', 'Rafi Ahmed');
  await page.fill('#f-email', email);
  await page.fill('#f-password', 'secret12');
  await page.fill('#f-confirmPassword', 'secret12');
  await page.setInputFiles('#f-photo', { name: 'me.png', mimeType: 'image/png', buffer: await pngOf(page) });
  await page.waitForSelector('[data-testid="photo-preview"]');
  await page.fill('#f-dob', dob);
  await page.fill('#f-phone', '01712345678');
  await page.fill('#f-address', 'Mirpur 10, Dhaka');
}

async function pngOf(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 40;
    c.height = 40;
    const g = c.getContext('2d')!;
    g.fillStyle = '#3a7';
    g.fillRect(0, 0, 40, 40);
    return c.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(data, 'base64');
}

for (const lng of ['en', 'bn'] as const) {
  test(`${lng}: under 13 refused; a 15-year-old waits for the guardian's link, then buys`, async () => {
    const t = TEXT[lng];
    const id = `${lng}-${Date.now()}`;
    const email = `teen-${id}@example.com`;
    const guardian = `guardian-${id}@example.com`;
    const { page, context, errors } = await openPage(e2e.browser);
    try {
      await useSession(page, e2e.baseUrl, null, { clear: true, lang: lng });
      await page.goto(`${e2e.baseUrl}/signup`);
      await page.waitForSelector('[data-testid="signup-page"]');
      await page.waitForFunction((l) => document.documentElement.lang === l, lng);

      // 12 (13 tomorrow): refused on the form, with the catalogue's text.
      await fill(page, email, yearsAgo(13, 1));
      await page.click('[data-testid="signup-submit"]');
      await toastWith(page, refusalText('TOO_YOUNG', lng));
      expect((await page.textContent('[data-testid="error-dob"]'))?.trim()).toBe(refusalText('TOO_YOUNG', lng));
      expect(await page.locator('#f-guardianEmail').count()).toBe(0);
      await e2e.shot(page, `${lng}-signup-too-young`, { keepToasts: true });

      // 15: the guardian field appears and is required.
      await page.fill('#f-dob', yearsAgo(15));
      await page.waitForSelector('#f-guardianEmail');
      expect((await page.textContent('label[for="f-guardianEmail"]'))?.trim()).toContain(t.guardianLabel);
      await page.click('[data-testid="signup-submit"]');
      await toastWith(page, refusalText('GUARDIAN_EMAIL_REQUIRED', lng));
      await page.fill('#f-guardianEmail', guardian);
      await e2e.shot(page, `${lng}-signup-guardian`);
      const answer = page.waitForResponse((r) => r.url().includes('/api/v1/user/signup') && r.request().method() === 'POST');
      await page.click('[data-testid="signup-submit"]');
      expect((await answer).status()).toBe(201);
      await page.waitForURL('**/registration-successful');

      // The student verifies their own address and signs in: the panel says approval is pending.
      expect((await request('GET', `user/verify-email/${await verificationToken(e2e.taal, email)}`)).status).toBe(200);
      const session = await loginByApi(e2e.baseUrl, { email, password: 'secret12' });
      await useSession(page, e2e.baseUrl, session, { lang: lng });
      await page.goto(`${e2e.baseUrl}/studentpanel`);
      await page.waitForSelector('[data-testid="guardian-notice"]');
      expect(await page.textContent('[data-testid="guardian-notice"]')).toContain(t.pending);
      expect(await page.textContent('[data-testid="guardian-notice"]')).toContain(guardian);
      await e2e.shot(page, `${lng}-panel-pending`);
      await waitForMails(e2e.taal, guardian, 1);
      await page.click('[data-testid="guardian-resend"]');
      await toastWith(page, t.resent);
      await waitForMails(e2e.taal, guardian, 2);

      // The wallet covers a course; the checkout is refused with the reason, shown in the cart.
      const courses = await call<{ _id: string; priceSilver: { price: number } | null }[]>('GET', 'course/');
      const course = courses.find((c) => (c.priceSilver?.price ?? 0) > 0)!;
      const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
      await call('POST', 'wallet/credit', admin.token, { userId: session.user._id, kind: 'refund', amount: course.priceSilver!.price, reference: `e2e-age-${id}` });
      await call('POST', 'cart/', session.token, { user: session.user._id, course: course._id, tier: 'silver' });
      await page.goto(`${e2e.baseUrl}/cart`);
      await page.click('[data-testid="cart-proceed"]');
      await page.waitForSelector('[data-testid="cart-error-message"]');
      expect((await page.textContent('[data-testid="cart-error-message"]'))?.trim()).toBe(refusalText('GUARDIAN_APPROVAL_PENDING', lng));
      await e2e.shot(page, `${lng}-cart-refused`);

      // The guardian opens the link from the mail (in another browser): approved; opened again: used.
      const link = mailsTo(e2e.taal, guardian)
        .map((m) => /\/guardian-approval\/([\w.-]+)/.exec(m.body)?.[1])
        .find(Boolean)!;
      const guardianPage = await openPage(e2e.browser);
      try {
        await useSession(guardianPage.page, e2e.baseUrl, null, { clear: true, lang: lng });
        await guardianPage.page.goto(`${e2e.baseUrl}/guardian-approval/${link}`);
        await guardianPage.page.waitForSelector('[data-testid="guardian-result"].alert-success');
        expect(await guardianPage.page.textContent('[data-testid="guardian-result"]')).toContain(t.approved);
        await e2e.shot(guardianPage.page, `${lng}-guardian-approved`);
        await guardianPage.page.reload();
        await guardianPage.page.waitForSelector('[data-testid="guardian-result"].alert-error');
        expect((await guardianPage.page.textContent('[data-testid="guardian-result"]'))?.trim()).toBe(refusalText('GUARDIAN_LINK_USED', lng));
        await e2e.shot(guardianPage.page, `${lng}-guardian-used`);
        const forged = guardianPage.page.waitForResponse((r) => r.url().includes('/api/v1/user/guardian-approval/'));
        await guardianPage.page.goto(`${e2e.baseUrl}/guardian-approval/not-a-token`);
        const forgedAnswer = await forged;
        expect([forgedAnswer.status(), ((await forgedAnswer.json()) as { reason?: string }).reason]).toEqual([400, 'GUARDIAN_LINK_INVALID']);
        await guardianPage.page.waitForSelector('[data-testid="guardian-result"].alert-error');
        expect((await guardianPage.page.textContent('[data-testid="guardian-result"]'))?.trim()).toBe(refusalText('GUARDIAN_LINK_INVALID', lng));
        await e2e.shot(guardianPage.page, `${lng}-guardian-invalid`);
        expect(guardianPage.errors).toEqual([]);
      } finally {
        await guardianPage.context.close();
      }

      // The same session now buys the course from the wallet; the notice is gone.
      await page.goto(`${e2e.baseUrl}/cart`);
      await page.click('[data-testid="cart-proceed"]');
      await page.waitForURL('**/studentpanel');
      await page.waitForSelector('[data-testid="student-panel"]');
      expect(await page.locator('[data-testid="guardian-notice"]').count()).toBe(0);
      const orders = await call<{ paid: boolean }[]>('GET', `order/${session.user._id}`, session.token);
      expect(orders[0]).toMatchObject({ paid: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
}
