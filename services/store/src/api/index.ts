/** The store's slice of the public API: gift cards, their orders and card payments, redeeming, and the back office's store screens. */
import type { commerceV1, identityV1, storeV1 } from '@taal/contracts';
import { defineApi } from '@taal/edge';
import { storeClient } from './client';
import { storeRoutes } from './store';

export const storeApi = defineApi({
  clients: { store: storeClient },
  routes: (ctx) => {
    const store = ctx.client<storeV1.StoreServiceServer>('store');
    return [
      storeRoutes({
        store,
        identity: ctx.client<identityV1.IdentityServiceServer>('identity'),
        tokens: ctx.tokens,
        commerce: ctx.client<commerceV1.CommerceServiceServer>('commerce'),
        files: ctx.files,
        guesses: ctx.limits.giftCardGuesses,
        logger: ctx.logger,
      }),
    ];
  },
});
