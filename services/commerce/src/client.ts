/**
 * Commerce as another service calls it (`@taal/commerce/client`): one client, in commerce's own
 * terms, beside the edge's spec of the same contract (api/client.ts). Calls go as the calling
 * service itself (no user token; decision 0008).
 */
import { commerceV1, ServiceNames } from '@taal/contracts';
import { callUnary, serviceClient, type ServiceClientOptions, type ServiceTokenIssuer } from '@taal/kit';

export interface CommerceClient {
  /** Credits a redeemed gift card's value to a user's wallet, once per card id; answers the balance after it (poisha). */
  creditGiftCard(userId: string, giftCardId: string, amount: number, productName: string): Promise<{ balance: number }>;
  close(): void;
}

export function commerceServiceClient(address: string, issuer: ServiceTokenIssuer, options: Pick<ServiceClientOptions, 'deadlineMs'> = {}): CommerceClient {
  const { client } = serviceClient(commerceV1.CommerceServiceClient, address, issuer, ServiceNames.commerce, options);
  return {
    async creditGiftCard(userId, giftCardId, amount, productName) {
      const { wallet } = await callUnary(client, 'creditGiftCard', commerceV1.CreditGiftCardRequest.fromPartial({ userId, giftCardId, amount, productName }));
      return { balance: wallet?.balance ?? 0 };
    },
    close: () => client.close(),
  };
}
