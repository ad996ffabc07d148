/**
 * OpenAPI 3.1 description of the public REST API. Kept true by api.itest.ts, which checks
 * every Express route is documented and every documented answer matches its schema, and by
 * tools/contract/schemathesis.sh, which fuzzes every route against these request rules.
 */
import { AccountFieldLimits as L, CONTROL_CHARACTERS_PATTERN, EMAIL_PATTERN, MAX_EMAIL_LOCAL_PART, REASON_KEY_PATTERN } from '@taal/contracts';

const tier = {
  type: 'object',
  required: ['price', 'oldPrice', 'validity'],
  properties: {
    price: { type: 'integer', minimum: 0, description: 'Integer poisha (1 BDT = 100 poisha)' },
    oldPrice: { type: 'integer', minimum: 0, description: 'Integer poisha' },
    validity: { type: 'integer', minimum: 1, description: 'Days of access' },
  },
  additionalProperties: false,
};

const stringList = { type: 'array', items: { type: 'string' } };

const schemas = {
  Error: {
    type: 'object',
    required: ['success', 'message', 'code', 'reason'],
    properties: {
      success: { const: false },
      message: { type: 'string', description: 'Human-readable; the specs\' wording where they have one' },
      code: {
        type: 'string',
        description:
          'NOT_FOUND, VALIDATION_FAILED, UNAUTHENTICATED, PERMISSION_DENIED, TOO_MANY_REQUESTS, EMAIL_TAKEN, ' +
          'INVALID_CREDENTIALS, EMAIL_NOT_VERIFIED, ACCOUNT_SUSPENDED, SESSION_EXPIRED, REFRESH_TOKEN_REUSED, LINK_INVALID, UNAVAILABLE, …',
      },
      reason: {
        type: 'string',
        pattern: REASON_KEY_PATTERN,
        description:
          'Stable key for clients to translate (decision 0002): the catalogue key of the message in CONSTANT_CASE ' +
          '(LOGIN_FAILED, EMAIL_NOT_VERIFIED, EMAIL_TAKEN, ACCOUNT_SUSPENDED, TOO_MANY_LOGIN_ATTEMPTS, …), else equal to code',
      },
      fields: {
        type: 'object',
        description: 'Per-field messages of a rejected form (field → message)',
        additionalProperties: { type: 'string' },
      },
      fieldReasons: {
        type: 'object',
        description: 'The same fields → stable reason keys (INVALID_EMAIL, NAME_REQUIRED, …; INVALID_VALUE when uncatalogued)',
        additionalProperties: { type: 'string', pattern: REASON_KEY_PATTERN },
      },
    },
    additionalProperties: false,
  },
  Tier: tier,
  Course: {
    type: 'object',
    required: [
      '_id', 'title', 'subtitle', 'desc', 'courseHour', 'catagory', 'courseType', 'instructor', 'price', 'oldPrice',
      'validity', 'priceSilver', 'priceGold', 'priceDiamond', 'published', 'featured', 'bundle', 'thumbnail', 'banner',
      'topic', 'requirements', 'whoFor', 'freeLessons', 'sold', 'createdAt',
    ],
    properties: {
      _id: { type: 'string' },
      title: { type: 'string' },
      subtitle: { type: 'string' },
      desc: { type: 'string', description: 'HTML description' },
      courseHour: { type: 'integer', minimum: 0 },
      catagory: { enum: ['Guitar', 'Bass Guitar', 'Drums', 'Piano & Keyboard', 'Sound Engineering'] },
      courseType: { enum: ['beginner', 'intermediate', 'advanced'] },
      instructor: { type: 'string', description: 'Instructor id' },
      price: { type: 'integer', minimum: 0, description: 'Integer poisha' },
      oldPrice: { type: 'integer', minimum: 0, description: 'Integer poisha' },
      validity: { type: 'integer', minimum: 1 },
      priceSilver: { $ref: '#/components/schemas/Tier' },
      priceGold: { $ref: '#/components/schemas/Tier' },
      priceDiamond: { $ref: '#/components/schemas/Tier' },
      published: { type: 'boolean' },
      featured: { type: 'boolean' },
      bundle: { type: 'boolean' },
      thumbnail: { type: 'string' },
      banner: { type: 'string' },
      topic: stringList,
      requirements: stringList,
      whoFor: stringList,
      freeLessons: {
        type: 'array',
        items: {
          type: 'object',
          required: ['title', 'youtube'],
          properties: { title: { type: 'string' }, youtube: { type: 'string' } },
          additionalProperties: false,
        },
      },
      sold: { type: 'integer', minimum: 0 },
      createdAt: { type: 'string', format: 'date-time' },
    },
    additionalProperties: false,
  },
  Instructor: {
    type: 'object',
    required: ['_id', 'name', 'bio', 'band', 'photo', 'banner', 'featured', 'published', 'course', 'createdAt'],
    properties: {
      _id: { type: 'string' },
      name: { type: 'string' },
      bio: { type: 'string' },
      band: { type: 'string' },
      photo: { type: 'string' },
      banner: { type: 'string' },
      featured: { type: 'boolean' },
      published: { type: 'boolean' },
      course: { ...stringList, description: 'Ids of the instructor’s published courses' },
      createdAt: { type: 'string', format: 'date-time' },
    },
    additionalProperties: false,
  },
  User: {
    type: 'object',
    required: [
      '_id', 'studentId', 'name', 'email', 'phone', 'address', 'photo', 'dob', 'referralCode', 'referredBy',
      'pending_balance', 'balance', 'subscriber', 'suspend', 'emailVerify', 'first_purchase', 'loginFrom', 'type',
      'instructor', 'createdAt',
    ],
    properties: {
      _id: { type: 'string' },
      studentId: { type: 'string', description: 'Unique, e.g. TS-100001' },
      name: { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
      address: { type: 'string' },
      photo: { type: 'string', description: 'API path of the photo (send the token), or empty' },
      dob: { type: 'string', description: 'YYYY-MM-DD, or empty for social sign-ups' },
      referralCode: { type: 'string', description: 'Unique code this user shares' },
      referredBy: { type: 'string', description: 'Id of the referring user, or empty' },
      pending_balance: { type: 'integer', minimum: 0, description: 'Pending referral bonus, integer poisha' },
      balance: { type: 'integer', minimum: 0, description: 'Wallet balance, integer poisha' },
      subscriber: { type: 'boolean' },
      suspend: { type: 'boolean' },
      emailVerify: { type: 'boolean' },
      first_purchase: { type: 'boolean', description: 'True once the user made a first purchase' },
      loginFrom: { enum: ['', 'Google', 'Facebook'] },
      type: { enum: [1, 2, 3, 4], description: '1 admin, 2 content uploader, 3 instructor, 4 student' },
      instructor: { type: 'string', description: 'Instructor profile id (instructors), or empty' },
      createdAt: { type: 'string', format: 'date-time' },
    },
    additionalProperties: false,
  },
  Session: {
    type: 'object',
    required: ['token', 'accessTokenExpiresAt', 'refreshToken', 'type', 'user'],
    properties: {
      token: { type: 'string', description: 'Access token (about 15 minutes): send as `Authorization: Bearer …` or `auth-token`' },
      accessTokenExpiresAt: { type: 'string', format: 'date-time' },
      refreshToken: { type: 'string', description: 'Rotating: POST /api/v1/user/refresh returns a new one; reusing an old one ends the session' },
      type: { enum: [1, 2, 3, 4] },
      user: { $ref: '#/components/schemas/User' },
    },
    additionalProperties: false,
  },
  OAuthUser: {
    type: 'object',
    required: ['_id', 'name', 'email', 'loginFrom', 'createdAt'],
    properties: {
      _id: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      loginFrom: { enum: ['Google', 'Facebook'] },
      createdAt: { type: 'string', format: 'date-time' },
    },
    additionalProperties: false,
  },
  UserAnalytics: {
    type: 'object',
    required: ['total', 'verified', 'notVerified', 'subscriber', 'data'],
    properties: {
      total: { type: 'integer', minimum: 0 },
      verified: { type: 'integer', minimum: 0 },
      notVerified: { type: 'integer', minimum: 0 },
      subscriber: { type: 'integer', minimum: 0 },
      data: { type: 'array', items: { $ref: '#/components/schemas/User' } },
    },
    additionalProperties: false,
  },
  UpcomingCourse: {
    type: 'object',
    required: ['_id', 'name', 'photo'],
    properties: { _id: { type: 'string' }, name: { type: 'string' }, photo: { type: 'string' } },
    additionalProperties: false,
  },
} as const;

const envelope = (data: object) => ({
  type: 'object',
  required: ['success', 'data'],
  properties: { success: { const: true }, data },
  additionalProperties: false,
});

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: keyof typeof schemas) => ({ $ref: `#/components/schemas/${name}` });
const listOf = (name: keyof typeof schemas) => envelope({ type: 'array', items: ref(name) });
const errors = {
  '503': { description: 'A service behind the gateway is down', content: json(ref('Error')) },
  '504': { description: 'A service behind the gateway did not answer within its deadline', content: json(ref('Error')) },
};

