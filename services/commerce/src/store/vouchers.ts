/** Vouchers: a percentage off, by code, up to a use limit and an expiry day. */
import type { commerceV1 } from '@taal/contracts';
import type { Sql, SqlExecutor } from '@taal/kit';
import { iso } from './schema';

interface VoucherRow {
  id: string;
  code: string;
  percent: number;
  use_limit: number;
  times_used: number;
  expire_date: string;
  created_at: Date;
}

const toVoucher = (r: VoucherRow): commerceV1.Voucher => ({
  id: r.id,
  code: r.code,
  percent: r.percent,
  useLimit: r.use_limit,
  timesUsed: r.times_used,
  expireDate: r.expire_date,
  createdAt: iso(r.created_at),
});

/** Vouchers' SQL (`commerce.voucher`). */
export class VoucherStore {
  constructor(private readonly sql: Sql) {}

  /** Null when the code is taken. */
  async createVoucher(v: { id: string; code: string; codeKey: string; percent: number; useLimit: number; expireDate: string }) {
    const { rows } = await this.sql.query<VoucherRow>(
      `INSERT INTO commerce.voucher (id, code, code_key, percent, use_limit, expire_date) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (code_key) DO NOTHING
       RETURNING id, code, percent, use_limit, times_used, to_char(expire_date, 'YYYY-MM-DD') AS expire_date, created_at`,
      [v.id, v.code, v.codeKey, v.percent, v.useLimit, v.expireDate],
    );
    return rows[0] ? toVoucher(rows[0]) : null;
  }

  async listVouchers(): Promise<commerceV1.Voucher[]> {
    const { rows } = await this.sql.query<VoucherRow>(
      `SELECT id, code, percent, use_limit, times_used, to_char(expire_date, 'YYYY-MM-DD') AS expire_date, created_at
         FROM commerce.voucher ORDER BY created_at DESC, id`,
    );
    return rows.map(toVoucher);
  }

  async findVoucher(codeKey: string, db: SqlExecutor = this.sql): Promise<commerceV1.Voucher | null> {
    const { rows } = await db.query<VoucherRow>(
      `SELECT id, code, percent, use_limit, times_used, to_char(expire_date, 'YYYY-MM-DD') AS expire_date, created_at
         FROM commerce.voucher WHERE code_key = $1`,
      [codeKey],
    );
    return rows[0] ? toVoucher(rows[0]) : null;
  }

  async deleteVoucher(id: string): Promise<boolean> {
    const { rowCount } = await this.sql.query(`DELETE FROM commerce.voucher WHERE id = $1`, [id]);
    return rowCount > 0;
  }

  /** Counts one use if the voucher is still usable on `today`; false when it is not (the limit holds under concurrency). */
  async countVoucherUse(tx: SqlExecutor, codeKey: string, today: string): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE commerce.voucher SET times_used = times_used + 1
        WHERE code_key = $1 AND times_used < use_limit AND expire_date >= $2::date`,
      [codeKey, today],
    );
    return rowCount === 1;
  }
}
