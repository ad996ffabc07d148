// The date of birth asked at a Google sign-up's first purchase (issue 53 item 5, decision 0077),
// in English and in Bengali, against the real all-in-one with Google played by the local stand-in
// the social-login tests use (identity verifies its ID tokens against a local JWKS). Each
// language: a new Google account puts a course in its cart (the wallet covers it); Proceed asks
// for the date of birth; a 12-year-old's date is refused; a 15-year-old's asks for the guardian's
// address, is saved, and the checkout is then refused until the guardian opens the mailed link;
// then the same cart is bought. The Profile tab shows the date, which cannot be changed. A gift
// card, another first purchase, asks for the date the same way.
import { randomUUID } from 'node:crypto';
import { refusalText } from '@taal/contracts';
import { startSocialStandins, type SocialStandins } from '../../tools/testing/social-standins';
import { api, DEMO, dhakaDay, loginByApi, mailsTo, openPage, toastWith, useE2E, useSession, waitForMails, type LoginAnswer } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-social-age-rule';
let standins: SocialStandins;
beforeAll(async () => {
  standins = await startSocialStandins();
}, 60_000);
const e2e = useE2E({
  shotsDir: SHOTS,
  env: () => ({ GOOGLE_CLIENT_ID: standins.google.clientId, GOOGLE_JWKS_URL: standins.google.jwksUrl, GOOGLE_ISSUERS: standins.google.issuer }),
});
afterAll(async () => {
  await standins?.close();
}, 30_000);
const { call } = api(e2e);

function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = dhakaDay().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
}

const TEXT = {
  en: { title: 'Your date of birth', saved: 'Thank you, your date of birth is saved.', locked: 'Your date of birth cannot be changed once it is set.' },
  bn: { title: 'আপনার জন্মতারিখ', saved: 'ধন্যবাদ, আপনার জন্মতারিখ সংরক্ষণ করা হয়েছে।', locked: 'জন্মতারিখ একবার দেওয়ার পর আর বদলানো যায় না।' },
} as const;

