export { createDocumentStore, type CreateDocumentStoreOptions } from './connect';
export {
  startEmbeddedDocumentServer,
  ferretDbBinary,
  FERRETDB_VERSION,
  type EmbeddedDocumentServer,
  type StartEmbeddedDocumentServerOptions,
} from './embedded';
export { claimLease, createLeaseIndexes, dropLeases, latestLease, pruneExpiredLeases, renewLease, DEFAULT_LEASE_COLLECTION, type Lease } from './lease';
