import type { commerceV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Commerce } from '../app/commerce';

/**
 * gRPC adapter of the commerce use cases that other services call (src/app): requests in, answers out.
 * Commerce's own routes call the use cases directly (issue 52, decision 0093).
 */
export function commerceGrpcService(commerce: Commerce): commerceV1.CommerceServiceServer {
  return {
    getWallet: unaryHandler(async (_req: commerceV1.GetWalletRequest, ctx) => ({
      wallet: await commerce.getWallet(ctx),
    })),
    creditGiftCard: unaryHandler(async (req: commerceV1.CreditGiftCardRequest, ctx) => commerce.creditGiftCard(ctx, req)),
  };
}
