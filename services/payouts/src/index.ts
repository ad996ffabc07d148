export { payoutsService, startPayouts, type PayoutsServiceDeps, type RunningPayouts } from './service';
export { splitSale, GATEWAY_CUT_FROM_DAY } from './domain/split';
export { parseDay, monthRange } from './domain/days';
