export { commerceService, startCommerce, COMMERCE_SERVICE_NAME, type CommerceDeps, type RunningCommerce } from './service';
export { orderTotals, COUPON_NOT_FOUND, ORDER_TTL_MS } from './domain/pricing';
