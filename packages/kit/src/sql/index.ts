export { createSql, dateColumn, type CreateSqlOptions } from './pool';
export {
  startEmbeddedPostgres,
  servePglite,
  AffinityQueryQueue,
  type EmbeddedPostgres,
  type StartEmbeddedPostgresOptions,
} from './embedded';
export { migrate, assertSchemaName, type MigrateOptions, type MigrateResult } from './migrate';
