export { createDocumentStore, type CreateDocumentStoreOptions } from './connect';
export {
  startEmbeddedDocumentServer,
  ferretDbBinary,
  FERRETDB_VERSION,
  type EmbeddedDocumentServer,
  type StartEmbeddedDocumentServerOptions,
} from './embedded';
export { claimLease, createLeaseIndexes, dropLeases, pruneExpiredLeases, DEFAULT_LEASE_COLLECTION, type Lease } from './lease';
