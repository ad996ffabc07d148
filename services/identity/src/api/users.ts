import type { Request } from 'express';
import { z } from 'zod';
import { readFile } from 'node:fs/promises';
import { AccountFieldLimits as L, IdentityMessages as M, Refusals, type RefusalKey, type commerceV1 } from '@taal/contracts';
import { isGrpcStatusError, REASON_METADATA_KEY, sniffImageType } from '@taal/kit';
import type { IdentityApi } from './client';
import { callerOf, requireAuth, UserRoles, refusal, Refused, answer, badDayRange, badRequest, dayRangeOf, dayRangeParams, done as doneSchema, empty, envelope, fail, idParam, listOf, tooMany, ok, defineRoute, type RouteSpec, validate, acceptUploads, uploadsOf, type ServiceApi, type AccessTokenVerifier, sendUserFile } from '@taal/edge';
import type { IdentityLimiters } from './limits';
import {
  createAccountSchema,
  facebookLoginSchema,
  googleLoginSchema,
  instructorAccountSchema,
  loginSchema,
  MAX_PHOTO_BYTES,
  passwordResetSchema,
  refreshSchema,
  signInLinkRequestSchema,
  signInLinkSchema,
  SIGN_UP_ENCODING,
  SIGN_UP_FIELDS,
  signUpForm,
  signUpSchema,
} from './schemas';
import { OAuthUserSchema, SessionSchema, toApiSession, toApiUser, UserAnalyticsSchema, UserSchema } from './shape';
const ID = /^[A-Za-z0-9-]{1,64}$/;

/** Whether a service refused with this catalogue key (it travels as metadata, decision 0026). */
const refusedWith = (err: unknown, key: RefusalKey) => isGrpcStatusError(err) && err.metadata.get(REASON_METADATA_KEY)[0] === key;

/** `{ success: true, message, data }`: an action's answer carries the spec's success message. */
const done = <T>(message: string, data: T) => ({ success: true as const, message, data });

/** The sign-up photo through the one upload mechanism (http/uploads); over 5 MB is a 413 with the photo's refusal. */
const photoUpload = () =>
  acceptUploads(
    { photo: { kind: 'image', maxBytes: MAX_PHOTO_BYTES } },
    { maxFields: 20, tooLarge: () => refusal('PHOTO_TOO_LARGE', { fields: { photo: 'PHOTO_NOT_IMAGE' } }) },
  );

function requireId(param: (name: string) => string, name = 'id'): string {
  const id = param(name);
  if (!ID.test(id)) throw refusal('USER_NOT_FOUND');
  return id;
}

/** The client's address: the TCP peer, or X-Forwarded-For's as far as `trust proxy` allows. */
const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

const ADMIN = 'admin only';
const SIGNED_IN = 'any signed-in user';
const text = (description: string) => ({ schema: z.string(), description });
/** A path parameter that is trimmed before use: not blank. */
const notBlank = (description: string) => ({ schema: z.string().regex(/\S/), description });
const sessionAnswer = answer(envelope(SessionSchema));
const socialLoginRefusals = {
  400: fail('Missing or invalid fields, or this login method is not available (SOCIAL_LOGIN_NOT_CONFIGURED: no client id configured)'),
  401: fail('The token was not accepted (LOGIN_FAILED), or the account is suspended (ACCOUNT_SUSPENDED)'),
};
const unknownUser = { 404: fail('Unknown user') };

