/**
 * Instructor earnings, dues, settlements, statements and the back office's sales analytics
 * (storefront §2, §3, §7; admin-back-office §2, §7, §9; issue 12; decision 0021), answered by
 * the payouts service, which decides who may see what: an admin everything, an instructor their
 * own profile's sales, settlements, receipts and statements (403 otherwise). Amounts are integer
 * poisha (decision 0001). Dates in paths are the spec's day-month-year (`22-5-2022`) or
 * YYYY-MM-DD; a day that does not exist, or an end before the start, is a 400.
 */
import { readFile } from 'node:fs/promises';
import type { Request } from 'express';
import { z } from 'zod';
import { dayMonthYear, dhakaDay, parseDay, poishaOfText, refusalText, TAKA_PATTERN, takaToPoisha, type FieldRefusals, type payoutsV1, type catalogueV1, type identityV1 } from '@taal/contracts';
import type { PayoutsApi } from './client';
import { answer, apiDay, badDayRange, dayRangeOf, dayRangeParams, done, envelope, fail, ID_PATTERN, isoMonth, listOf, callerOf, requireAuth, UserRoles, type AuthenticatedCaller, refusal, ok, defineRoute, type RouteSpec, acceptUploads, checkUploads, type CheckedFile, type ServiceApi, type AccessTokenVerifier, usersById } from '@taal/edge';

export interface PayoutRouteDeps {
  payouts: PayoutsApi;
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
  catalogue: ServiceApi<catalogueV1.CatalogueServiceServer>;
}

export const PayoutMessages = {
  settlementPublished: 'Settlement published successfully !',
  dueSettled: 'Due settled successfully',
} as const;
const M = PayoutMessages;

/** The receipt travels to payouts in one gRPC message. */
const MAX_RECEIPT_BYTES = 3 * 1024 * 1024;

// ---- Days --------------------------------------------------------------------------------------

/** YYYY-MM-DD → DD-MM-YYYY (the spec's form). */
const dmy = dayMonthYear;

const idSchema = () => z.string().regex(new RegExp(ID_PATTERN));
const instructorParam = {
  id: { schema: idSchema(), description: 'The instructor profile id', invalid: () => refusal('INSTRUCTOR_NOT_FOUND') },
};

// ---- Shapes ------------------------------------------------------------------------------------

const CouponSchema = z.object({ code: z.string(), discount: z.number().int() }).meta({ id: 'SaleCoupon' });

export const InstructorSaleSchema = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    course: z.string().meta({ description: 'The course title' }),
    courseId: z.string(),
    instructorId: z.string(),
    user: z.string().meta({ description: 'The buyer’s user id' }),
    user_name: z.string().meta({ description: 'The buyer’s name (empty when unknown)' }),
    coupon: z.string().meta({ description: 'The voucher code, empty when none' }),
    couponDiscount: z.number().int(),
    coursePrice: z.number().int().meta({ description: 'Tier price before the voucher, poisha' }),
    amountPaid: z.number().int().meta({ description: 'What the student paid for this course, poisha' }),
    gatewayCut: z.number().int().meta({ description: 'The 2.5% payment-gateway cut (orders from 22-5-2022 on), poisha' }),
    amount: z.number().int().meta({ description: 'Received amount: amountPaid - gatewayCut, poisha' }),
    percentage: z.number().int().meta({ description: 'The instructor’s share at the time of the sale, percent' }),
    earning: z.number().int().meta({ description: 'The instructor’s earning, poisha' }),
    productCut: z.number().int().meta({ description: 'The platform’s cut ({product}Cut), poisha; earning + productCut = amount' }),
    date: z.string().meta({ description: 'Paid on, DD-MM-YYYY (Bangladesh day)' }),
    paidAt: z.string(),
  })
  .meta({ id: 'InstructorSale' });

export const CourseSaleSchema = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    coursePrice: z.number().int(),
    receivedAmount: z.number().int(),
    coupon: CouponSchema,
    user: z.string(),
    user_name: z.string(),
    email: z.string(),
    date: z.string(),
  })
  .meta({ id: 'CourseSale' });

