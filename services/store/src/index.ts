export { startStore, storeService, STORE_SERVICE_NAME, type RunningStore, type StoreDeps } from './service';
export { StoreMessages, hashCode, GIFT_CARD_VALIDITY_DAYS } from './domain/gift-cards';
