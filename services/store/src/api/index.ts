/** The store's slice of the public API: gift cards, their orders and card payments, redeeming, and the back office's store screens. */
import { ServiceNames, type commerceV1, type identityV1, type storeV1 } from '@taal/contracts';
import { defineApi, GuessLimiter } from '@taal/edge';
import { storeClient } from './client';
import { categoryRoutes } from './categories';
import { giftCardRoutes } from './gift-cards';
import { orderRoutes } from './orders';
import { productRoutes } from './products';
import type { StoreRouteDeps, StoreUseCases } from './shape';
import { GIFT_CARD_CARD_SALE } from '../domain/card-sale';

/** Wrong gift-card codes allowed per user and per client address within the window (decision 0018). */
export const GIFT_CARD_GUESS_LIMITS = { perUser: 10, perAddress: 30, windowSeconds: 15 * 60 };

export const storeApi = defineApi({
  cardSale: GIFT_CARD_CARD_SALE,
  clients: { store: storeClient },
  limiters: (counters) => ({ giftCardGuesses: new GuessLimiter(counters, GIFT_CARD_GUESS_LIMITS, 'gift-card', 'TOO_MANY_GIFT_CARD_TRIES') }),
  // In the gateway's process (its web server, cluster mode too): the store's gRPC client, never its use cases.
  pageRecords: (ctx) => {
    const store = ctx.client<storeV1.StoreServiceServer>('store');
    return { giftCard: (id) => store.getProduct({ id }) };
  },
  routes: (ctx, limiters) => {
    // The store's own use cases, called in this process (its routes run beside the store, issue 52).
    const { catalog, orders, giftCards } = ctx.useCases<StoreUseCases>(ServiceNames.store);
    const deps: StoreRouteDeps = {
      catalog,
      orders,
      giftCards,
      identity: ctx.client<identityV1.IdentityServiceServer>('identity'),
      tokens: ctx.tokens,
      commerce: ctx.client<commerceV1.CommerceServiceServer>('commerce'),
      files: ctx.files,
      guesses: limiters.giftCardGuesses,
      logger: ctx.logger,
    };
    return [
      ...[categoryRoutes, productRoutes, orderRoutes, giftCardRoutes].map((group) => group(deps)),
    ];
  },
});
