/**
 * The Profile tab's save (storefront §2, §7 `POST user/`; issue 12): the signed-in user changes
 * their own password and/or photo; the e-mail never changes here. 'User Updated Successfully!' /
 * 'User Update Failed!'. Identity acts for the verified caller only (decision 0008).
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
  })
  .meta({ id: 'ProfileForm' });

const passwordOf = (req: Request) => {
  const v = (req.body as Record<string, unknown> | undefined)?.password;
  return typeof v === 'string' ? v : '';
};

export function profileRoutes(identity: IdentityApi, tokens: AccessTokenVerifier): RouteSpec[] {
  return [
    defineRoute({
      method: 'post',
      path: '/user/',
      summary: `Change your own password and/or photo (the e-mail stays): '${M.updated}'`,
      auth: { label: 'any signed-in user, for their own account', check: requireAuth(tokens) },
      body: { schema: ProfileForm, mediaType: 'multipart/form-data', documented: ProfileForm, encoding: SIGN_UP_ENCODING },
      before: [
        acceptUploads(
          { photo: { kind: 'image', maxBytes: MAX_PHOTO_BYTES } },
          { maxFields: 5, maxFieldBytes: 4096, tooLarge: () => refusal('PHOTO_TOO_LARGE', { fields: { photo: 'PHOTO_TOO_LARGE' } }) },
        ),
      ],
      responses: {
        200: answer(done(UserSchema)),
        400: fail("'User Update Failed!' (PROFILE_UPDATE_FAILED): nothing to change, a password under 6 characters, or a photo that is not an image"),
        413: fail('The photo is larger than 5 MB (PHOTO_TOO_LARGE)'),
      },
      handler: async ({ req, res }) => {
        const password = passwordOf(req);
        const file = uploadsOf(req, 'photo')[0];
        // Identity checks the password and the photo (PROFILE_UPDATE_FAILED with the field's key).
        if (!password && !file) throw refusal('PROFILE_UPDATE_FAILED', { fields: { password: 'NOTHING_TO_UPDATE' } });
        const photo = file ? await readFile(file.path) : undefined;
        const { user } = await identity.updateProfile({ password, photo }, callerOf(res));
        res.json({ success: true, message: M.updated, data: toApiUser(user!) });
      },
    }),
  ];
}
