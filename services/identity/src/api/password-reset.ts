/** Password reset: the e-mailed link and the new password. */
import { IdentityMessages as M } from '@taal/contracts';
import { refusal, answer, done as doneSchema, empty, fail, tooMany, defineRoute, type RouteSpec } from '@taal/edge';
import { passwordResetSchema } from './schemas';
import { done, clientAddress, notBlank, type IdentityRouteDeps } from './shape';

export function passwordResetRoutes({ identity, limiters }: IdentityRouteDeps): RouteSpec[] {
  const { mail: mailLimiter } = limiters;
  return [
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
  ];
}
