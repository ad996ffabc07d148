// The Profile tab's password change needs the current password (issue 36, decision 0039), in the
// browser against the real all-in-one: a new password without the current one is stopped on the
// page, a wrong one is refused by the server with its reason under the field, in English and
// Bengali; the right one changes it (the old password no longer logs in). A student and an
// instructor panel share the form. Screenshots go to /tmp/shots/profile-password/ (SHOTS_DIR).
import { refusalText } from '@taal/contracts';
import type { Page } from 'playwright-core';
import { DEMO, loginByApi, openPage, signUpByApi, switchLanguage, toastWith, useE2E, useSession, verificationToken, type LoginAnswer } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/profile-password';
const e2e = useE2E({ shotsDir: SHOTS });

const text = async (page: Page, selector: string) => (await page.textContent(selector))?.trim();
const login = async (email: string, password: string) =>
  (await fetch(`${e2e.baseUrl}/api/v1/user/login/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })).status;

/** A new student: sign-up, the verification mail, login. */
async function newStudent(page: Page, password: string): Promise<LoginAnswer> {
  const who = { email: `changer-${Date.now()}@example.com`, password, name: 'Rafi Ahmed' };
  expect((await signUpByApi(page, e2e.baseUrl, { ...who, dob: '2001-01-01', phone: '01911111111', address: 'Dhaka' })).status).toBe(201);
  expect((await fetch(`${e2e.baseUrl}/api/v1/user/verify-email/${await verificationToken(e2e.taal, who.email)}`)).ok).toBe(true);
  return loginByApi(e2e.baseUrl, who);
}

test('the current password is asked for before a new one is saved: missing, wrong, then right; en and bn', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    const student = await newStudent(page, 'old-secret');
    await useSession(page, e2e.baseUrl, student, { clear: true, lang: 'en' });
    await page.goto(`${e2e.baseUrl}/studentpanel?tab=4`);
    await page.waitForSelector('[data-testid="profile-form"]');
    expect(await text(page, 'label:has([data-testid="profile-current-password"])')).toContain('Current password');
    expect(await page.getAttribute('[data-testid="profile-current-password"]', 'autocomplete')).toBe('current-password');
    await e2e.shot(page, 'profile-password-form-en', { scrollTop: true });

    // A new password alone: stopped on the page, the reason under the current password's field.
    await page.fill('[data-testid="profile-password"]', 'new-secret');
    await page.click('[data-testid="profile-save"]');
    await toastWith(page, 'User Update Failed!');
    expect(await text(page, '[data-testid="profile-currentPassword-error"]')).toBe(refusalText('CURRENT_PASSWORD_REQUIRED', 'en'));

    // A wrong one: the server's 403 and its reason, in the toast and under the field.
    await page.fill('[data-testid="profile-current-password"]', 'a-guess');
    expect(await page.locator('[data-testid="profile-currentPassword-error"]').count()).toBe(0);
    await page.click('[data-testid="profile-save"]');
    await toastWith(page, refusalText('CURRENT_PASSWORD_WRONG', 'en'));
    expect(await text(page, '[data-testid="profile-currentPassword-error"]')).toBe('*The current password is not correct');
    await e2e.shot(page, 'profile-password-wrong-en', { scrollTop: true });
    expect(await login(student.user.email, 'new-secret')).toBe(401);

    // Bengali: the labels, the hint and the reason in Bengali.
    await switchLanguage(page, 'bn', { fonts: true });
    await page.waitForFunction(
      (shown) => document.querySelector('[data-testid="profile-currentPassword-error"]')?.textContent === shown,
      refusalText('CURRENT_PASSWORD_WRONG', 'bn'),
    );
    expect(await text(page, 'label:has([data-testid="profile-current-password"])')).toContain('বর্তমান পাসওয়ার্ড');
    expect(await text(page, '#profile-current-password-hint')).toBe('নতুন পাসওয়ার্ড দিতে হলে লাগবে');
    await e2e.shot(page, 'profile-password-wrong-bn', { scrollTop: true });

    // The right one: saved; the fields are emptied; the new password logs in, the old one not.
    await page.fill('[data-testid="profile-current-password"]', 'old-secret');
    await page.click('[data-testid="profile-save"]');
    await toastWith(page, 'ব্যবহারকারীর তথ্য সফলভাবে হালনাগাদ হয়েছে!');
    expect(await page.inputValue('[data-testid="profile-current-password"]')).toBe('');
    expect(await page.inputValue('[data-testid="profile-password"]')).toBe('');
    expect(await login(student.user.email, 'new-secret')).toBe(200);
    expect(await login(student.user.email, 'old-secret')).toBe(401);
    await e2e.shot(page, 'profile-password-saved-bn', { scrollTop: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

test("the instructor's Profile tab has the same field; details change without it", async () => {
  const instructor = await loginByApi(e2e.baseUrl, DEMO.instructor);
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    await useSession(page, e2e.baseUrl, instructor, { clear: true, lang: 'en' });
    await page.goto(`${e2e.baseUrl}/instructorpanel?tab=1`);
    await page.waitForSelector('[data-testid="profile-current-password"]');
    await page.fill('[data-testid="profile-address"]', 'House 7, Road 3, Dhanmondi');
    await page.click('[data-testid="profile-save"]');
    await toastWith(page, 'User Updated Successfully!');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);