// ---- Request rules: every rule the gateway (routes/*/schemas.ts, http/hardening.ts) and the
// services enforce, so a request valid per this document is never refused as malformed. The
// account field rules come from the same module identity and the gateway enforce them with.
// Text fields are trimmed before they are checked: `pattern: '\\S'` is "not blank". Lengths are
// counted in UTF-16 code units (a character outside the BMP, such as an emoji, counts twice).
const NOT_BLANK = '\\S';
/** A required text field: not blank, at most `maxLength` characters. */
const text = (maxLength: number, description?: string) => ({
  type: 'string',
  minLength: 1,
  maxLength,
  pattern: NOT_BLANK,
  ...(description ? { description } : {}),
});
const optionalText = (maxLength: number, description?: string) => ({ type: 'string', maxLength, ...(description ? { description } : {}) });
/** Control characters (C0, DEL, C1), line/paragraph separators and bidirectional marks. */
const CONTROL = CONTROL_CHARACTERS_PATTERN.slice(1, -1);
/** A required one-line text field: not blank, at most `maxLength` characters, none of those characters. */
const plainText = (maxLength: number, what: string) => ({
  type: 'string',
  minLength: 1,
  maxLength,
  pattern: `^[^${CONTROL}]*[^\\s${CONTROL}][^${CONTROL}]*$`,
  description: `${what}: at most ${maxLength} characters, no control characters`,
});
const personName = plainText(L.name, 'Name');
const email = {
  type: 'string',
  minLength: 6,
  maxLength: L.email,
  // The strict form of @taal/contracts' account rules, and a local part of at most 64 characters.
  pattern: EMAIL_PATTERN,
  allOf: [{ pattern: `^[^@]{1,${MAX_EMAIL_LOCAL_PART}}@` }],
  description: 'One address, local@domain.tld (no display name, no spaces); compared lower-cased',
};
/** A password as typed (not trimmed). */
const password = { type: 'string', minLength: 6, maxLength: L.password, description: 'At least 6 characters' };
const confirmPassword = { type: 'string', minLength: 6, maxLength: L.password, description: 'The same as password' };
/** Ids in paths (users, courses, instructors) are UUIDs (http/hardening.ts): anything else is answered 404. */
const ID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: ID_PATTERN }, description: 'A UUID' };
const pathParam = (name: string, description?: string, schema: object = { type: 'string' }) => ({
  name,
  in: 'path',
  required: true,
  schema,
  ...(description ? { description } : {}),
});
const DAY_PATTERN = '^([0-9]{1,2}-[0-9]{1,2}-[0-9]{4}|[0-9]{4}-[0-9]{2}-[0-9]{2})$';