export const SettlementSchema = z
  .object({
    _id: z.string(),
    instructorId: z.string(),
    settleAmount: z.number().int(),
    receivedAmount: z.number().int(),
    due: z.number().int().meta({ description: 'settleAmount - receivedAmount' }),
    settleDate: z.string().meta({ description: 'DD-MM-YYYY' }),
    remarks: z.string(),
    status: z.boolean().meta({ description: 'true: Settled; false: Not Settled' }),
    receipt: z.string().meta({ description: 'Where the PDF receipt is downloaded (with the token), empty when none' }),
    createdAt: z.string(),
  })
  .meta({ id: 'Settlement' });

const TotalsShape = {
  instructorId: z.string(),
  saleCount: z.number().int(),
  amountPaid: z.number().int(),
  gatewayCut: z.number().int(),
  receivedAmount: z.number().int(),
  earnings: z.number().int(),
  productCut: z.number().int(),
  settled: z.number().int(),
  due: z.number().int().meta({ description: 'Lifetime earnings minus everything settled' }),
};
const CourseTotalsSchema = z
  .object({
    courseId: z.string(),
    course: z.string(),
    saleCount: z.number().int(),
    receivedAmount: z.number().int(),
    earnings: z.number().int(),
    productCut: z.number().int(),
  })
  .meta({ id: 'CourseSalesTotals' });
export const InstructorTotalsSchema = z.object({ ...TotalsShape, courses: z.array(CourseTotalsSchema) }).meta({ id: 'InstructorTotals' });

const InstructorAnalyticsSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    courseCount: z.number().int(),
    saleCount: z.number().int(),
    createdAt: z.string(),
    receivedAmount: z.number().int(),
    earnings: z.number().int(),
    productCut: z.number().int(),
    settled: z.number().int(),
    due: z.number().int(),
    percentage: z.number().int(),
  })
  .meta({ id: 'InstructorAnalytics' });

const SOCIAL_KEYS = [
  'facebookLikes', 'facebookFollowers', 'facebookPosts', 'facebookGroup', 'instagramFollowers', 'instagramPosts',
  'twitterFollowers', 'twitterPosts', 'linkedinFollowers', 'linkedinPosts', 'youtubeSubscribers', 'youtubeVideos', 'youtubeViews',
] as const;
const count = () => z.number().int().min(0).max(1_000_000_000_000);
const SocialInput = z.object(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, count().optional()])) as Record<(typeof SOCIAL_KEYS)[number], z.ZodOptional<z.ZodNumber>>).strict();
const SocialSchema = z
  .object({ ...(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, z.number().int()])) as Record<(typeof SOCIAL_KEYS)[number], z.ZodNumber>), updatedAt: z.string() })
  .meta({ id: 'SocialFigures' });
const CountersSchema = z
  .object({ user: z.number().int(), instructor: z.number().int(), course: z.number().int(), social: SocialSchema })
  .meta({ id: 'AnalyticsCounters' });
const SalesSummarySchema = z
  .object({
    saleCount: z.number().int(),
    orderCount: z.number().int(),
    amountPaid: z.number().int(),
    gatewayCut: z.number().int(),
    receivedAmount: z.number().int(),
    earnings: z.number().int(),
    productCut: z.number().int(),
  })
  .meta({ id: 'SalesSummary' });

const toSale = (s: payoutsV1.Sale): z.output<typeof InstructorSaleSchema> => ({
  _id: s.id,
  orderId: s.orderId,
  course: s.courseTitle,
  courseId: s.courseId,
  instructorId: s.instructorId,
  user: s.userId,
  // Payouts keeps buyers' names from identity's registrations: no identity call per listing.
  user_name: s.userName,
  coupon: s.voucherCode,
  couponDiscount: s.voucherPercent,
  coursePrice: s.coursePrice,
  amountPaid: s.amountPaid,
  gatewayCut: s.gatewayCut,
  amount: s.receivedAmount,
  percentage: s.instructorPercentage,
  earning: s.instructorEarning,
  productCut: s.productCut,
  date: dmy(dhaka(s.paidAt)),
  paidAt: s.paidAt,
});

