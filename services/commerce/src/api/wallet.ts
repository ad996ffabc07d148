/** The student's wallet, its statement (every ledger entry) and the back office's credit to it. */
import { z } from 'zod';
import { type commerceV1 } from '@taal/contracts';
import { answer, poishaAmount, badRequest, envelope, fail, callerOf, UserRoles, refusal, ok, defineRoute, type RouteSpec } from '@taal/edge';
import { badPage, pageOf, pageQuery, pageRequest } from '@taal/edge';
import { forCaller, ownCaller, uuid, userIdParam, guards, type CommerceRouteDeps } from './shape';

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
const StatementEntrySchema = z
  .object({
    _id: z.string(),
    kind: z.enum(STATEMENT_KINDS),
    amount: z.int().meta({ description: 'Signed poisha: credits positive, debits negative' }),
    createdAt: z.string(),
    detail: z.string().meta({ description: "A gift card's product name or a referred friend's first name ('' when not recorded)" }),
    orderId: z.string(),
    orderTitles: z.array(z.string()).meta({ description: "The order's course titles" }),
  })
  .meta({ id: 'WalletStatementEntry' });
const toStatement = (r: commerceV1.ListLedgerResponse) => ({
  balance: r.balance,
  next: r.next || null,
  items: r.entries.map((e) => ({
    _id: e.id,
    kind: e.kind as (typeof STATEMENT_KINDS)[number],
    amount: e.amount,
    createdAt: e.createdAt,
    detail: e.detail,
    orderId: e.orderId,
    orderTitles: e.orderTitles,
  })),
});

export function walletRoutes({ commerce, tokens }: CommerceRouteDeps): RouteSpec[] {
  const { student, studentOrAdmin } = guards(tokens);
  return [
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
        const wallet = await commerce.getWallet(forCaller(ownCaller(res, param('userId'))));
        res.json(ok(toWallet(wallet)));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/wallet/{userId}/statement',
      // One user's costly reads of their own, counted per user (decision 0065).
      fairUse: 'documents',
      summary: "A wallet statement: every ledger entry with its date, kind, signed amount and what it was for, newest first, a keyset page at a time (decision 0084; 20 a page by default), and the balance they sum to (the student's own; an admin's, anyone's)",
      auth: studentOrAdmin,
      params: { userId: { schema: uuid(), description: "The student's user id (a student: their own; another id gives 403)", invalid: () => refusal('WALLET_NOT_YOURS') } },
      query: pageQuery,
      responses: {
        200: answer(pageOf(StatementEntrySchema, { balance: z.int().meta({ description: 'What every entry sums to (the wallet balance), poisha' }) })),
        ...badPage,
        403: fail("Another user's wallet (WALLET_NOT_YOURS)"),
      },
      handler: async ({ req, res, param }) => {
        const caller = callerOf(res);
        if (caller.userType !== UserRoles.admin && caller.userId !== param('userId')) throw refusal('WALLET_NOT_YOURS');
        const { cursor, limit } = pageRequest(req);
        const statement = await commerce.listLedger(forCaller(caller), { userId: param('userId'), page: 0, pageSize: limit, cursor });
        res.json(ok(toStatement(statement)));
      },
    }),
  ];
}

/** The back office's wallet credit (declared after the orders, where the API document has always listed it). */
export function walletCreditRoutes({ commerce, tokens }: CommerceRouteDeps): RouteSpec[] {
  const { admin } = guards(tokens);
  return [
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
        const wallet = await commerce.creditWallet(forCaller(callerOf(res)), body);
        res.json(ok(toWallet(wallet)));
      },
    }),
  ];
}
