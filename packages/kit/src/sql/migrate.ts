import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Sql, SqlExecutor } from '../ports/sql';

export interface MigrateOptions {
  /** The service's schema (lower-case identifier), e.g. `catalogue`. */
  schema: string;
  /** Folder of `NNN_name.sql` files, applied in numeric order. */
  dir: string;
  logger?: Logger;
}

export interface MigrateResult {
  /** File names applied by this call (already applied ones are skipped). */
  applied: string[];
}

interface MigrationFile {
  version: number;
  name: string;
  file: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const MIGRATION_FILE = /^(\d+)_([A-Za-z0-9_.-]+)\.sql$/;

/** Validates a schema name so it can be interpolated into SQL unquoted. */
export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid schema name ${JSON.stringify(schema)}: use a lower-case SQL identifier ([a-z_][a-z0-9_]*)`);
  }
}

/**
 * Tables the kit itself needs in every service schema, created before the
 * service's own migrations: the transactional outbox (../events/outbox.ts) and the
 * idempotent-consumer inbox (../events/inbox.ts).
 */
function kitTablesDdl(schema: string): string {
  return `
    CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE IF NOT EXISTS ${schema}.outbox (
      seq bigserial PRIMARY KEY,
      event_id text NOT NULL UNIQUE,
      type text NOT NULL,
      key text NOT NULL,
      schema_version integer NOT NULL,
      occurred_at text NOT NULL,
      payload bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz
    );
    CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON ${schema}.outbox (seq) WHERE published_at IS NULL;
    -- A relay leases the rows it publishes instead of holding a transaction across the publish.
    ALTER TABLE ${schema}.outbox ADD COLUMN IF NOT EXISTS lease_until timestamptz;
    ALTER TABLE ${schema}.outbox ADD COLUMN IF NOT EXISTS lease_owner text;
    -- The W3C traceparent of the request that wrote the event (decision 0022).
    ALTER TABLE ${schema}.outbox ADD COLUMN IF NOT EXISTS trace_parent text;
    CREATE TABLE IF NOT EXISTS ${schema}.processed_events (
      group_id text NOT NULL,
      event_id text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (group_id, event_id)
    );
    CREATE INDEX IF NOT EXISTS processed_events_processed_at_idx ON ${schema}.processed_events (processed_at);`;
}

async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql'));
  const migrations: MigrationFile[] = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) throw new Error(`migration file ${file} in ${dir} does not match NNN_name.sql`);
    migrations.push({ version: Number(match[1]), name: match[2]!, file });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version === migrations[i - 1]!.version) {
      throw new Error(`migrations ${migrations[i - 1]!.file} and ${migrations[i]!.file} share version ${migrations[i]!.version}`);
    }
  }
  return migrations;
}

/** Serialises concurrent migrators of the same schema until the transaction ends. */
async function lockSchema(tx: SqlExecutor, schema: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`taal.migrate.${schema}`]);
}

/**
 * Brings `schema` up to date: creates it and the kit tables (schema_migrations,
 * outbox, processed_events) if missing, then applies every `dir/NNN_name.sql` not
 * yet recorded in `<schema>.schema_migrations`, in order, each in its own
 * transaction. Concurrent starts of the same service are serialised with a
 * transaction-scoped advisory lock on the schema name (in embedded mode a
 * transaction already holds the whole database). A failing migration is rolled
 * back and the error names its file; later files are not attempted.
 *
 * Migration files must qualify every table with the schema (`catalogue.course`):
 * search_path is never set (see ports/sql.ts).
 */
export async function migrate(sql: Sql, options: MigrateOptions): Promise<MigrateResult> {
  const { schema, dir, logger } = options;
  assertSchemaName(schema);
  const migrations = await readMigrations(dir);

  await sql.transaction(async (tx) => {
    await lockSchema(tx, schema);
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await tx.query(kitTablesDdl(schema));
  });

  const done = await sql.query<{ version: number }>(`SELECT version FROM ${schema}.schema_migrations`);
  const appliedBefore = new Set(done.rows.map((r) => Number(r.version)));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (appliedBefore.has(migration.version)) continue;
    const text = await readFile(join(dir, migration.file), 'utf8');
    const ran = await sql
      .transaction(async (tx) => {
        await lockSchema(tx, schema);
        // Another instance may have applied it while we waited for the lock.
        const already = await tx.query(`SELECT 1 FROM ${schema}.schema_migrations WHERE version = $1`, [migration.version]);
        if (already.rowCount > 0) return false;
        await tx.query(text);
        await tx.query(`INSERT INTO ${schema}.schema_migrations (version, name) VALUES ($1, $2)`, [
          migration.version,
          migration.name,
        ]);
        return true;
      })
      .catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        throw new Error(`migration ${migration.file} (schema ${schema}) failed and was rolled back: ${message}`, {
          cause: err,
        });
      });
    if (ran) {
      applied.push(migration.file);
      logger?.info({ schema, migration: migration.file }, 'applied migration');
    }
  }
  return { applied };
}
