/**
 * The Profile tab's save (storefront §2, §7 `POST user/`; issues 12 and 27): the signed-in user
 * changes their own name, phone, address and date of birth (each with its sign-up rule, checked
 * by identity), password and/or photo; the e-mail never changes here. 'User Updated
 * Successfully!' / 'User Update Failed!'. Identity acts for the verified caller only (decision 0008).
 */
import { readFile } from 'node:fs/promises';
import type { Request } from 'express';
import { z } from 'zod';
import type { IdentityApi } from './client';
import { answer, done, fail, callerOf, requireAuth, refusal, defineRoute, type RouteSpec, acceptUploads, uploadsOf, type AccessTokenVerifier } from '@taal/edge';
import { MAX_PHOTO_BYTES, SIGN_UP_ENCODING } from './schemas';
import { toApiUser, UserSchema } from './shape';

/** The success answer; 'User Update Failed!' is the refusal PROFILE_UPDATE_FAILED (its fields say why). */
export const ProfileMessages = { updated: 'User Updated Successfully!' } as const;
const M = ProfileMessages;

const ProfileForm = z
  .object({
    password: z.string().optional().meta({ description: 'A new password, at least 6 characters; omitted: unchanged' }),
    photo: z.string().optional().meta({ format: 'binary', description: 'A new photo (JPEG, PNG, GIF, WebP), at most 5 MB; omitted: unchanged' }),
    name: z.string().max(1000).optional().meta({ description: 'The name (sign-up rule: required, at most 100 characters); omitted: unchanged' }),
    phone: z.string().max(1000).optional().meta({ description: 'The phone number (sign-up rule: digits only, at most 20); omitted: unchanged' }),
    address: z.string().max(1000).optional().meta({ description: 'The address (sign-up rule: at most 500 characters); omitted: unchanged' }),
    dob: z.string().max(100).optional().meta({ description: 'The date of birth, YYYY-MM-DD, not in the future; omitted: unchanged' }),
  })
  .meta({ id: 'ProfileForm' });

const passwordOf = (req: Request) => {
  const v = (req.body as Record<string, unknown> | undefined)?.password;
  return typeof v === 'string' ? v : '';
};
/** The details sent (a field left out stays unchanged; an empty one is checked, so refused as missing). */
const detailsOf = (req: Request) => {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
  return { name: field('name'), phone: field('phone'), address: field('address'), dob: field('dob') };
};

export function profileRoutes(identity: IdentityApi, tokens: AccessTokenVerifier): RouteSpec[] {
  return [
    defineRoute({
      method: 'post',
      path: '/user/',
      summary: `Change your own name, phone, address, date of birth, password and/or photo (the e-mail stays): '${M.updated}'`,
      auth: { label: 'any signed-in user, for their own account', check: requireAuth(tokens) },
      body: { schema: ProfileForm, mediaType: 'multipart/form-data', documented: ProfileForm, encoding: SIGN_UP_ENCODING },
      before: [
        acceptUploads(
          { photo: { kind: 'image', maxBytes: MAX_PHOTO_BYTES } },
          { maxFields: 10, maxFieldBytes: 4096, tooLarge: () => refusal('PHOTO_TOO_LARGE', { fields: { photo: 'PHOTO_TOO_LARGE' } }) },
        ),
      ],
      responses: {
        200: answer(done(UserSchema)),
        400: fail("'User Update Failed!' (PROFILE_UPDATE_FAILED): nothing to change, a detail that breaks its sign-up rule (fieldReasons), a password under 6 characters, or a photo that is not an image"),
        413: fail('The photo is larger than 5 MB (PHOTO_TOO_LARGE)'),
      },
      handler: async ({ req, res }) => {
        const password = passwordOf(req);
        const file = uploadsOf(req, 'photo')[0];
        const details = detailsOf(req);
        // Identity checks every field with its sign-up rule (PROFILE_UPDATE_FAILED with the fields' keys).
        if (!password && !file && Object.values(details).every((v) => v === undefined)) throw refusal('PROFILE_UPDATE_FAILED', { fields: { password: 'NOTHING_TO_UPDATE' } });
        const photo = file ? await readFile(file.path) : undefined;
        const { user } = await identity.updateProfile({ password, photo, ...details }, callerOf(res));
        res.json({ success: true, message: M.updated, data: toApiUser(user!) });
      },
    }),
  ];
}