/** An action's answer: the spec's success message beside the data. */
const done = (data: object) => ({
  type: 'object',
  required: ['success', 'message', 'data'],
  properties: { success: { const: true }, message: { type: 'string' }, data },
  additionalProperties: false,
});
const empty = { type: 'object', additionalProperties: false };
const fail = (description: string) => ({ description, content: json(ref('Error')) });
const badRequest = { '400': fail('Missing or invalid fields: `message` is the first problem, `fields` lists each') };
const secured = {
  '401': fail('No token, or a token that is expired, revoked or belongs to a suspended user'),
  '403': fail('The caller’s role may not do this'),
};
const security = [{ bearer: [] }, { authToken: [] }];
const jsonBody = (properties: Record<string, object>, required: string[]) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', required, properties } } },
});

interface OperationSpec {
  summary: string;
  ok: object;
  okStatus?: '200' | '201';
  responses?: Record<string, object>;
  params?: object[];
  body?: object;
  auth?: string;
}

function operation(o: OperationSpec) {
  return {
    summary: o.auth ? `${o.summary} (${o.auth})` : o.summary,
    ...(o.params ? { parameters: o.params } : {}),
    ...(o.body ? { requestBody: o.body } : {}),
    ...(o.auth ? { security } : {}),
    responses: {
      [o.okStatus ?? '200']: { description: 'OK', content: json(o.ok) },
      ...o.responses,
      ...(o.auth ? secured : {}),
      ...errors,
    },
  };
}

