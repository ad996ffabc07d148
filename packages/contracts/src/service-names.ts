/**
 * Each service's name: the kid of its signing key and the audience of the service tokens
 * addressed to it (decision 0008).
 */
export const ServiceNames = {
  gateway: 'gateway',
  catalogue: 'catalogue',
  identity: 'identity',
  commerce: 'commerce',
  learning: 'learning',
  messaging: 'messaging',
  payouts: 'payouts',
  store: 'store',
} as const;

export type ServiceName = (typeof ServiceNames)[keyof typeof ServiceNames];
