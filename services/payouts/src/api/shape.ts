/**
 * Instructor earnings, dues, settlements, statements and the back office's sales analytics
 * (storefront §2, §3, §7; admin-back-office §2, §7, §9; issue 12; decision 0021), answered by
 * the payouts service, which decides who may see what: an admin everything, an instructor their
 * own profile's sales, settlements, receipts and statements (403 otherwise). Amounts are integer
 * poisha (decision 0001). Dates in paths are the spec's day-month-year (`22-5-2022`) or
 * YYYY-MM-DD; a day that does not exist, or an end before the start, is a 400.
 */
import { z } from 'zod';
import { dayMonthYear, dhakaDay, ServiceNames, type payoutsV1, type catalogueV1, type identityV1 } from '@taal/contracts';
import { callerFor, fail, ID_PATTERN, requireAuth, UserRoles, refusal, type AuthenticatedCaller, type ServiceApi, type AccessTokenVerifier } from '@taal/edge';
import type { Payouts } from '../app/payouts';

/** Payouts' use cases (src/app), which its routes call directly: they run beside them (issue 52). */
export interface PayoutsUseCases {
  payouts: Payouts;
}

/** How a route calls payouts' use cases: as payouts itself, for the caller the edge verified (issue 52). */
export const forCaller = (caller: AuthenticatedCaller) => callerFor(ServiceNames.payouts, caller);

/** What the route groups are given (index.ts builds it once); the catalogue and identity stay gRPC clients. */
export interface PayoutRouteDeps extends PayoutsUseCases {
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
  catalogue: ServiceApi<catalogueV1.CatalogueServiceServer>;
}

// ---- Days --------------------------------------------------------------------------------------

/** YYYY-MM-DD → DD-MM-YYYY (the spec's form). */
export const dmy = dayMonthYear;

export const idSchema = () => z.string().regex(new RegExp(ID_PATTERN));
export const instructorParam = {
  id: { schema: idSchema(), description: 'The instructor profile id', invalid: () => refusal('INSTRUCTOR_NOT_FOUND') },
};

// ---- Shapes ------------------------------------------------------------------------------------

export const CouponSchema = z.object({ code: z.string(), discount: z.number().int() }).meta({ id: 'SaleCoupon' });

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

export const toSale = (s: payoutsV1.Sale): z.output<typeof InstructorSaleSchema> => ({
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
export const CourseTotalsSchema = z
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

/** The Bangladesh day of an RFC 3339 time ('' for ''). */
export const dhaka = (iso: string) => (iso ? dhakaDay(iso) : '');

export const toCourseTotals = (c: payoutsV1.CourseTotals): z.output<typeof CourseTotalsSchema> => ({
  courseId: c.courseId,
  course: c.courseTitle,
  saleCount: c.saleCount,
  receivedAmount: c.receivedAmount,
  earnings: c.earnings,
  productCut: c.productCut,
});

export const toTotals = (t: payoutsV1.InstructorTotals | undefined, courses: payoutsV1.CourseTotals[], instructorId: string) => ({
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

const ADMIN = 'admin only';
const OWN = 'admin, or the instructor whose profile it is';

/** Who may call: admins, or the instructor whose profile it is (payouts checks which). */
export function guards(tokens: AccessTokenVerifier) {
  return {
    admin: { label: ADMIN, check: requireAuth(tokens, UserRoles.admin) },
    own: { label: OWN, check: requireAuth(tokens, UserRoles.admin, UserRoles.instructor) },
  };
}

export const notYours = { 403: fail('Another instructor’s data: an instructor sees only their own (or not an admin or instructor)') };
