/** Issued gift cards: the admin's list and one card, the student's redeem (wrong codes limited) and balance. */
import { status } from '@grpc/grpc-js';
import { z } from 'zod';
import { isGrpcStatusError } from '@taal/kit';
import { answer, envelope, poishaAmount, fail, listOf, tooMany, callerOf, refusal, ok, defineRoute, type RouteSpec } from '@taal/edge';
import { badPage, collectPages, linkHeader, linkNext, pageOf, pageQuery, pageRequest } from '@taal/edge';
import { GiftCardSchema, toGiftCard, forCaller, type StoreRouteDeps, M, cardId, userIdParam, guards, STORE_LIST_BOUND } from './shape';

const redeemAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    amount: poishaAmount().meta({ description: 'The value credited' }),
    balance: poishaAmount().meta({ description: 'The wallet balance after it (0 if commerce answers later)' }),
    giftCardMessage: z.string().meta({ description: "The sender's message on the card" }),
  }),
});

export function giftCardRoutes(deps: StoreRouteDeps): RouteSpec[] {
  const { giftCards, tokens, commerce, guesses } = deps;
  const { admin, student } = guards(tokens);

  return [
    // ---- issued cards ----
    defineRoute({
      method: 'get',
      path: '/store/gift-card/',
      summary: `Issued gift cards, newest first (back office; no secret codes): at most ${STORE_LIST_BOUND} (the rest through GET store/gift-card/page, named by the Link header)`,
      auth: admin,
      responses: { 200: { ...answer(listOf(GiftCardSchema)), headers: linkHeader } },
      handler: async ({ res }) => {
        const caller = callerOf(res);
        const { items, next } = await collectPages(STORE_LIST_BOUND, async (cursor, limit) => {
          const page = await giftCards.list(forCaller(caller), { cursor, limit });
          return { items: page.giftCards, next: page.next };
        });
        linkNext(res, '/api/v1/store/gift-card/page', {}, next);
        res.json(ok(items.map(toGiftCard)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/gift-card/page',
      summary: "A page of the issued gift cards, newest first (back office, decision 0084); next: the following page's cursor, null on the last",
      auth: admin,
      query: pageQuery,
      responses: { 200: answer(pageOf(GiftCardSchema)), ...badPage },
      handler: async ({ req, res }) => {
        const page = await giftCards.list(forCaller(callerOf(res)), pageRequest(req));
        res.json(ok({ items: page.giftCards.map(toGiftCard), next: page.next || null }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/gift-card/{id}',
      summary: 'One issued gift card: sender, order, receiver, validity, value, price, used (never its code)',
      auth: admin,
      params: cardId,
      responses: { 200: answer(envelope(GiftCardSchema)), 404: fail('Gift card not found') },
      handler: async ({ res, param }) => {
        res.json(ok(toGiftCard(await giftCards.get(forCaller(callerOf(res)), { id: param('id') }))));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/store/gift-card/redeem/{code}/{userId}',
      summary: "Redeem a gift card into the caller's own wallet, once; wrong codes are limited per user and per address",
      auth: student,
      params: {
        code: { schema: z.string().min(1).max(64), invalid: () => refusal('GIFT_CARD_UNKNOWN'), description: 'The secret code (case, spaces and dashes do not matter)' },
        ...userIdParam,
      },
      responses: {
        200: answer(redeemAnswer, "Credited; the client shows 'Congratulations! {message} You have received BDT {amount} from gift card.'"),
        400: fail("'Please enter gift card secret code!', 'This gift card has already been used.' (GIFT_CARD_USED) or 'This gift card has expired.' (GIFT_CARD_EXPIRED)"),
        403: fail('userId is not the caller'),
        404: fail('Unknown code (GIFT_CARD_UNKNOWN): counts as a wrong guess'),
        409: fail('The wallet refused the card’s credit: its ledger reference holds a different credit (LEDGER_REFERENCE_TAKEN, decision 0036); nothing was credited'),
        429: tooMany('Too many wrong codes from this user or address (Retry-After)'),
      },
      handler: async ({ req, res, param }) => {
        const caller = callerOf(res);
        if (param('userId') !== caller.userId) throw refusal('WALLET_NOT_YOURS');
        const attempt = await guesses.begin(caller.userId, req.ip ?? req.socket.remoteAddress ?? 'unknown');
        try {
          const r = await giftCards.redeem(forCaller(caller), { code: param('code'), userId: caller.userId });
          await attempt.notAGuess();
          res.json({ success: true, message: M.redeemed, data: { amount: r.amount, balance: r.balance, giftCardMessage: r.message } });
        } catch (err) {
          if (!(isGrpcStatusError(err) && err.code === status.NOT_FOUND)) await attempt.notAGuess();
          throw err;
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/gift-card/balance/{userId}',
      summary: "The caller's own wallet balance (poisha)",
      auth: student,
      params: userIdParam,
      responses: { 200: answer(envelope(poishaAmount()), 'The balance, a number'), 403: fail('userId is not the caller') },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        if (param('userId') !== caller.userId) throw refusal('WALLET_NOT_YOURS');
        const { wallet } = await commerce.getWallet({}, caller);
        res.json(ok(wallet?.balance ?? 0));
      },
    }),
  ];
}
