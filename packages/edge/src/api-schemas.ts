/**
 * The zod schemas of the answers every route shares (decision 0002): the success envelopes and
 * the one error shape, and the answers every route may give. The OpenAPI document is built from
 * them (openapi.ts); `ApiErrorBody` (errors.ts) must stay assignable to the error schema.
 */
import { z } from 'zod';
import {
  AccountFieldLimits,
  API_DAY_PATTERN,
  EMAIL_LOCAL_PART_PATTERN,
  EMAIL_PATTERN,
  isEmail,
  ISO_MONTH_PATTERN,
  MAX_AMOUNT_POISHA,
  parseDay,
  parseDayRange,
  POISHA_TEXT_PATTERN,
  REASON_KEY_PATTERN,
  Refusals,
  type RefusalKey,
} from '@taal/contracts';
import { refusal, type ApiErrorBody } from './errors';
import type { ParamSpec, ResponseSpec } from './route-table';

const reasonKey = z.string().regex(new RegExp(REASON_KEY_PATTERN));

export const ApiErrorSchema = z
  .object({
    success: z.literal(false),
    message: z
      .string()
      .meta({
        description:
          "The refusal's English text (the spec's wording where it has one); never parsed by clients",
      }),
    code: z
      .string()
      .meta({ description: 'The refusal catalogue key, equal to reason (kept for older clients)' }),
    reason: reasonKey.meta({
      description:
        'The refusal catalogue key clients translate (decision 0026): LOGIN_FAILED, EMAIL_NOT_VERIFIED, COURSE_NOT_FOR_SALE, ' +
        'GIFT_CARD_USED, PURCHASE_FIRST, ABOVE_DUE, TOO_MANY_REQUESTS, SERVICE_UNAVAILABLE, …',
    }),
    fields: z
      .record(z.string(), z.string())
      .meta({ description: 'Per-field English texts of a rejected form (field → text)' })
      .optional(),
    fieldReasons: z
      .record(z.string(), reasonKey)
      .meta({
        description:
          'The same fields → refusal catalogue keys (INVALID_EMAIL, NAME_REQUIRED, ENTRY_REQUIRED, …)',
      })
      .optional(),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .meta({
        description:
          "The values the reason's text interpolates ({{amount}}, {{max}}, …), so a client can word it in its own language",
      })
      .optional(),
  })
  .meta({ id: 'Error' });

// The error body the gateway builds is the documented one.
const _errorBodyIsDocumented: z.input<typeof ApiErrorSchema> = {} as ApiErrorBody;
void _errorBodyIsDocumented;

/** `{ success: true, data }` */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
/** `{ success: true, data: [...] }` */
export const listOf = <T extends z.ZodType>(item: T) => envelope(z.array(item));
/** An action's answer: the spec's success message beside the data. */
export const done = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });
/** `{}` */
export const empty = z.object({});

/** A 200 (or 201) with this JSON body. */
export const answer = (schema: z.ZodType, description = 'OK'): ResponseSpec => ({ description, schema });
/** A refusal in the one error shape. */
export const fail = (description: string): ResponseSpec => ({ description, schema: ApiErrorSchema });
/** A 429 in the error shape, with Retry-After (seconds). */
export const tooMany = (description: string): ResponseSpec => ({
  description,
  schema: ApiErrorSchema,
  headers: {
    'Retry-After': {
      description: 'Seconds until the limit lets a request through again',
      schema: z.int().min(0),
    },
  },
});

export const badRequest = {
  400: fail('Missing or invalid fields: `message` is the first problem, `fields` lists each'),
};

/** What every route may answer: a service behind the gateway down or too slow. */
export const gatewayErrors: Record<number, ResponseSpec> = {
  503: fail('A service behind the gateway is down'),
  504: fail('A service behind the gateway did not answer within its deadline'),
};

/** What a route with an access check may answer besides its own answers. */
export const securedErrors: Record<number, ResponseSpec> = {
  401: fail('No token, or a token that is expired, revoked or belongs to a suspended user'),
  403: fail('The caller’s role may not do this'),
};