/** The Bangladesh day of an RFC 3339 time ('' for ''). */
const dhaka = (iso: string) => (iso ? dhakaDay(iso) : '');

export const toSettlement = (s: payoutsV1.Settlement): z.output<typeof SettlementSchema> => ({
  _id: s.id,
  instructorId: s.instructorId,
  settleAmount: s.settleAmount,
  receivedAmount: s.receivedAmount,
  due: s.settleAmount - s.receivedAmount,
  settleDate: dmy(s.settleDay),
  remarks: s.remarks,
  status: s.status,
  receipt: s.hasReceipt ? `/api/v1/instructor/settlement/receipt/${s.id}` : '',
  createdAt: s.createdAt,
});

const toCourseTotals = (c: payoutsV1.CourseTotals): z.output<typeof CourseTotalsSchema> => ({
  courseId: c.courseId,
  course: c.courseTitle,
  saleCount: c.saleCount,
  receivedAmount: c.receivedAmount,
  earnings: c.earnings,
  productCut: c.productCut,
});

const toTotals = (t: payoutsV1.InstructorTotals | undefined, courses: payoutsV1.CourseTotals[], instructorId: string) => ({
  instructorId,
  saleCount: t?.saleCount ?? 0,
  amountPaid: t?.amountPaid ?? 0,
  gatewayCut: t?.gatewayCut ?? 0,
  receivedAmount: t?.receivedAmount ?? 0,
  earnings: t?.earnings ?? 0,
  productCut: t?.productCut ?? 0,
  settled: t?.settled ?? 0,
  due: t?.due ?? 0,
  courses: courses.map(toCourseTotals),
});

/** Buyers' e-mail addresses for the admin's course records (identity tells an admin about anyone). */
async function buyersFor(identity: ServiceApi<identityV1.IdentityServiceServer>, caller: AuthenticatedCaller, ids: string[]) {
  if (caller.userType !== UserRoles.admin) return new Map<string, { name: string; email: string }>();
  return usersById(identity, caller, ids);
}

const pdfAnswer = (description: string) => ({ description, content: { 'application/pdf': z.string().meta({ format: 'binary' }) } });
const sendPdf = (res: import('express').Response, pdf: Uint8Array, filename: string) => {
  res.status(200).setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(Buffer.from(pdf));
};

const textOf = (req: Request, name: string): string => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.trim() : '';
};
/** A form amount in poisha: a whole non-negative number. */
const poishaOf = (req: Request, name: string, problems: Record<string, FieldRefusals[string]>): number => {
  const text = textOf(req, name);
  const poisha = poishaOfText(text);
  if (poisha === null) {
    problems[name] = 'AMOUNT_NEGATIVE';
    return 0;
  }
  return poisha;
};

const SettlementForm = z
  .object({
    settleAmount: z.string().meta({ description: 'Poisha, a whole number' }),
    receivedAmount: z.string().meta({ description: 'Poisha, a whole number, at most settleAmount and the due' }),
    settleDate: apiDay(),
    remarks: z.string().optional(),
    status: z.enum(['true', 'false']).meta({ description: 'true: Settled' }),
    photo: z.string().meta({ format: 'binary', description: 'The receipt: a PDF (checked by content), at most 3 MB' }),
  })
  .meta({ id: 'SettlementForm' });

const ADMIN = 'admin only';
const OWN = 'admin, or the instructor whose profile it is';

