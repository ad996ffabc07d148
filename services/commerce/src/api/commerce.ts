import { z } from 'zod';
import { addDays, COURSE_TIERS as TIERS, todayInDhaka, type commerceV1, type identityV1 } from '@taal/contracts';
import type { CommerceApi } from './client';
import type { Logger } from 'pino';
import { answer, apiDayField, bdtAmount, poishaAmount, badDayRange, badRequest, dayRangeOf, dayRangeParams, done, envelope, fail, ID_PATTERN, listOf, callerOf, requireAuth, UserRoles, type AuthenticatedCaller, refusal, ok, defineRoute, type RouteSpec, type ServiceApi, type AccessTokenVerifier, usersById, refuseUnapprovedBuyer, GUARDIAN_PENDING_TEXT } from '@taal/edge';
import { cardPaymentRoutes } from './card-payments';

/**
 * The student's cart, wishlist, wallet and orders and the back office's vouchers (spec §7,
 * admin-back-office.md; issue 8), answered by the commerce service. Amounts are integer poisha
 * (decision 0012). A `{userId}` in a path, and a `user`/`userId` in a body, must be the caller's
 * own id (else 403): commerce itself always acts for the verified caller (decision 0008).
 */
const STUDENT = 'students only';
const ADMIN = 'admin only';

// Each check is worded as a refusal key (decision 0026): a schema's own error covers its checks.
const uuid = () => z.string({ error: 'INVALID_ID' }).regex(new RegExp(ID_PATTERN));
const CODE_PATTERN = '^[A-Za-z0-9_-]{1,40}$';
const code = () => z.string({ error: 'VOUCHER_CODE_INVALID' }).regex(new RegExp(CODE_PATTERN));
const ORDER_STATUSES = ['unpaid', 'paid', 'expired', 'cancelled', 'held'] as const;

const userIdParam = {
  userId: { schema: uuid(), description: "The caller's own user id (UUID); another id gives 403", invalid: () => refusal('CART_NOT_YOURS') },
};

/** The caller, who must be the user the path or body names. */
function ownCaller(res: Parameters<typeof callerOf>[0], userId: string): AuthenticatedCaller {
  const caller = callerOf(res);
  if (userId !== caller.userId) throw refusal('CART_NOT_YOURS');
  return caller;
}

// ---- Answers ---------------------------------------------------------------------------------

const CartItemSchema = z.object({
  course: uuid(),
  tier: z.enum(TIERS),
  title: z.string(),
  price: poishaAmount(),
  validity: z.int().min(0).meta({ description: 'Days of access bought' }),
  addedAt: z.string(),
});
const CartSchema = z.object({ items: z.array(CartItemSchema), subtotal: poishaAmount() }).meta({ id: 'Cart' });
const toCart = (cart: commerceV1.Cart | undefined) => ({
  items: (cart?.items ?? []).map((i) => ({
    course: i.courseId,
    tier: i.tier as (typeof TIERS)[number],
    title: i.title,
    price: i.price,
    validity: i.validityDays,
    addedAt: i.addedAt,
  })),
  subtotal: cart?.subtotal ?? 0,
});

const WishlistItemSchema = z.object({ course: uuid(), addedAt: z.string() }).meta({ id: 'WishlistItem' });
const toWishlist = (items: commerceV1.WishlistItem[]) => items.map((i) => ({ course: i.courseId, addedAt: i.addedAt }));

const VoucherSchema = z
  .object({
    _id: z.string(),
    cuponCode: z.string(),
    discount: z.int().min(1).max(100).meta({ description: 'Percent' }),
    useLimit: z.int().min(1),
    presentCount: z.int().min(0).meta({ description: 'Times used by paid orders' }),
    expireDate: z.string().meta({ description: 'Last day it may be used, YYYY-MM-DD (Bangladesh)' }),
    createdAt: z.string(),
  })
  .meta({ id: 'Voucher' });
const toVoucher = (v: commerceV1.Voucher) => ({
  _id: v.id,
  cuponCode: v.code,
  discount: v.percent,
  useLimit: v.useLimit,
  presentCount: v.timesUsed,
  expireDate: v.expireDate,
  createdAt: v.createdAt,
});