const ADMIN = 'admin only';
const userList = (summary: string) => ({ get: operation({ summary, ok: listOf('User'), auth: ADMIN }) });
const signUpBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['name', 'email', 'password', 'confirmPassword', 'photo', 'dob', 'phone', 'address'],
        properties: {
          name: personName,
          email,
          password,
          confirmPassword,
          photo: {
            type: 'string',
            format: 'binary',
            minLength: 1,
            maxLength: 5 * 1024 * 1024,
            description: 'An image file (JPEG, PNG, GIF, WebP; decoded and re-encoded), not empty, at most 5 MB',
          },
          dob: { type: 'string', format: 'date', description: 'YYYY-MM-DD, a real day, not in the future (Dhaka time)' },
          phone: { type: 'string', minLength: 1, maxLength: L.phone, pattern: '^[0-9]+$', description: 'Digits only' },
          address: plainText(L.address, 'Address'),
          refercode: optionalText(L.referCode, 'Optional referral code (an unknown code is ignored)'),
        },
        // The form's fields only: the upload refuses unnamed parts, a second file and more than 20 fields.
        additionalProperties: false,
      },
      encoding: { photo: { contentType: 'image/jpeg, image/png, image/gif, image/webp' } },
    },
  },
};
const signUp = (params?: object[]) => ({
  post: operation({
    summary: 'Sign up as a student; a verification link is e-mailed. Messages as in the storefront spec §5',
    ok: done(ref('User')),
    okStatus: '201',
    body: signUpBody,
    params,
    responses: { ...badRequest, '409': fail('Email is already registered, please use login to continue.') },
  }),
});
const sessionAnswer = envelope(ref('Session'));
const socialLoginRefusals = {
  '400': fail('Missing or invalid fields (VALIDATION_FAILED), or this login method is not available (FAILED_PRECONDITION: no client id configured)'),
};

