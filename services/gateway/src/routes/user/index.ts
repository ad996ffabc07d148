import { Router, type Request, type RequestHandler } from 'express';
import multer from 'multer';
import { IdentityMessages as M } from '@taal/contracts';
import { isGrpcStatusError } from '@taal/kit';
import type { IdentityApi } from '../../clients/identity';
import { callerOf, requireAuth, Roles } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { sendUserFile } from '../../http/hardening';
import type { LoginLimiter, MailRequestLimiter, SignUpLimiter } from '../../http/rate-limit';
import { handle, ok } from '../../http/respond';
import { validate } from '../../http/validate';
import {
  createAccountSchema,
  facebookLoginSchema,
  googleLoginSchema,
  instructorAccountSchema,
  loginSchema,
  passwordResetSchema,
  refreshSchema,
  SIGN_UP_FIELDS,
  signUpSchema,
} from './schemas';
import { toApiSession, toApiUser } from './shape';

const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const ID = /^[A-Za-z0-9-]{1,64}$/;

/** `{ success: true, message, data }`: an action's answer carries the spec's success message. */
const done = <T>(message: string, data: T) => ({ success: true as const, message, data });

/** multer with limits; its errors become the one error shape (never a 500). */
function photoUpload(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  }).single('photo');
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        const message = err.code === 'LIMIT_FILE_SIZE' ? M.photoNotImage : `${err.message}${err.field ? ` (${err.field})` : ''}`;
        return next(new HttpError(400, 'VALIDATION_FAILED', message, err.code === 'LIMIT_FILE_SIZE' ? { photo: M.photoNotImage } : undefined));
      }
      next(new HttpError(400, 'BAD_REQUEST', 'The form could not be read'));
    });
  };
}

const param = (req: Request, name: string) => String(req.params[name] ?? '');

function requireId(req: Request, name = 'id'): string {
  const id = param(req, name);
  if (!ID.test(id)) throw new HttpError(404, 'NOT_FOUND', M.userNotFound);
  return id;
}

export interface UserRouteLimiters {
  login: LoginLimiter;
  mail: MailRequestLimiter;
  signUp: SignUpLimiter;
}