const WalletSchema = z
  .object({
    balance: poishaAmount(),
    pendingBalance: poishaAmount().meta({
      description: 'Credits promised but not yet given (referral bonus), poisha',
    }),
    reserved: poishaAmount().meta({ description: 'Held by unpaid (and risk-held) orders, poisha' }),
    referrals: z
      .array(
        z.object({
          referredName: z.string(),
          amount: poishaAmount(),
          status: z.enum(['pending', 'credited']),
          createdAt: z.string(),
          creditedAt: z.string().meta({ description: "Empty while pending (until the referred student's first paid order)" }),
        }),
      )
      .meta({ description: 'Students who signed up with the caller’s referral code, newest first' }),
  })
  .meta({ id: 'Wallet' });
const toWallet = (w: commerceV1.Wallet | undefined) => ({
  balance: w?.balance ?? 0,
  pendingBalance: w?.pendingBalance ?? 0,
  reserved: w?.reserved ?? 0,
  referrals: (w?.referrals ?? []).map((r) => ({
    referredName: r.referredName,
    amount: r.amount,
    status: r.status as 'pending' | 'credited',
    createdAt: r.createdAt,
    creditedAt: r.creditedAt,
  })),
});

const STATEMENT_KINDS = ['referral_bonus', 'gift_card_redemption', 'refund', 'release', 'reservation', 'checkout'] as const;
const STATEMENT_PAGE_SIZE = 20;
const StatementSchema = z
  .object({
    balance: z.int().meta({ description: 'What every entry sums to (the wallet balance), poisha' }),
    total: z.int().min(0).meta({ description: 'How many entries there are' }),
    page: z.int().min(1),
    pageSize: z.int().min(1),
    entries: z.array(
      z.object({
        _id: z.string(),
        kind: z.enum(STATEMENT_KINDS),
        amount: z.int().meta({ description: 'Signed poisha: credits positive, debits negative' }),
        createdAt: z.string(),
        detail: z.string().meta({ description: "A gift card's product name or a referred friend's first name ('' when not recorded)" }),
        orderId: z.string(),
        orderTitles: z.array(z.string()).meta({ description: "The order's course titles" }),
      }),
    ),
  })
  .meta({ id: 'WalletStatement' });
const toStatement = (r: commerceV1.ListLedgerResponse, page: number) => ({
  balance: r.balance,
  total: r.total,
  page,
  pageSize: STATEMENT_PAGE_SIZE,
  entries: r.entries.map((e) => ({
    _id: e.id,
    kind: e.kind as (typeof STATEMENT_KINDS)[number],
    amount: e.amount,
    createdAt: e.createdAt,
    detail: e.detail,
    orderId: e.orderId,
    orderTitles: e.orderTitles,
  })),
});
const pageQuery = { page: { schema: z.string().regex(/^[0-9]{1,6}$/), description: 'The page, from 1 (default 1), 20 entries a page, newest first' } };
const langQuery = { lang: { schema: z.enum(['en', 'bn']), description: 'The language (default en)' } };
const pdfAnswer = (description: string) => ({ description, content: { 'application/pdf': z.string().meta({ format: 'binary' }) } });

