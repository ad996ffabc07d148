/**
 * One database role per service (issue 22) on the real Postgres of tools/infra: each service
 * migrates and works in its own schema with its own credentials, and the store's credentials are
 * refused on identity's tables (a flaw in the store cannot read password hashes).
 */
import path from 'node:path';
import { createSql, migrate, type Sql } from '@taal/kit';
import { createTestDatabase } from '../testing/backends';
import { serviceDatabaseUrls } from '../testing/service-databases';

const root = path.resolve(__dirname, '../..');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let identity: Sql;
let store: Sql;

beforeAll(async () => {
  database = await createTestDatabase();
  const urls = await serviceDatabaseUrls(database.url);
  identity = createSql(urls.identity!, { max: 1 });
  store = createSql(urls.store!, { max: 1 });
  // Each service's own migrations, as the service runs them at start, with its own role.
  await migrate(identity, { schema: 'identity', dir: path.join(root, 'services/identity/migrations') });
  await migrate(store, { schema: 'store', dir: path.join(root, 'services/store/migrations') });
}, 60_000);

afterAll(async () => {
  await identity?.close();
  await store?.close();
  await database?.drop();
});

it('lets each service use its own tables', async () => {
  expect((await identity.query('SELECT count(*)::int AS n FROM identity.users')).rows).toEqual([{ n: 0 }]);
  expect((await store.query('SELECT count(*)::int AS n FROM store.product')).rows).toEqual([{ n: expect.any(Number) }]);
  expect((await store.query('SELECT current_user AS role')).rows).toEqual([{ role: 'taal_store' }]);
});

it("refuses the store's credentials on identity's tables", async () => {
  await expect(store.query('SELECT password_hash FROM identity.users')).rejects.toThrow(/permission denied for schema identity/);
  await expect(store.query("UPDATE identity.users SET email = 'x'")).rejects.toThrow(/permission denied for schema identity/);
  // Nor can it become identity's role, or hand itself identity's schema.
  await expect(store.query('SET ROLE taal_identity')).rejects.toThrow(/permission denied to set role/);
  await expect(store.query('ALTER SCHEMA identity OWNER TO taal_store')).rejects.toThrow(/must be owner/);
  // And the other way round.
  await expect(identity.query('SELECT * FROM store.product')).rejects.toThrow(/permission denied for schema store/);
});
