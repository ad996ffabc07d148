/** Commerce's slice of the public API: cart, wishlist, wallet, orders, card payments and vouchers. */
import type { commerceV1, identityV1 } from '@taal/contracts';
import { defineApi } from '@taal/edge';
import { commerceClient } from './client';
import { commerceRoutes } from './commerce';
import { COURSE_CARD_SALE } from '../domain/card-sale';

export const commerceApi = defineApi({
  cardSale: COURSE_CARD_SALE,
  clients: { commerce: commerceClient },
  routes: (ctx) => {
    const commerce = ctx.client<commerceV1.CommerceServiceServer>('commerce');
    // Students' own cart, wishlist, wallet and orders; the admins' orders (with buyers' names from identity) and vouchers.
    return [commerceRoutes(commerce, ctx.client<identityV1.IdentityServiceServer>('identity'), ctx.tokens, ctx.logger)];
  },
});