export function payoutRoutes({ payouts, identity, tokens, catalogue }: PayoutRouteDeps): RouteSpec[] {
  const admin = { label: ADMIN, check: requireAuth(tokens, UserRoles.admin) };
  const own = { label: OWN, check: requireAuth(tokens, UserRoles.admin, UserRoles.instructor) };
  const notYours = { 403: fail('Another instructor’s data: an instructor sees only their own (or not an admin or instructor)') };

  return [
    // ---- Analytics (back office) ----
    defineRoute({
      method: 'get',
      path: '/analytics/',
      summary: 'Counters: users, instructors and courses, with the social figures an admin entered',
      auth: admin,
      responses: { 200: answer(envelope(CountersSchema)) },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const [users, instructors, courses, social] = await Promise.all([
          identity.userAnalytics({ startDate: '01-01-2000', endDate: dmy(dhaka(new Date().toISOString())) }, caller),
          catalogue.listInstructors({ includeUnpublished: true }, caller),
          catalogue.listCourses({ includeUnpublished: true }, caller),
          payouts.getSocialFigures({}, caller),
        ]);
        res.json(ok({ user: users.total, instructor: instructors.instructors.length, course: courses.courses.length, social: social.figures! }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/social-analytics',
      summary: 'The social figures (Facebook, Instagram, Twitter, LinkedIn, YouTube) as an admin last entered them (decision 0021)',
      auth: admin,
      responses: { 200: answer(envelope(SocialSchema)) },
      handler: async ({ res }) => {
        res.json(ok((await payouts.getSocialFigures({}, callerOf(res))).figures!));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/analytics/social-analytics',
      summary: 'Enter the social figures (whole numbers; omitted ones become 0)',
      auth: admin,
      body: { schema: SocialInput, headline: 'INVALID_VALUE' },
      responses: { 200: answer(done(SocialSchema)), 400: fail('A figure is not a non-negative whole number') },
      handler: async ({ res, body }) => {
        const { figures } = await payouts.setSocialFigures({ figures: { ...body, updatedAt: '' } as payoutsV1.SocialFigures }, callerOf(res));
        res.json({ success: true, message: 'Social figures saved', data: figures! });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/sales-summary/{startDate}/{endDate}',
      summary: 'Sales of paid orders in a range: orders, course sales, amounts paid and received (after the 2.5% cut), earnings and product cut',
      auth: admin,
      params: dayRangeParams,
      responses: { 200: answer(envelope(SalesSummarySchema)), ...badDayRange },
      handler: async ({ res, param }) => {
        res.json(ok(await payouts.salesSummary(dayRangeOf(param), callerOf(res))));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/secure/instructor',
      summary: 'Every instructor with course count, sale count, join date, earnings, product cut and due (instructor analytics)',
      auth: admin,
      responses: { 200: answer(listOf(InstructorAnalyticsSchema)) },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const [{ instructors }, { instructors: totals }] = await Promise.all([
          catalogue.listInstructors({ includeUnpublished: true }, caller),
          payouts.listInstructorTotals({}, caller),
        ]);
        const byId = new Map(totals.map((t) => [t.instructorId, t]));
        res.json(
          ok(
            instructors.map((i) => {
              const t = byId.get(i.id);
              return {
                _id: i.id,
                name: i.name,
                courseCount: i.courseIds.length,
                saleCount: t?.saleCount ?? 0,
                createdAt: i.createdAt,
                receivedAmount: t?.receivedAmount ?? 0,
                earnings: t?.earnings ?? 0,
                productCut: t?.productCut ?? 0,
                settled: t?.settled ?? 0,
                due: t?.due ?? 0,
                percentage: i.percentage,
              };
            }),
          ),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/instructor/{id}/{startDate}/{endDate}',
      summary: 'An instructor’s sale records in a range (by paid day), newest first; amounts after the 2.5% gateway cut from 22-5-2022',
      auth: own,
      params: { ...instructorParam, ...dayRangeParams },
      responses: { 200: answer(listOf(InstructorSaleSchema), 'The list is in data'), ...badDayRange, ...notYours, 404: fail('Not an instructor id') },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        const { sales } = await payouts.listSales({ instructorId: param('id'), ...dayRangeOf(param) }, caller);
        res.json(ok(sales.map(toSale)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/course/{id}/{startDate}/{endDate}',
      summary: 'A course’s orders in a range (course analytics records with coupon and buyer)',
      auth: admin,
      params: { id: { schema: idSchema(), description: 'The course id', invalid: () => refusal('COURSE_NOT_FOUND') }, ...dayRangeParams },
      responses: { 200: answer(listOf(CourseSaleSchema), 'The list is in data'), ...badDayRange, 404: fail('Not a course id') },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        const { sales } = await payouts.listSales({ courseId: param('id'), ...dayRangeOf(param) }, caller);
        const buyers = await buyersFor(identity, caller, sales.map((s) => s.userId));
        res.json(
          ok(
            sales.map((s) => ({
              _id: s.id,
              orderId: s.orderId,
              coursePrice: s.coursePrice,
              receivedAmount: s.receivedAmount,
              coupon: { code: s.voucherCode, discount: s.voucherPercent },
              user: s.userId,
              user_name: s.userName || buyers.get(s.userId)?.name || '',
              email: buyers.get(s.userId)?.email ?? '',
              date: dmy(dhaka(s.paidAt)),
            })),
          ),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/analytics/courses',
      summary: 'Sales per course (course analytics list): sale count, received amount, earnings and product cut',
      auth: admin,
      responses: { 200: answer(listOf(CourseTotalsSchema)) },
      handler: async ({ res }) => {
        const { courses } = await payouts.listCourseTotals({}, callerOf(res));
        res.json(ok(courses.map(toCourseTotals)));
      },
    }),

    // ---- Instructor earnings, dues and settlements ----
    defineRoute({
      method: 'get',
      path: '/instructor/earnings/{id}',
      summary: 'An instructor’s lifetime sales, earnings, product cut, settled and due, with per-course totals',
      auth: own,
      params: instructorParam,
      responses: { 200: answer(envelope(InstructorTotalsSchema)), ...notYours, 404: fail('Not an instructor id') },
      handler: async ({ res, param }) => {
        const { totals, courses } = await payouts.getInstructorTotals({ instructorId: param('id') }, callerOf(res));
        res.json(ok(toTotals(totals, courses, param('id'))));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/due/{id}/{amount}',
      summary:
        'Settle part or all of an instructor’s due, the amount in taka as the admin types it (decision 0028: `15` settles BDT 15.00). Never above the due; the account is locked, so parallel requests cannot pay twice. An Idempotency-Key header makes a repeat answer as the first without paying again',
      auth: admin,
      params: {
        ...instructorParam,
        amount: {
          schema: z.string().regex(new RegExp(TAKA_PATTERN)).refine((v) => (takaToPoisha(v) ?? 0) > 0),
          description: 'Taka (BDT), more than 0, at most 2 decimals: 1500, 1500.5 or 1500.50',
          invalid: () => refusal('AMOUNT_NOT_TAKA'),
        },
      },
      responses: { 200: answer(done(InstructorTotalsSchema)), 400: fail('The amount is not taka with at most 2 decimals, or not above 0 (AMOUNT_NOT_TAKA), or it is above the due (ABOVE_DUE)'), 404: fail('Not an instructor id') },
      handler: async ({ req, res, param }) => {
        const key = String(req.get('idempotency-key') ?? '').slice(0, 200);
        const caller = callerOf(res);
        const { totals } = await payouts.settleDue({ instructorId: param('id'), amount: takaToPoisha(param('amount'))!, idempotencyKey: key }, caller);
        const { courses } = await payouts.listCourseTotals({ instructorId: param('id') }, caller);
        res.json({ success: true, message: M.dueSettled, data: toTotals(totals, courses, param('id')) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/instructor/settlement/{id}',
      summary: `Publish a settlement with its PDF receipt: '${M.settlementPublished}'. Its receivedAmount is paid out of the due (never above it). An Idempotency-Key header makes a repeat return the first`,
      auth: admin,
      params: instructorParam,
      body: { schema: SettlementForm, mediaType: 'multipart/form-data', documented: SettlementForm, encoding: { photo: { contentType: 'application/pdf' } } },
      before: [acceptUploads({ photo: { kind: 'pdf', maxBytes: MAX_RECEIPT_BYTES } }, { maxFields: 10, maxFieldBytes: 4096 })],
      responses: {
        201: answer(done(SettlementSchema)),
        400: fail("'Failed ,Please try again': a field is missing or invalid (fields), the receipt is not a PDF, or the received amount is above the due"),
        404: fail('Not an instructor id'),
        413: fail('The receipt is larger than 3 MB'),
      },
      handler: async ({ req, res, param }) => {
        const uploads = await checkUploads(req);
        const problems: Record<string, FieldRefusals[string]> = {};
        const settleAmount = poishaOf(req, 'settleAmount', problems);
        const receivedAmount = poishaOf(req, 'receivedAmount', problems);
        const settleDay = parseDay(textOf(req, 'settleDate'));
        if (!settleDay) problems.settleDate = 'INVALID_DAY';
        const status = textOf(req, 'status');
        if (status !== 'true' && status !== 'false') problems.status = 'ENTRY_TRUE_OR_FALSE';
        const receipt = uploads.photo?.[0] as CheckedFile | undefined;
        if (!receipt) problems.photo = 'RECEIPT_REQUIRED';
        if (!problems.settleAmount && !problems.receivedAmount && receivedAmount > settleAmount) {
          problems.receivedAmount = 'RECEIVED_ABOVE_SETTLE';
        }
        if (Object.keys(problems).length > 0) throw refusal('SETTLEMENT_FAILED', { fields: problems });
        const { settlement } = await payouts.createSettlement(
          {
            instructorId: param('id'),
            settleAmount,
            receivedAmount,
            settleDay: settleDay!,
            remarks: textOf(req, 'remarks').slice(0, 2000),
            status: status === 'true',
            receipt: await readFile(receipt!.path),
            idempotencyKey: String(req.get('idempotency-key') ?? '').slice(0, 200),
          },
          callerOf(res),
        );
        res.status(201).json({ success: true, message: M.settlementPublished, data: toSettlement(settlement!) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/settlement/{id}',
      summary: 'An instructor’s settlements, newest first (Settled / Not Settled, receipt path)',
      auth: own,
      params: instructorParam,
      responses: { 200: answer(listOf(SettlementSchema)), ...notYours, 404: fail('Not an instructor id') },
      handler: async ({ res, param }) => {
        const { settlements } = await payouts.listSettlements({ instructorId: param('id') }, callerOf(res));
        res.json(ok(settlements.map(toSettlement)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/settlement/receipt/{settlementId}',
      summary: 'A settlement’s PDF receipt, offered as settlement.pdf',
      auth: own,
      params: { settlementId: { schema: idSchema(), description: 'The settlement id', invalid: () => refusal('SETTLEMENT_NOT_FOUND') } },
      responses: { 200: pdfAnswer('The receipt'), ...notYours, 404: fail('No such settlement, or it has no receipt') },
      handler: async ({ res, param }) => {
        const { pdf } = await payouts.getReceipt({ settlementId: param('settlementId') }, callerOf(res));
        sendPdf(res, pdf, 'settlement.pdf');
      },
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/statement/{id}/{month}',
      summary: 'A monthly statement PDF: opening due, the month’s sales with gateway cut, product cut and earning, payouts, closing due',
      auth: own,
      params: {
        ...instructorParam,
        month: { schema: isoMonth(), description: 'YYYY-MM', invalid: () => refusal('INVALID_MONTH') },
      },
      query: { lang: { schema: z.enum(['en', 'bn']), description: 'The statement’s language (default en)' } },
      responses: { 200: pdfAnswer('The statement'), 400: fail(refusalText('INVALID_MONTH')), ...notYours, 404: fail('Not an instructor id') },
      handler: async ({ req, res, param }) => {
        const language = req.query.lang === 'bn' ? 'bn' : 'en';
        const { pdf } = await payouts.getStatement({ instructorId: param('id'), month: param('month'), language }, callerOf(res));
        sendPdf(res, pdf, `taal-statement-${param('month')}.pdf`);
      },
    }),
  ];
}
