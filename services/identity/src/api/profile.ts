/**
 * The Profile tab's save (storefront §2, §7 `POST user/`; issues 12 and 27): the signed-in user
 * changes their own name, phone, address and date of birth (each with its sign-up rule, checked
 * by identity), password and/or photo; the e-mail never changes here. 'User Updated
 * Successfully!' / 'User Update Failed!'. Identity acts for the verified caller only (decision 0008).
 * A new password needs the current one (issue 36, decision 0039); wrong ones count as failed
 * logins of the account, with login's limiter (decision 0005).
 */
import { readFile } from 'node:fs/promises';
import type { Request } from 'express';
import { z } from 'zod';
import { AccountFieldLimits as L, identityV1, NAME_PATTERN } from '@taal/contracts';
import { isGrpcStatusError, REASON_METADATA_KEY } from '@taal/kit';
import type { IdentityCalls } from '../app/calls';
import { answer, done, fail, callerOf, requireAuth, refusal, defineRoute, type RouteSpec, acceptUploads, uploadsOf, tooMany, type AccessTokenVerifier } from '@taal/edge';
import type { LoginLimiter } from './limits';
import { MAX_PHOTO_BYTES, SIGN_UP_ENCODING } from './schemas';
import { forCaller, toApiUser, UserSchema } from './shape';

/** The success answer; 'User Update Failed!' is the refusal PROFILE_UPDATE_FAILED (its fields say why). */
export const ProfileMessages = { updated: 'User Updated Successfully!' } as const;
const M = ProfileMessages;

const ProfileForm = z
  .object({
    password: z.string().optional().meta({ description: 'A new password, at least 6 characters; omitted: unchanged. Needs currentPassword' }),
    currentPassword: z
      .string()
      .optional()
      .meta({
        description: `The password the account has now, needed with a new password: without it 403 CURRENT_PASSWORD_REQUIRED, a wrong one 403 CURRENT_PASSWORD_WRONG (counted as a failed login), an account without a password 403 PASSWORD_SET_BY_MAIL (it sets one through a reset link); at most ${L.password} characters`,
      }),
    photo: z.string().optional().meta({ format: 'binary', description: 'A new photo (JPEG, PNG, GIF, WebP), at most 5 MB; omitted: unchanged' }),
    name: z
      .string()
      .max(1000)
      .optional()
      .meta({
        pattern: NAME_PATTERN,
        description: 'The name (sign-up rule: required, at most 100 characters, no control, invisible or formatting characters); omitted: unchanged',
      }),
    phone: z.string().max(1000).optional().meta({ description: 'The phone number (sign-up rule: digits only, at most 20); omitted: unchanged' }),
    address: z.string().max(1000).optional().meta({ description: 'The address (sign-up rule: at most 500 characters); omitted: unchanged' }),
    dob: z
      .string()
      .max(100)
      .optional()
      .meta({
        description:
          'The date of birth, YYYY-MM-DD, not in the future; omitted: unchanged. Given once (decision 0077): an account without one (a Google or Facebook sign-up) sets it under the age rule (under 13 TOO_YOUNG, nothing stored; 13 to 17 with guardianEmail, then pending until the guardian approves); a stored one cannot be changed (DOB_LOCKED; the same date again is no change)',
      }),
    guardianEmail: z
      .string()
      .max(1000)
      .optional()
      .meta({ description: "A parent's or guardian's e-mail, with a first date of birth of 13 to 17 (GUARDIAN_EMAIL_REQUIRED, _INVALID, _SAME as at sign-up); ignored otherwise" }),
  })
  .meta({ id: 'ProfileForm' });

const secretOf = (req: Request, field: 'password' | 'currentPassword') => {
  const v = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof v === 'string' ? v : '';
};
/** The client's address: the TCP peer, or X-Forwarded-For's as far as `trust proxy` allows. */
const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
const refusedWith = (err: unknown, key: string) => isGrpcStatusError(err) && err.metadata.get(REASON_METADATA_KEY)[0] === key;
/** The details sent (a field left out stays unchanged; an empty one is checked, so refused as missing). */
const detailsOf = (req: Request) => {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
  return { name: field('name'), phone: field('phone'), address: field('address'), dob: field('dob') };
};

export function profileRoutes(identity: IdentityCalls, tokens: AccessTokenVerifier, loginLimiter: LoginLimiter): RouteSpec[] {
  return [
    defineRoute({
      method: 'post',
      path: '/user/',
      summary: `Change your own name, phone, address, date of birth, password (with the current one) and/or photo (the e-mail stays): '${M.updated}'`,
      auth: { label: 'any signed-in user, for their own account', check: requireAuth(tokens) },
      body: { schema: ProfileForm, mediaType: 'multipart/form-data', documented: ProfileForm, encoding: SIGN_UP_ENCODING },
      before: [
        acceptUploads(
          { photo: { kind: 'image', maxBytes: MAX_PHOTO_BYTES } },
          { maxFields: 12, maxFieldBytes: 4096, tooLarge: () => refusal('PHOTO_TOO_LARGE', { fields: { photo: 'PHOTO_TOO_LARGE' } }) },
        ),
      ],
      responses: {
        200: answer(done(UserSchema)),
        400: fail(
          "'User Update Failed!' (PROFILE_UPDATE_FAILED): a detail that breaks its sign-up rule (fieldReasons), a password under 6 characters, or a photo that is not an image; NOTHING_TO_UPDATE: nothing to change; DOB_LOCKED: another date of birth than the stored one; TOO_YOUNG or a guardian's address refused with a first date of birth (decision 0077)",
        ),
        413: fail('The photo is larger than 5 MB (PHOTO_TOO_LARGE)'),
        429: tooMany('Too many wrong passwords for this account or from this client: the wait of failed logins (LOGIN_DELAYED, TOO_MANY_LOGIN_ATTEMPTS)'),
      },
      handler: async ({ req, res }) => {
        const password = secretOf(req, 'password');
        const currentPassword = secretOf(req, 'currentPassword');
        const file = uploadsOf(req, 'photo')[0];
        const details = detailsOf(req);
        // Identity checks every field with its sign-up rule (PROFILE_UPDATE_FAILED with the fields' keys).
        // Nothing to change is not a failed update: the answer says so itself (issue 40: a red
        // 'User Update Failed!' hid the reason).
        if (!password && !file && Object.values(details).every((v) => v === undefined)) throw refusal('NOTHING_TO_UPDATE');
        const photo = file ? await readFile(file.path) : undefined;
        const caller = callerOf(res);
        const guardianEmail = typeof req.body?.guardianEmail === 'string' ? (req.body.guardianEmail as string) : '';
        const update = () => identity.updateProfile(forCaller(caller), identityV1.UpdateProfileRequest.fromPartial({ password, currentPassword, photo, ...details, guardianEmail }));
        if (!password) {
          const { user } = await update();
          res.json({ success: true, message: M.updated, data: toApiUser(user!) });
          return;
        }
        // A guess of the current password is a guess of the account's password: it takes its slot
        // in login's counters (per account, by its address, and per client) before it is checked.
        const { user: me } = await identity.getUser(forCaller(caller), { id: caller.userId });
        const attempt = await loginLimiter.begin(me!.email, clientAddress(req));
        let user;
        try {
          ({ user } = await update());
        } catch (err) {
          await (refusedWith(err, 'CURRENT_PASSWORD_WRONG') ? attempt.failed() : attempt.notCounted());
          throw err;
        }
        await attempt.succeeded();
        res.json({ success: true, message: M.updated, data: toApiUser(user!) });
      },
    }),
  ];
}