function read(summary: string, ok: object, extra: Record<string, object> = {}) {
  return {
    get: {
      summary,
      responses: { '200': { description: 'OK', content: json(ok) }, ...extra, ...errors },
    },
  };
}

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Taal public API',
    version: '1.0.0',
    description:
      'Online music-lessons marketplace. All money is integer poisha (1 BDT = 100 poisha). ' +
      'Text fields are trimmed before they are checked, and their lengths are counted in UTF-16 code units ' +
      '(a character outside the Basic Multilingual Plane, such as an emoji, counts as two).',
  },
  servers: [{ url: '/' }],
  paths: {
    '/api/v1/course/': read('Published courses, newest first', listOf('Course')),
    '/api/v1/course/featured/': read('Featured published courses', listOf('Course')),
    '/api/v1/course/upcoming': read('Upcoming courses', listOf('UpcomingCourse')),
    '/api/v1/course/{id}/': {
      get: {
        ...read('One published course', envelope(ref('Course')), {
          '404': { description: 'Unknown or unpublished course', content: json(ref('Error')) },
        }).get,
        parameters: [idParam],
      },
    },
    '/api/v1/instructor/': read('Published instructors', listOf('Instructor')),
    '/api/v1/instructor/featured/': read('Featured instructors, at most 10', listOf('Instructor')),
    '/api/v1/instructor/{id}/': {
      get: {
        ...read('One published instructor', envelope(ref('Instructor')), {
          '404': { description: 'Unknown or unpublished instructor', content: json(ref('Error')) },
        }).get,
        parameters: [idParam],
      },
    },
    '/api/v1/user/signup/': signUp(),
    '/api/v1/user/signup/{refercode}': signUp([pathParam('refercode', 'Referral code of an existing user; an unknown code is ignored', { type: 'string', maxLength: L.referCode })]),
    '/api/v1/user/checkemail/{email}': {
      get: operation({
        summary: 'Whether an e-mail address is registered: success means it exists, 404 means it is free',
        ok: done({ type: 'object', required: ['exists'], properties: { exists: { const: true } }, additionalProperties: false }),
        params: [pathParam('email', 'Any text; only a well-formed registered address exists')],
        responses: { '404': fail('The address is free') },
      }),
    },
    '/api/v1/user/re-verify/{id}': {
      get: operation({
        summary: 'Sends the verification e-mail again (user id or e-mail address); nothing is sent to a verified user',
        ok: done(empty),
        params: [pathParam('id', 'User id or e-mail address', { type: 'string', pattern: NOT_BLANK })],
        responses: { ...badRequest, '404': fail('Unknown user'), '429': fail('Too many mails for this user or from this address') },
      }),
    },
    '/api/v1/user/verify-email/{token}': {
      get: operation({
        summary: 'The link of the verification e-mail: marks the address verified (valid 24 hours)',
        ok: done(ref('User')),
        params: [pathParam('token', 'Signed verification token from the e-mail')],
        responses: { '400': fail('This verification link is invalid or has expired') },
      }),
    },
    '/api/v1/user/login/': {
      post: operation({
        summary: 'Log in with e-mail and password; unverified e-mail addresses and suspended users are refused (403)',
        ok: sessionAnswer,
        body: jsonBody({ email, password: { type: 'string', minLength: 1, maxLength: L.password } }, ['email', 'password']),
        responses: {
          '400': fail('Email or password is missing!'),
          '401': fail('Login Failed!! Please try with correct Credentials.'),
          '403': fail('E-mail not verified (EMAIL_NOT_VERIFIED) or account suspended (ACCOUNT_SUSPENDED)'),
          '429': fail('Too many failed logins for this account or from this address'),
        },
      }),
    },
    '/api/v1/user/googlelogin': {
      post: operation({
        summary: 'Log in (or sign up) with a Google ID token',
        ok: sessionAnswer,
        body: jsonBody({ tokenId: text(8192, 'Google ID token') }, ['tokenId']),
        responses: { ...socialLoginRefusals, '401': fail('The token was not accepted'), '403': fail('Account suspended') },
      }),
    },
    '/api/v1/user/fblogin': {
      post: operation({
        summary: 'Log in (or sign up) with a Facebook user access token',
        ok: sessionAnswer,
        body: jsonBody(
          { accessToken: text(4096, 'Facebook user access token'), userID: { anyOf: [text(64), { type: 'number' }], description: 'Facebook user id' } },
          ['accessToken', 'userID'],
        ),
        responses: { ...socialLoginRefusals, '401': fail('The token was not accepted'), '403': fail('Account suspended') },
      }),
    },
    '/api/v1/user/refresh': {
      post: operation({
        summary: 'Exchanges a refresh token for new tokens (rotation); a reused refresh token revokes the session',
        ok: sessionAnswer,
        body: jsonBody({ refreshToken: text(200) }, ['refreshToken']),
        responses: { ...badRequest, '401': fail('Unknown, expired, revoked or reused refresh token') },
      }),
    },
    '/api/v1/user/passwordreset': {
      post: {
        summary: 'Password reset without an address: always refused, the address belongs in the path',
        responses: { '400': fail('any of the field is missing'), ...errors },
      },
    },
    '/api/v1/user/passwordreset/{email}': {
      post: operation({
        summary: 'E-mails a one-time password-reset link (valid one hour); the same answer for unknown addresses',
        ok: done(empty),
        params: [pathParam('email', 'The account’s e-mail address', { type: 'string', pattern: NOT_BLANK })],
        responses: { '400': fail('any of the field is missing'), '429': fail('Too many mails for this address or from this client') },
      }),
    },
    '/api/v1/user/password-reset': {
      post: operation({
        summary: 'Sets a new password with the token of the reset link; ends every session of the user',
        ok: done(empty),
        body: jsonBody({ token: text(4096, 'The token of the reset link'), password, confirmPassword }, ['token', 'password', 'confirmPassword']),
        responses: { '400': fail("any of the field is missing, password didn't match, or the link is invalid or expired") },
      }),
    },
    '/api/v1/user/logout': {
      post: operation({ summary: 'Ends the session of the token sent', ok: done(empty), auth: 'any signed-in user' }),
    },
    '/api/v1/user/me': {
      get: operation({ summary: 'The signed-in user', ok: envelope(ref('User')), auth: 'any signed-in user' }),
    },
    '/api/v1/user/': userList('Every user, newest first'),
    '/api/v1/user/type/all': userList('Every user, newest first'),
    '/api/v1/user/type/student': userList('Students (type 4)'),
    '/api/v1/user/type/subscriber': userList('Subscribers'),
    '/api/v1/user/type/{type}': {
      get: operation({
        summary: 'Users of one type: 1 admin, 2 content uploader, 3 instructor, 4 student',
        ok: listOf('User'),
        params: [pathParam('type', '1 admin, 2 content uploader, 3 instructor, 4 student', { type: 'string', enum: ['1', '2', '3', '4'] })],
        responses: badRequest,
        auth: ADMIN,
      }),
    },
    '/api/v1/user/suspend/{id}': {
      get: operation({
        summary: 'Suspends a user: their tokens stop working at once and they cannot log in',
        ok: done(ref('User')),
        params: [idParam],
        responses: { '400': fail('An admin cannot suspend themself'), '404': fail('Unknown user') },
        auth: ADMIN,
      }),
    },
    '/api/v1/user/unsuspend/{id}': {
      get: operation({ summary: 'Lifts a suspension', ok: done(ref('User')), params: [idParam], responses: { '404': fail('Unknown user') }, auth: ADMIN }),
    },
    '/api/v1/user/verify/{id}': {
      get: operation({ summary: 'Marks a user’s e-mail verified', ok: done(ref('User')), params: [idParam], responses: { '404': fail('Unknown user') }, auth: ADMIN }),
    },
    '/api/v1/user/create-account': {
      post: operation({
        summary: 'Creates an admin (1) or content uploader (2) account, optionally linked to an instructor; verified at once',
        ok: done(ref('User')),
        okStatus: '201',
        body: jsonBody(
          {
            name: personName,
            email,
            password,
            type: { enum: [1, 2, '1', '2'], description: '1 admin, 2 content uploader' },
            instructor: optionalText(L.instructor, 'Instructor profile id; empty or N/A for none'),
          },
          ['name', 'email', 'password', 'type'],
        ),
        responses: { '400': fail('Some field is not fillup!!!'), '409': fail('email is exist!!') },
        auth: ADMIN,
      }),
    },
    '/api/v1/user/instructor-account': {
      post: operation({
        summary: 'Creates an instructor account (type 3) that must verify its e-mail',
        ok: done(ref('User')),
        okStatus: '201',
        body: jsonBody({ name: personName, email, password, instructor: optionalText(L.instructor, 'Instructor profile id') }, ['name', 'email', 'password']),
        responses: { '400': fail('any of the field is missing / password should be more than 5 character'), '409': fail('email is exist!!') },
        auth: ADMIN,
      }),
    },
    '/api/v1/oauthusers': {
      get: operation({ summary: 'Users who signed up with Google or Facebook', ok: listOf('OAuthUser'), auth: ADMIN }),
    },
    '/api/v1/analytics/users/{startDate}/{endDate}': {
      get: operation({
        summary: 'Users who joined between two days (DD-MM-YYYY or YYYY-MM-DD, both whole days, Dhaka time): counts and the list in data.data',
        ok: envelope(ref('UserAnalytics')),
        params: [
          pathParam('startDate', 'First day: DD-MM-YYYY (D-M-YYYY too) or YYYY-MM-DD, a real day', { type: 'string', pattern: DAY_PATTERN }),
          pathParam('endDate', 'Last day, not before startDate: DD-MM-YYYY or YYYY-MM-DD', { type: 'string', pattern: DAY_PATTERN }),
        ],
        responses: badRequest,
        auth: ADMIN,
      }),
    },
    '/api/v1/user/{id}/photo': {
      get: {
        ...operation({ summary: 'A user’s photo', ok: {}, params: [idParam], responses: { '404': fail('No photo') }, auth: 'any signed-in user' }),
        responses: {
          '200': { description: 'The image', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
          '404': fail('No photo'),
          ...secured,
          ...errors,
        },
      },
    },
    '/api/v1/user/{id}/': {
      get: operation({
        summary: 'One user (admins: anyone; others: themselves only)',
        ok: envelope(ref('User')),
        params: [idParam],
        responses: { '404': fail('Unknown user') },
        auth: 'admin, or the user themself',
      }),
    },
    '/api/v1/openapi.json': {
      get: {
        summary: 'This document',
        responses: { '200': { description: 'OpenAPI 3.1 document', content: json({ type: 'object' }) } },
      },
    },
  },
  components: {
    schemas,
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The user’s own access token from login' },
      authToken: { type: 'apiKey', in: 'header', name: 'auth-token', description: 'The same access token, in the header the spec’s client sends' },
    },
  },
} as const;
