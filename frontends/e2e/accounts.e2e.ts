// Accounts in the browser against the real all-in-one: sign-up with a photo, the verification
// mail in the outbox, its link, login, the student menu, logout; login failures; guards.
import type { Page } from 'playwright-core';
import { refusalText } from '@taal/contracts';
import { answerBody, DEMO, jpegSize, loginByApi, loginInUi, makePng, openPage, submitLogin, switchLanguage, toastWith, useE2E, waitForMails, openUserMenu } from './support';

const e2e = useE2E();

const STUDENT_TABS = ['Classroom', 'Wishlist', 'Messages', 'Purchase History', 'Profile', 'Earn Money', 'Redeem Gift Card', 'My certificates'];

async function fillSignup(page: Page, values: { name: string; email: string; password: string; confirmPassword: string; dob: string; phone: string; address: string }, photo?: Buffer) {
  await page.fill('#f-name', values.name);
  await page.fill('#f-email', values.email);
  await page.fill('#f-password', values.password);
  await page.fill('#f-confirmPassword', values.confirmPassword);
  await page.fill('#f-dob', values.dob);
  await page.fill('#f-phone', values.phone);
  await page.fill('#f-address', values.address);
  if (photo) {
    await page.setInputFiles('#f-photo', { name: 'me.png', mimeType: 'image/png', buffer: photo });
    await page.waitForSelector('[data-testid="photo-preview"]');
  }
}

