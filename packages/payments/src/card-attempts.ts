/**
 * Card payment attempts: one row per gateway session, in the schema of the service that sells
 * (decision 0014). Every such service keeps the same table, `<schema>.card_payment`, in its own
 * database; this module is its one definition and its one set of queries.
 */
import { assertSchemaName, type Sql, type SqlExecutor } from '@taal/kit';

/**
 * initiated → paid | held (risk_level 1, for an admin) | credited (the money went to the wallet:
 * the order could no longer be paid) | failed | refused.
 */
export const ATTEMPT_STATUSES = ['initiated', 'paid', 'held', 'credited', 'failed', 'refused'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export interface CardAttempt {
  tran_id: string;
  order_id: string;
  user_id: string;
  /** Poisha, as the session was opened (a bigint column, so a string). */
  amount: string;
  status: AttemptStatus;
  val_id: string | null;
}

export interface AttemptDetail {
  valId?: string;
  bankTranId?: string;
  note?: string;
}

/** What the flow (./card-flow) needs of a service's attempts: its persistence port. */
export interface CardAttempts {
  insert(tx: SqlExecutor, a: { tranId: string; orderId: string; userId: string; amount: number }): Promise<void>;
  find(tranId: string, db?: SqlExecutor, lock?: boolean): Promise<CardAttempt | null>;
  /** The attempt that a val_id already settled, if any (a val_id pays at most one attempt). */
  tranOfValId(tx: SqlExecutor, valId: string): Promise<string | null>;
  setStatus(tx: SqlExecutor, tranId: string, status: AttemptStatus, detail?: AttemptDetail): Promise<void>;
  /** The held attempt of an order (the one an admin releases or refuses), locked. */
  heldOf(tx: SqlExecutor, orderId: string): Promise<CardAttempt | null>;
  /** The tran_id of the order's most recently opened attempt. */
  latestOf(tx: SqlExecutor, orderId: string): Promise<string | null>;
  /** How many of the order's attempts are still 'initiated' and were opened within the last `withinMs`. */
  openCount(tx: SqlExecutor, orderId: string, withinMs: number): Promise<number>;
  /**
   * Attempts still 'initiated' that are older than `quietMs` and younger than `windowMs`: the
   * newest of each order first (one per order before any older one, so a flood of sessions on one
   * order cannot delay the others' payments), then the rest; within each, the least recently asked
   * about first (so abandoned ones do not starve the rest). Each is marked asked now.
   */
  takeUnsettled(opts: { quietMs: number; windowMs: number; limit: number }): Promise<CardAttempt[]>;
}

/**
 * Creates `<schema>.card_payment` (referencing the service's order table) when it is missing.
 * Runs after the service's migrations, serialised with them by migrate()'s advisory lock; a later
 * change to the table is added here as another idempotent statement, so every service gets it.
 * The amount is what the session was opened for, and what a validation must match; `val_id` is
 * unique, so one val_id never pays two attempts.
 */
export async function migrateCardAttempts(sql: Sql, schema: string, ordersTable: string): Promise<void> {
  assertSchemaName(schema);
  assertSchemaName(ordersTable);
  const statuses = ATTEMPT_STATUSES.map((s) => `'${s}'`).join(', ');
  await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`taal.migrate.${schema}`]);
    await tx.query(`
      CREATE TABLE IF NOT EXISTS ${schema}.card_payment (
        tran_id      text PRIMARY KEY,
        order_id     text NOT NULL REFERENCES ${schema}.${ordersTable} (id),
        user_id      text NOT NULL,
        amount       bigint NOT NULL CHECK (amount > 0),
        status       text NOT NULL DEFAULT 'initiated' CHECK (status IN (${statuses})),
        val_id       text UNIQUE,
        bank_tran_id text,
        note         text NOT NULL DEFAULT '',
        created_at   timestamptz NOT NULL DEFAULT now(),
        settled_at   timestamptz
      );
      CREATE INDEX IF NOT EXISTS card_payment_order_idx ON ${schema}.card_payment (order_id);
      -- When the gateway was last asked about an attempt that never heard back (the reconciler).
      ALTER TABLE ${schema}.card_payment ADD COLUMN IF NOT EXISTS asked_at timestamptz;
      CREATE INDEX IF NOT EXISTS card_payment_unsettled_idx ON ${schema}.card_payment (created_at) WHERE status = 'initiated';`);
  });
}