/** Sign-up, verification, login (e-mail, Google, Facebook), sessions and password reset; admin user management. */
export function userRoutes(identity: IdentityApi, tokens: AccessTokenVerifier, limiters: IdentityLimiters, commerce: ServiceApi<commerceV1.CommerceServiceServer>): RouteSpec[] {
  const { login: limiter, mail: mailLimiter, signUp: signUpLimiter, emailCheck: emailCheckLimiter } = limiters;
  const admin = { label: ADMIN, check: requireAuth(tokens, UserRoles.admin) };
  const anyone = { label: SIGNED_IN, check: requireAuth(tokens) };

  // ---- Public ----

  const signUp = (path: string, params?: RouteSpec['params']) =>
    defineRoute({
      method: 'post',
      path,
      summary: 'Sign up as a student; a verification link is e-mailed. Messages as in the storefront spec §5',
      params,
      body: { schema: signUpSchema, mediaType: 'multipart/form-data', documented: signUpForm, encoding: SIGN_UP_ENCODING },
      before: [photoUpload()],
      responses: {
        201: answer(doneSchema(UserSchema)),
        ...badRequest,
        409: fail('Email is already registered, please use login to continue.'),
        413: fail('The photo is larger than 5 MB'),
        429: tooMany('Too many sign-ups from this address or for this e-mail domain'),
      },
      handler: async ({ req, res, param }) => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const fields: Record<string, RefusalKey> = {};
        let parsed: ReturnType<typeof signUpSchema.parse> | undefined;
        try {
          parsed = validate(signUpSchema, body);
        } catch (err) {
          if (!(err instanceof Refused) || !err.fieldRefusals) throw err;
          Object.assign(fields, err.fieldRefusals);
        }
        const file = uploadsOf(req, 'photo')[0];
        // Sniffed here for the form's message; identity decodes and draws it again (only pixels are kept).
        const photo = file ? await readFile(file.path) : undefined;
        if (!file || !photo) fields.photo = 'PHOTO_REQUIRED';
        else if (!sniffImageType(photo)) fields.photo = 'PHOTO_NOT_IMAGE';
        const ordered = Object.fromEntries(
          [...SIGN_UP_FIELDS, ...Object.keys(fields)].filter((k, i, all) => fields[k] && all.indexOf(k) === i).map((k) => [k, fields[k]!]),
        );
        const first = Object.values(ordered)[0];
        if (first || !parsed || !file) throw refusal(first ?? 'FILL_REQUIRED', { fields: ordered });
        await signUpLimiter.hit(parsed.email, clientAddress(req));
        const { user } = await identity.signUp({
          name: parsed.name,
          email: parsed.email,
          password: parsed.password,
          confirmPassword: parsed.confirmPassword,
          photo: photo!,
          photoContentType: sniffImageType(photo!) ?? 'application/octet-stream',
          dob: parsed.dob,
          phone: parsed.phone,
          address: parsed.address,
          referCode: param('refercode') || parsed.refercode,
          language: parsed.language ?? 'en',
          guardianEmail: parsed.guardianEmail,
        });
        res.status(201).json(done(M.signUpSuccess, toApiUser(user!)));
      },
    });

  const listOfUsers = (path: string, summary: string, request: { type?: number; subscribersOnly?: boolean }) =>
    defineRoute({
      method: 'get',
      path,
      summary,
      auth: admin,
      responses: { 200: answer(listOf(UserSchema)) },
      handler: async ({ res }) => {
        const { users } = await identity.listUsers(request, callerOf(res));
        res.json(ok(users.map(toApiUser)));
      },
    });

  const suspension = (suspended: boolean) =>
    defineRoute({
      method: 'get',
      path: suspended ? '/user/suspend/{id}' : '/user/unsuspend/{id}',
      summary: suspended ? 'Suspends a user: their tokens stop working at once and they cannot log in' : 'Lifts a suspension',
      auth: admin,
      params: idParam,
      responses: {
        200: answer(doneSchema(UserSchema)),
        ...(suspended ? { 400: fail('An admin cannot suspend themself') } : ({} as Record<number, never>)),
        ...unknownUser,
      },
      handler: async ({ res, param }) => {
        const { user } = await identity.setSuspended({ id: requireId(param), suspended }, callerOf(res));
        res.json(done(suspended ? M.userSuspended : M.userUnsuspended, toApiUser(user!)));
      },
    });

  return [
    signUp('/user/signup/'),
    signUp('/user/signup/{refercode}', {
      refercode: { schema: z.string().max(L.referCode), description: 'Referral code of an existing user; an unknown code is ignored' },
    }),

    defineRoute({
      method: 'get',
      path: '/user/checkemail/{email}',
      summary: 'Whether an e-mail address is registered: success means it exists, 404 means it is free',
      params: { email: text('Any text; only a well-formed registered address exists') },
      responses: {
        200: answer(doneSchema(z.object({ exists: z.literal(true) }))),
        404: fail('The address is free'),
        429: tooMany('Too many checks of this address or from this client'),
      },
      handler: async ({ req, res, param }) => {
        // Capped per address checked and per client: it answers whether an address has an account.
        await emailCheckLimiter.hit('exists', param('email'), clientAddress(req));
        const { exists } = await identity.checkEmail({ email: param('email') });
        // The spec's contract: success means the address exists, failure means it is free.
        if (!exists) throw refusal('EMAIL_NOT_REGISTERED');
        // The spec answers a registered address with the sign-up's refusal text, as a success.
        res.json(done(Refusals.EMAIL_TAKEN.en, { exists: true }));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/user/re-verify/{id}',
      summary: 'Sends the verification e-mail again (user id or e-mail address); nothing is sent to a verified or unknown user, with the same answer',
      params: { id: { ...notBlank('User id or e-mail address'), notOnlyAnId: true } },
      responses: {
        200: answer(doneSchema(empty)),
        ...badRequest,
        429: tooMany('Too many mails for this user or from this address'),
      },
      handler: async ({ req, res, param }) => {
        await mailLimiter.hit('verify', param('id'), clientAddress(req));
        await identity.resendVerification({ user: param('id') });
        res.json(done(Refusals.EMAIL_NOT_VERIFIED.en, {}));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/user/verify-email/{token}',
      summary: 'The link of the verification e-mail: marks the address verified (valid 24 hours)',
      params: { token: text('Signed verification token from the e-mail') },
      responses: { 200: answer(doneSchema(UserSchema)), 400: fail('This verification link is invalid or has expired') },
      handler: async ({ res, param }) => {
        const { user } = await identity.verifyEmail({ token: param('token') });
        res.json(done(M.userVerified, toApiUser(user!)));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/user/guardian-approval/{token}',
      summary: "The link of the guardian's mail (decision 0047): approves a 13-17-year-old student's account once (valid 7 days)",
      params: { token: text("Signed approval token from the guardian's e-mail") },
      responses: {
        200: answer(doneSchema(z.object({ name: z.string().meta({ description: "The student's name" }) }))),
        400: fail('This approval link is invalid or has expired (GUARDIAN_LINK_INVALID)'),
        409: fail('This approval link was already used (GUARDIAN_LINK_USED)'),
      },
      handler: async ({ res, param }) => {
        const { user } = await identity.confirmGuardian({ token: param('token') });
        // The guardian is not signed in: only the student's name is answered, nothing else of the account.
        res.json(done(M.guardianApproved, { name: user!.name }));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/guardian-resend',
      summary: "The student's own \"send the guardian mail again\" while approval is pending (nothing is sent otherwise, with the same answer)",
      auth: anyone,
      responses: {
        200: answer(doneSchema(empty)),
        429: tooMany('Too many mails for this account or from this address'),
      },
      handler: async ({ req, res }) => {
        const caller = callerOf(res);
        await mailLimiter.hit('guardian', caller.userId, clientAddress(req));
        await identity.resendGuardianMail({ id: caller.userId }, caller);
        res.json(done(M.guardianMailSent, {}));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/login/',
      summary: 'Log in with e-mail and password; unverified e-mail addresses (403) and suspended users (401) are refused',
      body: { schema: loginSchema, headline: 'LOGIN_MISSING' },
      responses: {
        200: sessionAnswer,
        400: fail('Email or password is missing!'),
        401: fail('Login Failed!! Please try with correct Credentials. (LOGIN_FAILED), or the account is suspended (ACCOUNT_SUSPENDED)'),
        403: fail('E-mail not verified (EMAIL_NOT_VERIFIED)'),
        429: tooMany('This account waits after many failed logins (LOGIN_DELAYED: a sign-in link can be e-mailed), or too many failed logins from this address'),
      },
      handler: async ({ req, res, body }) => {
        const attempt = await limiter.begin(body.email, clientAddress(req));
        let session;
        try {
          session = (await identity.login({ email: body.email, password: body.password })).session;
        } catch (err) {
          // Only a wrong password (or unknown address) counts as a failure.
          await (refusedWith(err, 'LOGIN_FAILED') ? attempt.failed() : attempt.notCounted());
          throw err;
        }
        await attempt.succeeded();
        res.json(ok(toApiSession(session)));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/login-link',
      summary: 'E-mails a one-time sign-in link (valid 15 minutes), also while failed logins delay the account; the same answer for unknown addresses',
      body: { schema: signInLinkRequestSchema },
      responses: {
        200: answer(doneSchema(empty)),
        400: fail('The e-mail address is missing or invalid'),
        429: tooMany('Too many mails for this address or from this client'),
      },
      handler: async ({ req, res, body }) => {
        await mailLimiter.hit('sign-in', body.email, clientAddress(req));
        await identity.requestSignInLink({ email: body.email });
        res.json(done(M.signInLinkSent, {}));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/login-link/session',
      summary: 'Signs in with the token of a mailed sign-in link (works once, not held up by login delays)',
      body: { schema: signInLinkSchema },
      responses: {
        200: sessionAnswer,
        400: fail('The token is missing, or the link is invalid, expired or already used (SIGN_IN_LINK_INVALID)'),
        401: fail('Account suspended (ACCOUNT_SUSPENDED)'),
      },
      handler: async ({ res, body }) => {
        const { session } = await identity.signInWithLink({ token: body.token });
        res.json(ok(toApiSession(session)));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/googlelogin',
      summary: 'Log in (or sign up) with a Google ID token',
      body: { schema: googleLoginSchema },
      responses: { 200: sessionAnswer, ...socialLoginRefusals },
      handler: async ({ res, body }) => {
        const { session } = await identity.googleLogin({ idToken: body.tokenId });
        res.json(ok(toApiSession(session)));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/fblogin',
      summary: 'Log in (or sign up) with a Facebook user access token',
      body: { schema: facebookLoginSchema },
      responses: { 200: sessionAnswer, ...socialLoginRefusals },
      handler: async ({ res, body }) => {
        const { session } = await identity.facebookLogin({ accessToken: body.accessToken, userId: body.userID });
        res.json(ok(toApiSession(session)));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/refresh',
      summary: 'Exchanges a refresh token for new tokens (rotation); a reused refresh token revokes the session',
      body: { schema: refreshSchema },
      responses: { 200: sessionAnswer, ...badRequest, 401: fail('Unknown, expired, revoked or reused refresh token') },
      handler: async ({ res, body }) => {
        const { session } = await identity.refresh({ refreshToken: body.refreshToken });
        res.json(ok(toApiSession(session)));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/passwordreset',
      summary: 'Password reset without an address: always refused, the address belongs in the path',
      responses: { 400: fail('any of the field is missing') },
      handler: async () => {
        throw refusal('ANY_FIELD_MISSING', { fields: { email: 'ANY_FIELD_MISSING' } });
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/passwordreset/{email}',
      summary: 'E-mails a one-time password-reset link (valid one hour); the same answer for unknown addresses',
      params: { email: notBlank('The account’s e-mail address') },
      responses: {
        200: answer(doneSchema(empty)),
        400: fail('any of the field is missing'),
        429: tooMany('Too many mails for this address or from this client'),
      },
      handler: async ({ req, res, param }) => {
        const email = param('email').trim();
        if (!email) throw refusal('ANY_FIELD_MISSING', { fields: { email: 'ANY_FIELD_MISSING' } });
        await mailLimiter.hit('reset', email, clientAddress(req));
        await identity.requestPasswordReset({ email });
        res.json(done(M.checkYourEmail, {}));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/password-reset',
      summary: 'Sets a new password with the token of the reset link; ends every session of the user',
      body: { schema: passwordResetSchema },
      responses: {
        200: answer(doneSchema(empty)),
        400: fail("any of the field is missing, password didn't match, or the link is invalid or expired"),
      },
      handler: async ({ res, body }) => {
        await identity.resetPassword(body);
        res.json(done(M.passwordChanged, {}));
      },
    }),

    // ---- Any signed-in user ----

    defineRoute({
      method: 'post',
      path: '/user/logout',
      summary: 'Ends the session of the token sent',
      auth: anyone,
      responses: { 200: answer(doneSchema(empty)) },
      handler: async ({ res }) => {
        await identity.logout({ accessToken: callerOf(res).accessToken });
        res.json(done('Logged out', {}));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/user/me',
      summary: 'The signed-in user',
      auth: anyone,
      responses: { 200: answer(envelope(UserSchema)) },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const { user } = await identity.getUser({ id: caller.userId }, caller);
        const shown = toApiUser(user!);
        // A student's money is commerce's wallet ledger (decision 0012), not identity's columns.
        if (caller.userType === UserRoles.student) {
          const { wallet } = await commerce.getWallet({}, caller);
          shown.balance = wallet?.balance ?? 0;
          shown.pending_balance = wallet?.pendingBalance ?? 0;
        }
        res.json(ok(shown));
      },
    }),

    // ---- Admin ----

    listOfUsers('/user/', 'Every user, newest first', {}),
    listOfUsers('/user/type/all', 'Every user, newest first', {}),
    listOfUsers('/user/type/student', 'Students (type 4)', { type: UserRoles.student }),
    listOfUsers('/user/type/subscriber', 'Subscribers', { subscribersOnly: true }),
    defineRoute({
      method: 'get',
      path: '/user/type/{type}',
      summary: 'Users of one type: 1 admin, 2 content uploader, 3 instructor, 4 student',
      auth: admin,
      params: {
        type: {
          schema: z.enum(['1', '2', '3', '4']),
          description: '1 admin, 2 content uploader, 3 instructor, 4 student',
          invalid: () => refusal('UNKNOWN_USER_TYPE'),
        },
      },
      responses: { 200: answer(listOf(UserSchema)), ...badRequest },
      handler: async ({ res, param }) => {
        const { users } = await identity.listUsers({ type: Number(param('type')) }, callerOf(res));
        res.json(ok(users.map(toApiUser)));
      },
    }),

    suspension(true),
    suspension(false),

    defineRoute({
      method: 'get',
      path: '/user/verify/{id}',
      summary: 'Marks a user’s e-mail verified',
      auth: admin,
      params: idParam,
      responses: { 200: answer(doneSchema(UserSchema)), ...unknownUser },
      handler: async ({ res, param }) => {
        const { user } = await identity.markEmailVerified({ id: requireId(param) }, callerOf(res));
        res.json(done(M.adminEmailVerified, toApiUser(user!)));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/create-account',
      summary: 'Creates an admin (1) or content uploader (2) account, optionally linked to an instructor; verified at once',
      auth: admin,
      body: { schema: createAccountSchema },
      responses: { 201: answer(doneSchema(UserSchema)), 400: fail('Some field is not fillup!!!'), 409: fail('email is exist!!') },
      handler: async ({ res, body }) => {
        const { user } = await identity.createAccount(body, callerOf(res));
        res.status(201).json(done(M.userAdded, toApiUser(user!)));
      },
    }),

    defineRoute({
      method: 'post',
      path: '/user/instructor-account',
      summary: 'Creates an instructor account (type 3) that must verify its e-mail',
      auth: admin,
      body: { schema: instructorAccountSchema },
      responses: {
        201: answer(doneSchema(UserSchema)),
        400: fail('any of the field is missing / password should be more than 5 character'),
        409: fail('email is exist!!'),
      },
      handler: async ({ res, body }) => {
        const { user } = await identity.createInstructorAccount(body, callerOf(res));
        res.status(201).json(done(M.checkEmailToVerifyAccount, toApiUser(user!)));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/oauthusers',
      summary: 'Users who signed up with Google or Facebook',
      auth: admin,
      responses: { 200: answer(listOf(OAuthUserSchema)) },
      handler: async ({ res }) => {
        const { users } = await identity.listUsers({ socialOnly: true }, callerOf(res));
        res.json(ok(users.map((u) => ({ _id: u.id, name: u.name, email: u.email, loginFrom: u.loginFrom, createdAt: u.createdAt }))));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/analytics/users/{startDate}/{endDate}',
      summary: 'Users who joined between two days (DD-MM-YYYY or YYYY-MM-DD, both whole days, Dhaka time): counts and the list in data.data',
      auth: admin,
      params: dayRangeParams,
      responses: { 200: answer(envelope(UserAnalyticsSchema)), ...badDayRange },
      handler: async ({ res, param }) => {
        const { fromDay, toDay } = dayRangeOf(param);
        const stats = await identity.userAnalytics({ startDate: fromDay, endDate: toDay }, callerOf(res));
        res.json(
          ok({
            total: stats.total,
            verified: stats.verified,
            notVerified: stats.notVerified,
            subscriber: stats.subscriber,
            data: stats.users.map(toApiUser),
          }),
        );
      },
    }),

    // ---- Admin, or the user themself (identity checks which) ----

    defineRoute({
      method: 'get',
      path: '/user/{id}/photo',
      summary: 'A user’s photo',
      auth: anyone,
      params: idParam,
      responses: { 200: { description: 'The image', content: { 'image/*': z.string().meta({ format: 'binary' }) } }, 404: fail('No photo') },
      handler: async ({ res, param }) => {
        const photo = await identity.getUserPhoto({ id: requireId(param) }, callerOf(res));
        sendUserFile(res, photo.data, photo.contentType, 'photo');
      },
    }),

    defineRoute({
      method: 'get',
      path: '/user/{id}/',
      summary: 'One user (admins: anyone; others: themselves only)',
      auth: { label: 'admin, or the user themself', check: anyone.check },
      params: idParam,
      responses: { 200: answer(envelope(UserSchema)), ...unknownUser },
      handler: async ({ res, param }) => {
        const { user } = await identity.getUser({ id: requireId(param) }, callerOf(res));
        res.json(ok(toApiUser(user!)));
      },
    }),
  ];
}
