/**
 * Accounts and access on identity running alone (issue 52), as the storefront and back office
 * call them: every sign-up, login, create-account and instructor-account message of the specs,
 * roles enforced by the server, login throttling, instant suspension, verification mail in
 * DATA_DIR/mail (messaging beside it sends it; commerce answers a student's wallet), rotating
 * refresh tokens, and Google/Facebook login against local stand-ins. Uploaded photos are served
 * back by the edge's media route only, so the photo tests at the end run through the gateway on
 * the all-in-one process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { startAllInOne } from '@taal/launcher';
import { refusalText, type RefusalKey } from '@taal/contracts';
import { gifHtmlPolyglot, pngImage } from '../../../tools/testing/images';
import { waitForMailLink, mailsTo } from '../../../tools/testing/eml';
import { startSocialStandins, type SocialStandins } from '../../../tools/testing/social-standins';
import { waitFor } from '../../../tools/testing/wait';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

type Json = { success: boolean; data?: any; message?: string; code?: string; reason?: string; fields?: Record<string, string> }; // eslint-disable-line @typescript-eslint/no-explicit-any

// PNG magic bytes only: enough for the size check, not an image.
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const REFRESH_GRACE_MS = 1500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The storefront's address in mailed links (none is served here: the tests read the links). */
const PUBLIC_URL = 'http://storefront.taal.test';
/** A client address of its own (a service's own API takes X-Forwarded-For from the edge in front of it). */
let clients = 0;
const newClient = () => {
  clients += 1;
  return `2001:db8::${clients.toString(16)}`;
};

