export * as catalogueV1 from './gen/catalogue/v1/catalogue';
export * as catalogueEventsV1 from './gen/catalogue/v1/events';
export * as identityV1 from './gen/identity/v1/identity';
export * as identityEventsV1 from './gen/identity/v1/events';
export * from './event-types';
export * from './identity-messages';
export * from './account-rules';
export * from './service-names';
