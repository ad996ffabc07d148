/**
 * The kept user counts (migration 008, decision 0083) equal a count of the users, on both
 * infrastructures: after sign-ups in parallel transactions over many days, verifications,
 * subscriptions turned on and off, a join time moved and deletions, over any range of days.
 */
import path from 'node:path';
import { dhakaDayBounds, addDays } from '@taal/contracts';
import { migrate } from '@taal/kit';
import { backends, type Backend } from '../../../../tools/testing/backends';
import { rowWrites } from '../../../../tools/testing/plan-checks';
import { userCountsBetween, userCountsPerDay } from './user-pages';

describe.each(backends)('kept user counts on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await makeBackend();
    await migrate(backend.sql, { schema: 'identity', dir: path.join(__dirname, '..', '..', 'migrations') });
  }, 120_000);
  afterAll(async () => backend?.close());

  const counted = async (start: Date, end: Date) => {
    const { rows } = await backend.sql.query<{ total: string; verified: string; subscriber: string }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE email_verify) AS verified, count(*) FILTER (WHERE subscriber) AS subscriber
         FROM identity.users WHERE created_at >= $1 AND created_at < $2`,
      [start.toISOString(), end.toISOString()],
    );
    return {
      total: Number(rows[0]!.total),
      verified: Number(rows[0]!.verified),
      subscriber: Number(rows[0]!.subscriber),
    };
  };

  it('equal a count of the users joined in any range of days after sign-ups, changes and deletions', async () => {
    const first = '2025-01-01';
    // 400 sign-ups, each its own transaction as a sign-up is, 8 at a time, at random times over 60 days.
    await Promise.all(
      Array.from({ length: 8 }, async (_, t) => {
        for (let i = 0; i < 50; i++) {
          const id = `u-${t}-${i}`;
          const at = new Date(
            dhakaDayBounds(first).start.getTime() + Math.floor(Math.random() * 60 * 86_400_000),
          );
          await backend.sql.transaction(async (tx) =>
            tx.query(
              `INSERT INTO identity.users (id, student_id, name, email, referral_code, type, email_verify, subscriber, created_at)
               VALUES ($1, $1, 'Rina', $1 || '@example.com', $1, 4, $2, $3, $4)`,
              [id, Math.random() < 0.5, Math.random() < 0.3, at.toISOString()],
            ),
          );
        }
      }),
    );
    await backend.sql.query(`UPDATE identity.users SET email_verify = true WHERE id LIKE 'u-1-%'`);
    await backend.sql.query(`UPDATE identity.users SET subscriber = NOT subscriber WHERE id LIKE 'u-2-%'`);
    await backend.sql.query(
      `UPDATE identity.users SET created_at = created_at + interval '9 days' WHERE id LIKE 'u-3-%'`,
    );
    await backend.sql.query(`UPDATE identity.users SET name = 'Mita' WHERE id LIKE 'u-4-%'`);
    await backend.sql.query(`DELETE FROM identity.users WHERE id LIKE 'u-5-%' OR id LIKE 'u-6-1%'`);

    const ranges: [string, string][] = [
      [first, addDays(first, 80)],
      [first, first],
      ['2000-01-01', '2030-12-31'],
    ];
    for (let i = 0; i < 12; i++) {
      const from = addDays(first, Math.floor(Math.random() * 70));
      ranges.push([from, addDays(from, Math.floor(Math.random() * 20))]);
    }
    for (const [from, to] of ranges) {
      const { start, end } = dhakaDayBounds(from, to);
      expect({ from, to, ...(await userCountsBetween(backend.sql, start, end)) }).toEqual({
        from,
        to,
        ...(await counted(start, end)),
      });
    }
    // Per day: each day that has users, with a count of that day's users.
    const whole = dhakaDayBounds(first, addDays(first, 80));
    const perDay = await userCountsPerDay(backend.sql, whole.start, whole.end);
    expect(perDay.length).toBeGreaterThan(30);
    for (const { day, total } of perDay) {
      const { start, end } = dhakaDayBounds(day);
      expect({ day, total }).toEqual({ day, total: (await counted(start, end)).total });
    }
    expect(perDay.reduce((n, d) => n + d.total, 0)).toBe((await counted(whole.start, whole.end)).total);
    expect(
      (
        await userCountsBetween(
          backend.sql,
          ...(Object.values(dhakaDayBounds('2000-01-01', '2030-12-31')) as [Date, Date]),
        )
      ).total,
    ).toBe(400 - 50 - 11);
  }, 120_000);

  it('adds a bulk write to the hours once per statement, not once per user (migration 010, decision 0091)', async () => {
    // A row trigger wrote an hour's row once per user: a million users seeded in one statement left a million dead
    // versions of 26,000 rows, which every read of the analytics then read through.
    const writes = await backend.sql.transaction(async (tx) => {
      const start = await rowWrites(tx, 'identity.user_hour');
      const since = async () => (await rowWrites(tx, 'identity.user_hour')) - start;
      // 600 users in three hours of one day.
      await tx.query(
        `INSERT INTO identity.users (id, student_id, name, email, referral_code, type, email_verify, subscriber, created_at)
         SELECT 'bulk-' || g, 'bulk-' || g, 'Rina', 'bulk-' || g || '@example.com', 'bulk-' || g, 4, g % 2 = 0, g % 3 = 0,
                timestamptz '2026-03-01 04:00:00+00' + (g % 3) * interval '1 hour' FROM generate_series(1, 600) AS g`,
      );
      const inserted = await since();
      await tx.query(`UPDATE identity.users SET email_verify = true WHERE id LIKE 'bulk-%'`);
      const verified = (await since()) - inserted;
      await tx.query(`UPDATE identity.users SET name = 'Mita' WHERE id LIKE 'bulk-%'`);
      const renamed = (await since()) - inserted - verified;
      return { inserted, verified, renamed };
    });
    expect(writes).toEqual({ inserted: 3, verified: 3, renamed: 0 });
    const { start, end } = dhakaDayBounds('2026-03-01');
    expect(await userCountsBetween(backend.sql, start, end)).toEqual(await counted(start, end));
    await backend.sql.query(`DELETE FROM identity.users WHERE id LIKE 'bulk-%'`);
    expect(await userCountsBetween(backend.sql, start, end)).toEqual({ total: 0, verified: 0, subscriber: 0 });
  });
});