/** Ids in paths (users, courses, instructors) are UUIDs (http/hardening.ts): anything else is answered 404. */
export const ID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const idParam = { id: { schema: z.string().regex(new RegExp(ID_PATTERN)), description: 'A UUID' } };

/**
 * An e-mail address by the account rules (@taal/contracts isEmail: the strict form, at most 254
 * characters, a local part of at most 64), documented by the same pattern rather than `format:
 * email`, whose readers each draw the line elsewhere.
 */
export const emailAddress = () =>
  z
    .string()
    .refine(isEmail, 'INVALID_EMAIL')
    .meta({
      maxLength: AccountFieldLimits.email,
      pattern: EMAIL_PATTERN,
      allOf: [{ pattern: EMAIL_LOCAL_PART_PATTERN }],
    });

// ---- Money (@taal/contracts taka.ts: one unit, one bound; decisions 0001 and 0028) ----

/** An amount in integer poisha (the API's unit for every amount), 0 to MAX_AMOUNT_POISHA. */
export const poishaAmount = (description = 'Integer poisha (1 BDT = 100 poisha)') =>
  z.int({ error: 'INVALID_VALUE' }).min(0).max(MAX_AMOUNT_POISHA).meta({ description });

/**
 * An amount in BDT, only where the card gateway's own fields keep its unit (`cart/ssl/`'s
 * `total_amount`, the store's payment `amount`; decision 0028): the same bound, read into poisha
 * with `poishaOfTaka` and checked against the server's figure.
 */
export const bdtAmount = (description?: string) => {
  const amount = z.number({ error: 'INVALID_VALUE' }).min(0).max(MAX_AMOUNT_POISHA / 100);
  return description ? amount.meta({ description }) : amount;
};

/** A multipart form's amount: a whole number of poisha as text (1 to 12 digits). */
export const poishaText = (error: RefusalKey = 'INVALID_VALUE', description = 'Integer poisha, a whole number') =>
  z.string({ error }).regex(new RegExp(POISHA_TEXT_PATTERN), error).meta({ description });

/** A date-time as the services write it (ISO 8601). */
export const dateTime = () => z.iso.datetime({ offset: true });

// ---- Days (@taal/contracts days.ts: the one rule; the document states it as a pattern) ----

/** A real day, YYYY-MM-DD or day-month-year (22-5-2022), years 0001-9999. */
export const apiDay = () =>
  z
    .string()
    .regex(new RegExp(API_DAY_PATTERN), 'INVALID_DAY')
    .meta({ description: 'A real day: YYYY-MM-DD or day-month-year (22-5-2022)' });

/** A body field holding a day (either form), read as YYYY-MM-DD. */
export const apiDayField = () => apiDay().transform((day) => parseDay(day)!);

/** A real month, YYYY-MM. */
export const isoMonth = () => z.string().regex(new RegExp(ISO_MONTH_PATTERN), 'INVALID_MONTH');

const badRange = () => refusal('INVALID_DATE_RANGE');

/** `{startDate}/{endDate}` of the analytics routes: Bangladesh days, inclusive; 400 unless real days in order. */
export const dayRangeParams: Record<'startDate' | 'endDate', ParamSpec> = {
  startDate: {
    schema: apiDay(),
    description: 'First day (inclusive, Bangladesh day): YYYY-MM-DD or day-month-year (22-5-2022)',
    invalid: badRange,
  },
  endDate: {
    schema: apiDay(),
    description: 'Last day (inclusive), not before startDate: YYYY-MM-DD or day-month-year',
    invalid: badRange,
  },
};

/** The range of `dayRangeParams` as YYYY-MM-DD days (400 when the end is before the start). */
export function dayRangeOf(param: (name: string) => string): { fromDay: string; toDay: string } {
  const range = parseDayRange(param('startDate'), param('endDate'));
  if (!range) throw badRange();
  return { fromDay: range.from, toDay: range.to };
}

/** The 400 of a route with `dayRangeParams`. */
export const badDayRange = {
  400: fail(
    `'${Refusals.INVALID_DATE_RANGE.en}' (INVALID_DATE_RANGE): a day that does not exist, or the end before the start`,
  ),
};
