/** Sign-up (with or without a referral code), the e-mail check, e-mail verification and the guardian's approval. */
import { z } from 'zod';
import { readFile } from 'node:fs/promises';
import { AccountFieldLimits as L, IdentityMessages as M, Refusals, type RefusalKey } from '@taal/contracts';
import { sniffImageType } from '@taal/kit';
import { callerOf, refusal, Refused, answer, badRequest, done as doneSchema, empty, fail, tooMany, defineRoute, type RouteSpec, validate, uploadsOf } from '@taal/edge';
import { SIGN_UP_ENCODING, SIGN_UP_FIELDS, signUpForm, signUpSchema } from './schemas';
import { done, photoUpload, clientAddress, text, notBlank, guards, forCaller, type IdentityRouteDeps, toApiUser, UserSchema } from './shape';

export function signUpRoutes({ identity, tokens, limiters }: IdentityRouteDeps): RouteSpec[] {
  const { anyone } = guards(tokens);
  const { mail: mailLimiter, signUp: signUpLimiter, emailCheck: emailCheckLimiter } = limiters;

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
        await identity.resendGuardianMail(forCaller(caller), { id: caller.userId });
        res.json(done(M.guardianMailSent, {}));
      },
    }),
  ];
}
