/**
 * Migration 004 on an install that has credits from before it (decision 0036): each existing
 * credit gets its flow, the back office's credits move into the admin's namespace, and the
 * ledger's new rules hold afterwards.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, migrate } from '@taal/kit';
import { backends, type Backend } from '../../../../tools/testing/backends';

const MIGRATIONS = path.join(__dirname, '..', '..', 'migrations');
const logger = createLogger('ledger-migration-test');

describe.each(backends)('ledger references migration on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let before: string;

  beforeAll(async () => {
    backend = await makeBackend();
    // The install as it was: every migration before 004.
    before = mkdtempSync(path.join(os.tmpdir(), 'commerce-migrations-'));
    for (const file of readdirSync(MIGRATIONS).filter((f) => f < '004')) copyFileSync(path.join(MIGRATIONS, file), path.join(before, file));
    await migrate(backend.sql, { schema: 'commerce', dir: before, logger });
  });

  afterAll(async () => {
    rmSync(before, { recursive: true, force: true });
    await backend?.close();
  });

  it('gives old credits their flow, moves the back office’s into its namespace, and keeps every amount', async () => {
    const old: [string, string, number, string][] = [
      ['u1', 'gift_card_redemption', 50000, 'gift-card:c1'], // the store's
      ['u1', 'referral_bonus', 20000, 'referral:u9'], // a referral's
      ['u2', 'refund', 1500, 'card:T1'], // a card payment's
      ['u2', 'refund', 700, 'goodwill'], // the back office's, under a free reference
      ['u3', 'referral_bonus', 300, 'goodwill'], // the same free reference under another kind
      ['u3', 'refund', 100, 'gift-card:c2'], // the back office's, in a flow's namespace with the wrong kind
    ];
    for (const [userId, kind, amount, reference] of old) {
      await backend.sql.query(`INSERT INTO commerce.wallet (user_id, balance) VALUES ($1, 0) ON CONFLICT DO NOTHING`, [userId]);
      await backend.sql.query(`INSERT INTO commerce.ledger_entry (user_id, kind, amount, reference) VALUES ($1, $2, $3, $4)`, [userId, kind, amount, reference]);
    }

    await migrate(backend.sql, { schema: 'commerce', dir: MIGRATIONS, logger });

    const { rows } = await backend.sql.query<{ user_id: string; amount: string; flow: string; reference: string }>(
      `SELECT user_id, amount, flow, reference FROM commerce.ledger_entry ORDER BY id`,
    );
    const goodwill = rows.filter((r) => r.reference.startsWith('admin:goodwill'));
    expect(rows.map((r) => [r.user_id, Number(r.amount), r.flow])).toEqual(old.map(([u, , amount], i) => [u, amount, ['gift-card', 'referral', 'card', 'admin', 'admin', 'admin'][i]]));
    expect(rows.slice(0, 3).map((r) => r.reference)).toEqual(['gift-card:c1', 'referral:u9', 'card:T1']);
    expect(goodwill).toHaveLength(2);
    expect(new Set(goodwill.map((r) => r.reference)).size).toBe(2); // two credits that shared a reference stay two
    expect(rows[5]!.reference).toBe('admin:gift-card:c2');

    // After it: the store's real card c2 credits its owner, and a reference is one across kinds.
    await backend.sql.query(`INSERT INTO commerce.wallet (user_id) VALUES ('u4') ON CONFLICT DO NOTHING`);
    await backend.sql.query(`INSERT INTO commerce.ledger_entry (user_id, kind, amount, flow, reference) VALUES ('u4', 'gift_card_redemption', 100, 'gift-card', 'gift-card:c2')`);
    await expect(
      backend.sql.query(`INSERT INTO commerce.ledger_entry (user_id, kind, amount, flow, reference) VALUES ('u4', 'referral_bonus', 100, 'admin', 'admin:gift-card:c2')`),
    ).rejects.toThrow(/ledger_entry_reference_idx|duplicate key/);
  });
});