/** The client's address: the TCP peer, or X-Forwarded-For's as far as `trust proxy` allows. */
const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Sign-up, verification, login (e-mail, Google, Facebook), sessions and password reset; admin user management. */
export function userRoutes(identity: IdentityApi, limiters: UserRouteLimiters): Router {
  const { login: limiter, mail: mailLimiter, signUp: signUpLimiter } = limiters;
  const router = Router();
  const admin = requireAuth(identity, Roles.admin);
  const anyone = requireAuth(identity);

  // ---- Public ----

  const signUp = handle(async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    let parsed: ReturnType<typeof signUpSchema.parse> | undefined;
    try {
      parsed = validate(signUpSchema, body);
    } catch (err) {
      if (!(err instanceof HttpError) || !err.fields) throw err;
      Object.assign(fields, err.fields);
    }
    const file = req.file;
    if (!file) fields.photo = M.photoRequired;
    else if (!file.mimetype.startsWith('image/')) fields.photo = M.photoNotImage;
    const ordered = Object.fromEntries(
      [...SIGN_UP_FIELDS, ...Object.keys(fields)].filter((k, i, all) => fields[k] && all.indexOf(k) === i).map((k) => [k, fields[k]!]),
    );
    const first = Object.values(ordered)[0];
    if (first || !parsed || !file) throw new HttpError(400, 'VALIDATION_FAILED', first ?? M.fillRequired, ordered);
    await signUpLimiter.hit(parsed.email, clientAddress(req));
    const { user } = await identity.signUp({
      name: parsed.name,
      email: parsed.email,
      password: parsed.password,
      confirmPassword: parsed.confirmPassword,
      photo: file.buffer,
      photoContentType: file.mimetype,
      dob: parsed.dob,
      phone: parsed.phone,
      address: parsed.address,
      referCode: param(req, 'refercode') || parsed.refercode,
    });
    res.status(201).json(done(M.signUpSuccess, toApiUser(user!)));
  });
  router.post('/user/signup', photoUpload(), signUp);
  router.post('/user/signup/:refercode', photoUpload(), signUp);

  router.get(
    '/user/checkemail/:email',
    handle(async (req, res) => {
      const { exists } = await identity.checkEmail({ email: param(req, 'email') });
      // The spec's contract: success means the address exists, failure means it is free.
      if (!exists) throw new HttpError(404, 'NOT_FOUND', 'Email is not registered');
      res.json(done(M.emailTaken, { exists: true }));
    }),
  );

  router.get(
    '/user/re-verify/:id',
    handle(async (req, res) => {
      await mailLimiter.hit('verify', param(req, 'id'), clientAddress(req));
      await identity.resendVerification({ user: param(req, 'id') });
      res.json(done(M.emailNotVerified, {}));
    }),
  );

  router.get(
    '/user/verify-email/:token',
    handle(async (req, res) => {
      const { user } = await identity.verifyEmail({ token: param(req, 'token') });
      res.json(done(M.userVerified, toApiUser(user!)));
    }),
  );

  router.post(
    '/user/login',
    handle(async (req, res) => {
      const body = validate(loginSchema, req.body, M.loginMissing);
      const attempt = await limiter.begin(body.email, clientAddress(req));
      let session;
      try {
        session = (await identity.login({ email: body.email, password: body.password })).session;
      } catch (err) {
        // Only a wrong password (or unknown address) counts as a failure.
        if (!(isGrpcStatusError(err) && err.code === 16)) await attempt.notCounted();
        throw err;
      }
      await attempt.succeeded();
      res.json(ok(toApiSession(session)));
    }),
  );

  router.post(
    '/user/googlelogin',
    handle(async (req, res) => {
      const body = validate(googleLoginSchema, req.body);
      const { session } = await identity.googleLogin({ idToken: body.tokenId });
      res.json(ok(toApiSession(session)));
    }),
  );

  router.post(
    '/user/fblogin',
    handle(async (req, res) => {
      const body = validate(facebookLoginSchema, req.body);
      const { session } = await identity.facebookLogin({ accessToken: body.accessToken, userId: body.userID });
      res.json(ok(toApiSession(session)));
    }),
  );

  router.post(
    '/user/refresh',
    handle(async (req, res) => {
      const body = validate(refreshSchema, req.body);
      const { session } = await identity.refresh({ refreshToken: body.refreshToken });
      res.json(ok(toApiSession(session)));
    }),
  );

  router.post(
    '/user/passwordreset',
    handle(async () => {
      throw new HttpError(400, 'VALIDATION_FAILED', M.anyFieldMissing, { email: M.anyFieldMissing });
    }),
  );

  router.post(
    '/user/passwordreset/:email',
    handle(async (req, res) => {
      const email = param(req, 'email').trim();
      if (!email) throw new HttpError(400, 'VALIDATION_FAILED', M.anyFieldMissing, { email: M.anyFieldMissing });
      await mailLimiter.hit('reset', email, clientAddress(req));
      await identity.requestPasswordReset({ email });
      res.json(done(M.checkYourEmail, {}));
    }),
  );

  router.post(
    '/user/password-reset',
    handle(async (req, res) => {
      const body = validate(passwordResetSchema, req.body);
      await identity.resetPassword(body);
      res.json(done(M.passwordChanged, {}));
    }),
  );

  // ---- Any signed-in user ----

  router.post(
    '/user/logout',
    anyone,
    handle(async (_req, res) => {
      await identity.logout({ accessToken: callerOf(res).accessToken });
      res.json(done('Logged out', {}));
    }),
  );

  router.get(
    '/user/me',
    anyone,
    handle(async (_req, res) => {
      const caller = callerOf(res);
      const { user } = await identity.getUser({ id: caller.userId }, caller);
      res.json(ok(toApiUser(user!)));
    }),
  );

  // ---- Admin ----

  const listOf = (request: { type?: number; subscribersOnly?: boolean }) =>
    handle(async (_req, res) => {
      const { users } = await identity.listUsers(request, callerOf(res));
      res.json(ok(users.map(toApiUser)));
    });
  router.get('/user', admin, listOf({}));
  router.get('/user/type/all', admin, listOf({}));
  router.get('/user/type/student', admin, listOf({ type: Roles.student }));
  router.get('/user/type/subscriber', admin, listOf({ subscribersOnly: true }));
  router.get(
    '/user/type/:type',
    admin,
    handle(async (req, res) => {
      const type = param(req, 'type');
      if (!/^[1-4]$/.test(type)) throw new HttpError(400, 'VALIDATION_FAILED', M.unknownUserType);
      const { users } = await identity.listUsers({ type: Number(type) }, callerOf(res));
      res.json(ok(users.map(toApiUser)));
    }),
  );

  const suspension = (suspended: boolean) =>
    handle(async (req, res) => {
      const { user } = await identity.setSuspended({ id: requireId(req), suspended }, callerOf(res));
      res.json(done(suspended ? M.userSuspended : M.userUnsuspended, toApiUser(user!)));
    });
  router.get('/user/suspend/:id', admin, suspension(true));
  router.get('/user/unsuspend/:id', admin, suspension(false));

  router.get(
    '/user/verify/:id',
    admin,
    handle(async (req, res) => {
      const { user } = await identity.markEmailVerified({ id: requireId(req) }, callerOf(res));
      res.json(done(M.adminEmailVerified, toApiUser(user!)));
    }),
  );

  router.post(
    '/user/create-account',
    admin,
    handle(async (req, res) => {
      const body = validate(createAccountSchema, req.body);
      const { user } = await identity.createAccount(body, callerOf(res));
      res.status(201).json(done(M.userAdded, toApiUser(user!)));
    }),
  );

  router.post(
    '/user/instructor-account',
    admin,
    handle(async (req, res) => {
      const body = validate(instructorAccountSchema, req.body);
      const { user } = await identity.createInstructorAccount(body, callerOf(res));
      res.status(201).json(done(M.checkEmailToVerifyAccount, toApiUser(user!)));
    }),
  );

  router.get(
    '/oauthusers',
    admin,
    handle(async (_req, res) => {
      const { users } = await identity.listUsers({ socialOnly: true }, callerOf(res));
      res.json(ok(users.map((u) => ({ _id: u.id, name: u.name, email: u.email, loginFrom: u.loginFrom, createdAt: u.createdAt }))));
    }),
  );

  router.get(
    '/analytics/users/:startDate/:endDate',
    admin,
    handle(async (req, res) => {
      const stats = await identity.userAnalytics({ startDate: param(req, 'startDate'), endDate: param(req, 'endDate') }, callerOf(res));
      res.json(
        ok({
          total: stats.total,
          verified: stats.verified,
          notVerified: stats.notVerified,
          subscriber: stats.subscriber,
          data: stats.users.map(toApiUser),
        }),
      );
    }),
  );

  // ---- Admin, or the user themself (identity checks which) ----

  router.get(
    '/user/:id/photo',
    anyone,
    handle(async (req, res) => {
      const photo = await identity.getUserPhoto({ id: requireId(req) }, callerOf(res));
      sendUserFile(res, photo.data, photo.contentType, 'photo');
    }),
  );

  router.get(
    '/user/:id',
    anyone,
    handle(async (req, res) => {
      const { user } = await identity.getUser({ id: requireId(req) }, callerOf(res));
      res.json(ok(toApiUser(user!)));
    }),
  );

  return router;
}