/** The queries of `<schema>.card_payment`. */
export function cardAttemptsTable(sql: Sql, schema: string): CardAttempts {
  assertSchemaName(schema);
  const table = `${schema}.card_payment`;
  const columns = 'tran_id, order_id, user_id, amount, status, val_id';
  return {
    async insert(tx, a) {
      await tx.query(`INSERT INTO ${table} (tran_id, order_id, user_id, amount) VALUES ($1, $2, $3, $4)`, [
        a.tranId,
        a.orderId,
        a.userId,
        a.amount,
      ]);
    },
    async find(tranId, db = sql, lock = false) {
      const { rows } = await db.query<CardAttempt>(`SELECT ${columns} FROM ${table} WHERE tran_id = $1${lock ? ' FOR UPDATE' : ''}`, [tranId]);
      return rows[0] ?? null;
    },
    async tranOfValId(tx, valId) {
      const { rows } = await tx.query<{ tran_id: string }>(`SELECT tran_id FROM ${table} WHERE val_id = $1`, [valId]);
      return rows[0]?.tran_id ?? null;
    },
    async setStatus(tx, tranId, status, detail = {}) {
      await tx.query(
        `UPDATE ${table}
            SET status = $2, val_id = coalesce($3, val_id), bank_tran_id = coalesce($4, bank_tran_id),
                note = coalesce($5, note), settled_at = CASE WHEN $2 = 'initiated' THEN NULL ELSE now() END
          WHERE tran_id = $1`,
        [tranId, status, detail.valId ?? null, detail.bankTranId ?? null, detail.note ?? null],
      );
    },
    async latestOf(tx, orderId) {
      const { rows } = await tx.query<{ tran_id: string }>(
        `SELECT tran_id FROM ${table} WHERE order_id = $1 ORDER BY created_at DESC, tran_id DESC LIMIT 1`,
        [orderId],
      );
      return rows[0]?.tran_id ?? null;
    },
    async openCount(tx, orderId, withinMs) {
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table}
          WHERE order_id = $1 AND status = 'initiated' AND created_at > now() - $2::bigint * interval '1 millisecond'`,
        [orderId, withinMs],
      );
      return rows[0]?.n ?? 0;
    },
    async takeUnsettled({ quietMs, windowMs, limit }) {
      // The candidates ranked within their order (1: its newest); the answer in the order taken.
      const { rows } = await sql.query<CardAttempt>(
        `WITH candidate AS (
               SELECT tran_id, coalesce(asked_at, created_at) AS last_asked,
                      row_number() OVER (PARTITION BY order_id ORDER BY created_at DESC, tran_id DESC) AS nth
                 FROM ${table}
                WHERE status = 'initiated'
                  AND created_at < now() - $1::bigint * interval '1 millisecond'
                  AND created_at > now() - $2::bigint * interval '1 millisecond'),
              taken AS (
               SELECT tran_id, row_number() OVER (ORDER BY nth > 1, last_asked, tran_id) AS place
                 FROM candidate
                ORDER BY place
                LIMIT $3),
              asked AS (
               UPDATE ${table} t SET asked_at = now() FROM taken WHERE t.tran_id = taken.tran_id
               RETURNING t.*, taken.place)
        SELECT ${columns} FROM asked ORDER BY place`,
        [quietMs, windowMs, limit],
      );
      return rows;
    },
    async heldOf(tx, orderId) {
      const { rows } = await tx.query<CardAttempt>(
        `SELECT ${columns} FROM ${table} WHERE order_id = $1 AND status = 'held' ORDER BY created_at LIMIT 1 FOR UPDATE`,
        [orderId],
      );
      return rows[0] ?? null;
    },
  };
}
