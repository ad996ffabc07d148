/** Login by password, e-mailed link, Google or Facebook, and a session's refresh. */
import { IdentityMessages as M } from '@taal/contracts';
import { answer, badRequest, done as doneSchema, empty, fail, tooMany, ok, defineRoute, type RouteSpec } from '@taal/edge';
import { facebookLoginSchema, googleLoginSchema, loginSchema, refreshSchema, signInLinkRequestSchema, signInLinkSchema } from './schemas';
import { refusedWith, done, clientAddress, sessionAnswer, socialLoginRefusals, type IdentityRouteDeps, toApiSession } from './shape';

export function signInRoutes({ identity, limiters }: IdentityRouteDeps): RouteSpec[] {
  const { login: limiter, mail: mailLimiter } = limiters;
  return [
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

  ];
}
