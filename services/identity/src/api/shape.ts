import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { identityV1, ServiceNames, UserRoles, type RefusalKey, type commerceV1 } from '@taal/contracts';
import { z } from 'zod';
import { isGrpcStatusError, REASON_METADATA_KEY } from '@taal/kit';
import type { IdentityCalls } from '../app/calls';
import type { IdentityLimiters } from './limits';
import { MAX_PHOTO_BYTES } from './schemas';
import { dateTime, requireAuth, refusal, answer, envelope, fail, acceptUploads, callerFor, type AuthenticatedCaller, type ServiceApi, type AccessTokenVerifier } from '@taal/edge';

/**
 * A user as the API shows it (UserSchema below): the specs' field names; money in integer
 * poisha; never the password. Type and sign-in provider stay as identity sends them.
 */
export type ApiUser = Omit<z.output<typeof UserSchema>, 'type' | 'loginFrom'> & { type: number; loginFrom: string };

/**
 * The API path of a user's photo, versioned by its file key (`?v=`, which the route ignores): a
 * new photo has a new key, so a browser never shows the old one from its cache (private,
 * 5 minutes) after a change (issue 40: the header and the Profile tab show it).
 */
export const photoPath = (id: string, key: string) => `/api/v1/user/${id}/photo?v=${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;

export function toApiUser(u: identityV1.User): ApiUser {
  return {
    _id: u.id,
    studentId: u.studentId,
    name: u.name,
    email: u.email,
    phone: u.phone,
    address: u.address,
    photo: u.photo ? photoPath(u.id, u.photo) : '',
    dob: u.dob,
    referralCode: u.referralCode,
    referredBy: u.referredBy,
    pending_balance: u.pendingBalance,
    balance: u.balance,
    subscriber: u.subscriber,
    suspend: u.suspend,
    emailVerify: u.emailVerify,
    first_purchase: u.firstPurchase,
    loginFrom: u.loginFrom,
    type: u.type,
    instructor: u.instructor,
    createdAt: u.createdAt,
    guardianStatus: u.guardianStatus === 'pending' || u.guardianStatus === 'approved' ? u.guardianStatus : '',
    guardianEmail: u.guardianEmail,
  };
}

/** What a login, social login or refresh answers. */
export function toApiSession(s: identityV1.Session | undefined) {
  return {
    token: s?.accessToken ?? '',
    accessTokenExpiresAt: s?.accessTokenExpiresAt ?? '',
    refreshToken: s?.refreshToken ?? '',
    type: s?.user?.type ?? 0,
    user: toApiUser(s?.user ?? identityV1.User.fromPartial({})),
  };
}

// ---- The answers' schemas (the OpenAPI document's components) ----

const ROLE_TYPES = [UserRoles.admin, UserRoles.content, UserRoles.instructor, UserRoles.student] as const;

export const UserSchema = z
  .object({
    _id: z.string(),
    studentId: z.string().meta({ description: 'Unique, e.g. TS-100001' }),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    photo: z.string().meta({ description: 'API path of the photo (send the token), or empty' }),
    dob: z.string().meta({ description: 'YYYY-MM-DD, or empty for social sign-ups' }),
    referralCode: z.string().meta({ description: 'Unique code this user shares' }),
    referredBy: z.string().meta({ description: 'Id of the referring user, or empty' }),
    pending_balance: z.int().min(0).meta({ description: 'Pending referral bonus, integer poisha' }),
    balance: z.int().min(0).meta({ description: 'Wallet balance, integer poisha' }),
    subscriber: z.boolean(),
    suspend: z.boolean(),
    emailVerify: z.boolean(),
    first_purchase: z.boolean().meta({ description: 'True once the user made a first purchase' }),
    loginFrom: z.enum(['', 'Google', 'Facebook']),
    type: z.literal(ROLE_TYPES).meta({ description: '1 admin, 2 content uploader, 3 instructor, 4 student' }),
    instructor: z.string().meta({ description: 'Instructor profile id (instructors), or empty' }),
    createdAt: dateTime(),
    guardianStatus: z.enum(['', 'pending', 'approved']).meta({
      description: "The age rule (decision 0047): '' no guardian needed, 'pending' until the guardian confirms by the mailed link (nothing can be bought), then 'approved'",
    }),
    guardianEmail: z.string().meta({ description: "The guardian's address of a 13-17-year-old student, or empty" }),
  })
  .meta({ id: 'User' });

export const SessionSchema = z
  .object({
    token: z.string().meta({ description: 'Access token (about 15 minutes): send as `Authorization: Bearer …` or `auth-token`' }),
    accessTokenExpiresAt: dateTime(),
    refreshToken: z
      .string()
      .meta({ description: 'Rotating: POST /api/v1/user/refresh returns a new one; reusing an old one ends the session' }),
    type: z.literal(ROLE_TYPES),
    user: UserSchema,
  })
  .meta({ id: 'Session' });

export const OAuthUserSchema = z
  .object({ _id: z.string(), name: z.string(), email: z.string(), loginFrom: z.enum(['Google', 'Facebook']), createdAt: dateTime() })
  .meta({ id: 'OAuthUser' });

export const UserAnalyticsSchema = z
  .object({
    total: z.int().min(0),
    verified: z.int().min(0),
    notVerified: z.int().min(0),
    subscriber: z.int().min(0),
    data: z.array(UserSchema),
    days: z.array(z.object({ day: z.string(), total: z.int().min(0) })).meta({ description: 'Users who joined on each Bangladesh day of the range that has any, in order (kept counts, decision 0083): the sign-ups chart' }),
  })
  .meta({ id: 'UserAnalytics' });

// ---- What the route groups share ----

const ID = /^[A-Za-z0-9-]{1,64}$/;

/** Whether a service refused with this catalogue key (it travels as metadata, decision 0026). */
export const refusedWith = (err: unknown, key: RefusalKey) => isGrpcStatusError(err) && err.metadata.get(REASON_METADATA_KEY)[0] === key;

/** `{ success: true, message, data }`: an action's answer carries the spec's success message. */
export const done = <T>(message: string, data: T) => ({ success: true as const, message, data });

/** The sign-up photo through the one upload mechanism (http/uploads); over 5 MB is a 413 with the photo's refusal. */
export const photoUpload = () =>
  acceptUploads(
    { photo: { kind: 'image', maxBytes: MAX_PHOTO_BYTES } },
    { maxFields: 20, tooLarge: () => refusal('PHOTO_TOO_LARGE', { fields: { photo: 'PHOTO_NOT_IMAGE' } }) },
  );

export function requireId(param: (name: string) => string, name = 'id'): string {
  const id = param(name);
  if (!ID.test(id)) throw refusal('USER_NOT_FOUND');
  return id;
}

/** The client's address: the TCP peer, or X-Forwarded-For's as far as `trust proxy` allows. */
export const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

const ADMIN = 'admin only';
const SIGNED_IN = 'any signed-in user';

/** How a route calls identity's use cases: as identity itself, for the caller the edge verified (issue 52). */
export const forCaller = (caller: AuthenticatedCaller) => callerFor(ServiceNames.identity, caller);

/** Identity's use cases (src/app), which its routes call directly: they run beside them (issue 52). */
export interface IdentityUseCases {
  identity: IdentityCalls;
}

/** What the route groups are given (index.ts builds it once). */
export interface IdentityRouteDeps extends IdentityUseCases {
  tokens: AccessTokenVerifier;
  limiters: IdentityLimiters;
  commerce: ServiceApi<commerceV1.CommerceServiceServer>;
}

/** Who may call: admins, or any signed-in user. */
export function guards(tokens: AccessTokenVerifier) {
  return { admin: { label: ADMIN, check: requireAuth(tokens, UserRoles.admin) }, anyone: { label: SIGNED_IN, check: requireAuth(tokens) } };
}

export const text = (description: string) => ({ schema: z.string(), description });
/** A path parameter that is trimmed before use: not blank. */
export const notBlank = (description: string) => ({ schema: z.string().regex(/\S/), description });
export const sessionAnswer = answer(envelope(SessionSchema));
export const socialLoginRefusals = {
  400: fail('Missing or invalid fields, or this login method is not available (SOCIAL_LOGIN_NOT_CONFIGURED: no client id configured)'),
  401: fail('The token was not accepted (LOGIN_FAILED), or the account is suspended (ACCOUNT_SUSPENDED)'),
};
export const unknownUser = { 404: fail('Unknown user') };
