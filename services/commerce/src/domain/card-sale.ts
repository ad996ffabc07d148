import { ServiceNames } from '@taal/contracts';
/** Course orders paid by card (decision 0014): the card flow's and the edge's description of them (payments' `CardSale`). */
export const COURSE_CARD_SALE = { label: 'card payment', tranPrefix: 'T', callbackPath: '/cart/ssl', amountField: 'total_amount', service: ServiceNames.commerce } as const;
