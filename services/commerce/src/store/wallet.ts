/** Wallets and their ledger: every balance move is a ledger entry (decisions 0012 and 0036). */
import type { commerceV1 } from '@taal/contracts';
import { refuse, type Sql, type SqlExecutor } from '@taal/kit';
import type { Logger } from 'pino';
import { creditReference, flowMayCredit, sameCredit, type CreditFlow, type LedgerKind, type RecordedCredit } from '../domain/pricing';
import type { ReferralStore } from './referrals';
import { listLedgerPage } from './student-pages';
import { money } from './schema';

/** Wallets' and the ledger's SQL (`commerce.wallet`, `commerce.ledger_entry`); a wallet's pending balance is its referrals'. */
export class WalletStore {
  constructor(
    private readonly sql: Sql,
    private readonly logger: Logger,
    private readonly referrals: ReferralStore,
  ) {}

  /** Locks the user's wallet row (creating it) and returns its balance. */
  async lockWallet(tx: SqlExecutor, userId: string): Promise<number> {
    const lockBalance = () => tx.query<{ balance: string }>(`SELECT balance FROM commerce.wallet WHERE user_id = $1 FOR UPDATE`, [userId]);
    let { rows } = await lockBalance();
    if (rows.length === 0) {
      // A first order: the wallet row is made here (a concurrent one may make it first).
      await tx.query(`INSERT INTO commerce.wallet (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
      ({ rows } = await lockBalance());
    }
    return money(rows[0]!.balance);
  }

  /**
   * Writes one ledger entry and moves the balance by the same signed amount, in the caller's
   * transaction. The balance CHECK refuses a debit below zero. A credit names its flow and the
   * flow's own key; its reference is `<flow>:<key>` (decision 0036). False when this very entry
   * exists already (same order and kind, or the same credit under its reference): nothing moved.
   * A credit whose reference holds another user's, kind's, amount's or flow's credit is refused
   * (LEDGER_REFERENCE_TAKEN, logged as an error): the caller must never report it as done.
   */
  async post(
    tx: SqlExecutor,
    entry: { userId: string; kind: LedgerKind; amount: number; orderId?: string; credit?: { flow: CreditFlow; key: string }; detail?: string },
    options: { moveBalance: boolean } = { moveBalance: true },
  ): Promise<boolean> {
    const flow = entry.credit?.flow ?? null;
    const reference = entry.credit ? creditReference(entry.credit.flow, entry.credit.key) : null;
    if (flow && !flowMayCredit(flow, entry.kind)) throw new Error(`the ${flow} flow may not write a ${entry.kind} credit`);
    await tx.query(`INSERT INTO commerce.wallet (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [entry.userId]);
    const { rowCount } = await tx.query(
      `INSERT INTO commerce.ledger_entry (user_id, kind, amount, order_id, flow, reference, detail) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [entry.userId, entry.kind, entry.amount, entry.orderId ?? null, flow, reference, entry.detail || null],
    );
    if (rowCount === 0) {
      if (flow && reference) await this.checkRepeat(tx, reference, { userId: entry.userId, kind: entry.kind, amount: entry.amount, flow });
      return false;
    }
    if (options.moveBalance) {
      await tx.query(`UPDATE commerce.wallet SET balance = balance + $2 WHERE user_id = $1`, [entry.userId, entry.amount]);
    }
    return true;
  }

  /** A credit's reference is taken: fine when by this very credit (a repeat), refused otherwise. */
  private async checkRepeat(tx: SqlExecutor, reference: string, wanted: RecordedCredit): Promise<void> {
    const { rows } = await tx.query<{ user_id: string; kind: string; amount: string; flow: string | null }>(
      `SELECT user_id, kind, amount, flow FROM commerce.ledger_entry WHERE reference = $1`,
      [reference],
    );
    const row = rows[0];
    const found = row && { userId: row.user_id, kind: row.kind, amount: Number(row.amount), flow: row.flow ?? '' };
    if (found && sameCredit(found, wanted)) return;
    this.logger.error({ reference, wanted, found: found ?? null }, 'wallet credit refused: its ledger reference holds another credit');
    throw refuse('LEDGER_REFERENCE_TAKEN');
  }

  async getWallet(userId: string): Promise<commerceV1.Wallet> {
    const { rows } = await this.sql.query<{
      balance: string | null;
      reserved: string | null;
    }>(
      `SELECT w.balance,
              (SELECT coalesce(sum(wallet_used), 0) FROM commerce.purchase_order o
                WHERE o.user_id = $1 AND o.status IN ('unpaid', 'held')) AS reserved
         FROM (SELECT $1::text AS user_id) u LEFT JOIN commerce.wallet w ON w.user_id = u.user_id`,
      [userId],
    );
    const r = rows[0]!;
    // The pending balance is the sum of the pending referrals listed, read once: two reads could
    // straddle a new referral's commit and disagree.
    const referrals = await this.referrals.listReferrals(userId);
    return {
      balance: money(r.balance),
      pendingBalance: referrals.filter((x) => x.status === 'pending').reduce((sum, x) => sum + x.amount, 0),
      reserved: money(r.reserved),
      referrals,
    };
  }

  /** A page of a user's wallet statement, newest first (student-pages.ts; decision 0084). */
  listLedger(userId: string, cursor: string, limit: number): Promise<commerceV1.ListLedgerResponse> {
    return listLedgerPage(this.sql, userId, cursor, limit);
  }
}
