import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { Metadata } from '@grpc/grpc-js';
import { IdentityEvents, identityEventsV1, identityV1, refusalText } from '@taal/contracts';
import {
  callUnary,
  createClient,
  createDiskFileStore,
  createLogger,
  createOutboxMailer,
  createS3FileStore,
  createSmtpMailer,
  createTestAuth,
  REASON_METADATA_KEY,
  requireInfraEnv,
  type CallerIdentity,
  type EventEnvelope,
  type FileStore,
  type Mailer,
  type Subscription,
} from '@taal/kit';
import sharp from 'sharp';
import { backends, type Backend } from '../../../tools/testing/backends';
import { gifHtmlPolyglot, pngImage } from '../../../tools/testing/images';
import { startMailSender } from '../../../tools/testing/mail-sender';
import { waitFor } from '../../../tools/testing/wait';
import type { RunningMessaging } from '../../messaging/src/service';
import { startIdentity, type RunningIdentity } from './service';
import { useCaseCalls } from './testing/use-case-calls';
import { demoAccounts } from './domain/demo-accounts';
import { todayInDhaka } from './domain/user';
import { waitForMailLink } from '../../../tools/testing/eml';
import { startSocialStandins, type SocialStandins } from '../../../tools/testing/social-standins';

const logger = createLogger('identity-test', 'warn');
let PNG: Buffer;
const SECRET = 'identity-itest-secret-0123456789abcdef';
// Identity signs access tokens with the helper's user key, so the test can also mint them.
const auth = createTestAuth(['gateway', 'identity', 'messaging']);
const keys = {
  accessTokenKey: auth.userSigningKey,
  jwksHost: '127.0.0.1',
  jwksPort: 0,
  auth: auth.serviceAuth('identity'),
};

// Requests are built with fromPartial: generated encoders expect every field present.
const requests = identityV1 as unknown as Record<string, { fromPartial(o: object): object }>;
const requestType = (method: string) => `${method[0]!.toUpperCase()}${method.slice(1)}Request`;

