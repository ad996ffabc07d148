/** Commerce's slice of the public API: cart, wishlist, wallet, orders, card payments and vouchers. */
import { ServiceNames, type identityV1 } from '@taal/contracts';
import { defineApi } from '@taal/edge';
import { commerceClient } from './client';
import { commerceLimiters } from './limits';
import { COURSE_CARD_SALE } from '../domain/card-sale';
import { adminOrderRoutes } from './admin-orders';
import { cardPaymentRoutes } from './card-payments';
import { cartRoutes } from './cart';
import { orderRoutes } from './orders';
import { guards, type CommerceRouteDeps, type CommerceUseCases } from './shape';
import { voucherRoutes } from './vouchers';
import { walletCreditRoutes, walletRoutes } from './wallet';
import { wishlistRoutes } from './wishlist';

export const commerceApi = defineApi({
  cardSale: COURSE_CARD_SALE,
  clients: { commerce: commerceClient },
  limiters: commerceLimiters,
  routes: (ctx, limiters) => {
    // Commerce's own use cases, called in this process (its routes run beside commerce, issue 52).
    const { commerce, cards } = ctx.useCases<CommerceUseCases>(ServiceNames.commerce);
    // The admins' orders see their buyers' names, from identity.
    const deps: CommerceRouteDeps = {
      commerce,
      cards,
      identity: ctx.client<identityV1.IdentityServiceServer>('identity'),
      tokens: ctx.tokens,
      voucherGuesses: limiters.voucherGuesses,
    };
    // In the order the API document has always listed them: a fixed path (order/list, cart/cupon/list)
    // is declared before the `{userId}` or `{code}` one it would otherwise be read as.
    return [
      adminOrderRoutes(deps),
      voucherRoutes(deps),
      cartRoutes(deps),
      wishlistRoutes(deps),
      walletRoutes(deps),
      orderRoutes(deps),
      walletCreditRoutes(deps),
      // The card gateway's session, IPN and browser returns.
      cardPaymentRoutes(cards, guards(ctx.tokens).student, ctx.logger),
    ];
  },
});
