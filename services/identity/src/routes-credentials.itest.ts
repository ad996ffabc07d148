/**
 * Issue 36's account items on identity running alone (issue 52), as the pages call them (decision 0039):
 * - a mailed sign-in link (and a password-reset link) ends with a password change, a reset and a
 *   suspension, even one lifted again; links mailed after the change work;
 * - a password change on the Profile tab needs the current password (not the mailed reset), and
 *   wrong guesses wait like failed logins;
 * - one name rule: invisible and formatting characters are refused in every form that takes a
 *   person's name; Bengali names, with a joiner inside a word, are kept.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { refusalText } from '@taal/contracts';
import { pngImage } from '../../../tools/testing/images';
import { mailsTo } from '../../../tools/testing/eml';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { startSocialStandins, type SocialStandins } from '../../../tools/testing/social-standins';

type Json = { success: boolean; data?: any; message?: string; code?: string; reason?: string; fields?: Record<string, string>; fieldReasons?: Record<string, string> }; // eslint-disable-line @typescript-eslint/no-explicit-any

let clients = 0;
/** A client address of its own per request unless one is named (a service's own API takes X-Forwarded-For from the edge in front of it). */
const newClient = () => `2001:db8::36:${(++clients).toString(16)}`;

describe('account credentials and names on identity running alone (issue 36)', () => {
  let identity: ServiceAlone;
  let social: SocialStandins;
  let adminToken: string;
  let png: Buffer;

  type Options = { body?: unknown; form?: FormData; token?: string; client?: string };
  const request = async (method: string, p: string, options: Options = {}) => {
    const headers: Record<string, string> = { 'x-forwarded-for': options.client ?? newClient() };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    // The one name rule spans messaging's contact form and the catalogue's instructor forms: each is asked of its own service.
    const res = await fetch(identity.urlOf(p), { method, headers, body });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Json };
  };
  const get = (p: string, token?: string) => request('GET', p, { token });
  const post = (p: string, body?: unknown, token?: string) => request('POST', p, { body, token });
  const login = (email: string, password: string) => post('/api/v1/user/login/', { email, password });
  const uniqueEmail = (tag: string) => {
    const id = randomUUID().slice(0, 8);
    return `${tag}-${id}@mail-${id}.example.com`;
  };
  /** A verified content-uploader account (no verification mail), signed in. */
  const account = async (tag: string, password = 'old-password') => {
    const email = uniqueEmail(tag);
    const made = await post('/api/v1/user/create-account', { name: 'Rafi Ahmed', email, password, type: 2 }, adminToken);
    expect(made.status).toBe(201);
    const session = (await login(email, password)).body.data as { token: string; refreshToken: string; user: { _id: string } };
    return { email, password, id: session.user._id, token: session.token };
  };
  const profileForm = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return form;
  };
  const changeProfile = (token: string, fields: Record<string, string>, client?: string) => request('POST', '/api/v1/user/', { form: profileForm(fields), token, client });

  const mailDir = () => path.join(identity.dataDir, 'mail');
  /** Asks for a mail (`ask`) and waits for a new one to `email` whose subject matches; the first link in it matching `link`. */
  const newMailLink = async (email: string, subject: RegExp, link: RegExp, ask: () => Promise<{ status: number }>) => {
    const before = new Set(mailsTo(mailDir(), email).map((m) => m.file));
    expect((await ask()).status).toBe(200);
    const until = Date.now() + 10_000;
    for (;;) {
      const mail = mailsTo(mailDir(), email).find((m) => !before.has(m.file) && subject.test(m.subject));
      const found = mail && link.exec(mail.body)?.[0];
      if (found) return new URL(found).searchParams.get('token')!;
      if (Date.now() > until) throw new Error(`no new mail to ${email} matching ${subject}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const signInLink = (email: string) =>
    newMailLink(email, /sign-in link/i, /http:\/\/\S+\/signin-link\?token=[\w-]+/, () => post('/api/v1/user/login-link', { email }));
  const resetLink = (email: string) =>
    newMailLink(email, /Reset your Taal password/, /http:\/\/\S+\/reset-password\?token=[\w.-]+/, () => post(`/api/v1/user/passwordreset/${email}`));
  const useSignInLink = (token: string) => post('/api/v1/user/login-link/session', { token });
  const refusedLink = { status: 400, body: { success: false, reason: 'SIGN_IN_LINK_INVALID' } };

  beforeAll(async () => {
    png = await pngImage(40, 30);
    social = await startSocialStandins();
    // Identity alone, with messaging to send its mail (and serve the contact form) and the catalogue's instructor forms.
    identity = await startServiceAlone('identity', {
      also: ['messaging', 'catalogue'],
      env: {
        GOOGLE_CLIENT_ID: social.google.clientId,
        GOOGLE_JWKS_URL: social.google.jwksUrl,
        GOOGLE_ISSUERS: social.google.issuer,
        // Wrong current passwords wait like failed logins: after 3 per account, 10 s and doubling.
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
        LOGIN_DELAY_BASE_MS: '10000',
      },
    });
    adminToken = (await login('admin@taal.local', 'admin123')).body.data.token;
  }, 120_000);

  afterAll(async () => {
    await identity?.stop();
    await social?.close();
  });

  describe('mailed links end with a credential change', () => {
    it('a sign-in link mailed before a password change is refused; one mailed after works', async () => {
      const me = await account('changer');
      const before = await signInLink(me.email);
      expect((await changeProfile(me.token, { currentPassword: me.password, password: 'new-password' })).status).toBe(200);
      expect(await useSignInLink(before)).toMatchObject(refusedLink);
      const after = await signInLink(me.email);
      expect(await useSignInLink(after)).toMatchObject({ status: 200, body: { data: { user: { email: me.email } } } });
    });

    it('a sign-in link mailed before a password reset is refused', async () => {
      const me = await account('resetter');
      const link = await signInLink(me.email);
      const reset = await resetLink(me.email);
      // The mailed reset needs no current password: the link proves the mailbox.
      expect((await post('/api/v1/user/password-reset', { token: reset, password: 'new-password', confirmPassword: 'new-password' })).status).toBe(200);
      expect(await useSignInLink(link)).toMatchObject(refusedLink);
      expect((await login(me.email, 'new-password')).status).toBe(200);
    });

    it('a sign-in link and a reset link mailed before a suspension are refused once it is lifted; new ones work', async () => {
      const me = await account('suspended');
      const link = await signInLink(me.email);
      const reset = await resetLink(me.email);
      expect((await get(`/api/v1/user/suspend/${me.id}`, adminToken)).status).toBe(200);
      expect(await useSignInLink(link)).toMatchObject(refusedLink);
      expect((await get(`/api/v1/user/unsuspend/${me.id}`, adminToken)).status).toBe(200);
      expect(await useSignInLink(link)).toMatchObject(refusedLink);
      expect(await post('/api/v1/user/password-reset', { token: reset, password: 'taken-over', confirmPassword: 'taken-over' })).toMatchObject({
        status: 400,
        body: { reason: 'RESET_LINK_INVALID' },
      });
      expect((await login(me.email, me.password)).status).toBe(200);
      expect(await useSignInLink(await signInLink(me.email))).toMatchObject({ status: 200, body: { data: { user: { email: me.email } } } });
    });

    it('a sign-in link not followed by any change still works once, as before', async () => {
      const me = await account('steady');
      // A photo-only change is not a credential change.
      const photo = new FormData();
      const link = await signInLink(me.email);
      photo.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      expect((await request('POST', '/api/v1/user/', { form: photo, token: me.token })).status).toBe(200);
      expect((await useSignInLink(link)).status).toBe(200);
      expect(await useSignInLink(link)).toMatchObject(refusedLink);
    });
  });

  describe('a password change needs the current password', () => {
    it('is refused without it or with a wrong one (403, in English and Bengali), then made with the right one', async () => {
      const me = await account('owner');
      const missing = await changeProfile(me.token, { password: 'stolen-token-password' });
      expect(missing).toMatchObject({
        status: 403,
        body: { success: false, reason: 'CURRENT_PASSWORD_REQUIRED', message: refusalText('CURRENT_PASSWORD_REQUIRED', 'en'), fieldReasons: { currentPassword: 'CURRENT_PASSWORD_REQUIRED' } },
      });
      const wrong = await changeProfile(me.token, { currentPassword: 'a-guess', password: 'stolen-token-password' });
      expect(wrong).toMatchObject({
        status: 403,
        body: { success: false, reason: 'CURRENT_PASSWORD_WRONG', message: '*The current password is not correct', fieldReasons: { currentPassword: 'CURRENT_PASSWORD_WRONG' } },
      });
      expect(refusalText('CURRENT_PASSWORD_WRONG', 'bn')).toBe('*বর্তমান পাসওয়ার্ডটি সঠিক নয়');
      // Nothing changed: neither the password nor the details sent with it.
      const withName = await changeProfile(me.token, { currentPassword: 'a-guess', password: 'stolen-token-password', name: 'Thief' });
      expect(withName.status).toBe(403);
      expect((await get('/api/v1/user/me', me.token)).body.data.name).toBe('Rafi Ahmed');
      expect((await login(me.email, me.password)).status).toBe(200);
      expect((await login(me.email, 'stolen-token-password')).status).toBe(401);

      const changed = await changeProfile(me.token, { currentPassword: me.password, password: 'new-password' });
      expect(changed).toMatchObject({ status: 200, body: { message: 'User Updated Successfully!' } });
      expect((await login(me.email, me.password)).status).toBe(401);
      expect((await login(me.email, 'new-password')).status).toBe(200);
      // Details and photos still change without it.
      expect((await changeProfile(me.token, { name: 'রাফি আহমেদ' })).status).toBe(200);
    });

    it('counts wrong current passwords as failed logins of the account: after the free ones, a wait (429 LOGIN_DELAYED)', async () => {
      const me = await account('guessed');
      const thief = newClient();
      for (let i = 0; i < 3; i++) expect((await changeProfile(me.token, { currentPassword: `guess-${i}`, password: 'takeover' }, thief)).status).toBe(403);
      // Past the free guesses the account waits, whatever the password (the right one included).
      for (const currentPassword of ['guess-3', me.password]) {
        const delayed = await changeProfile(me.token, { currentPassword, password: 'takeover' }, thief);
        expect(delayed).toMatchObject({ status: 429, body: { reason: 'LOGIN_DELAYED' } });
        expect(Number(delayed.retryAfter)).toBeGreaterThan(0);
      }
      // The same account's password logins wait too: one budget of guesses, however they come.
      expect((await login(me.email, me.password)).status).toBe(429);
    });

    it('an account made by Google has no password to give: it sets one through a mailed reset link', async () => {
      const email = uniqueEmail('google');
      const tokenId = await social.googleIdToken({ sub: `g-${randomUUID()}`, email, email_verified: true, name: '\u200bGoogle\u3164 User\u202e' });
      const g = await post('/api/v1/user/googlelogin', { tokenId });
      expect(g.status).toBe(200);
      // The provider's name is cleaned to the name rule.
      expect(g.body.data.user.name).toBe('Google User');
      expect(await changeProfile(g.body.data.token, { currentPassword: 'anything', password: 'new-password' })).toMatchObject({
        status: 403,
        body: { reason: 'PASSWORD_SET_BY_MAIL' },
      });
    });
  });

  describe('one name rule', () => {
    const invisible = ['Rafi\u200bAhmed', 'Rafi\u200f', '\ufeffRafi', '\u3164', '\u200b\u200b', '\u2800', 'Ra\u200dfi', '\u115f\u1160', '\uffa0'];
    const signUpForm = (name: string) =>
      profileForm({ name, email: uniqueEmail('named'), password: 'secret1', confirmPassword: 'secret1', dob: '2001-04-05', phone: '01712345678', address: 'Dhaka' });
    const signUp = (name: string) => {
      const form = signUpForm(name);
      form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      return request('POST', '/api/v1/user/signup/', { form });
    };

    const instructorForm = (name: string) => {
      const form = profileForm({ name, band: 'Taal Band', percentage: '40', bio: '<p>Plays the tabla.</p>' });
      for (const file of ['photo', 'banner']) form.append(file, new Blob([new Uint8Array(png)], { type: 'image/png' }), `${file}.png`);
      return form;
    };
    const demoInstructor = '/api/v1/instructor/00000000-0000-4000-8000-000000000001/';

    it('refuses invisible and formatting characters at sign-up, in the profile, the contact form and the back office', async () => {
      const me = await account('renamed');
      for (const name of invisible) {
        const answers = {
          signUp: await signUp(name),
          profile: await changeProfile(me.token, { name }),
          createAccount: await post('/api/v1/user/create-account', { name, email: uniqueEmail('staff'), password: 'secret1', type: 2 }, adminToken),
          instructorAccount: await post('/api/v1/user/instructor-account', { name, email: uniqueEmail('teacher'), password: 'secret1', instructor: '' }, adminToken),
          contact: await post('/api/v1/contact/', { name, email: 'rina@example.com', message: 'Hello' }),
          addInstructor: await request('POST', '/api/v1/instructor/add/', { form: instructorForm(name), token: adminToken }),
          updateInstructor: await request('POST', demoInstructor, { form: profileForm({ name }), token: adminToken }),
        };
        for (const [form, answer] of Object.entries(answers)) {
          expect({ name, form, status: answer.status, field: answer.body.fieldReasons?.name }).toEqual({ name, form, status: 400, field: 'NAME_INVALID' });
        }
      }
      expect((await get('/api/v1/user/me', me.token)).body.data.name).toBe('Rafi Ahmed');
    });

    it('keeps Bengali names, with a zero-width non-joiner or joiner inside a word', async () => {
      const me = await account('bengali');
      for (const name of ['রাফি আহমেদ', 'ক্\u200cষমা রায়', 'র\u200d্যাব হাসান']) {
        expect(await signUp(name)).toMatchObject({ status: 201, body: { data: { name } } });
        expect(await changeProfile(me.token, { name })).toMatchObject({ status: 200, body: { data: { name } } });
        expect(await request('POST', '/api/v1/instructor/add/', { form: instructorForm(name), token: adminToken })).toMatchObject({ status: 201, body: { data: { name } } });
      }
      // A blank name in the instructor update leaves the name as it is.
      const before = (await get(demoInstructor, adminToken)).body.data.name;
      expect(await request('POST', demoInstructor, { form: profileForm({ name: ' ', band: 'Taal Band' }), token: adminToken })).toMatchObject({ status: 200, body: { data: { name: before } } });
    });
  });
});
