#!/usr/bin/env node
/**
 * The scale seed (issue 51, decision 0082):
 *
 *   npm run seed:scale -- --users 1000000 --courses 100000 --orders 10000000 [--instructors N]
 *   npm run seed:scale -- --embedded ./data [--users 10000 --courses 1000 --orders 20000]
 *
 * Cluster (default): the services' databases on DATABASE_URL (an admin role of tools/infra's
 * Postgres; each service's schema in it) and messaging's documents on MONGODB_URL (the cluster's).
 * The seed runs each service's migrations (a no-op on a database a cluster has run on, else their
 * first run), bulk-inserts by `INSERT … SELECT generate_series` and the documents by insertMany, gives
 * each service's own role its schema and tables (deploy/service-database.sql), and analyses the tables,
 * FerretDB's too (FERRETDB_DATABASE_URL, its PostgreSQL database: tools/infra's env.sh). `--embedded DIR`
 * seeds an all-in-one's data folder instead (stopped: its PGlite database and its FerretDB), at a
 * small size by default. Seeded accounts sign in with the demo student's password (`student123`):
 * `student<n>@scale.taal.local`, `instructor<n>@…`, `admin<n>@…`. Run it once on a database: a
 * second run collides on the seeded ids.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seedDocuments } from './documents.mjs';
import { shapeOf } from './shape.mjs';
import { orderSteps } from './steps-orders.mjs';
import { peopleSteps } from './steps-people.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const kit = () => require(path.join(root, 'packages/kit/dist/index.js'));
const SQL_SERVICES = ['identity', 'catalogue', 'commerce', 'learning', 'store', 'payouts'];

/** Seeds one database; answers each step's rows and seconds, and the total. */
export async function seedScale({ databaseUrl, documentsUrl, ferretdbDatabaseUrl, stream, size, log = console.log }) {
  const { createSql, migrate } = kit();
  const { migrateCardAttempts } = require(path.join(root, 'packages/payments/dist/index.js'));
  const shape = shapeOf(size);
  const sql = createSql(databaseUrl, { max: 4, applicationName: 'scale-seed', ...(stream ? { stream } : {}) });
  const started = Date.now();
  const timings = [];
  const run = async (step) => {
    const t = Date.now();
    await sql.query(step.sql, step.params);
    const seconds = (Date.now() - t) / 1000;
    timings.push({ service: step.service, step: step.name, rows: step.rows, seconds });
    log(`  ${step.service.padEnd(10)} ${step.name.padEnd(46)} ~${String(step.rows).padStart(10)} rows ${seconds.toFixed(1).padStart(7)} s`);
  };
  try {
    for (const schema of SQL_SERVICES) await migrate(sql, { schema, dir: path.join(root, 'services', schema, 'migrations') });
    await migrateCardAttempts(sql, 'commerce', 'purchase_order');
    await migrateCardAttempts(sql, 'store', 'store_order');
    const demo = await sql.query(`SELECT password_hash FROM identity.users WHERE email = 'student@taal.local' AND password_hash IS NOT NULL`);
    const hash = demo.rows[0]?.password_hash ?? (await require(path.join(root, 'services/identity/dist/domain/password.js')).hashPassword('student123'));
    log(`seeding ${JSON.stringify(shape)}`);
    for (const step of peopleSteps(shape, hash)) await run(step);
    const [store, orders, items, ledger, learning, payouts, figures] = orderSteps(shape);
    const documents = async () => {
      if (!documentsUrl) return;
      const t = Date.now();
      const counts = await seedDocuments(documentsUrl, shape);
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      timings.push({ service: 'messaging', step: 'documents', rows, seconds: (Date.now() - t) / 1000 });
      log(`  messaging  documents ${JSON.stringify(counts)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
    };
    const sqlChains = [
      (async () => (await run(store), await run(orders), await run(items), await run(ledger)))(),
      (async () => (await run(learning), await run(payouts), await run(figures)))(),
    ];
    // Independent chains side by side (two cores: the server's work, not this process's, is the cost).
    // The embedded database runs each statement in this process, holding its event loop for minutes
    // at a tenth of full size: the documents' FerretDB, which reaches that database through this
    // process, would time out, so there they come after.
    if (stream) {
      await Promise.all(sqlChains);
      await documents();
    } else {
      await Promise.all([...sqlChains, documents()]);
    }
    const t = Date.now();
    for (const schema of SQL_SERVICES) await sql.query(`ANALYZE ${(await tablesOf(sql, schema)).join(', ')}`);
    // FerretDB keeps the documents in a PostgreSQL database of its own: without fresh statistics its planner
    // takes a collection of 252,000 reviews for a few rows and sorts them all (874 ms a page against 10 ms),
    // until autovacuum's analyze comes round. MongoDB's wire protocol has no ANALYZE; its database has.
    if (documentsUrl && ferretdbDatabaseUrl) {
      const ferret = createSql(ferretdbDatabaseUrl, { max: 1, applicationName: 'scale-seed' });
      await ferret.query('ANALYZE').finally(() => ferret.close());
    }
    log(`  analyze    ${((Date.now() - t) / 1000).toFixed(1)} s`);
  } finally {
    await sql.close();
  }
  const total = (Date.now() - started) / 1000;
  log(`seeded in ${total.toFixed(1)} s`);
  return { shape, timings, total };
}

/** Where a seed of this database records its size and time: one file per database (the plan test seeds its own). */
export function seedRecordFile(databaseUrl) {
  return path.join(process.env.TAAL_CACHE_DIR ?? path.join(os.homedir(), '.cache/taal'), `scale/seed-${new URL(databaseUrl).pathname.slice(1)}.json`);
}

async function tablesOf(sql, schema) {
  const { rows } = await sql.query(`SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS t FROM pg_tables WHERE schemaname = $1`, [schema]);
  return rows.map((r) => r.t);
}

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      courses: { type: 'string' },
      orders: { type: 'string' },
      instructors: { type: 'string' },
      embedded: { type: 'string' },
      'database-url': { type: 'string' },
      'mongodb-url': { type: 'string' },
      'ferretdb-database-url': { type: 'string' },
      'no-documents': { type: 'boolean' },
    },
  });
  const small = values.embedded !== undefined;
  const num = (v, fallback) => (v === undefined ? fallback : Number(v.replace(/_/g, '')));
  const size = {
    users: num(values.users, small ? 10_000 : 1_000_000),
    courses: num(values.courses, small ? 1_000 : 100_000),
    orders: num(values.orders, small ? 20_000 : 10_000_000),
    ...(values.instructors ? { instructors: num(values.instructors) } : {}),
  };
  if (small) {
    const { startEmbeddedPostgres, startEmbeddedDocumentServer } = kit();
    const dir = path.resolve(values.embedded);
    const pg = await startEmbeddedPostgres(path.join(dir, 'postgres'));
    const docs = values['no-documents'] ? null : await startEmbeddedDocumentServer(path.join(dir, 'documents'));
    try {
      await seedScale({ databaseUrl: pg.connectionString, stream: pg.stream, documentsUrl: docs?.url('messaging'), size });
    } finally {
      await docs?.close();
      await pg.close();
    }
    return;
  }
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set: run `source ~/.cache/taal/infra/env.sh` (tools/infra) or pass --database-url');
  const documentsUrl = values['no-documents'] ? undefined : (values['mongodb-url'] ?? process.env.MONGODB_URL);
  // FerretDB's own PostgreSQL database (tools/infra's env.sh), analysed after the documents.
  const ferretdbDatabaseUrl = values['ferretdb-database-url'] ?? process.env.FERRETDB_DATABASE_URL;
  const { shape, total } = await seedScale({ databaseUrl, documentsUrl, ferretdbDatabaseUrl, size });
  // The tables the seed's migrations made (on a database no cluster has started on) belong to the admin
  // role: each service's own role gets its schema and tables, as tools/testing and the chart give them.
  for (const service of SQL_SERVICES) {
    execFileSync('psql', ['-X', '-q', databaseUrl, '-v', `service=${service}`, '-v', `password=taal_${service}`, '-f', path.join(root, 'deploy/service-database.sql')], {
      env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' },
    });
  }
  // What bench:scale prints beside its table: the size and the time this seed took.
  const record = seedRecordFile(databaseUrl);
  mkdirSync(path.dirname(record), { recursive: true });
  writeFileSync(record, `${JSON.stringify({ shape, seconds: Math.round(total), at: new Date().toISOString(), cores: os.availableParallelism() })}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
