import { ServiceNames } from '@taal/contracts';
/** Gift-card orders paid by card (decision 0018): the card flow's and the edge's description of them (payments' `CardSale`). */
export const GIFT_CARD_CARD_SALE = { label: 'store payment', tranPrefix: 'S', callbackPath: '/store/payment/ssl', amountField: 'amount', service: ServiceNames.store } as const;
