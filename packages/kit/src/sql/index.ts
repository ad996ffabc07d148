export { createSql, dateColumn, type CreateSqlOptions } from './pool';
export {
  startEmbeddedPostgres,
  servePglite,
  AffinityQueryQueue,
  type EmbeddedPostgres,
  type StartEmbeddedPostgresOptions,
} from './embedded';
export { migrate, assertSchemaName, type MigrateOptions, type MigrateResult } from './migrate';
export {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  pageSizeOf,
  encodeCursor,
  decodeCursor,
  keysetAt,
  newestFirst,
  keysetPage,
  encodeKeysCursor,
  decodeKeysCursor,
  keysetSelect,
  keysetOrdered,
  keysetPageBy,
  type KeysetOrder,
  type KeysetKeys,
  type KeysetPosition,
  type KeysetPage,
} from './keyset';