describe('accounts and access on identity running alone', () => {
  let identity: ServiceAlone;
  let mailDir: string;
  let social: SocialStandins;
  let adminToken: string;
  let studentToken: string;
  let png: Buffer;

  type Options = { body?: unknown; form?: FormData; token?: string; header?: 'bearer' | 'auth-token'; client?: string };
  /** Every request comes from a client address of its own unless `client` names one. */
  const request = async (method: string, p: string, options: Options = {}) => {
    const headers: Record<string, string> = { 'x-forwarded-for': options.client ?? newClient() };
    if (options.token) {
      if (options.header === 'auth-token') headers['auth-token'] = options.token;
      else headers.authorization = `Bearer ${options.token}`;
    }
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(identity.urlOf(p), { method, headers, body });
    return { status: res.status, type: res.headers.get('content-type') ?? '', retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Json };
  };
  const get = (p: string, token?: string) => request('GET', p, { token });
  const post = (p: string, body?: unknown, token?: string) => request('POST', p, { body, token });
  const login = (email: string, password: string, client?: string) => request('POST', '/api/v1/user/login/', { body: { email, password }, client });
  // A domain of its own per address, so the per-domain sign-up limit only meets its own test.
  const uniqueEmail = (tag: string) => {
    const id = randomUUID().slice(0, 8);
    return `${tag}-${id}@mail-${id}.example.com`;
  };

  const signUpForm = (fields: Record<string, string | undefined>, photo: Blob | null | undefined = undefined) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
    const file = photo === undefined ? new Blob([new Uint8Array(png)], { type: 'image/png' }) : photo;
    if (file) form.append('photo', file, 'me.png');
    return form;
  };
  const goodFields = (email: string) => ({
    name: 'Nadia Rahman',
    email,
    password: 'secret1',
    confirmPassword: 'secret1',
    dob: '2001-04-05',
    phone: '01712345678',
    address: 'Mirpur, Dhaka',
  });
  const signUp = (form: FormData, p = '/api/v1/user/signup/', client?: string) => request('POST', p, { form, client });

  beforeAll(async () => {
    png = await pngImage(40, 30);
    social = await startSocialStandins();
    // Identity alone, with messaging to send its mail and commerce for a student's wallet in
    // user/me. Requests name their client in X-Forwarded-For, as the edge in front of a
    // service's own API does.
    identity = await startServiceAlone('identity', {
      also: ['messaging', 'commerce'],
      env: {
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: social.google.clientId,
        GOOGLE_JWKS_URL: social.google.jwksUrl,
        GOOGLE_ISSUERS: social.google.issuer,
        FACEBOOK_APP_ID: social.facebook.appId,
        FACEBOOK_APP_SECRET: social.facebook.appSecret,
        FACEBOOK_GRAPH_URL: social.facebook.graphUrl,
        REFRESH_REUSE_GRACE_MS: String(REFRESH_GRACE_MS),
        // Failed logins: per account a doubling wait from 1 s; 15 per client address.
        LOGIN_DELAY_BASE_MS: '1000',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '15',
        SIGNUP_MAX_PER_ADDRESS: '3',
        SIGNUP_MAX_PER_DOMAIN: '4',
      },
    });
    mailDir = path.join(identity.dataDir, 'mail');
    adminToken = (await login('admin@taal.local', 'admin123')).body.data.token;
    studentToken = (await login('student@taal.local', 'student123')).body.data.token;
  });

  afterAll(async () => {
    await identity?.stop();
    await social?.close();
  });

  describe('sign-up (storefront §5)', () => {
    it.each([
      ['name', { name: '' }, 'NAME_REQUIRED'],
      ['email', { email: undefined }, 'EMAIL_REQUIRED'],
      ['email', { email: 'not-an-email' }, 'INVALID_EMAIL'],
      ['password', { password: '' }, 'PASSWORD_REQUIRED'],
      ['confirmPassword', { confirmPassword: undefined }, 'CONFIRM_PASSWORD_REQUIRED'],
      ['confirmPassword', { confirmPassword: 'secret2' }, 'PASSWORD_MISMATCH'],
      ['password', { password: '12345', confirmPassword: '12345' }, 'PASSWORD_TOO_SHORT'],
      ['dob', { dob: '' }, 'DOB_REQUIRED'],
      ['dob', { dob: '2999-01-01' }, 'DOB_IN_FUTURE'],
      ['phone', { phone: undefined }, 'PHONE_REQUIRED'],
      ['phone', { phone: '01712-345678' }, 'PHONE_DIGITS_ONLY'],
      ['address', { address: ' ' }, 'ADDRESS_REQUIRED'],
      // One address in a strict form: no lists, no display names, no control characters.
      ['email', { email: 'a@example.org,b' }, 'INVALID_EMAIL'],
      ['email', { email: 'Name <a@example.org>' }, 'INVALID_EMAIL'],
      ['email', { email: 'a@example.org, b@example.org' }, 'INVALID_EMAIL'],
      ['email', { email: 'a\r\nbcc@example.org' }, 'INVALID_EMAIL'],
      // Over-long fields say so (never 'NAME_REQUIRED').
      ['name', { name: 'n'.repeat(101) }, 'NAME_TOO_LONG'],
      ['name', { name: 'Nadia\u0007 Rahman' }, 'NAME_INVALID'],
      ['email', { email: `${'a'.repeat(64)}@${'b'.repeat(200)}.org` }, 'EMAIL_TOO_LONG'],
      ['password', { password: 'p'.repeat(201), confirmPassword: 'p'.repeat(201) }, 'PASSWORD_TOO_LONG'],
      ['phone', { phone: '1'.repeat(21) }, 'PHONE_TOO_LONG'],
      ['address', { address: 'a'.repeat(501) }, 'ADDRESS_TOO_LONG'],
      ['refercode', { refercode: 'R'.repeat(33) }, 'REFER_CODE_TOO_LONG'],
    ] as [string, object, RefusalKey][])('%s %j → %s', async (field, change, reason) => {
      const res = await signUp(signUpForm({ ...goodFields(uniqueEmail('bad')), ...change }));
      expect(res.status).toBe(400);
      // The catalogue's English (the spec's words) and its key, which the screens translate (decision 0026).
      const message = refusalText(reason);
      expect(res.body).toMatchObject({ success: false, message, code: reason, reason, fields: { [field]: message }, fieldReasons: { [field]: reason } });
    });

    it('needs a photo that is an image of at most 5 MB', async () => {
      const missing = await signUp(signUpForm(goodFields(uniqueEmail('p')), null));
      expect(missing.body).toMatchObject({ message: '*Photo required', fields: { photo: '*Photo required' } });
      const text = await signUp(signUpForm(goodFields(uniqueEmail('p')), new Blob(['hello'], { type: 'text/plain' })));
      expect(text).toMatchObject({ status: 400, body: { fieldReasons: { photo: 'PHOTO_NOT_IMAGE' } } });
      // Claims to be an image but is not one: identity checks the bytes.
      const fake = await signUp(signUpForm(goodFields(uniqueEmail('p')), new Blob(['<svg/>'], { type: 'image/png' })));
      expect(fake).toMatchObject({ status: 400, body: { fieldReasons: { photo: 'PHOTO_NOT_IMAGE' } } });
      // The right magic bytes are not enough: identity decodes the image.
      const magicOnly = await signUp(signUpForm(goodFields(uniqueEmail('p')), new Blob([PNG_MAGIC], { type: 'image/png' })));
      expect(magicOnly).toMatchObject({ status: 400, body: { fields: { photo: '*Photo must be an image (JPEG, PNG, GIF or WebP) of at most 5 MB' } } });
      const huge = new Uint8Array(5 * 1024 * 1024 + 10);
      huge.set(PNG_MAGIC);
      const big = await signUp(signUpForm(goodFields(uniqueEmail('p')), new Blob([huge], { type: 'image/png' })));
      expect(big).toMatchObject({ status: 413, body: { code: 'PHOTO_TOO_LARGE', message: 'The photo is larger than 5 MB', fieldReasons: { photo: 'PHOTO_NOT_IMAGE' } } });
    });

    it('reports every missing field at once, headed by the first', async () => {
      const res = await signUp(signUpForm({}, null));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('*Name required');
      expect(Object.keys(res.body.fields!)).toEqual(['name', 'email', 'password', 'confirmPassword', 'photo', 'dob', 'phone', 'address']);
      expect(res.body).toMatchObject({ reason: 'NAME_REQUIRED', fieldReasons: { name: 'NAME_REQUIRED', email: 'EMAIL_REQUIRED', photo: 'PHOTO_REQUIRED', dob: 'DOB_REQUIRED' } });
    });

    it('creates the account, mails a verification link that works, and refuses the address a second time', async () => {
      const email = uniqueEmail('nadia');
      const referrer = (await get('/api/v1/user/me', studentToken)).body.data;
      const res = await signUp(signUpForm(goodFields(email)), `/api/v1/user/signup/${referrer.referralCode}`);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ success: true, message: 'check your email to verification' });
      expect(res.body.data).toMatchObject({ email, type: 4, emailVerify: false, referredBy: referrer._id, balance: 0 });
      expect(res.body.data).not.toHaveProperty('password');

      expect((await get(`/api/v1/user/checkemail/${email}`)).body).toMatchObject({ success: true, data: { exists: true } });
      expect((await get(`/api/v1/user/checkemail/${uniqueEmail('free')}`)).body).toMatchObject({ success: false });

      const again = await signUp(signUpForm(goodFields(email)));
      expect(again).toMatchObject({ status: 409, body: { message: 'Email is already registered, please use login to continue.', code: 'EMAIL_TAKEN', reason: 'EMAIL_TAKEN' } });

      // Not verified yet: login is refused with the verify message.
      const early = await login(email, 'secret1');
      expect(early).toMatchObject({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED', reason: 'EMAIL_NOT_VERIFIED', message: 'Please check your email inbox/spam folder and verify your email' } });

      // The mail is in DATA_DIR/mail; re-verify sends another one.
      // The link opens the storefront's /verify-email/{token} page, which calls the API with the token.
      const link = await waitForMailLink(mailDir, email, /Verify your Taal account/, /http:\/\/\S+\/verify-email\/[\w.-]+/);
      expect(link.startsWith(`${PUBLIC_URL}/verify-email/`)).toBe(true);
      const token = link.slice(link.lastIndexOf('/') + 1);
      const resend = await get(`/api/v1/user/re-verify/${res.body.data._id}`);
      expect(resend.body).toMatchObject({ success: true, message: 'Please check your email inbox/spam folder and verify your email' });
      // Messaging sends mails asynchronously (decision 0023).
      await waitFor(async () => mailsTo(mailDir, email).length === 2, 'the second verification mail');

      const verified = await fetch(`${identity.baseFor(`/user/verify-email/${token}`)}/api/v1/user/verify-email/${token}`).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));
      expect(verified).toMatchObject({ status: 200, body: { success: true, message: 'User verified successfully!!', data: { emailVerify: true } } });
      const bad = await get('/api/v1/user/verify-email/not-a-token');
      expect(bad).toMatchObject({ status: 400, body: { code: 'VERIFY_LINK_INVALID', message: 'This verification link is invalid or has expired' } });

      const session = await login(email.toUpperCase(), 'secret1');
      expect(session.status).toBe(200);
      expect(session.body.data).toMatchObject({ type: 4, user: { email, emailVerify: true } });
      // The photo is served back by the edge's media route: tested through the gateway below.
    });

    it('throttles sign-ups per client address and per e-mail domain: 429 with Retry-After', async () => {
      // SIGNUP_MAX_PER_ADDRESS=3 in this test: the fourth well-formed sign-up from one client is refused.
      const client = newClient();
      for (let i = 0; i < 3; i++) {
        const res = await signUp(signUpForm(goodFields(uniqueEmail(`from-one-${i}`))), undefined, client);
        expect(res.status).toBe(201);
      }
      const fourth = await signUp(signUpForm(goodFields(uniqueEmail('from-one-3'))), undefined, client);
      expect(fourth).toMatchObject({ status: 429, body: { success: false, code: 'TOO_MANY_SIGN_UPS', reason: 'TOO_MANY_SIGN_UPS', message: refusalText('TOO_MANY_SIGN_UPS') } });
      expect(Number(fourth.retryAfter)).toBeGreaterThan(0);
      expect(Number(fourth.retryAfter)).toBeLessThanOrEqual(3600);
      // Another client is not affected.
      expect((await signUp(signUpForm(goodFields(uniqueEmail('elsewhere'))))).status).toBe(201);

      // SIGNUP_MAX_PER_DOMAIN=4: the fifth sign-up for one domain is refused, whichever client sends it.
      const domain = `corp-${randomUUID().slice(0, 8)}.example.net`;
      for (let i = 0; i < 4; i++) {
        const res = await signUp(signUpForm(goodFields(`person${i}@${domain}`)));
        expect(res.status).toBe(201);
      }
      const fifth = await signUp(signUpForm(goodFields(`person4@${domain.toUpperCase()}`)));
      expect(fifth).toMatchObject({ status: 429, body: { code: 'TOO_MANY_SIGN_UPS' } });
      expect(Number(fifth.retryAfter)).toBeGreaterThan(0);
      // A malformed form is answered 400 and does not count.
      expect((await signUp(signUpForm({ ...goodFields(`x@${domain}`), name: '' }))).status).toBe(400);
    });
  });

  describe('login (storefront §5, §8)', () => {
    it('answers missing fields and wrong credentials with the spec messages', async () => {
      for (const body of [{}, { email: 'admin@taal.local' }, { password: 'x' }, { email: 'nope', password: 'x' }]) {
        const res = await post('/api/v1/user/login/', body);
        expect(res).toMatchObject({ status: 400, body: { success: false, message: 'Email or password is missing!', code: 'LOGIN_MISSING', reason: 'LOGIN_MISSING' } });
      }
      const wrong = await login('content@taal.local', 'not-the-password');
      expect(wrong).toMatchObject({ status: 401, body: { message: 'Login Failed!! Please try with correct Credentials.', code: 'LOGIN_FAILED', reason: 'LOGIN_FAILED' } });
      const unknown = await login(uniqueEmail('ghost'), 'whatever1');
      expect(unknown.body.message).toBe('Login Failed!! Please try with correct Credentials.');
      const ok = await login('content@taal.local', 'content123');
      expect(ok).toMatchObject({ status: 200, body: { success: true, data: { type: 2 } } });
    });

    it('delays an account after ten failures from ten addresses, doubling the wait; the right password after it works', async () => {
      const email = uniqueEmail('victim');
      await post('/api/v1/user/create-account', { name: 'Victim', email, password: 'right-password', type: 2 }, adminToken);
      // One wrong password from each of ten addresses: the account's tenth failure.
      for (let i = 0; i < 10; i++) expect((await login(email, `wrong-${i}`)).status).toBe(401);
      // From an eleventh address, even with the right password: wait (LOGIN_DELAY_BASE_MS, 1 s).
      const delayed = await login(email, 'right-password');
      expect(delayed).toMatchObject({ status: 429, body: { success: false, code: 'LOGIN_DELAYED', reason: 'LOGIN_DELAYED', message: refusalText('LOGIN_DELAYED') } });
      expect(delayed.retryAfter).toBe('1');
      await sleep(1100);
      // After the wait one more wrong guess is checked, and the next wait is twice as long.
      expect((await login(email, 'wrong-again')).status).toBe(401);
      const longer = await login(email, 'wrong-once-more');
      expect(longer).toMatchObject({ status: 429, body: { reason: 'LOGIN_DELAYED' } });
      expect(longer.retryAfter).toBe('2');
      await sleep(1100);
      expect((await login(email, 'right-password')).status).toBe(429);
      await sleep(1000);
      // The right password after the delay works, and the success forgets the failures.
      expect(await login(email, 'right-password')).toMatchObject({ status: 200, body: { success: true, data: { type: 2 } } });
      expect((await login(email, 'wrong-after-success')).status).toBe(401);
      expect((await login(email, 'right-password')).status).toBe(200);
    });

    it('counts an account\'s failures atomically: a burst of parallel guesses from many addresses gets the free tries and one more', async () => {
      const email = uniqueEmail('burst');
      await post('/api/v1/user/create-account', { name: 'Burst', email, password: 'right-password', type: 2 }, adminToken);
      const statuses = await Promise.all(Array.from({ length: 25 }, (_, i) => login(email, `wrong-${i}`).then((r) => r.status)));
      const checked = statuses.filter((s) => s === 401).length;
      // Ten free tries, and at most the one try that claims the first delay.
      expect(checked).toBeGreaterThanOrEqual(10);
      expect(checked).toBeLessThanOrEqual(11);
      expect(statuses.filter((s) => s === 429)).toHaveLength(25 - checked);
    });

    it('still limits failures per client address, over all accounts (LOGIN_MAX_FAILURES_PER_ADDRESS)', async () => {
      const attacker = newClient();
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) statuses.push((await login(uniqueEmail('sprayed'), 'guess-123', attacker)).status);
      expect(statuses.slice(0, 15)).toEqual(Array(15).fill(401));
      const blocked = await login('content@taal.local', 'content123', attacker);
      expect(statuses[15]).toBe(429);
      expect(blocked).toMatchObject({ status: 429, body: { reason: 'TOO_MANY_LOGIN_ATTEMPTS' } });
      expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
      expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(15 * 60);
      // Another client is not held up.
      expect((await login('content@taal.local', 'content123')).status).toBe(200);
    });

    it('a mailed sign-in link lets the owner in while the account is delayed, once', async () => {
      const email = uniqueEmail('owner');
      await post('/api/v1/user/create-account', { name: 'Owner', email, password: 'right-password', type: 2 }, adminToken);
      for (let i = 0; i < 10; i++) await login(email, `wrong-${i}`);
      expect((await login(email, 'right-password')).body.reason).toBe('LOGIN_DELAYED');
      // The same answer for an unknown address.
      const asked = await post('/api/v1/user/login-link', { email });
      const unknown = await post('/api/v1/user/login-link', { email: uniqueEmail('nobody') });
      expect(asked).toMatchObject({ status: 200, body: { success: true, message: expect.stringContaining('sign-in link') } });
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: asked.status, body: asked.body });
      expect((await post('/api/v1/user/login-link', { email: 'not-an-email' })).status).toBe(400);
      const link = await waitForMailLink(mailDir, email, /Your Taal sign-in link/, /http:\/\/\S+\/signin-link\?token=[\w-]+/);
      expect(link.startsWith(`${PUBLIC_URL}/signin-link?token=`)).toBe(true);
      const token = new URL(link).searchParams.get('token');
      const signedIn = await post('/api/v1/user/login-link/session', { token });
      expect(signedIn).toMatchObject({ status: 200, body: { success: true, data: { type: 2, user: { email } } } });
      expect((await get('/api/v1/user/me', signedIn.body.data.token)).body.data.email).toBe(email);
      // Once only.
      const again = await post('/api/v1/user/login-link/session', { token });
      expect(again).toMatchObject({ status: 400, body: { code: 'SIGN_IN_LINK_INVALID', reason: 'SIGN_IN_LINK_INVALID' } });
      expect((await post('/api/v1/user/login-link/session', { token: 'made-up-token' })).body.code).toBe('SIGN_IN_LINK_INVALID');
      // The link does not lift the delay for password guesses: the failures still count, so one
      // more wrong password (after the short test delay has passed, or refused within it) is
      // followed by a wait again, where a reset counter would allow ten more guesses.
      expect([401, 429]).toContain((await login(email, 'wrong-again')).status);
      expect((await login(email, 'right-password')).status).toBe(429);
    });

    it('sends at most five sign-in links an hour to one address, then answers 429', async () => {
      const email = uniqueEmail('linked');
      for (let i = 0; i < 5; i++) expect((await post('/api/v1/user/login-link', { email })).status).toBe(200);
      expect(await post('/api/v1/user/login-link', { email })).toMatchObject({ status: 429, body: { code: 'TOO_MANY_MAIL_REQUESTS', reason: 'TOO_MANY_MAIL_REQUESTS' } });
    });

    it('rotates refresh tokens, ends the session when an old one is reused, and logs out', async () => {
      const first = (await login('instructor@taal.local', 'instructor123')).body.data;
      expect((await get('/api/v1/user/me', first.token)).status).toBe(200);
      const second = (await post('/api/v1/user/refresh', { refreshToken: first.refreshToken })).body.data;
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect((await get('/api/v1/user/me', second.token)).body.data.type).toBe(3);
      // Presented again after the grace window (REFRESH_REUSE_GRACE_MS): a copied token; the session ends.
      await sleep(REFRESH_GRACE_MS + 500);
      const reuse = await post('/api/v1/user/refresh', { refreshToken: first.refreshToken });
      expect(reuse).toMatchObject({ status: 401, body: { code: 'SESSION_EXPIRED', message: 'Your session has expired, please log in again' } });
      expect((await get('/api/v1/user/me', second.token)).status).toBe(401);
      expect((await post('/api/v1/user/refresh', { refreshToken: second.refreshToken })).status).toBe(401);

      const other = (await login('instructor@taal.local', 'instructor123')).body.data;
      expect((await request('POST', '/api/v1/user/logout', { token: other.token, header: 'auth-token' })).status).toBe(200);
      expect((await get('/api/v1/user/me', other.token)).status).toBe(401);
      expect((await post('/api/v1/user/refresh', { refreshToken: other.refreshToken })).status).toBe(401);
      expect((await post('/api/v1/user/logout')).status).toBe(401);
    });

    it('two tabs refreshing with the same token at once both keep the session', async () => {
      const first = (await login('instructor@taal.local', 'instructor123')).body.data;
      const [a, b] = await Promise.all([
        post('/api/v1/user/refresh', { refreshToken: first.refreshToken }),
        post('/api/v1/user/refresh', { refreshToken: first.refreshToken }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      // Both answer the same successor refresh token, each with a working access token.
      expect(a.body.data.refreshToken).toBe(b.body.data.refreshToken);
      expect(a.body.data.refreshToken).not.toBe(first.refreshToken);
      for (const tab of [a, b]) expect((await get('/api/v1/user/me', tab.body.data.token)).status).toBe(200);
      // The session rotates on.
      const next = await post('/api/v1/user/refresh', { refreshToken: a.body.data.refreshToken });
      expect(next.status).toBe(200);
      // Later, the first token is reuse: the whole session is revoked.
      await sleep(REFRESH_GRACE_MS + 500);
      expect(await post('/api/v1/user/refresh', { refreshToken: first.refreshToken })).toMatchObject({ status: 401, body: { code: 'SESSION_EXPIRED', message: 'Your session has expired, please log in again' } });
      expect((await get('/api/v1/user/me', next.body.data.token)).status).toBe(401);
      expect((await post('/api/v1/user/refresh', { refreshToken: next.body.data.refreshToken })).status).toBe(401);
    });

    it('a password change in one session ends the other sessions (access and refresh token), not its own', async () => {
      const email = uniqueEmail('changer');
      await post('/api/v1/user/create-account', { name: 'Changer', email, password: 'old-password', type: 2 }, adminToken);
      const a = (await login(email, 'old-password')).body.data;
      const b = (await login(email, 'old-password')).body.data;
      const change = new FormData();
      change.append('password', 'new-password');
      // The current password is needed with a new one (decision 0039; routes-credentials.itest.ts).
      change.append('currentPassword', 'old-password');
      expect(await request('POST', '/api/v1/user/', { form: change, token: a.token })).toMatchObject({ status: 200, body: { message: 'User Updated Successfully!' } });
      // Session B (say a thief's copy) is over: its access token and its refresh token are refused.
      expect((await get('/api/v1/user/me', b.token)).status).toBe(401);
      expect(await post('/api/v1/user/refresh', { refreshToken: b.refreshToken })).toMatchObject({ status: 401, body: { success: false } });
      // Session A goes on: its access token works and its refresh token rotates.
      expect((await get('/api/v1/user/me', a.token)).status).toBe(200);
      const next = await post('/api/v1/user/refresh', { refreshToken: a.refreshToken });
      expect(next.status).toBe(200);
      expect((await get('/api/v1/user/me', next.body.data.token)).body.data.email).toBe(email);
      expect((await login(email, 'old-password')).status).toBe(401);
      expect((await login(email, 'new-password')).status).toBe(200);
      // A photo-only change ends no session.
      const c = (await login(email, 'new-password')).body.data;
      const photo = new FormData();
      photo.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      expect((await request('POST', '/api/v1/user/', { form: photo, token: a.token })).status).toBe(200);
      expect((await get('/api/v1/user/me', c.token)).status).toBe(200);
    });

    it('logs in with Google and Facebook through the (local) providers and lists those users', async () => {
      const gEmail = uniqueEmail('google');
      const tokenId = await social.googleIdToken({ sub: `g-${randomUUID()}`, email: gEmail, email_verified: true, name: 'G User' });
      const g = await post('/api/v1/user/googlelogin', { tokenId });
      expect(g).toMatchObject({ status: 200, body: { data: { type: 4, user: { email: gEmail, loginFrom: 'Google', emailVerify: true } } } });
      const forged = await social.googleIdToken({ sub: 'g-forged', email: uniqueEmail('g'), aud: 'another-client' });
      expect((await post('/api/v1/user/googlelogin', { tokenId: forged })).status).toBe(401);
      expect((await post('/api/v1/user/googlelogin', {})).body.message).toBe('any of the field is missing');

      const fbEmail = uniqueEmail('fb');
      const userID = `${Date.now()}`;
      const accessToken = social.facebookToken({ userId: userID, name: 'F User', email: fbEmail });
      const f = await post('/api/v1/user/fblogin', { accessToken, userID });
      expect(f).toMatchObject({ status: 200, body: { data: { user: { email: fbEmail, loginFrom: 'Facebook' } } } });
      expect((await post('/api/v1/user/fblogin', { accessToken: 'made-up', userID })).status).toBe(401);

      const list = await get('/api/v1/oauthusers', adminToken);
      const byEmail = Object.fromEntries((list.body.data as { email: string; loginFrom: string }[]).map((u) => [u.email, u.loginFrom]));
      expect(byEmail).toMatchObject({ [gEmail]: 'Google', [fbEmail]: 'Facebook' });
      expect((await get('/api/v1/user/me', f.body.data.token)).body.data.email).toBe(fbEmail);
    });
  });

  describe('address enumeration', () => {
    it('checkemail still tells sign-up whether an address is taken, but throttles per client and per checked address', async () => {
      const harvester = newClient();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await request('GET', `/api/v1/user/checkemail/${uniqueEmail('list')}`, { client: harvester })).status);
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
      const over = await request('GET', '/api/v1/user/checkemail/admin@taal.local', { client: harvester });
      expect(statuses[30]).toBe(429);
      expect(over).toMatchObject({ status: 429, body: { success: false, code: 'TOO_MANY_REQUESTS', reason: 'TOO_MANY_REQUESTS' } });
      expect(Number(over.retryAfter)).toBeGreaterThan(0);
      expect(Number(over.retryAfter)).toBeLessThanOrEqual(15 * 60);
      // One address checked from many clients: ten answers, then 429.
      const target = 'content@taal.local';
      const perTarget: number[] = [];
      for (let i = 0; i < 11; i++) perTarget.push((await get(`/api/v1/user/checkemail/${target}`)).status);
      expect(perTarget).toEqual([...Array(10).fill(200), 429]);
      // Another client checking another address is not held up.
      expect((await get('/api/v1/user/checkemail/student@taal.local')).body).toMatchObject({ success: true, data: { exists: true } });
    });

    it('re-verify answers the same for an unknown, an unverified and a verified account', async () => {
      const unverified = uniqueEmail('pending');
      await post('/api/v1/user/instructor-account', { name: 'Pending', email: unverified, password: 'secret12', instructor: '' }, adminToken);
      const answers = await Promise.all(
        [uniqueEmail('nobody'), 'no-such-user-id', unverified, 'student@taal.local'].map((who) => get(`/api/v1/user/re-verify/${encodeURIComponent(who)}`)),
      );
      for (const a of answers) expect({ status: a.status, body: a.body }).toEqual({ status: 200, body: answers[2]!.body });
      expect(answers[2]!.body).toEqual({ success: true, message: 'Please check your email inbox/spam folder and verify your email', data: {} });
      // Only the unverified account is sent a mail.
      await waitFor(async () => mailsTo(mailDir, unverified).length === 2, 'the verification mail sent again');
    });
  });

  describe('password reset (a one-time link)', () => {
    it('keeps the spec call and messages, and the link sets a new password once', async () => {
      expect((await post('/api/v1/user/passwordreset')).body).toMatchObject({ success: false, message: 'any of the field is missing' });
      expect((await post('/api/v1/user/passwordreset/%20')).body).toMatchObject({ success: false, message: 'any of the field is missing' });
      const email = uniqueEmail('forgot');
      await post('/api/v1/user/create-account', { name: 'Forgetful', email, password: 'old-password', type: 2 }, adminToken);
      const unknown = await post(`/api/v1/user/passwordreset/${uniqueEmail('unknown')}`);
      expect(unknown.body).toMatchObject({ success: true, message: 'check your email' });
      const res = await post(`/api/v1/user/passwordreset/${email}`);
      expect(res.body).toMatchObject({ success: true, message: 'check your email' });
      const link = await waitForMailLink(mailDir, email, /Reset your Taal password/, /http:\/\/\S+\/reset-password\?token=[\w.-]+/);
      const token = new URL(link).searchParams.get('token');
      expect((await post('/api/v1/user/password-reset', { token, password: 'new-password', confirmPassword: 'other' })).body.message).toBe("password didn't match");
      expect((await post('/api/v1/user/password-reset', { token, password: 'new-password', confirmPassword: 'new-password' })).status).toBe(200);
      expect((await post('/api/v1/user/password-reset', { token, password: 'newer-password', confirmPassword: 'newer-password' })).body.code).toBe('RESET_LINK_INVALID');
      expect((await login(email, 'old-password')).status).toBe(401);
      expect((await login(email, 'new-password')).status).toBe(200);
    });

    it('sends at most five reset mails an hour to one address, then answers 429', async () => {
      const email = uniqueEmail('flooded');
      await post('/api/v1/user/create-account', { name: 'Flooded', email, password: 'secret12', type: 2 }, adminToken);
      for (let i = 0; i < 5; i++) expect((await post(`/api/v1/user/passwordreset/${email}`)).status).toBe(200);
      const sixth = await post(`/api/v1/user/passwordreset/${email}`);
      expect(sixth).toMatchObject({ status: 429, body: { success: false, code: 'TOO_MANY_MAIL_REQUESTS' } });
      await waitFor(async () => mailsTo(mailDir, email).length >= 5, 'five reset mails');
      await new Promise((r) => setTimeout(r, 1000));
      expect(mailsTo(mailDir, email)).toHaveLength(5);
    });
  });

  describe('back office (admin only)', () => {
    it('create account: every field required, then User added successfully!!!', async () => {
      const good = { name: 'New Admin', email: uniqueEmail('admin'), password: 'secret1', type: 1, instructor: 'N/A' };
      for (const missing of ['name', 'email', 'password', 'type'] as const) {
        const res = await post('/api/v1/user/create-account', { ...good, [missing]: '' }, adminToken);
        expect(res).toMatchObject({ status: 400, body: { message: 'Some field is not fillup!!!' } });
      }
      expect((await post('/api/v1/user/create-account', { ...good, type: 4 }, adminToken)).status).toBe(400);
      const created = await post('/api/v1/user/create-account', good, adminToken);
      expect(created).toMatchObject({ status: 201, body: { success: true, message: 'User added successfully!!!', data: { type: 1, emailVerify: true, instructor: '' } } });
      const content = await post('/api/v1/user/create-account', { ...good, email: uniqueEmail('content'), type: '2', instructor: '00000000-0000-4000-8000-000000000002' }, adminToken);
      expect(content.body.data).toMatchObject({ type: 2, instructor: '00000000-0000-4000-8000-000000000002' });
      expect((await post('/api/v1/user/create-account', good, adminToken)).body.message).toBe('email is exist!!');
      expect((await login(good.email, good.password)).body.data.type).toBe(1);
    });

    it('instructor account: the spec messages, type 3, and a verification mail', async () => {
      const good = { name: 'New Teacher', email: uniqueEmail('teacher'), password: 'secret1', instructor: '00000000-0000-4000-8000-000000000003' };
      for (const missing of ['name', 'email', 'password'] as const) {
        const res = await post('/api/v1/user/instructor-account', { ...good, [missing]: '' }, adminToken);
        expect(res).toMatchObject({ status: 400, body: { message: 'any of the field is missing' } });
      }
      expect((await post('/api/v1/user/instructor-account', { ...good, password: '12345' }, adminToken)).body.message).toBe(
        'password should be more than 5 character',
      );
      const created = await post('/api/v1/user/instructor-account', good, adminToken);
      expect(created).toMatchObject({ status: 201, body: { message: 'Please check your email to verify your account!!', data: { type: 3, emailVerify: false } } });
      expect((await post('/api/v1/user/instructor-account', good, adminToken)).body.message).toBe('email is exist!!');
      await waitForMailLink(mailDir, good.email, /Verify your Taal account/, /verify-email\/[\w.-]+/);
      // The admin can mark the address verified.
      const verified = await get(`/api/v1/user/verify/${created.body.data._id}`, adminToken);
      expect(verified.body).toMatchObject({ message: 'User Email Verify Successfull!!', data: { emailVerify: true } });
      expect((await get('/api/v1/user/type/3', adminToken)).body.data.map((u: { email: string }) => u.email)).toContain(good.email);
    });

    it('every admin route refuses a student (403) and a missing or bogus token (401)', async () => {
      const id = '00000000-0000-4000-a000-000000000004';
      const routes: [string, string][] = [
        ['GET', '/api/v1/user/'],
        ['GET', '/api/v1/user/type/all'],
        ['GET', '/api/v1/user/type/1'],
        ['GET', '/api/v1/user/type/2'],
        ['GET', '/api/v1/user/type/3'],
        ['GET', '/api/v1/user/type/4'],
        ['GET', '/api/v1/user/type/student'],
        ['GET', '/api/v1/user/type/subscriber'],
        ['GET', `/api/v1/user/suspend/${id}`],
        ['GET', `/api/v1/user/unsuspend/${id}`],
        ['GET', `/api/v1/user/verify/${id}`],
        ['POST', '/api/v1/user/create-account'],
        ['POST', '/api/v1/user/instructor-account'],
        ['GET', '/api/v1/oauthusers'],
        ['GET', '/api/v1/analytics/users/01-01-2020/31-12-2030'],
      ];
      for (const [method, p] of routes) {
        const asStudent = await request(method, p, { token: studentToken, body: method === 'POST' ? {} : undefined });
        expect({ method, p, status: asStudent.status, code: asStudent.body.code }).toEqual({ method, p, status: 403, code: 'PERMISSION_DENIED' });
        const anonymous = await request(method, p, { body: method === 'POST' ? {} : undefined });
        expect({ method, p, status: anonymous.status, message: anonymous.body.message }).toEqual({ method, p, status: 401, message: 'Please login first' });
        const bogus = await request(method, p, { token: 'bogus.token.value', header: 'auth-token' });
        expect({ method, p, status: bogus.status }).toEqual({ method, p, status: 401 });
      }
      // A student reads only themself.
      expect((await get('/api/v1/user/00000000-0000-4000-a000-000000000001/', studentToken)).status).toBe(403);
      expect((await get(`/api/v1/user/${id}/`, studentToken)).status).toBe(200);
    });

    it('a suspended user’s existing token stops working at once', async () => {
      const email = uniqueEmail('suspended');
      await post('/api/v1/user/create-account', { name: 'Soon Gone', email, password: 'secret1', type: 2 }, adminToken);
      const session = (await login(email, 'secret1')).body.data;
      expect((await get('/api/v1/user/me', session.token)).status).toBe(200);
      const res = await get(`/api/v1/user/suspend/${session.user._id}`, adminToken);
      expect(res.body).toMatchObject({ success: true, message: 'User suspended successfully!!!', data: { suspend: true } });
      const after = await get('/api/v1/user/me', session.token);
      expect(after).toMatchObject({ status: 401, body: { code: 'ACCOUNT_SUSPENDED' } });
      expect((await post('/api/v1/user/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
      expect(await login(email, 'secret1')).toMatchObject({ status: 401, body: { code: 'ACCOUNT_SUSPENDED', message: 'Your account is suspended. Please contact support.' } });
      const back = await get(`/api/v1/user/unsuspend/${session.user._id}`, adminToken);
      expect(back.body).toMatchObject({ message: 'User unsuspended successfully!!!', data: { suspend: false } });
      expect((await login(email, 'secret1')).status).toBe(200);
    });

    it('lists users by group and counts them for a date range', async () => {
      const all = (await get('/api/v1/user/', adminToken)).body.data as { type: number; subscriber: boolean }[];
      expect(all.length).toBeGreaterThanOrEqual(4);
      expect((await get('/api/v1/user/type/all', adminToken)).body.data).toHaveLength(all.length);
      const students = (await get('/api/v1/user/type/student', adminToken)).body.data as { type: number }[];
      expect(students.length).toBeGreaterThan(0);
      expect(students.every((u) => u.type === 4)).toBe(true);
      expect((await get('/api/v1/user/type/4', adminToken)).body.data).toHaveLength(students.length);
      expect((await get('/api/v1/user/type/subscriber', adminToken)).body.data).toEqual(all.filter((u) => u.subscriber));
      expect((await get('/api/v1/user/type/7', adminToken)).status).toBe(400);
      const today = new Date();
      const dmy = `${today.getUTCDate()}-${today.getUTCMonth() + 1}-${today.getUTCFullYear() + 1}`;
      const stats = await get(`/api/v1/analytics/users/01-01-2020/${dmy}`, adminToken);
      expect(stats.body.data.total).toBe(all.length);
      expect(stats.body.data.verified + stats.body.data.notVerified).toBe(all.length);
      expect(stats.body.data.data).toHaveLength(all.length);
      expect(stats.body.data.subscriber).toBe(all.filter((u) => u.subscriber).length);
      // The same range a page at a time (decision 0083): every user of it once, newest first.
      const paged: unknown[] = [];
      for (let cursor = ''; ; ) {
        const page = await get(`/api/v1/user/page?from=01-01-2020&to=${dmy}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, adminToken);
        paged.push(...page.body.data.items);
        if (!page.body.data.next) break;
        cursor = page.body.data.next;
      }
      expect(paged).toEqual(stats.body.data.data);
      expect((await get('/api/v1/user/page?from=01-01-2030&to=01-01-2020', adminToken)).body.reason).toBe('INVALID_DATE_RANGE');
      expect((await get('/api/v1/user/page?from=01-01-2030&to=01-01-2031', adminToken)).body.data).toEqual({ items: [], next: null });
      expect((await get('/api/v1/analytics/users/31-12-2030/01-01-2020', adminToken)).status).toBe(400);
    });
  });
});

/**
 * Uploaded photos are served back by the edge's media route (`/api/v1/media/...`), which no
 * service serves on its own port: these run through the gateway on the all-in-one process.
 */
describe('sign-up photos served back through the gateway on the all-in-one process', () => {
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;
  let adminToken: string;
  let studentToken: string;
  const { post, login } = gatewayApi(() => base);
  const media = (p: string, token: string) => fetch(`${base}${p}`, { headers: { authorization: `Bearer ${token}` } });
  const signUp = async (photo: Blob) => {
    const id = randomUUID().slice(0, 8);
    const email = `photo-${id}@mail-${id}.example.com`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Nadia Rahman', email, password: 'secret1', confirmPassword: 'secret1', dob: '2001-04-05', phone: '01712345678', address: 'Mirpur, Dhaka' })) form.append(k, v);
    form.append('photo', photo, 'me.png');
    const res = await fetch(`${base}/api/v1/user/signup/`, { method: 'POST', body: form });
    return { email, status: res.status, body: (await res.json()) as Json };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-auth-photos-'));
    taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1' });
    base = `http://127.0.0.1:${taal.port}`;
    adminToken = (await login('admin@taal.local', 'admin123')).token;
    studentToken = (await login('student@taal.local', 'student123')).token;
  }, 120_000);

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a verified user their sign-up photo re-encoded, and to the admin, not to another student', async () => {
    const { email, status } = await signUp(new Blob([new Uint8Array(await pngImage(40, 30))], { type: 'image/png' }));
    expect(status).toBe(201);
    const link = await waitForMailLink(path.join(dataDir, 'mail'), email, /Verify your Taal account/, /http:\/\/\S+\/verify-email\/[\w.-]+/);
    expect((await fetch(`${base}/api/v1/user/verify-email/${link.slice(link.lastIndexOf('/') + 1)}`)).status).toBe(200);
    const session = await post('/user/login/', { email, password: 'secret1' });
    expect(session.status).toBe(200);
    const photo = await media(session.body.data.user.photo, session.body.data.token);
    expect(photo.status).toBe(200);
    // Served re-encoded: a JPEG of the same picture, not the uploaded PNG bytes.
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const served = Buffer.from(await photo.arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    // Photos are for the admin and the user themself.
    const photoPath = session.body.data.user.photo as string;
    expect((await media(photoPath, studentToken)).status).toBe(403);
    expect((await media(photoPath, adminToken)).status).toBe(200);
  });

  it('serves a GIF that is also an HTML page as a fresh JPEG without the HTML', async () => {
    const polyglot = await gifHtmlPolyglot();
    const res = await signUp(new Blob([new Uint8Array(polyglot)], { type: 'image/gif' }));
    expect(res.status).toBe(201);
    const photo = await media(res.body.data.photo, adminToken);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const served = Buffer.from(await photo.arrayBuffer());
    expect(served.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await sharp(served).metadata()).format).toBe('jpeg');
    expect(served.toString('latin1')).not.toMatch(/<script|<html/i);
    expect(served.equals(polyglot)).toBe(false);
  });
});
