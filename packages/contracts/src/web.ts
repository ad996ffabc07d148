/**
 * The browser-safe part of the contracts (no protobuf, no gRPC): what the frontends import as
 * `@taal/contracts/web`. Everything here is also exported from `@taal/contracts`.
 */
export * from './account-rules';
export * from './refusals';
export * from './bangladesh-time';
export * from './days';
export * from './identity-messages';
export * from './user-roles';
export * from './freebies';
export * from './course-admin';
export * from './gift-card-text';
export * from './contact-limits';
export * from './taka';
export * from './course-access';
export * from './course-catalogue';
export * from './search';
