/**
 * The kept user counts per type (migration 009, decision 0089) equal a count of the users, on both
 * infrastructures: after sign-ups in parallel transactions, role changes, subscriptions turned on and
 * off, bulk writes and deletions; and a bulk write adds itself once per statement, not once per user.
 */
import path from 'node:path';
import { migrate, type SqlExecutor } from '@taal/kit';
import { backends, type Backend } from '../../../../tools/testing/backends';
import { userTypeCounts } from './user-pages';

describe.each(backends)('kept user counts per type on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await makeBackend();
    await migrate(backend.sql, { schema: 'identity', dir: path.join(__dirname, '..', '..', 'migrations') });
  }, 120_000);
  afterAll(async () => backend?.close());

  const recount = async () => {
    const { rows } = await backend.sql.query<{ type: number; total: string; subscriber: string }>(
      `SELECT type, count(*) AS total, count(*) FILTER (WHERE subscriber) AS subscriber FROM identity.users GROUP BY type ORDER BY type`,
    );
    return rows.map((r) => ({ type: Number(r.type), total: Number(r.total), subscriber: Number(r.subscriber) }));
  };
  const insertUser = (tx: SqlExecutor, id: string, type: number, subscriber: boolean) =>
    tx.query(
      `INSERT INTO identity.users (id, student_id, name, email, referral_code, type, email_verify, subscriber)
       VALUES ($1, $1, 'Rina', $1 || '@example.com', $1, $2, true, $3)`,
      [id, type, subscriber],
    );

  it('equal a count of the users per type after parallel sign-ups, role changes, subscriptions and deletions', async () => {
    // 400 sign-ups, each its own transaction as a sign-up is, 8 at a time, of every type.
    await Promise.all(
      Array.from({ length: 8 }, async (_, t) => {
        for (let i = 0; i < 50; i++) {
          await backend.sql.transaction((tx) => insertUser(tx, `t-${t}-${i}`, 1 + ((t + i) % 4), Math.random() < 0.3));
        }
      }),
    );
    expect(await userTypeCounts(backend.sql)).toEqual(await recount());
    // Role changes and subscriptions, one user at a time and in parallel, and in bulk.
    await Promise.all(
      Array.from({ length: 8 }, async (_, t) => {
        for (let i = 0; i < 20; i++) {
          await backend.sql.query(`UPDATE identity.users SET type = $2, subscriber = NOT subscriber WHERE id = $1`, [`t-${t}-${i}`, 1 + ((t * i) % 4)]);
        }
      }),
    );
    await backend.sql.query(`UPDATE identity.users SET type = 3 WHERE id LIKE 't-1-%' AND type = 4`);
    await backend.sql.query(`UPDATE identity.users SET subscriber = true WHERE id LIKE 't-2-%'`);
    await backend.sql.query(`UPDATE identity.users SET name = 'Mita' WHERE id LIKE 't-3-%'`);
    await backend.sql.query(`UPDATE identity.users SET type = 4, subscriber = false WHERE id LIKE 't-4-%'`);
    // Bulk deletes one after another: identity's hourly counts (migration 008) are kept per row (decision 0083).
    for (const t of [4, 5, 6, 7]) await backend.sql.query(`DELETE FROM identity.users WHERE id LIKE $1`, [`t-${t}-1%`]);
    await backend.sql.query(`DELETE FROM identity.users WHERE id LIKE 't-0-2%'`);
    const kept = await userTypeCounts(backend.sql);
    expect(kept).toEqual(await recount());
    expect(kept.reduce((n, k) => n + k.total, 0)).toBe(400 - 5 * 11);
  }, 120_000);

  it('adds a bulk write to its counts once per statement, not once per user', async () => {
    // The kept rows' updates within one transaction, as Postgres counts them: a row trigger would make one per written user.
    const updates = async (tx: SqlExecutor) =>
      Number((await tx.query<{ n: string }>(`SELECT pg_stat_get_xact_tuples_updated('identity.user_type_count'::regclass) AS n`)).rows[0]!.n);
    const before = await userTypeCounts(backend.sql);
    const counted = await backend.sql.transaction(async (tx) => {
      const start = await updates(tx);
      await tx.query(
        `INSERT INTO identity.users (id, student_id, name, email, referral_code, type, email_verify, subscriber)
         SELECT 'bulk-' || g, 'bulk-' || g, 'Bulk', 'bulk-' || g || '@example.com', 'bulk-' || g, 3 + g % 2, true, g % 3 = 0
           FROM generate_series(1, 500) AS g`,
      );
      const afterInsert = (await updates(tx)) - start;
      await tx.query(`UPDATE identity.users SET type = 3 WHERE id LIKE 'bulk-%'`);
      const afterRoles = (await updates(tx)) - start;
      await tx.query(`UPDATE identity.users SET name = 'Bulk two' WHERE id LIKE 'bulk-%'`);
      await tx.query(`DELETE FROM identity.users WHERE id LIKE 'bulk-%'`);
      return { afterInsert, afterRoles, all: (await updates(tx)) - start };
    });
    // Instructors and students: two rows for the insert; the role change moves the students to the
    // instructors (two rows); a name changes nothing; the delete takes them from the instructors (one row).
    expect(counted).toEqual({ afterInsert: 2, afterRoles: 4, all: 5 });
    expect(await userTypeCounts(backend.sql)).toEqual(before);
    expect(before).toEqual(await recount());
  });
});
