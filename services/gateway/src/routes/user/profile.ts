/**
 * The Profile tab's save (storefront §2, §7 `POST user/`; issue 12): the signed-in user changes
 * their own password and/or photo; the e-mail never changes here. 'User Updated Successfully!' /
 * 'User Update Failed!'. Identity acts for the verified caller only (decision 0008).
 */
import { readFile } from 'node:fs/promises';
import type { Request } from 'express';
import { status } from '@grpc/grpc-js';
import { z } from 'zod';
import { isGrpcStatusError } from '@taal/kit';
import type { IdentityApi } from '../../clients/identity';
import { answer, done, fail } from '../../http/api-schemas';
import { callerOf, requireAuth } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { defineRoute, type RouteSpec } from '../../http/route-table';
import { acceptUploads, uploadsOf } from '../../http/uploads';
import { MAX_PHOTO_BYTES, SIGN_UP_ENCODING } from './schemas';
import { toApiUser, UserSchema } from './shape';

export const ProfileMessages = { updated: 'User Updated Successfully!', failed: 'User Update Failed!' } as const;
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

export function profileRoutes(identity: IdentityApi): RouteSpec[] {
  return [
    defineRoute({
      method: 'post',
      path: '/user/',
      summary: `Change your own password and/or photo (the e-mail stays): '${M.updated}'`,
      auth: { label: 'any signed-in user, for their own account', check: requireAuth(identity) },
      body: { schema: ProfileForm, mediaType: 'multipart/form-data', documented: ProfileForm, encoding: SIGN_UP_ENCODING },
      before: [
        acceptUploads(
          { photo: { kind: 'image', maxBytes: MAX_PHOTO_BYTES } },
          { maxFields: 5, maxFieldBytes: 4096, tooLarge: () => new HttpError(413, 'PAYLOAD_TOO_LARGE', M.failed, { photo: 'The photo is larger than 5 MB' }) },
        ),
      ],
      responses: {
        200: answer(done(UserSchema)),
        400: fail(`'${M.failed}': nothing to change, a password under 6 characters, or a photo that is not an image`),
        413: fail('The photo is larger than 5 MB'),
      },
      handler: async ({ req, res }) => {
        const password = passwordOf(req);
        const file = uploadsOf(req, 'photo')[0];
        if (!password && !file) throw new HttpError(400, 'VALIDATION_FAILED', M.failed, { password: 'Send a new password or a photo' });
        if (password && password.length < 6) throw new HttpError(400, 'VALIDATION_FAILED', M.failed, { password: 'At least 6 characters' });
        const photo = file ? await readFile(file.path) : undefined;
        const { user } = await identity.updateProfile({ password, photo }, callerOf(res)).catch((err: unknown) => {
          if (isGrpcStatusError(err) && err.code === status.INVALID_ARGUMENT) throw new HttpError(400, 'VALIDATION_FAILED', M.failed);
          throw err;
        });
        res.json({ success: true, message: M.updated, data: toApiUser(user!) });
      },
    }),
  ];
}