describe.each(backends)('identity service on %s infrastructure', (name, makeBackend) => {
  let backend: Backend;
  let identity: RunningIdentity;
  // Messaging sends identity's mails (decision 0023).
  let messaging: RunningMessaging;
  let client: identityV1.IdentityServiceClient;
  let files: FileStore;
  let mailer: Mailer;
  let mailDir: string;
  let tmp: string;
  let social: SocialStandins;
  let subscription: Subscription;
  const events: EventEnvelope[] = [];

  // Identity's use cases, as its routes call them (issue 52). The methods other services ask are also
  // called over gRPC below, where the server's checks of the caller are under test.
  const call = <Res>(method: string, request: object, caller?: CallerIdentity) => useCaseCalls(identity)<Res>(method, request, caller);
  const admin: CallerIdentity = { userId: demoAccounts[0]!.id, userType: 1 };
  const student: CallerIdentity = { userId: demoAccounts[3]!.id, userType: 4 };
  const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

  const signUp = (email: string, extra: object = {}) =>
    call<identityV1.SignUpResponse>('signUp', {
      name: 'Test Student',
      email,
      password: 'secret1',
      confirmPassword: 'secret1',
      photo: PNG,
      photoContentType: 'image/png',
      dob: '2000-05-06',
      phone: '01711111111',
      address: 'Dhaka',
      ...extra,
    });
  const verifyLink = (email: string) =>
    waitForMailLink(mailDir, email, /Verify your Taal account/, /https?:\/\/\S+\/verify-email\/[\w.-]+/);
  const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
  /** Moves every rotation of the session of `refreshToken` `ms` into the past (past the grace window). */
  const backdateRotations = async (refreshToken: string, ms: number) => {
    const hash = createHash('sha256').update(refreshToken).digest('base64url');
    await backend.sql.query(
      `UPDATE identity.refresh_tokens SET used_at = used_at - make_interval(secs => $2::float8 / 1000)
        WHERE used_at IS NOT NULL AND session_id = (SELECT session_id FROM identity.refresh_tokens WHERE token_hash = $1)`,
      [hash, ms],
    );
  };

  beforeAll(async () => {
    PNG = await pngImage(12, 8);
    backend = await makeBackend();
    tmp = mkdtempSync(path.join(os.tmpdir(), 'taal-identity-'));
    if (name === 'embedded') {
      files = createDiskFileStore(path.join(tmp, 'files'));
      mailDir = path.join(tmp, 'mail');
      mailer = createOutboxMailer({ dir: mailDir, from: 'Taal <no-reply@taal.local>' });
    } else {
      const env = requireInfraEnv('S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'SMTP_URL', 'SMTP_MAILDIR');
      files = createS3FileStore({ endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, bucket: env.S3_BUCKET });
      mailer = createSmtpMailer({ url: env.SMTP_URL, from: 'Taal <no-reply@taal.local>' });
      mailDir = env.SMTP_MAILDIR;
    }
    social = await startSocialStandins();
    subscription = await backend.bus.subscribe(
      `identity-test-${randomUUID()}`,
      Object.values(IdentityEvents),
      async (e) => void events.push(e),
    );
    identity = await startIdentity({
      sql: backend.sql,
      bus: backend.bus,
      files,
      logger,
      host: '127.0.0.1',
      port: 0,
      tokenSecret: SECRET,
      ...keys,
      publicUrl: 'http://taal.test',
      google: { clientId: social.google.clientId, jwksUrl: social.google.jwksUrl, issuers: [social.google.issuer] },
      facebook: social.facebook,
      seedDemoData: true,
    });
    client = createClient(identityV1.IdentityServiceClient, `127.0.0.1:${identity.port}`, {
      auth: { issuer: auth.serviceAuth('gateway').issuer, audience: 'identity' },
    });
    messaging = await startMailSender({ backend, mailer, auth, identityAddress: `127.0.0.1:${identity.port}` });
  });

  afterAll(async () => {
    client?.close();
    await messaging?.stop();
    await identity?.stop();
    await subscription?.stop();
    await social?.close();
    await mailer?.close();
    await backend?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('seeds one verified demo account per role, once', async () => {
    const second = await startIdentity({
      sql: backend.sql, bus: backend.bus, files, logger, host: '127.0.0.1', port: 0,
      tokenSecret: SECRET, ...keys, publicUrl: 'http://taal.test', seedDemoData: true,
    });
    await second.stop();
    const { users } = await call<identityV1.ListUsersResponse>('listUsers', {}, admin);
    expect(users.map((u) => [u.email, u.type, u.emailVerify]).sort()).toEqual(
      demoAccounts.map((a) => [a.email, a.type, true]).sort(),
    );
    expect(users.find((u) => u.type === 3)?.instructor).toBe('00000000-0000-4000-8000-000000000001');
    for (const a of demoAccounts) {
      const { session } = await call<identityV1.LoginResponse>('login', { email: a.email, password: a.password });
      expect(session?.user?.type).toBe(a.type);
    }
  });

  it('signs a student up with a photo, unique ids, a verification mail and identity.user.registered', async () => {
    const email = uniqueEmail('Signup');
    const referrer = (await call<identityV1.GetUserResponse>('getUser', { id: student.userId }, admin)).user!;
    const { user } = await signUp(email, { referCode: referrer.referralCode.toLowerCase() });
    expect(user).toMatchObject({
      email: email.toLowerCase(), type: 4, emailVerify: false, suspend: false, loginFrom: '', dob: '2000-05-06',
      referredBy: referrer.id, balance: 0, pendingBalance: 0,
    });
    expect(user!.studentId).toMatch(/^TS-\d+$/);
    expect(user!.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    // Stored re-encoded: a JPEG of the picture, not the uploaded bytes.
    expect(await files.stat(user!.photo)).toMatchObject({ contentType: 'image/jpeg' });
    const photo = await call<identityV1.GetUserPhotoResponse>('getUserPhoto', { id: user!.id }, admin);
    expect(photo.contentType).toBe('image/jpeg');
    expect(await sharp(Buffer.from(photo.data)).metadata()).toMatchObject({ format: 'jpeg', width: 12, height: 8 });
    // Photos are for the admin and the user themself (decision 0006).
    const self = { userId: user!.id, userType: 4 } as const;
    expect((await call<identityV1.GetUserPhotoResponse>('getUserPhoto', { id: user!.id }, self)).contentType).toBe('image/jpeg');
    await expect(call('getUserPhoto', { id: user!.id }, student)).rejects.toMatchObject({ code: 7 });

    await waitFor(() => events.some((e) => e.type === IdentityEvents.userRegistered && e.key === user!.id), 'userRegistered');
    const event = events.find((e) => e.type === IdentityEvents.userRegistered && e.key === user!.id)!;
    expect(identityEventsV1.UserRegistered.decode(event.payload).user?.email).toBe(email.toLowerCase());

    // Unverified: login is refused with the verify-your-email message, then the link verifies.
    await expect(call('login', { email, password: 'secret1' })).rejects.toMatchObject({ code: 7, details: refusalText('EMAIL_NOT_VERIFIED') });
    const link = await verifyLink(email.toLowerCase());
    expect(link.startsWith('http://taal.test/verify-email/')).toBe(true);
    const verified = await call<identityV1.VerifyEmailResponse>('verifyEmail', { token: tokenOf(link) });
    expect(verified.user?.emailVerify).toBe(true);
    await waitFor(() => events.some((e) => e.type === IdentityEvents.userVerified && e.key === user!.id), 'userVerified');
    const { session } = await call<identityV1.LoginResponse>('login', { email: email.toUpperCase(), password: 'secret1' });
    expect(session?.user?.id).toBe(user!.id);

    await expect(signUp(email)).rejects.toMatchObject({ code: 6, details: refusalText('EMAIL_TAKEN') });
    // The catalogue key travels with the refusal: the edge answers it as `reason` (409).
    const taken = (await signUp(email).catch((err: unknown) => err)) as { metadata: Metadata };
    expect(taken.metadata.get(REASON_METADATA_KEY)).toEqual(['EMAIL_TAKEN']);
    expect(await call('checkEmail', { email })).toEqual({ exists: true });
    expect(await call('checkEmail', { email: uniqueEmail('free') })).toEqual({ exists: false });
  });

  it('stores and serves a GIF that is also an HTML page as a fresh JPEG without the HTML', async () => {
    const { user } = await signUp(uniqueEmail('polyglot'), { photo: await gifHtmlPolyglot(), photoContentType: 'image/gif' });
    const photo = await call<identityV1.GetUserPhotoResponse>('getUserPhoto', { id: user!.id }, admin);
    const served = Buffer.from(photo.data);
    expect(photo.contentType).toBe('image/jpeg');
    expect((await sharp(served).metadata()).format).toBe('jpeg');
    expect(served.toString('latin1')).not.toMatch(/<script|<html/i);
    expect(user!.photo).toMatch(/\.jpg$/);
  });

  it('refuses invalid sign-ups with the spec messages and tampered or foreign links', async () => {
    await expect(signUp(uniqueEmail('x'), { confirmPassword: 'other1' })).rejects.toMatchObject({ code: 3, details: refusalText('PASSWORD_MISMATCH') });
    await expect(signUp(uniqueEmail('x'), { photo: Buffer.from('<svg/>') })).rejects.toMatchObject({ code: 3, details: refusalText('PHOTO_NOT_IMAGE') });
    await expect(signUp(uniqueEmail('x'), { dob: '2999-01-01' })).rejects.toMatchObject({ code: 3, details: refusalText('DOB_IN_FUTURE') });
    // One address in a strict form, whatever the gateway let through.
    for (const email of ['a@example.org,b', 'Name <a@example.org>', 'a@example.org\nBcc: b@example.org'])
      await expect(signUp(email)).rejects.toMatchObject({ code: 3, details: refusalText('INVALID_EMAIL') });
    await expect(signUp(uniqueEmail('x'), { name: 'n'.repeat(101) })).rejects.toMatchObject({ code: 3, details: refusalText('NAME_TOO_LONG') });
    await expect(signUp(uniqueEmail('x'), { name: 'Bad\u0000Name' })).rejects.toMatchObject({ code: 3, details: refusalText('NAME_INVALID') });
    // Magic bytes of a PNG are not an image; a GIF whose body is HTML is not one either.
    await expect(signUp(uniqueEmail('x'), { photo: PNG.subarray(0, 16) })).rejects.toMatchObject({ code: 3, details: refusalText('PHOTO_NOT_IMAGE') });
    await expect(signUp(uniqueEmail('x'), { photo: Buffer.from('GIF89a<html><script>alert(1)</script></html>') })).rejects.toMatchObject({
      code: 3,
      details: refusalText('PHOTO_NOT_IMAGE'),
    });
    await expect(call('verifyEmail', { token: 'garbage' })).rejects.toMatchObject({ code: 3, details: refusalText('VERIFY_LINK_INVALID') });
    // An access token is not a verification token.
    const { session } = await call<identityV1.LoginResponse>('login', { email: demoAccounts[3]!.email, password: demoAccounts[3]!.password });
    await expect(call('verifyEmail', { token: session!.accessToken })).rejects.toMatchObject({ code: 3 });
  });

  it('answers wrong credentials with the spec message, the same for an unknown e-mail', async () => {
    await expect(call('login', { email: demoAccounts[3]!.email, password: 'wrong-one' })).rejects.toMatchObject({ code: 16, details: refusalText('LOGIN_FAILED') });
    await expect(call('login', { email: uniqueEmail('nobody'), password: 'whatever' })).rejects.toMatchObject({ code: 16, details: refusalText('LOGIN_FAILED') });
    await expect(call('login', { email: 'bad', password: '' })).rejects.toMatchObject({ code: 3, details: 'Email or password is missing!' });
  });

  it('rotates refresh tokens, revokes the session when an old one is reused, and logs out', async () => {
    const a = demoAccounts[2]!;
    const first = (await call<identityV1.LoginResponse>('login', { email: a.email, password: a.password })).session!;
    expect(await call('authenticate', { accessToken: first.accessToken })).toMatchObject({ userId: a.id, type: 3 });
    const second = (await call<identityV1.RefreshResponse>('refresh', { refreshToken: first.refreshToken })).session!;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const third = (await call<identityV1.RefreshResponse>('refresh', { refreshToken: second.refreshToken })).session!;
    // Reusing a retired token after the grace window ends the whole session: the newest tokens die too.
    await backdateRotations(first.refreshToken, 11_000);
    await expect(call('refresh', { refreshToken: first.refreshToken })).rejects.toMatchObject({ code: 16, details: refusalText('SESSION_EXPIRED') });
    await expect(call('refresh', { refreshToken: third.refreshToken })).rejects.toMatchObject({ code: 16 });
    await expect(call('authenticate', { accessToken: third.accessToken })).rejects.toMatchObject({ code: 16 });

    const other = (await call<identityV1.LoginResponse>('login', { email: a.email, password: a.password })).session!;
    await call('logout', { accessToken: other.accessToken });
    await expect(call('authenticate', { accessToken: other.accessToken })).rejects.toMatchObject({ code: 16 });
    await expect(call('refresh', { refreshToken: other.refreshToken })).rejects.toMatchObject({ code: 16 });
  });

  it('answers two refreshes with one token at once (two tabs) with the same session; reuse after the grace window revokes', async () => {
    const a = demoAccounts[2]!;
    const first = (await call<identityV1.LoginResponse>('login', { email: a.email, password: a.password })).session!;
    const tabs = await Promise.all([
      call<identityV1.RefreshResponse>('refresh', { refreshToken: first.refreshToken }),
      call<identityV1.RefreshResponse>('refresh', { refreshToken: first.refreshToken }),
      call<identityV1.RefreshResponse>('refresh', { refreshToken: first.refreshToken }),
    ]);
    const successors = new Set(tabs.map((t) => t.session!.refreshToken));
    expect(successors.size).toBe(1);
    expect(successors.has(first.refreshToken)).toBe(false);
    for (const t of tabs) expect(await call('authenticate', { accessToken: t.session!.accessToken })).toMatchObject({ userId: a.id });
    // One tab rotates on; the other still holding the first token within the window follows the chain.
    const next = (await call<identityV1.RefreshResponse>('refresh', { refreshToken: tabs[0]!.session!.refreshToken })).session!;
    const late = (await call<identityV1.RefreshResponse>('refresh', { refreshToken: first.refreshToken })).session!;
    expect(late.refreshToken).toBe(next.refreshToken);

    // After the grace window the first token is reuse: the session is revoked, every token dies.
    await backdateRotations(first.refreshToken, 11_000);
    await expect(call('refresh', { refreshToken: first.refreshToken })).rejects.toMatchObject({ code: 16 });
    await expect(call('refresh', { refreshToken: next.refreshToken })).rejects.toMatchObject({ code: 16 });
    await expect(call('authenticate', { accessToken: late.accessToken })).rejects.toMatchObject({ code: 16 });
  });

  it('removes unverified self sign-ups and their photos after the stated number of days, nothing else', async () => {
    const stale = (await signUp(uniqueEmail('stale'))).user!;
    const fresh = (await signUp(uniqueEmail('fresh'))).user!;
    const verifiedOld = (await signUp(uniqueEmail('kept'))).user!;
    await call('markEmailVerified', { id: verifiedOld.id }, admin);
    const referred = (await signUp(uniqueEmail('referred'), { referCode: stale.referralCode })).user!;
    expect(referred.referredBy).toBe(stale.id);
    const socialToken = await social.googleIdToken({ sub: `g-${randomUUID()}`, email: uniqueEmail('gsocial'), email_verified: false, name: 'Unverified Social' });
    const socialUser = (await call<identityV1.GoogleLoginResponse>('googleLogin', { idToken: socialToken })).session!.user!;
    expect(socialUser.emailVerify).toBe(false);
    const staff = (await call<identityV1.CreateInstructorAccountResponse>('createInstructorAccount', { name: 'Old Teacher', email: uniqueEmail('t'), password: 'secret1' }, admin)).user!;
    // Created eight days ago (the default rule is seven).
    const old = [stale.id, verifiedOld.id, socialUser.id, staff.id];
    await backend.sql.query(`UPDATE identity.users SET created_at = now() - interval '8 days' WHERE id = ANY($1::text[])`, [old]);
    expect(await files.stat(stale.photo)).not.toBeNull();

    expect(await identity.staleAccounts.runOnce()).toBe(1);
    await expect(call('getUser', { id: stale.id }, admin)).rejects.toMatchObject({ code: 5 });
    expect(await files.stat(stale.photo)).toBeNull();
    for (const kept of [fresh, verifiedOld, socialUser, staff, referred])
      expect((await call<identityV1.GetUserResponse>('getUser', { id: kept.id }, admin)).user?.id).toBe(kept.id);
    expect((await call<identityV1.GetUserResponse>('getUser', { id: referred.id }, admin)).user?.referredBy).toBe('');
    expect(await files.stat(fresh.photo)).not.toBeNull();
    // The address is free again.
    expect(await call('checkEmail', { email: stale.email })).toEqual({ exists: false });
    expect(await identity.staleAccounts.runOnce()).toBe(0);
  });

  it('suspends at once: live tokens stop working, login is refused, events say so', async () => {
    const email = uniqueEmail('suspend');
    const { user } = await call<identityV1.CreateAccountResponse>('createAccount', { name: 'Soon Suspended', email, password: 'secret1', type: 2 }, admin);
    const session = (await call<identityV1.LoginResponse>('login', { email, password: 'secret1' })).session!;
    expect(await call('authenticate', { accessToken: session.accessToken })).toMatchObject({ userId: user!.id, type: 2 });
    await expect(call('setSuspended', { id: user!.id, suspended: true }, student)).rejects.toMatchObject({ code: 7 });
    await expect(call('setSuspended', { id: user!.id, suspended: true })).rejects.toMatchObject({ code: 16 });
    expect((await call<identityV1.SetSuspendedResponse>('setSuspended', { id: user!.id, suspended: true }, admin)).user?.suspend).toBe(true);
    await expect(call('authenticate', { accessToken: session.accessToken })).rejects.toMatchObject({ code: 16, details: refusalText('ACCOUNT_SUSPENDED') });
    await expect(call('login', { email, password: 'secret1' })).rejects.toMatchObject({ code: 16, details: refusalText('ACCOUNT_SUSPENDED') });
    await waitFor(() => events.some((e) => e.type === IdentityEvents.userSuspended && e.key === user!.id), 'userSuspended');
    await call('setSuspended', { id: user!.id, suspended: false }, admin);
    await waitFor(() => events.some((e) => e.type === IdentityEvents.userUnsuspended && e.key === user!.id), 'userUnsuspended');
    expect((await call<identityV1.LoginResponse>('login', { email, password: 'secret1' })).session?.user?.suspend).toBe(false);
  });

  it('refuses callers without service keys, whatever identity their metadata claims', async () => {
    const direct = createClient(identityV1.IdentityServiceClient, `127.0.0.1:${identity.port}`);
    const forged = new Metadata();
    forged.set('x-taal-user-id', admin.userId);
    forged.set('x-taal-user-type', '1');
    try {
      for (const method of ['listUsers', 'getUser', 'userAnalytics'] as const)
        await expect(
          callUnary<object, unknown>(direct, method, requests[requestType(method)]!.fromPartial({}), { metadata: forged, deadlineMs: 5000 }),
        ).rejects.toMatchObject({ code: 16 });
      // A real student session's token, forwarded with valid service keys: known, but not an admin.
      const { session } = await call<identityV1.LoginResponse>('login', { email: demoAccounts[3]!.email, password: demoAccounts[3]!.password });
      const asStudent = { deadlineMs: 5000, userToken: session!.accessToken };
      await expect(callUnary<object, unknown>(client, 'listUsers', requests.ListUsersRequest!.fromPartial({}), asStudent)).rejects.toMatchObject({ code: 7 });
      // The published key set verifies identity's own tokens (what every other service uses).
      const published = (await (await fetch(identity.jwksUrl)).json()) as { keys: { kid: string; d?: string }[] };
      expect(published.keys.map((k) => k.kid)).toEqual([auth.userSigningKey.kid]);
      expect(published.keys.every((k) => k.d === undefined)).toBe(true);
    } finally {
      direct.close();
    }
  });

  it('lets only admins manage users, and students read only themselves', async () => {
    for (const [method, req] of [
      ['listUsers', {}],
      ['markEmailVerified', { id: student.userId }],
      ['createAccount', { name: 'x', email: uniqueEmail('x'), password: 'secret1', type: 1 }],
      ['createInstructorAccount', { name: 'x', email: uniqueEmail('x'), password: 'secret1' }],
      ['userAnalytics', { startDate: '01-01-2020', endDate: '01-01-2030' }],
      ['getUser', { id: admin.userId }],
      ['getUsers', { ids: [student.userId, admin.userId] }],
    ] as const) {
      await expect(call(method, req, student)).rejects.toMatchObject({ code: 7 });
      await expect(call(method, req)).rejects.toMatchObject({ code: 16 });
    }
    expect((await call<identityV1.GetUserResponse>('getUser', { id: student.userId }, student)).user?.email).toBe('student@taal.local');
    expect((await call<identityV1.GetUsersResponse>('getUsers', { ids: [student.userId] }, student)).users.map((u) => u.email)).toEqual(['student@taal.local']);
  });

  it('answers several users in one GetUsers call for an admin, leaving unknown ids out, at most 500 ids', async () => {
    const { users } = await call<identityV1.GetUsersResponse>('getUsers', { ids: [student.userId, admin.userId, 'no-such-user', student.userId, 'nul\u0000'] }, admin);
    expect(users.map((u) => u.id).sort()).toEqual([student.userId, admin.userId].sort());
    expect(users.find((u) => u.id === student.userId)?.email).toBe('student@taal.local');
    await expect(call('getUsers', { ids: Array.from({ length: 501 }, (_, i) => `id-${i}`) }, admin)).rejects.toMatchObject({ code: 3 });
  });

  it('creates instructor accounts that must verify, and counts users per date range', async () => {
    const email = uniqueEmail('teacher');
    const { user } = await call<identityV1.CreateInstructorAccountResponse>(
      'createInstructorAccount', { name: 'New Teacher', email, password: 'secret1', instructor: 'inst-9' }, admin,
    );
    expect(user).toMatchObject({ type: 3, emailVerify: false, instructor: 'inst-9' });
    await expect(
      call('createInstructorAccount', { name: 'Again', email, password: 'secret1' }, admin),
    ).rejects.toMatchObject({ code: 6, details: 'email is exist!!' });
    await verifyLink(email);
    const verified = await call<identityV1.MarkEmailVerifiedResponse>('markEmailVerified', { id: user!.id }, admin);
    expect(verified.user?.emailVerify).toBe(true);

    // Analytics ranges are Bangladesh days (UTC+6): after 18:00 UTC, today there is tomorrow in UTC.
    const today = todayInDhaka();
    const stats = await call<identityV1.UserAnalyticsResponse>('userAnalytics', { startDate: '2000-01-01', endDate: today }, admin);
    // The counts are kept (decision 0083); the range's users are listed a page at a time.
    const joined: identityV1.User[] = [];
    for (let cursor = ''; ; ) {
      const page = await call<identityV1.ListUsersResponse>('listUsers', { joinedFromDay: '2000-01-01', joinedToDay: today, cursor, limit: 3 }, admin);
      joined.push(...page.users);
      if (!page.next) break;
      cursor = page.next;
    }
    expect(stats.total).toBe(joined.length);
    expect(stats.verified).toBe(joined.filter((u) => u.emailVerify).length);
    expect(stats.verified + stats.notVerified).toBe(stats.total);
    expect(stats.days.reduce((n, d) => n + d.total, 0)).toBe(stats.total);
    expect(joined.map((u) => u.id)).toContain(user!.id);
    await expect(call('userAnalytics', { startDate: 'x', endDate: today }, admin)).rejects.toMatchObject({ code: 3, details: refusalText('INVALID_DATE_RANGE') });
  });

  it('answers messaging (a service, no user) who a mail goes to; no other service without a user', async () => {
    const asMessaging = createClient(identityV1.IdentityServiceClient, `127.0.0.1:${identity.port}`, {
      auth: { issuer: auth.serviceAuth('messaging').issuer, audience: 'identity' },
    });
    try {
      const { user } = await callUnary<object, identityV1.GetUserResponse>(asMessaging, 'getUser', identityV1.GetUserRequest.fromPartial({ id: student.userId }));
      expect(user).toMatchObject({ id: student.userId, email: demoAccounts[3]!.email });
      const { users } = await callUnary<object, identityV1.ListUsersResponse>(asMessaging, 'listUsers', identityV1.ListUsersRequest.fromPartial({ type: 3 }));
      expect(users.every((u) => u.type === 3)).toBe(true);
      // A mass mail's audience a page at a time (decision 0088): each address once, in id order, to the last page.
      const audience = async (name: string) => {
        const seen: string[] = [];
        for (let after = '', pages = 0; pages < 1000; pages++) {
          const page = await callUnary<object, identityV1.ListMailAudienceResponse>(asMessaging, 'listMailAudience', identityV1.ListMailAudienceRequest.fromPartial({ audience: name, after, limit: 2 }));
          expect(page.members.length).toBeLessThanOrEqual(2);
          seen.push(...page.members.map((m) => m.email));
          if (!page.next) return seen;
          after = page.next;
        }
        throw new Error('no last page');
      };
      const everyone = await audience('allUser');
      expect(new Set(everyone).size).toBe(everyone.length);
      expect(everyone).toEqual(expect.arrayContaining(demoAccounts.map((a) => a.email)));
      expect(await audience('admin')).toContain(demoAccounts[0]!.email);
      expect(await audience('admin')).not.toContain(demoAccounts[3]!.email);
      await expect(
        callUnary(asMessaging, 'listMailAudience', identityV1.ListMailAudienceRequest.fromPartial({ audience: 'custom' })),
      ).rejects.toMatchObject({ code: 3 });
    } finally {
      asMessaging.close();
    }
    // Messaging's only: not an admin's.
    await expect(call('listMailAudience', { audience: 'allUser' }, admin)).rejects.toMatchObject({ code: 7 });
    await expect(call('getUser', { id: student.userId })).rejects.toMatchObject({ code: 16 });
    await expect(call('listUsers', { type: 3 })).rejects.toMatchObject({ code: 16 });
  });

  it('resets a password through a one-time link', async () => {
    const email = uniqueEmail('reset');
    await call('createAccount', { name: 'Forgetful', email, password: 'secret1', type: 2 }, admin);
    const before = (await call<identityV1.LoginResponse>('login', { email, password: 'secret1' })).session!;
    await call('requestPasswordReset', { email: uniqueEmail('unknown') }); // same answer, no mail
    await call('requestPasswordReset', { email });
    const link = await waitForMailLink(mailDir, email, /Reset your Taal password/, /https?:\/\/\S+\/reset-password\?token=[\w.-]+/);
    const token = new URL(link).searchParams.get('token')!;
    await expect(call('resetPassword', { token, password: 'newpass1', confirmPassword: 'newpass2' })).rejects.toMatchObject({ details: "password didn't match" });
    await call('resetPassword', { token, password: 'newpass1', confirmPassword: 'newpass1' });
    await expect(call('resetPassword', { token, password: 'newpass2', confirmPassword: 'newpass2' })).rejects.toMatchObject({ code: 3, details: refusalText('RESET_LINK_INVALID') });
    await expect(call('authenticate', { accessToken: before.accessToken })).rejects.toMatchObject({ code: 16 });
    await expect(call('login', { email, password: 'secret1' })).rejects.toMatchObject({ code: 16 });
    expect((await call<identityV1.LoginResponse>('login', { email, password: 'newpass1' })).session?.user?.email).toBe(email);
    await expect(call('requestPasswordReset', { email: '' })).rejects.toMatchObject({ code: 3, details: 'any of the field is missing' });
  });

  it('logs in with Google and Facebook through the (local) providers, recording loginFrom', async () => {
    const gEmail = uniqueEmail('google');
    const idToken = await social.googleIdToken({ sub: `g-${randomUUID()}`, email: gEmail, email_verified: true, name: 'Google Person' });
    const g = (await call<identityV1.GoogleLoginResponse>('googleLogin', { idToken })).session!;
    expect(g.user).toMatchObject({ email: gEmail, loginFrom: 'Google', emailVerify: true, type: 4, name: 'Google Person' });
    expect((await call<identityV1.GoogleLoginResponse>('googleLogin', { idToken })).session?.user?.id).toBe(g.user!.id);
    const wrongAudience = await social.googleIdToken({ sub: 'g-x', email: uniqueEmail('g'), aud: 'someone-else' });
    await expect(call('googleLogin', { idToken: wrongAudience })).rejects.toMatchObject({ code: 16 });
    const expired = await social.googleIdToken({ sub: 'g-y', email: uniqueEmail('g'), expSeconds: -120 });
    await expect(call('googleLogin', { idToken: expired })).rejects.toMatchObject({ code: 16 });

    const fbEmail = uniqueEmail('fb');
    const userId = String(Date.now());
    const accessToken = social.facebookToken({ userId, name: 'Facebook Person', email: fbEmail });
    const f = (await call<identityV1.FacebookLoginResponse>('facebookLogin', { accessToken, userId })).session!;
    expect(f.user).toMatchObject({ email: fbEmail, loginFrom: 'Facebook', type: 4 });
    await expect(call('facebookLogin', { accessToken, userId: '999' })).rejects.toMatchObject({ code: 16 });
    const otherApp = social.facebookToken({ userId: '777', name: 'X', email: uniqueEmail('fb'), appId: 'another-app' });
    await expect(call('facebookLogin', { accessToken: otherApp, userId: '777' })).rejects.toMatchObject({ code: 16 });

    const { users } = await call<identityV1.ListUsersResponse>('listUsers', { socialOnly: true }, admin);
    expect(users.map((u) => u.id)).toEqual(expect.arrayContaining([g.user!.id, f.user!.id]));
    expect(users.every((u) => u.loginFrom === 'Google' || u.loginFrom === 'Facebook')).toBe(true);
  });
});
