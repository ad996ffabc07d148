/** Payouts' slice of the public API: instructor earnings, dues, settlements, statements and the back office's sales analytics. */
import type { catalogueV1, identityV1, payoutsV1 } from '@taal/contracts';
import { defineApi } from '@taal/edge';
import { payoutsClient } from './client';
import { analyticsRoutes } from './analytics';
import { salesPageRoutes } from './sales-pages';
import { settlementRoutes } from './settlements';
import type { PayoutRouteDeps } from './shape';

export const payoutsApi = defineApi({
  clients: { payouts: payoutsClient },
  routes: (ctx) => {
    const payouts = ctx.client<payoutsV1.PayoutsServiceServer>('payouts');
    const deps: PayoutRouteDeps = {
      payouts,
      identity: ctx.client<identityV1.IdentityServiceServer>('identity'),
      tokens: ctx.tokens,
      catalogue: ctx.client<catalogueV1.CatalogueServiceServer>('catalogue'),
    };
    return [
      // The back office's sales analytics; instructors' earnings, dues, settlements and statements.
      ...[analyticsRoutes, salesPageRoutes, settlementRoutes].map((group) => group(deps)),
    ];
  },
});