test('sign up with a photo → verification mail → its link → login → student menu → logout clears local storage', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  const email = `e2e-${Date.now()}@example.com`;
  const values = { name: 'Rina Akter', email, password: 'secret12', confirmPassword: 'secret12', dob: '2001-04-05', phone: '01712345678', address: 'Mirpur 10, Dhaka' };
  try {
    await page.goto(`${e2e.baseUrl}/signup`);
    await page.waitForSelector('[data-testid="signup-page"]');

    // Every field empty: each inline message of spec §5 and the toast.
    await page.click('[data-testid="signup-submit"]');
    await toastWith(page, 'Please fill all the required fields');
    const inline = await page.$$eval('.input-error', (els) => els.map((e) => e.textContent));
    expect(inline).toEqual(['*Name required', '*Email required', '*Password required', '*Confirm password required', '*Photo required', '*Date of birth required', '*Phone number required', '*Address required']);

    // Bad e-mail, then mismatched and short passwords, then a future date of birth.
    const photo = await makePng(page, 1600, 1200);
    await fillSignup(page, { ...values, email: 'not-an-email' }, photo);
    await page.click('[data-testid="signup-submit"]');
    expect(await page.textContent('[data-testid="error-email"]')).toBe('*Invalid email');
    await page.fill('#f-email', email);
    await page.fill('#f-confirmPassword', 'secret13');
    await page.click('[data-testid="signup-submit"]');
    expect(await page.textContent('[data-testid="error-confirmPassword"]')).toBe("password didn't match");
    // One toast: the mismatch replaced "fill all the required fields" (issue 55: they stood side by side).
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="toasts-bottom"] .toast span')].map((el) => el.textContent).join('|') === "password didn't match");
    await page.fill('#f-password', 'abc');
    await page.fill('#f-confirmPassword', 'abc');
    await page.click('[data-testid="signup-submit"]');
    expect(await page.textContent('[data-testid="error-password"]')).toBe('password should be more than 5 character');
    await page.fill('#f-password', values.password);
    await page.fill('#f-confirmPassword', values.password);
    // The phone field keeps digits only.
    await page.fill('#f-phone', '017-1234 5678');
    expect(await page.inputValue('#f-phone')).toBe('01712345678');

    // Valid: the photo goes up compressed (JPEG, at most 1000×1000), then /registration-successful.
    const signUpAnswer = page.waitForResponse((r) => r.url().includes('/api/v1/user/signup') && r.request().method() === 'POST');
    await page.click('[data-testid="signup-submit"]');
    const answer = await signUpAnswer;
    expect(answer.status()).toBe(201);
    const created = ((await answer.json()) as { data: { _id: string; photo: string; emailVerify: boolean } }).data;
    expect(created.emailVerify).toBe(false);
    await toastWith(page, 'check your email to verification');
    await page.waitForURL('**/registration-successful');
    await page.waitForSelector('[data-testid="registration-successful"] a[href="/login"]');

    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const photoRes = await fetch(`${e2e.baseUrl}${created.photo}`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(photoRes.status).toBe(200);
    expect(photoRes.headers.get('content-type')).toMatch(/^image\/jpeg/);
    expect(jpegSize(Buffer.from(await photoRes.arrayBuffer()))).toEqual({ width: 1000, height: 750 });

    // The same address again: taken (inline and toast), no second account.
    await page.goto(`${e2e.baseUrl}/signup`);
    await fillSignup(page, values, photo);
    await page.click('[data-testid="signup-submit"]');
    await toastWith(page, 'Email is already registered, please use login to continue.');
    expect(await page.textContent('[data-testid="error-email"]')).toBe('Email is already registered, please use login to continue.');
    expect(page.url()).toBe(`${e2e.baseUrl}/signup`);

    // Logging in before verifying leads to the verify-email notice; resend sends a second mail.
    await waitForMails(e2e.taal, email, 1);
    await page.goto(`${e2e.baseUrl}/login`);
    await submitLogin(page, { email, password: values.password });
    await page.waitForURL('**/verify-email');
    expect(await page.textContent('[data-testid="verify-notice"]')).toBe('Please check your email inbox/spam folder and verify your email');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.click('[data-testid="resend-verification"]');
    await toastWith(page, 'Please check your email inbox/spam folder and verify your email');
    const mails = await waitForMails(e2e.taal, email, 2);

    // Follow the link of the verification mail.
    const link = /https?:\/\/[^\s"<>]*verify-email[^\s"<>]*/.exec(mails[0]!.body)?.[0];
    expect(link).toBeDefined();
    expect(new URL(link!).pathname).toMatch(/^\/verify-email\/[\w.-]+$/);
    await page.goto(link!);
    await page.waitForSelector('[data-testid="verify-result"]');
    expect(await page.locator('[data-testid="verify-result"]').textContent()).toBe('User verified successfully!!');

    // Log in: home, the student menu with the eight panel tabs and logout.
    await loginInUi(page, e2e.baseUrl, { email, password: values.password });
    await page.waitForSelector('[data-testid="hero"]');
    expect(await page.evaluate(() => localStorage.getItem('type'))).toBe('4');
    const accessToken = await page.evaluate(() => localStorage.getItem('token'));
    await openUserMenu(page);
    const tabs = page.locator('[data-testid="student-tab-link"]');
    expect(await tabs.allTextContents()).toEqual(STUDENT_TABS);
    expect(await tabs.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(STUDENT_TABS.map((_, i) => `/studentpanel?tab=${i}`));
    expect(await page.locator('[data-testid="user-menu-items"] li').allTextContents()).toEqual(['Rina Akter', ...STUDENT_TABS, 'Logout']);
    await tabs.nth(6).click();
    await page.waitForURL('**/studentpanel?tab=6');
    expect(await page.textContent('[role="tabpanel"] h2')).toBe('Redeem Gift Card');

    // Logged-in users are sent from /login and /signup to /.
    for (const route of ['/login', '/signup', '/forgetpassword']) {
      await page.goto(e2e.baseUrl + route);
      await page.waitForURL(`${e2e.baseUrl}/`);
    }

    // Logout: every local storage key is gone, the session is revoked, home with Login again.
    await page.click('[data-testid="user-menu"] button');
    await page.click('[data-testid="logout"]');
    await page.waitForSelector('header a[href="/login"]');
    expect(page.url()).toBe(`${e2e.baseUrl}/`);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const me = await fetch(`${e2e.baseUrl}/api/v1/user/me`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(401);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

test('/signup/{refercode}: the code from the link is shown and recorded as the referrer', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    const student = await loginByApi(e2e.baseUrl, DEMO.student);
    const me = (await (await fetch(`${e2e.baseUrl}/api/v1/user/me`, { headers: { Authorization: `Bearer ${student.token}` } })).json()) as { data: { _id: string; referralCode: string } };
    const code = me.data.referralCode;
    await page.goto(`${e2e.baseUrl}/signup/${code}`);
    expect(await page.textContent('[data-testid="refer-code"]')).toContain(code);
    const email = `referred-${Date.now()}@example.com`;
    await fillSignup(page, { name: 'Referred Friend', email, password: 'secret12', confirmPassword: 'secret12', dob: '2003-03-03', phone: '01555555555', address: 'Rajshahi' }, await makePng(page, 300, 400));
    const answer = await answerBody<{ data: { referredBy: string } }>(page, `**/api/v1/user/signup/${code}`);
    await page.click('[data-testid="signup-submit"]');
    const created = (await answer.body).data;
    expect(created.referredBy).toBe(me.data._id);
    await page.waitForURL('**/registration-successful');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);

test('login failures: missing or invalid fields, wrong password; show/hide password; social buttons off when unconfigured', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    await page.goto(`${e2e.baseUrl}/login`);
    await page.waitForSelector('[data-testid="login-page"]');
    expect(await page.getAttribute('a[href="/signup"]', 'href')).toBe('/signup');
    expect(await page.getAttribute('a[href="/forgetpassword"]', 'href')).toBe('/forgetpassword');

    await page.click('[data-testid="login-submit"]');
    expect(await page.textContent('[data-testid="login-alert"]')).toBe('Email or password is missing!');
    expect(await page.textContent('[data-testid="error-email"]')).toBe('*Email required');
    expect(await page.textContent('[data-testid="error-password"]')).toBe('*Password required');
    await page.fill('#f-email', 'student@taal');
    await page.fill('#f-password', 'x');
    await page.click('[data-testid="login-submit"]');
    expect(await page.textContent('[data-testid="error-email"]')).toBe('*Invalid email');
    expect(await page.textContent('[data-testid="login-alert"]')).toBe('Email or password is missing!');
    // The same refusals in Bengali, by their catalogue keys, following a language switch (decision 0026).
    await switchLanguage(page, 'bn', { fonts: true });
    expect(await page.textContent('[data-testid="error-email"]')).toBe(refusalText('INVALID_EMAIL', 'bn'));
    expect(await page.textContent('[data-testid="login-alert"]')).toBe(refusalText('LOGIN_MISSING', 'bn'));
    if (process.env.LOGIN_LINK_SHOTS) await page.screenshot({ path: `${process.env.LOGIN_LINK_SHOTS}/login-missing-bn.png` });
    await switchLanguage(page, 'en');

    // Show / hide the password.
    expect(await page.getAttribute('#f-password', 'type')).toBe('password');
    await page.click('[data-testid="toggle-password"]');
    expect(await page.getAttribute('#f-password', 'type')).toBe('text');
    await page.click('[data-testid="toggle-password"]');
    expect(await page.getAttribute('#f-password', 'type')).toBe('password');

    // A wrong password: the spec's alert, and no session is kept.
    await page.evaluate(() => localStorage.setItem('token', 'stale'));
    await submitLogin(page, { email: DEMO.student.email, password: 'not-the-password' });
    await page.waitForFunction(() => document.querySelector('[data-testid="login-alert"]')?.textContent === 'Login Failed!! Please try with correct Credentials.');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // Google and Facebook: no provider script is configured here, so both are disabled with a note.
    expect(await page.isDisabled('[data-testid="google-login"]')).toBe(true);
    expect(await page.isDisabled('[data-testid="facebook-login"]')).toBe(true);
    expect(await page.textContent('[data-testid="google-login"]')).toContain('Continue with Google');
    expect(await page.textContent('[data-testid="facebook-login"]')).toContain('Continue with Facebook');
    expect(await page.textContent('[data-testid="social-unavailable"]')).toContain('not available');

    // The same in Bengali.
    await page.selectOption('[data-testid="language-menu"] select', 'bn');
    await page.waitForFunction(() => document.querySelector('[data-testid="login-alert"]')?.textContent !== 'Login Failed!! Please try with correct Credentials.');
    await page.click('[data-testid="login-submit"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="login-alert"]')?.textContent === 'লগইন ব্যর্থ হয়েছে!! অনুগ্রহ করে সঠিক তথ্য দিয়ে চেষ্টা করুন।');
    expect(await page.textContent('[data-testid="google-login"]')).toContain('গুগল দিয়ে চালিয়ে যান');
    await page.fill('#f-email', '');
    await page.click('[data-testid="login-submit"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="login-alert"]')?.textContent === 'ইমেইল বা পাসওয়ার্ড দেওয়া হয়নি!');
    expect(await page.textContent('[data-testid="error-email"]')).toBe('*ইমেইল আবশ্যক');
    // Messages already shown follow a switch back to English.
    await page.selectOption('[data-testid="language-menu"] select', 'en');
    await page.waitForFunction(() => document.querySelector('[data-testid="error-email"]')?.textContent === '*Email required');
    expect(await page.textContent('[data-testid="login-alert"]')).toBe('Email or password is missing!');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);

test('forgot password: empty e-mail, then "check your email" and back to /login; the reset link sets a new password', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    // A student of our own, so the demo student's password stays.
    const email = `reset-${Date.now()}@example.com`;
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Reset Me', email, password: 'first-pass', confirmPassword: 'first-pass', dob: '1999-09-09', phone: '01811111111', address: 'Khulna' })) form.append(k, v);
    await page.goto(`${e2e.baseUrl}/`);
    form.append('photo', new Blob([new Uint8Array(await makePng(page, 40, 40))], { type: 'image/png' }), 'p.png');
    expect((await fetch(`${e2e.baseUrl}/api/v1/user/signup/`, { method: 'POST', body: form })).status).toBe(201);
    const users = (await (await fetch(`${e2e.baseUrl}/api/v1/user/`, { headers: { Authorization: `Bearer ${admin.token}` } })).json()) as { data: { _id: string; email: string }[] };
    const id = users.data.find((u) => u.email === email)!._id;
    expect((await fetch(`${e2e.baseUrl}/api/v1/user/verify/${id}`, { headers: { Authorization: `Bearer ${admin.token}` } })).status).toBe(200);

    await page.goto(`${e2e.baseUrl}/forgetpassword`);
    await page.click('[data-testid="forget-submit"]');
    await toastWith(page, 'any of the field is missing');
    await page.fill('#f-email', email);
    await page.click('[data-testid="forget-submit"]');
    await toastWith(page, 'check your email');
    // Spec §2: the notice that says to look in inbox/spam, with its link to login (issue 40).
    await page.waitForURL('**/password-change-successful');

    // The first mail is the sign-up verification; the second the reset link.
    const mails = await waitForMails(e2e.taal, email, 2);
    const link = mails.map((m) => /https?:\/\/[^\s"<>]*reset-password[^\s"<>]*/.exec(m.body)?.[0]).find(Boolean);
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.waitForSelector('[data-testid="reset-page"]');
    await page.fill('#f-password', 'new-pass-1');
    await page.fill('#f-confirmPassword', 'new-pass-2');
    await page.click('[data-testid="reset-submit"]');
    expect(await page.textContent('[data-testid="error-confirmPassword"]')).toBe("password didn't match");
    await page.fill('#f-confirmPassword', 'new-pass-1');
    await page.click('[data-testid="reset-submit"]');
    await toastWith(page, 'Your password has been changed, please log in');
    await page.waitForURL('**/login');
    await submitLogin(page, { email, password: 'first-pass' });
    await page.waitForFunction(() => document.querySelector('[data-testid="login-alert"]')?.textContent === 'Login Failed!! Please try with correct Credentials.');
    await submitLogin(page, { email, password: 'new-pass-1' });
    await page.waitForURL(`${e2e.baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('type'))).toBe('4');

    // The notice pages.
    await page.goto(`${e2e.baseUrl}/password-change-successful`);
    expect(await page.textContent('[data-testid="password-change-successful"]')).toContain('inbox/spam');
    await page.click('[data-testid="password-change-successful"] a[href="/login"]');
    await page.waitForURL(`${e2e.baseUrl}/`); // logged in: /login sends home
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90_000);

test('guards: a student visiting admin pages lands on /; ?redirect=cart goes to the cart after login; role menus', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    await page.goto(`${e2e.baseUrl}/login?redirect=cart`);
    await submitLogin(page, DEMO.student);
    await page.waitForURL('**/cart');

    for (const route of ['/admin', '/adminuserlist', '/adminanalyticsusers', '/instructorpanel']) {
      await page.goto(e2e.baseUrl + route);
      await page.waitForURL(`${e2e.baseUrl}/`);
      await page.waitForSelector('[data-testid="hero"]');
    }
    // Editing local storage does not make a student an admin: the server says who they are.
    await page.evaluate(() => localStorage.setItem('type', '1'));
    await page.goto(`${e2e.baseUrl}/adminuserlist`);
    await page.waitForURL(`${e2e.baseUrl}/`);
    await page.waitForSelector('[data-testid="hero"]');

    // Each role's user menu.
    const menus: [keyof typeof DEMO, string[]][] = [
      ['admin', ['Demo Admin', 'Dashboard', 'Logout']],
      ['instructor', ['Demo Instructor', 'My Dashboard', 'Logout']],
      // The content uploader's way in: its back-office screens (decision 0020, issue 27).
      ['content', ['Demo Content Uploader', 'Course list', 'Add course', 'Upcoming courses', 'Add upcoming course', 'Freebies', 'Add freebie', 'Logout']],
    ];
    for (const [role, items] of menus) {
      await page.click('[data-testid="user-menu"] button');
      await page.click('[data-testid="logout"]');
      await page.waitForSelector('header a[href="/login"]');
      await loginInUi(page, e2e.baseUrl, DEMO[role]);
      expect(await (await openUserMenu(page)).locator('li').allTextContents()).toEqual(items);
      await page.keyboard.press('Escape');
    }
    // The content uploader's back office is its own screens (decision 0020): /admin sends it to the course list.
    await page.goto(`${e2e.baseUrl}/admin`);
    await page.waitForURL(`${e2e.baseUrl}/admincourselist`);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90_000);

test('a delayed login offers a mailed sign-in link (en and bn); the link signs in once', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  const shots = process.env.LOGIN_LINK_SHOTS;
  try {
    const email = `delayed-${Date.now()}@example.com`;
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const created = await fetch(`${e2e.baseUrl}/api/v1/user/create-account`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ name: 'Delayed Owner', email, password: 'right-pass', type: 2 }),
    });
    expect(created.status).toBe(201);
    // Someone else's ten wrong guesses: the account's password logins now wait.
    for (let i = 0; i < 10; i++) {
      const wrong = await fetch(`${e2e.baseUrl}/api/v1/user/login/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: `guess-${i}` }) });
      expect(wrong.status).toBe(401);
    }

    const expectations = {
      en: { delayed: 'Too many failed logins for this account', button: 'E-mail me a sign-in link', sent: 'a sign-in link is on its way' },
      bn: { delayed: 'এই অ্যাকাউন্টে অনেকবার ভুল লগইন হয়েছে', button: 'আমাকে সাইন-ইন লিংক ইমেইল করুন', sent: 'সাইন-ইন লিংক পাঠানো হচ্ছে' },
    };
    for (const lang of ['en', 'bn'] as const) {
      await page.goto(`${e2e.baseUrl}/`);
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
      await page.goto(`${e2e.baseUrl}/login`);
      await submitLogin(page, { email, password: 'right-pass' });
      await page.waitForSelector('[data-testid="login-link-request"]');
      expect(await page.textContent('[data-testid="login-alert"]')).toContain(expectations[lang].delayed);
      expect(await page.textContent('[data-testid="login-link-request"]')).toBe(expectations[lang].button);
      if (shots) await page.screenshot({ path: `${shots}/login-delayed-${lang}.png` });
      await page.click('[data-testid="login-link-request"]');
      await page.waitForSelector('[data-testid="login-link-sent"]');
      expect(await page.textContent('[data-testid="login-link-sent"]')).toContain(expectations[lang].sent);
      if (shots) await page.screenshot({ path: `${shots}/login-link-sent-${lang}.png` });
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    }

    const mails = await waitForMails(e2e.taal, email, 2);
    const link = /https?:\/\/[^\s"<>]*signin-link\?token=[\w-]+/.exec(mails[0]!.body)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.waitForURL(`${e2e.baseUrl}/`);
    await page.waitForFunction(() => localStorage.getItem('token') !== null);
    const me = await fetch(`${e2e.baseUrl}/api/v1/user/me`, { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` } });
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);

    // The same link a second time, in a fresh browser: refused, with a way back to the login page.
    const other = await openPage(e2e.browser);
    try {
      await other.page.goto(link!);
      await other.page.waitForSelector('[data-testid="signin-link-result"]');
      expect(await other.page.textContent('[data-testid="signin-link-result"]')).toBe('This sign-in link is invalid, has expired or was already used');
      if (shots) await other.page.screenshot({ path: `${shots}/signin-link-used-en.png` });
      expect(await other.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    } finally {
      await other.context.close();
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