/** "Continue with Google" for a new person, through the real endpoint: the session it answers. */
async function googleSignUp(name: string): Promise<LoginAnswer> {
  const email = `g-${randomUUID().slice(0, 8)}@example.com`;
  const tokenId = await standins.googleIdToken({ sub: `g-${randomUUID()}`, email, email_verified: true, name });
  const res = await fetch(`${e2e.baseUrl}/api/v1/user/googlelogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tokenId }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: LoginAnswer }).data;
}

for (const lng of ['en', 'bn'] as const) {
  test(`${lng}: a Google sign-up is asked its date of birth at the first purchase; 12 refused, 15 waits for the guardian, then buys`, async () => {
    const t = TEXT[lng];
    const session = await googleSignUp(`Gina ${lng}`);
    expect((session.user as { dob?: string }).dob).toBe('');
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const course = (await call<{ _id: string; priceSilver: { price: number } | null }[]>('GET', 'course/')).find((c) => (c.priceSilver?.price ?? 0) > 0)!;
    await call('POST', 'wallet/credit', admin.token, { userId: session.user._id, kind: 'refund', amount: course.priceSilver!.price, reference: `e2e-social-age-${lng}-${Date.now()}` });
    await call('POST', 'cart/', session.token, { user: session.user._id, course: course._id, tier: 'silver' });
    const { page, context, errors } = await openPage(e2e.browser);
    try {
      await useSession(page, e2e.baseUrl, session, { clear: true, lang: lng });
      await page.goto(`${e2e.baseUrl}/cart`);
      await page.waitForFunction((l) => document.documentElement.lang === l, lng);
      await page.click('[data-testid="cart-proceed"]');
      await page.waitForSelector('[data-testid="dob-prompt"]');
      expect(await page.textContent('[data-testid="dob-prompt"] h3')).toBe(t.title);
      await e2e.shot(page, `${lng}-dob-asked`);

      // 12 (13 tomorrow): refused with the sign-up's message; nothing is sent or stored.
      await page.fill('[data-testid="dob-prompt-dob"]', yearsAgo(13, 1));
      await page.click('[data-testid="dob-prompt-save"]');
      expect(await page.textContent('[data-testid="dob-prompt-dob-error"]')).toBe(refusalText('TOO_YOUNG', lng));
      await e2e.shot(page, `${lng}-dob-too-young`);
      expect((await call<{ dob: string }>('GET', 'user/me', session.token)).dob).toBe('');

      // 15: the guardian's address is asked, then the date is saved and the checkout waits for approval.
      const guardian = `guardian-${lng}-${randomUUID().slice(0, 8)}@example.com`;
      await page.fill('[data-testid="dob-prompt-dob"]', yearsAgo(15));
      await page.waitForSelector('[data-testid="dob-prompt-guardian"]');
      await page.click('[data-testid="dob-prompt-save"]');
      expect(await page.textContent('[data-testid="dob-prompt-guardian-error"]')).toBe(refusalText('GUARDIAN_EMAIL_REQUIRED', lng));
      await page.fill('[data-testid="dob-prompt-guardian"]', guardian);
      await e2e.shot(page, `${lng}-dob-guardian`);
      // Saved, the checkout goes on at once (its refusal's toast follows the "saved" one).
      await page.click('[data-testid="dob-prompt-save"]');
      await page.waitForSelector('[data-testid="cart-error-message"]');
      expect((await page.textContent('[data-testid="cart-error-message"]'))?.trim()).toBe(refusalText('GUARDIAN_APPROVAL_PENDING', lng));
      expect(await page.locator('[data-testid="dob-prompt"]').count()).toBe(0);
      await e2e.shot(page, `${lng}-dob-saved-pending`);
      expect(await call<{ dob: string; guardianStatus: string }>('GET', 'user/me', session.token)).toMatchObject({ dob: yearsAgo(15), guardianStatus: 'pending' });

      // The Profile tab shows the date, locked; the API refuses a change (DOB_LOCKED).
      await page.goto(`${e2e.baseUrl}/studentpanel?tab=4`);
      await page.waitForSelector('[data-testid="profile-dob"]');
      expect([await page.inputValue('[data-testid="profile-dob"]'), await page.isDisabled('[data-testid="profile-dob"]')]).toEqual([yearsAgo(15), true]);
      expect(await page.textContent('[data-testid="profile-dob-hint"]')).toBe(t.locked);
      await e2e.shot(page, `${lng}-profile-dob-locked`);
      const form = new FormData();
      form.set('dob', yearsAgo(30));
      const changed = await fetch(`${e2e.baseUrl}/api/v1/user/`, { method: 'POST', headers: { Authorization: `Bearer ${session.token}` }, body: form });
      expect([changed.status, ((await changed.json()) as { reason: string }).reason]).toEqual([400, 'DOB_LOCKED']);

      // The guardian opens the mailed link; the same cart is bought.
      await waitForMails(e2e.taal, guardian, 1);
      const link = mailsTo(e2e.taal, guardian)
        .map((m) => /\/guardian-approval\/([\w.-]+)/.exec(m.body)?.[1])
        .find(Boolean)!;
      await call('GET', `user/guardian-approval/${link}`);
      await page.goto(`${e2e.baseUrl}/cart`);
      await page.click('[data-testid="cart-proceed"]');
      await page.waitForURL('**/studentpanel');
      const orders = await call<{ paid: boolean }[]>('GET', `order/${session.user._id}`, session.token);
      expect(orders[0]).toMatchObject({ paid: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  test(`${lng}: a gift card is a first purchase too: an adult Google sign-up gives the date there, then goes to the payment page`, async () => {
    const session = await googleSignUp(`Gift ${lng}`);
    const { page, context, errors } = await openPage(e2e.browser);
    try {
      await useSession(page, e2e.baseUrl, session, { clear: true, lang: lng });
      await page.goto(`${e2e.baseUrl}/products/giftCard/gift-card-500`);
      await page.waitForFunction((l) => document.documentElement.lang === l, lng);
      await page.check('[data-testid="gift-recipient-myself"]');
      await page.fill('[data-testid="gift-phone"]', '01712345678');
      await page.click('[data-testid="gift-submit"]');
      await page.waitForSelector('[data-testid="dob-prompt"]');
      await page.fill('[data-testid="dob-prompt-dob"]', yearsAgo(30));
      expect(await page.locator('[data-testid="dob-prompt-guardian"]').count()).toBe(0);
      await e2e.shot(page, `${lng}-gift-dob-asked`);
      await page.click('[data-testid="dob-prompt-save"]');
      await toastWith(page, TEXT[lng].saved);
      expect(await page.locator('[data-testid="dob-prompt"]').count()).toBe(0);
      await page.click('[data-testid="gift-submit"]');
      await page.waitForURL(/\/sslcommerz-sandbox\//, { timeout: 20_000 });
      expect(await call<{ dob: string; guardianStatus: string }>('GET', 'user/me', session.token)).toMatchObject({ dob: yearsAgo(30), guardianStatus: '' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
}