const OrderSchema = z
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
const toOrder = (o: commerceV1.Order | undefined) => {
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

const AdminOrderSchema = OrderSchema.extend({
  userName: z.string(),
  userEmail: z.string(),
}).meta({ id: 'AdminOrder' });

/** Orders with their buyers' names and e-mails (one GetUsers call to identity, with the admin's own token). */
async function withBuyers(identity: ServiceApi<identityV1.IdentityServiceServer>, caller: AuthenticatedCaller, orders: commerceV1.Order[]) {
  const buyers = await usersById(identity, caller, orders.map((o) => o.userId));
  return orders.map((o) => ({
    ...toOrder(o),
    userName: buyers.get(o.userId)?.name ?? '',
    userEmail: buyers.get(o.userId)?.email ?? '',
  }));
}

/** The back office's default range: from 30 days ago to today (Bangladesh days, as the date-range filter counts them). */
function last30Days(): { fromDay: string; toDay: string } {
  const today = todayInDhaka();
  return { fromDay: addDays(today, -30), toDay: today };
}

// ---- Bodies ----------------------------------------------------------------------------------

/** A cart item by its tier, or as the spec writes it: {user, course, price, validity} (decision 0028). */
const cartItemBody = z
  .object({
    user: uuid().meta({ description: "The caller's own id" }),
    course: uuid(),
    tier: z.enum(TIERS, { error: 'TIER_INVALID' }).optional().meta({ description: 'silver, gold or diamond; without it, price and validity name the tier' }),
    price: poishaAmount().optional().meta({ description: 'The tier’s price as GET course/{id}/ answers it (poisha): with validity, picks the tier offering exactly both (CART_OFFER_UNKNOWN otherwise); never what is charged' }),
    validity: z.int({ error: 'INVALID_VALUE' }).min(1).max(100_000).optional().meta({ description: 'The tier’s validity in days' }),
  })
  .refine((b) => b.tier !== undefined || (b.price !== undefined && b.validity !== undefined), { path: ['tier'], error: 'TIER_INVALID' });
const userCourseBody = z.object({
  user: uuid().meta({ description: "The caller's own id" }),
  course: uuid(),
});
const userBody = z.object({ user: uuid().meta({ description: "The caller's own id" }) });
const voucherBody = z.object({
  cuponCode: code(),
  discount: z.int({ error: 'VOUCHER_PERCENT_INVALID' }).min(1).max(100).meta({ description: 'Percent, 1-100' }),
  useLimit: z.int({ error: 'VOUCHER_USE_LIMIT_INVALID' }).min(1).max(2_147_483_647),
  expireDate: apiDayField().meta({ description: 'Last day it may be used: YYYY-MM-DD or day-month-year (22-5-2022)' }),
});
const orderBody = z.object({
  userId: uuid().meta({ description: "The caller's own id" }),
  amount: poishaAmount().meta({
    description: 'The payable the client computed (poisha); must equal the server’s, else 400 AMOUNT_MISMATCH',
  }),
  cuponCode: code().optional().meta({ description: 'A voucher to apply' }),
  useWallet: z.boolean({ error: 'INVALID_VALUE' }).optional().meta({ description: 'Spend the wallet balance first (default true)' }),
});
const zeroCartBody = z.object({
  total_amount: bdtAmount().optional(),
  discount_amount: bdtAmount().optional(),
  cart: z.object({ id: z.string({ error: 'INVALID_VALUE' }).max(100).optional() }, { error: 'INVALID_VALUE' }).optional(),
  value_a: z.union([z.boolean(), z.string().max(100)], { error: 'INVALID_VALUE' }).optional().meta({ description: 'Coupon applied flag (a boolean or a string; informational)' }),
  value_b: z.string({ error: 'INVALID_VALUE' }).max(100).optional(),
  value_c: z.string({ error: 'INVALID_VALUE' }).max(100).optional(),
});

const notForSale = { 404: fail('Unknown or unpublished course (COURSE_NOT_FOR_SALE)') };
/** Buying an owned course must extend access: a renewal (ended or in its last 7 days) or a higher tier (decision 0027). */
const alreadyOwned = { 409: fail('The student owns the course at this tier or a higher one with more than 7 days left (COURSE_ALREADY_OWNED)') };
const orderRefusals = {
  ...alreadyOwned,
  400: fail(
    'Missing or invalid fields, the amount differs from the server’s computation (AMOUNT_MISMATCH, `params.amount` in BDT), or the cart is empty (CART_EMPTY)',
  ),
  404: fail("'Coupon Not found' (COUPON_NOT_FOUND): the voucher is unknown, expired or used up"),
};

export function commerceRoutes(commerce: CommerceApi, identity: ServiceApi<identityV1.IdentityServiceServer>, tokens: AccessTokenVerifier, logger: Logger): RouteSpec[] {
  const student = { label: STUDENT, check: requireAuth(tokens, UserRoles.student) };
  const admin = { label: ADMIN, check: requireAuth(tokens, UserRoles.admin) };
  const studentOrAdmin = { label: 'students (their own) and admins', check: requireAuth(tokens, UserRoles.student, UserRoles.admin) };
  return [
    // ---- Back office: orders (declared before order/{userId} so `list` and `held` are never read as ids) ----
    defineRoute({
      method: 'get',
      path: '/order/list',
      summary: 'Orders of the last 30 days with their buyers, newest first (back office)',
      auth: admin,
      responses: { 200: answer(listOf(AdminOrderSchema)) },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const { orders } = await commerce.listAllOrders({ ...last30Days(), paidOnly: false }, caller);
        res.json(ok(await withBuyers(identity, caller, orders)));
      },
    }),
    ...(['orders', 'paid-orders'] as const).map((kind) =>
      defineRoute({
        method: 'get',
        path: `/analytics/${kind}/{startDate}/{endDate}`,
        summary: `${kind === 'orders' ? 'Orders' : 'Paid orders'} created from startDate to endDate (Bangladesh days, inclusive), newest first, with their buyers`,
        auth: admin,
        params: dayRangeParams,
        responses: { 200: answer(listOf(AdminOrderSchema), 'The list is in data'), ...badDayRange },
        handler: async ({ res, param }) => {
          const caller = callerOf(res);
          const { orders } = await commerce.listAllOrders({ ...dayRangeOf(param), paidOnly: kind === 'paid-orders' }, caller);
          res.json(ok(await withBuyers(identity, caller, orders)));
        },
      }),
    ),
    defineRoute({
      method: 'get',
      path: '/order/held',
      summary: 'Orders whose card payment came with risk_level 1, waiting for release or refusal (back office)',
      auth: admin,
      responses: { 200: answer(listOf(AdminOrderSchema)) },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const { orders } = await commerce.listHeldOrders({}, caller);
        res.json(ok(await withBuyers(identity, caller, orders)));
      },
    }),
    ...(['release', 'refuse'] as const).map((action) =>
      defineRoute({
        method: 'post',
        path: `/order/held/{orderId}/${action}`,
        summary:
          action === 'release'
            ? 'Release a held order: it is paid (or, if it can no longer be paid, the card money goes to the student’s wallet)'
            : 'Refuse a held order: it is cancelled and its wallet reservation given back; the card is refunded through the gateway’s merchant panel',
        auth: admin,
        params: { orderId: { schema: uuid(), description: 'The order id (UUID)', invalid: () => refusal('ORDER_NOT_FOUND') } },
        responses: {
          200: answer(done(OrderSchema)),
          400: fail('The order has no payment held for review (NO_HELD_PAYMENT)'),
          404: fail('Unknown order'),
        },
        handler: async ({ res, param }) => {
          const request = { orderId: param('orderId') };
          const { order } =
            action === 'release'
              ? await commerce.releaseHeldOrder(request, callerOf(res))
              : await commerce.refuseHeldOrder(request, callerOf(res));
          res.json({
            success: true,
            message: action === 'release' ? 'Order released' : 'Order refused',
            data: toOrder(order),
          });
        },
      }),
    ),
    // ---- Vouchers (declared before cart/{userId} so `list` is never read as a code) ----
    defineRoute({
      method: 'get',
      path: '/cart/cupon/list',
      summary: 'Every voucher with its times used (back office)',
      auth: admin,
      responses: { 200: answer(listOf(VoucherSchema)) },
      handler: async ({ res }) => {
        const { vouchers } = await commerce.listVouchers({}, callerOf(res));
        res.json(ok(vouchers.map(toVoucher)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cart/cupon',
      summary: 'Create a voucher (back office)',
      auth: admin,
      body: { schema: voucherBody, headline: 'VOUCHER_FIELDS_MISSING' },
      responses: {
        201: answer(done(VoucherSchema), "'coupon created successfully'"),
        400: fail("'any of the field is missing' (VOUCHER_FIELDS_MISSING), each field's key in fieldReasons"),
        409: fail('A voucher with this code exists (VOUCHER_CODE_TAKEN)'),
      },
      handler: async ({ res, body }) => {
        const { voucher } = await commerce.createVoucher(
          {
            code: body.cuponCode,
            percent: body.discount,
            useLimit: body.useLimit,
            expireDate: body.expireDate,
          },
          callerOf(res),
        );
        if (!voucher) throw refusal('COUPON_NOT_FOUND');
        res.status(201).json({ success: true, message: 'coupon created successfully', data: toVoucher(voucher) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cart/cupondelete/{id}',
      summary: 'Delete a voucher (back office)',
      auth: admin,
      params: { id: { schema: uuid(), description: 'The voucher id (UUID)', invalid: () => refusal('COUPON_NOT_FOUND') } },
      responses: {
        200: answer(done(z.object({ _id: z.string() })), "'Coupon Deleted!!'"),
        404: fail("'Coupon Not found'"),
      },
      handler: async ({ res, param }) => {
        await commerce.deleteVoucher({ id: param('id') }, callerOf(res));
        res.json({ success: true, message: 'Coupon Deleted!!', data: { _id: param('id') } });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/cart/cupon/{code}',
      summary: "Check a voucher: 'success' and its discount percent",
      auth: student,
      params: {
        code: {
          schema: code(),
          description: 'The voucher code (case-insensitive)',
          invalid: () => refusal('COUPON_NOT_FOUND'),
        },
      },
      responses: {
        200: answer(done(z.object({ cuponCode: z.string(), discount: z.int().min(1).max(100) })), "message 'success'"),
        404: fail("'Coupon Not found': unknown, expired or used up"),
      },
      handler: async ({ res, param }) => {
        const v = await commerce.checkVoucher({ code: param('code') }, callerOf(res));
        res.json({
          success: true,
          message: v.message || 'success',
          data: { cuponCode: v.code, discount: v.percent },
        });
      },
    }),

    // ---- Cart ----
    defineRoute({
      method: 'post',
      path: '/cart/',
      summary: 'Add a course at a tier to the cart: {user, course, tier}, or the spec’s {user, course, price, validity} naming the tier with exactly that offer (decision 0028); price and validity charged are the catalogue’s',
      auth: student,
      body: { schema: cartItemBody },
      responses: {
        200: answer(done(CartSchema), "'course added to the cart'"),
        ...badRequest,
        ...notForSale,
        ...alreadyOwned,
      },
      handler: async ({ res, body }) => {
        const caller = ownCaller(res, body.user);
        const { cart } = await commerce.addToCart({ courseId: body.course, tier: body.tier ?? '', price: body.price, validityDays: body.validity }, caller);
        res.json({ success: true, message: 'course added to the cart', data: toCart(cart) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cart/delete/',
      summary: 'Remove one course from the cart',
      auth: student,
      body: { schema: userCourseBody },
      responses: { 200: answer(done(CartSchema)), ...badRequest },
      handler: async ({ res, body }) => {
        const caller = ownCaller(res, body.user);
        const { cart } = await commerce.removeFromCart({ courseId: body.course }, caller);
        res.json({ success: true, message: 'success', data: toCart(cart) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cart/remove_all',
      summary: 'Empty the cart',
      auth: student,
      body: { schema: userBody },
      responses: { 200: answer(done(CartSchema)), ...badRequest },
      handler: async ({ res, body }) => {
        const caller = ownCaller(res, body.user);
        const { cart } = await commerce.clearCart({}, caller);
        res.json({ success: true, message: 'success', data: toCart(cart) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/cart/{userId}',
      summary: "The caller's cart with its subtotal",
      auth: student,
      cachedPerUser: true,
      params: userIdParam,
      responses: { 200: answer(envelope(CartSchema)) },
      handler: async ({ res, param }) => {
        const { cart } = await commerce.getCart({}, ownCaller(res, param('userId')));
        res.json(ok(toCart(cart)));
      },
    }),

    // ---- Wishlist ----
    defineRoute({
      method: 'post',
      path: '/wishlist/',
      summary: 'Add a course to the wishlist',
      auth: student,
      body: { schema: userCourseBody },
      responses: {
        200: answer(done(z.array(WishlistItemSchema)), "'Course Added to Wishlist'"),
        ...badRequest,
        ...notForSale,
      },
      handler: async ({ res, body }) => {
        const { items } = await commerce.addToWishlist({ courseId: body.course }, ownCaller(res, body.user));
        res.json({ success: true, message: 'Course Added to Wishlist', data: toWishlist(items) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/wishlist/delete/',
      summary: 'Remove a course from the wishlist',
      auth: student,
      body: { schema: userCourseBody },
      responses: { 200: answer(done(z.array(WishlistItemSchema))), ...badRequest },
      handler: async ({ res, body }) => {
        const { items } = await commerce.removeFromWishlist({ courseId: body.course }, ownCaller(res, body.user));
        res.json({ success: true, message: 'success', data: toWishlist(items) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/wishlist/{userId}',
      summary: "The caller's wishlist",
      auth: student,
      params: userIdParam,
      responses: { 200: answer(listOf(WishlistItemSchema)) },
      handler: async ({ res, param }) => {
        const { items } = await commerce.listWishlist({}, ownCaller(res, param('userId')));
        res.json(ok(toWishlist(items)));
      },
    }),

    // ---- Wallet ----
    defineRoute({
      method: 'get',
      path: '/wallet/{userId}',
      summary: "The caller's wallet: balance, pending balance and the amount held by unpaid orders (poisha)",
      auth: student,
      cachedPerUser: true,
      params: userIdParam,
      responses: { 200: answer(envelope(WalletSchema)) },
      handler: async ({ res, param }) => {
        const { wallet } = await commerce.getWallet({}, ownCaller(res, param('userId')));
        res.json(ok(toWallet(wallet)));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/wallet/{userId}/statement',
      summary: "A wallet statement: every ledger entry with its date, kind, signed amount and what it was for, newest first, 20 a page, and the balance they sum to (the student's own; an admin's, anyone's)",
      auth: studentOrAdmin,
      params: { userId: { schema: uuid(), description: "The student's user id (a student: their own; another id gives 403)", invalid: () => refusal('WALLET_NOT_YOURS') } },
      query: pageQuery,
      responses: { 200: answer(envelope(StatementSchema)), ...badRequest, 403: fail("Another user's wallet (WALLET_NOT_YOURS)") },
      handler: async ({ req, res, param }) => {
        const caller = callerOf(res);
        if (caller.userType !== UserRoles.admin && caller.userId !== param('userId')) throw refusal('WALLET_NOT_YOURS');
        const page = Math.max(1, Math.min(Number.parseInt(String(req.query.page ?? '1'), 10) || 1, 100_000));
        const statement = await commerce.listLedger({ userId: param('userId'), page, pageSize: STATEMENT_PAGE_SIZE }, caller);
        res.json(ok(toStatement(statement, page)));
      },
    }),

    // ---- Orders ----
    defineRoute({
      method: 'get',
      path: '/order/receipt/{orderId}',
      summary: 'A paid course order’s receipt (PDF, en or bn): its courses, the voucher, what the wallet and the card paid, the card’s transaction id; its buyer or an admin',
      auth: studentOrAdmin,
      params: { orderId: { schema: uuid(), description: 'The order id (UUID)', invalid: () => refusal('ORDER_NOT_FOUND') } },
      query: langQuery,
      responses: {
        200: pdfAnswer('The receipt'),
        ...badRequest,
        403: fail('Another student’s order (ORDER_NOT_YOURS)'),
        404: fail('Unknown order (ORDER_NOT_FOUND)'),
        409: fail('The order is not paid (RECEIPT_ORDER_UNPAID)'),
      },
      handler: async ({ req, res, param }) => {
        const language = req.query.lang === 'bn' ? 'bn' : 'en';
        const { pdf } = await commerce.getReceipt({ orderId: param('orderId'), language }, callerOf(res));
        res.status(200).setHeader('Content-Type', 'application/pdf');
        res.setHeader('Content-Disposition', `attachment; filename="taal-receipt-${param('orderId').slice(0, 8)}-${language}.pdf"`);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', 'private, no-store');
        res.send(Buffer.from(pdf));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/order',
      summary: 'Create an unpaid order from the cart; the amount must equal the server’s computation (§5)',
      auth: student,
      body: { schema: orderBody },
      responses: {
        201: answer(envelope(OrderSchema), 'The order, unpaid: _id and userId'),
        ...orderRefusals,
        403: fail(`userId is not the caller, or ${GUARDIAN_PENDING_TEXT}`),
      },
      handler: async ({ res, body }) => {
        const caller = ownCaller(res, body.userId);
        // Every way of paying for a course starts here (decision 0047).
        const buyer = await refuseUnapprovedBuyer(identity, caller);
        // Commerce computes the payable and compares it with the client's in the order's own
        // transaction (CART_EMPTY, AMOUNT_MISMATCH): one rule, no window between check and order.
        const { order } = await commerce.createOrder(
          {
            voucherCode: body.cuponCode ?? '',
            useWallet: body.useWallet ?? true,
            expectedPayable: body.amount,
            // The buyer just read for the age rule travels with the order to its receipt (decision 0053).
            buyerEmail: buyer?.email ?? '',
            buyerName: buyer?.name ?? '',
            buyerLanguage: buyer?.language ?? '',
          },
          caller,
        );
        res.status(201).json(ok(toOrder(order)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/order/{userId}',
      summary: "The caller's orders, newest first (purchase history: Paid / Unpaid)",
      auth: student,
      params: userIdParam,
      responses: { 200: answer(listOf(OrderSchema)) },
      handler: async ({ res, param }) => {
        const { orders } = await commerce.listOrders({}, ownCaller(res, param('userId')));
        res.json(ok(orders.map(toOrder)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cart/zero-cart/{userId}/{orderId}',
      summary: "Pay an order whose payable is 0 (wallet and voucher cover it): 'success'",
      auth: student,
      params: { ...userIdParam, orderId: { schema: uuid(), description: 'The order id (UUID)', invalid: () => refusal('ORDER_NOT_FOUND') } },
      body: { schema: zeroCartBody },
      responses: {
        200: answer(done(OrderSchema), "'success'"),
        400: fail(
          'Invalid fields, or the order is paid, expired, cancelled or held (ORDER_ALREADY_PAID, ORDER_EXPIRED, ORDER_CANCELLED, ORDER_HELD), or has an amount to pay through the card gateway (ORDER_HAS_AMOUNT_TO_PAY)',
        ),
        404: fail('Unknown order (ORDER_NOT_FOUND), or the voucher ran out and the order is cancelled (ORDER_CANCELLED_COUPON_USED_UP)'),
      },
      handler: async ({ res, param }) => {
        const caller = ownCaller(res, param('userId'));
        const { order } = await commerce.payOrder({ orderId: param('orderId') }, caller);
        res.json({ success: true, message: 'success', data: toOrder(order) });
      },
    }),

    defineRoute({
      method: 'post',
      path: '/wallet/credit',
      summary: 'Credit a student’s wallet (refund, gift-card redemption or referral bonus), once per reference in the back office’s own namespace (back office)',
      auth: admin,
      body: {
        schema: z.object({
          userId: uuid(),
          kind: z.enum(['refund', 'gift_card_redemption', 'referral_bonus'], { error: 'CREDIT_KIND_INVALID' }),
          amount: poishaAmount().min(1, 'WALLET_AMOUNT_INVALID'),
          reference: z.string({ error: 'CREDIT_REFERENCE_REQUIRED' }).min(1).max(100).meta({ description: 'Unique per credit: the same reference twice credits once' }),
        }),
      },
      responses: {
        200: answer(envelope(WalletSchema), 'The student’s wallet after the credit (or after the same credit made before under this reference)'),
        ...badRequest,
        409: fail('The reference holds a different credit (another user, kind or amount): nothing was credited (LEDGER_REFERENCE_TAKEN)'),
      },
      handler: async ({ res, body }) => {
        const { wallet } = await commerce.creditWallet(body, callerOf(res));
        res.json(ok(toWallet(wallet)));
      },
    }),

    // ---- Card payments (the gateway's session, IPN and browser returns) ----
    ...cardPaymentRoutes(commerce, student, logger),

  ];
}
