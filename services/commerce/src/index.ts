export { commerceService, startCommerce, COMMERCE_SERVICE_NAME, type CommerceDeps, type RunningCommerce } from './service';
export { orderTotals, ORDER_TTL_MS } from './domain/pricing';
