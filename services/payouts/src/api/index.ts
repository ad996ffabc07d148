/** Payouts' slice of the public API: instructor earnings, dues, settlements, statements and the back office's sales analytics. */
import { ServiceNames, type catalogueV1, type identityV1 } from '@taal/contracts';
import { defineApi } from '@taal/edge';
import { analyticsRoutes } from './analytics';
import { salesPageRoutes } from './sales-pages';
import { settlementRoutes } from './settlements';
import type { PayoutRouteDeps, PayoutsUseCases } from './shape';

export const payoutsApi = defineApi({
  // No gRPC client of its own: nothing calls payouts over gRPC (issue 52, decision 0093).
  clients: {},
  routes: (ctx) => {
    // Payouts' own use cases, called in this process (its routes run beside payouts, issue 52).
    const { payouts } = ctx.useCases<PayoutsUseCases>(ServiceNames.payouts);
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
