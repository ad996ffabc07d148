import { z } from 'zod';
import { COURSE_TIERS as TIERS, ServiceNames, type commerceV1, type identityV1 } from '@taal/contracts';
import type { CardPayments } from '../app/card-payments';
import type { Commerce } from '../app/commerce';
import { poishaAmount, fail, ID_PATTERN, callerFor, callerOf, requireAuth, UserRoles, type AuthenticatedCaller, refusal, type ServiceApi, type AccessTokenVerifier, type GuessLimiter } from '@taal/edge';

/**
 * The student's cart, wishlist, wallet and orders and the back office's vouchers (spec §7,
 * admin-back-office.md; issue 8), answered by the commerce service. Amounts are integer poisha
 * (decision 0012). A `{userId}` in a path, and a `user`/`userId` in a body, must be the caller's
 * own id (else 403): commerce itself always acts for the verified caller (decision 0008).
 */

const STUDENT = 'students only';
const ADMIN = 'admin only';

// Each check is worded as a refusal key (decision 0026): a schema's own error covers its checks.
export const uuid = () => z.string({ error: 'INVALID_ID' }).regex(new RegExp(ID_PATTERN));
const CODE_PATTERN = '^[A-Za-z0-9_-]{1,40}$';
export const code = () => z.string({ error: 'VOUCHER_CODE_INVALID' }).regex(new RegExp(CODE_PATTERN));
const ORDER_STATUSES = ['unpaid', 'paid', 'expired', 'cancelled', 'held'] as const;

export const userIdParam = {
  userId: { schema: uuid(), description: "The caller's own user id (UUID); another id gives 403", invalid: () => refusal('CART_NOT_YOURS') },
};

/** The caller, who must be the user the path or body names. */
export function ownCaller(res: Parameters<typeof callerOf>[0], userId: string): AuthenticatedCaller {
  const caller = callerOf(res);
  if (userId !== caller.userId) throw refusal('CART_NOT_YOURS');
  return caller;
}

/** How a route calls commerce's use cases: as commerce itself, for the caller the edge verified (issue 52). */
export const forCaller = (caller: AuthenticatedCaller) => callerFor(ServiceNames.commerce, caller);

/** Commerce's use cases (src/app), which its routes call directly: they run beside them (issue 52). */
export interface CommerceUseCases {
  commerce: Commerce;
  cards: CardPayments;
}

/** What the route groups are given (index.ts builds it once). */
export interface CommerceRouteDeps extends CommerceUseCases {
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
  /** Wrong voucher codes per user and per client address (limits.ts). */
  voucherGuesses: GuessLimiter;
}

/** Who may call: students (their own cart, wallet and orders), admins, or either. */
export function guards(tokens: AccessTokenVerifier) {
  return {
    student: { label: STUDENT, check: requireAuth(tokens, UserRoles.student) },
    admin: { label: ADMIN, check: requireAuth(tokens, UserRoles.admin) },
    studentOrAdmin: { label: 'students (their own) and admins', check: requireAuth(tokens, UserRoles.student, UserRoles.admin) },
  };
}

export const OrderSchema = z
  .object({
    _id: z.string(),
    userId: z.string(),
    status: z.enum(ORDER_STATUSES),
    paid: z.boolean(),
    state: z.enum(['Paid', 'Unpaid']).meta({ description: 'As purchase history shows it' }),
    courses: z.array(
      z.object({
        course: z.string(),
        tier: z.enum(TIERS),
        title: z.string(),
        price: poishaAmount(),
        validity: z.int().min(0),
        pricePaid: poishaAmount(),
      }),
    ),
    subtotal: poishaAmount(),
    cuponCode: z.string(),
    discountPercent: z.int().min(0).max(100),
    discount: poishaAmount(),
    walletUsed: poishaAmount().meta({ description: 'Real wallet money reserved (unpaid) or debited (paid); 0 once an expired or cancelled order gave it back' }),
    balanceUsed: poishaAmount().meta({
      description: "The spec's balanceUsed: subtotal - amount (counts the voucher discount too)",
    }),
    amount: poishaAmount().meta({ description: 'Payable' }),
    createdAt: z.string(),
    expiresAt: z.string(),
    paidAt: z.string(),
  })
  .meta({ id: 'Order' });
export const toOrder = (o: commerceV1.Order | undefined) => {
  if (!o) throw refusal('ORDER_NOT_FOUND');
  // An order that expired or was cancelled (a failed or cancelled card attempt) gave its wallet
  // reservation back: no wallet money was used (issue 40: the history showed it as taken).
  const released = !o.paid && (o.status === 'expired' || o.status === 'cancelled');
  return {
    _id: o.id,
    userId: o.userId,
    status: o.status as (typeof ORDER_STATUSES)[number],
    paid: o.paid,
    state: o.paid ? ('Paid' as const) : ('Unpaid' as const),
    courses: o.items.map((i) => ({
      course: i.courseId,
      tier: i.tier as (typeof TIERS)[number],
      title: i.title,
      price: i.price,
      validity: i.validityDays,
      pricePaid: i.pricePaid,
    })),
    subtotal: o.subtotal,
    cuponCode: o.voucherCode,
    discountPercent: o.voucherPercent,
    discount: o.discount,
    walletUsed: released ? 0 : o.walletUsed,
    balanceUsed: o.balanceUsed,
    amount: o.payable,
    createdAt: o.createdAt,
    expiresAt: o.expiresAt,
    paidAt: o.paidAt,
  };
};

export const userCourseBody = z.object({
  user: uuid().meta({ description: "The caller's own id" }),
  course: uuid(),
});

export const notForSale = { 404: fail('Unknown or unpublished course (COURSE_NOT_FOR_SALE)') };
/** Buying an owned course must extend access: a renewal (ended or in its last 7 days) or a higher tier (decision 0027). */
export const alreadyOwned = { 409: fail('The student owns the course at this tier or a higher one with more than 7 days left (COURSE_ALREADY_OWNED)') };
