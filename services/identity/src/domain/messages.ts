/** The identity messages are part of the public API contract; they live in @taal/contracts. */
export { IdentityMessages as Messages } from '@taal/contracts';
