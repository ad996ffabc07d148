export * as catalogueV1 from './gen/catalogue/v1/catalogue';
export * as catalogueEventsV1 from './gen/catalogue/v1/events';
export * from './event-types';
