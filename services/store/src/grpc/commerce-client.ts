import { commerceV1, ServiceNames } from '@taal/contracts';
import { callUnary, createClient, type ServiceTokenIssuer } from '@taal/kit';
import type { WalletCredit } from '../app/gift-cards';

/** Commerce's CreditGiftCard with the store's own service token (no user token; decision 0008). */
export function commerceWallet(address: string, issuer: ServiceTokenIssuer): WalletCredit & { close(): void } {
  const client = createClient(commerceV1.CommerceServiceClient, address, {
    auth: { issuer, audience: ServiceNames.commerce },
    defaultDeadlineMs: 5000,
  });
  return {
    async credit(userId, giftCardId, amount, productName) {
      const res = await callUnary<commerceV1.CreditGiftCardRequest, commerceV1.CreditGiftCardResponse>(
        client,
        'creditGiftCard',
        commerceV1.CreditGiftCardRequest.fromPartial({ userId, giftCardId, amount, productName }),
      );
      return { balance: res.wallet?.balance ?? 0 };
    },
    close: () => client.close(),
  };
}
