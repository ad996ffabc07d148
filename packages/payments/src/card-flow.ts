/**
 * The card-payment flow of every service that sells through the gateway (commerce's course
 * orders, the store's gift-card orders; decisions 0013, 0014, 0018), written once:
 *
 * - **open**: the caller's own order is locked and checked, and an attempt (our tran_id, the amount)
 *   is recorded before the session opens, so no notification can name a tran_id we do not know;
 *   an order has at most MAX_OPEN_SESSIONS_PER_ORDER sessions open at a time;
 * - **IPN and browser return**: handed over by the HTTP edge only; paid is decided by the
 *   validation API (`decidePayment`), never by the notification or the browser alone;
 * - **settle**: one transaction locks the attempt and the order, a val_id pays one attempt only,
 *   and a repeat (duplicate IPN, the return after the IPN, the IPN after the return) changes nothing;
 * - **fail/cancel**: a FAILED or CANCELLED IPN cancels the order while nothing was paid for it;
 * - **hold**: money with risk_level 1 is handed to the service's `hold` (commerce keeps the order
 *   for an admin; the store refuses it, a gift card being as good as cash);
 * - **reconcile**: an attempt that heard nothing back (its IPN lost, the buyer's browser gone) is
 *   asked about by tran_id at the gateway's transaction query API, and a payment found there is
 *   settled exactly as its IPN would have been (decision 0035).
 *
 * What a paid order is, and what paying, holding or cancelling it does, is the service's own
 * (`CardOrders`), as are its tables (`CardAttempts`, ./card-attempts).
 */
import { randomBytes } from 'node:crypto';
import { UserRoles, refuse, requireIdentity, type CallerIdentity, type Logger, type Sql, type SqlExecutor } from '@taal/kit';
import type { AttemptStatus, CardAttempt, CardAttempts } from './card-attempts';
import { decidePayment, formatPoisha, readIpn, type SessionRequest, type SslCommerzClient, type Validation } from './sslcommerz';

/** The caller of a use case, as the services' gRPC handlers pass it. */
export interface CardCtx {
  identity: CallerIdentity | null;
  callerService: string;
}

export type Outcome = 'paid' | 'held' | 'credited' | 'refused' | 'duplicate' | 'failed' | 'ignored';
/** What a notification or a browser return did, as the services' gRPC answers carry it. */
export interface PaymentOutcome {
  outcome: Outcome;
  orderId: string;
}

/** The fields every order that is paid by card has (its row, locked by the flow). */
export interface CardOrder {
  id: string;
  user_id: string;
  status: string;
}

/** Where a settlement stands when the service is asked to act: both rows locked. */
export interface Settling<O extends CardOrder> {
  order: O;
  attempt: CardAttempt;
  /** What to record on the attempt: the validated val_id and the bank's transaction id. */
  detail: { valId: string; bankTranId?: string };
  validation: Validation;
}

/** The session's content that depends on the order: who pays, for what, and the pass-through values. */
export type SessionContent = Pick<SessionRequest, 'customer' | 'product' | 'values'>;

/**
 * What the flow and the HTTP edge need to know of one kind of order paid by card, declared by the
 * service that sells it (its API part's `cardSale`; the edge refuses two parts with one prefix or path).
 */
export interface CardSale {
  /** How the logs name these payments. */
  label: string;
  /** The first letter of their tran_ids: unique per kind, so a notification names one kind's attempts only. */
  tranPrefix: string;
  /** The edge's callback routes under the API (`/api/v1`): `<path>/ipn|success|fail|cancel`. */
  callbackPath: string;
  /** The API field the client's amount comes in, named in AMOUNT_MISMATCH. */
  amountField: string;
  /** The service that sells it: when it serves its own routes (issue 52), it hands over their notifications itself. */
  service: string;
}

/** A service's paid thing: how to find its order, and what paying, holding or cancelling one does. */
export interface CardOrders<O extends CardOrder> {
  sale: CardSale;
  /** The order, locked for the transaction (null when there is none). */
  lock(tx: SqlExecutor, orderId: string): Promise<O | null>;
  /** Refuses an order that cannot be paid by card now; otherwise the amount to pay, in poisha. */
  amountToPay(order: O): number;
  /** Whether money that came now pays the order; otherwise it came late (`late`). */
  canPay(order: O): boolean;
  /** Pays the order; sets the attempt's status and answers what happened. */
  pay(tx: SqlExecutor, s: Settling<O>): Promise<Outcome>;
  /** Validated money with risk_level 1 (`reason` says so). */
  hold(tx: SqlExecutor, s: Settling<O>, reason: string): Promise<Outcome>;
  /** Validated money for an order that can no longer be paid (expired, cancelled, paid by another attempt). */
  late(tx: SqlExecutor, s: Settling<O>): Promise<Outcome>;
  /** A failed or cancelled payment of an unpaid order: cancels it (and gives back what it reserved). */
  cancel(tx: SqlExecutor, order: O): Promise<void>;
}

export interface CardGateway {
  client: SslCommerzClient;
  /** The site's public base URL: the IPN and return URLs hang off it. */
  publicUrl(): string;
}

/** Where the public API is mounted on the site. */
const API_PREFIX = '/api/v1';

/**
 * Who may hand over the card gateway's notifications and browser returns (decision 0008): the HTTP
 * edge, or the selling service itself when it serves its own routes (issue 52, decision 0092).
 */
const HTTP_EDGE = 'gateway';

// ---- the state machine (pure) ----

/** After these an attempt's money has been accounted for: a repeat changes nothing. */
const SETTLED: readonly AttemptStatus[] = ['paid', 'held', 'credited', 'refused'];

export type Settlement =
  /** The same payment was handled before (duplicate IPN, or the IPN after the browser return). */
  | 'duplicate'
  /** Money came with risk_level 1. */
  | 'hold'
  /** Pay the order. */
  | 'pay'
  /** Money came for an order that can no longer be paid: never lost, the service decides where it goes. */
  | 'late';

export function settlementFor(attempt: AttemptStatus, orderCanPay: boolean, decision: 'paid' | 'hold'): Settlement {
  if (SETTLED.includes(attempt)) return 'duplicate';
  if (decision === 'hold') return 'hold';
  return orderCanPay ? 'pay' : 'late';
}

/** A FAILED or CANCELLED notification cancels the order only while nothing was paid for it. */
export function failureCancelsOrder(attempt: AttemptStatus, orderStatus: string): boolean {
  return attempt === 'initiated' && orderStatus === 'unpaid';
}

/** A notification that repeats a settled payment (same val_id) needs no second validation call. */
export function repeatsSettled(attempt: Pick<CardAttempt, 'status' | 'val_id'>, valId: string): boolean {
  return !!attempt.val_id && attempt.val_id === valId && SETTLED.includes(attempt.status);
}

/**
 * Sessions of one order still open (no IPN, return or failure yet) that the buyer may have at a
 * time (issue 36: one order opened 100 in a second). Counted over the sessions opened within
 * OPEN_SESSIONS_WINDOW_MS, the reconciler's default quiet time: a session quiet for longer was
 * abandoned, or is asked about at the gateway by the reconciler, so it no longer holds a place.
 */
export const MAX_OPEN_SESSIONS_PER_ORDER = 5;
export const OPEN_SESSIONS_WINDOW_MS = 120_000;

/** Whether the buyer may open one more session on an order that has `open` sessions open. */
export function mayOpenSession(open: number, max: number = MAX_OPEN_SESSIONS_PER_ORDER): boolean {
  return open < max;
}

/** A new tran_id: the prefix and 24 hex digits, unique per attempt, safe in a URL and within the gateway's 30 characters. */
export function newTranId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('hex').toUpperCase()}`;
}

export function isTranIdOf(prefix: string, value: string): boolean {
  return value.length === prefix.length + 24 && value.startsWith(prefix) && /^[0-9A-F]{24}$/.test(value.slice(prefix.length));
}

/** The gateway's statuses of a paid transaction, and of one that ended unpaid. */
const PAID_STATUSES = ['VALID', 'VALIDATED'];
const ENDED_UNPAID_STATUSES = ['FAILED', 'CANCELLED'];

/**
 * What the gateway's records of one tran_id call for: the val_ids of its payments (each validated
 * next, as an IPN's would be: a forged session for our tran_id must not hide the real one), the
 * failure that ended it, or nothing yet (still open, or never heard of).
 */
export function reconciliationFor(
  tranId: string,
  records: readonly Pick<Validation, 'status' | 'tranId' | 'valId'>[],
): { kind: 'settle'; valIds: string[] } | { kind: 'failed'; status: string } | { kind: 'wait' } {
  const own = records.filter((r) => r.tranId === tranId);
  const valIds = own.filter((r) => PAID_STATUSES.includes(r.status) && r.valId).map((r) => r.valId!);
  if (valIds.length > 0) return { kind: 'settle', valIds };
  if (own.length > 0 && own.every((r) => ENDED_UNPAID_STATUSES.includes(r.status))) return { kind: 'failed', status: own[0]!.status };
  return { kind: 'wait' };
}

/** When and how much the reconciler asks (decision 0035). */
export interface ReconcileOptions {
  /** An attempt is asked about once it has been quiet this long (its IPN would have come by then). */
  quietMs: number;
  /** ...and no longer than this after it opened (a session the buyer abandoned is not asked about for ever). */
  windowMs: number;
  /** At most this many attempts per run. */
  limit: number;
}

export interface ReconcileReport {
  asked: number;
  outcomes: Partial<Record<Outcome, number>>;
}

// ---- the use cases ----

export class CardPaymentFlow<O extends CardOrder> {
  private readonly sale: CardSale;

  constructor(
    private readonly sql: Sql,
    readonly attempts: CardAttempts,
    private readonly orders: CardOrders<O>,
    private readonly gateway: CardGateway,
    private readonly logger: Logger,
    /** Called after a transaction that enqueued events committed (wakes the outbox relay). */
    private readonly afterCommit: () => void,
    /** Called after a payment or a failure changed a buyer's order (the edge's cached answers of that user, decision 0033). */
    private readonly buyerChanged: (userId: string) => void = () => {},
  ) {
    this.sale = orders.sale;
  }

  /** Opens a gateway session for the caller's own order; `describe` gives the session's content. */
  async open(
    ctx: CardCtx,
    req: { orderId: string; expectedAmount?: number },
    describe: (order: O) => Promise<SessionContent> | SessionContent,
  ): Promise<{ gatewayPageUrl: string; tranId: string }> {
    const { userId } = requireIdentity(ctx, UserRoles.student);
    if (!req.orderId) throw refuse('ORDER_ID_REQUIRED');
    const tranId = newTranId(this.sale.tranPrefix);
    const { order, amount } = await this.sql.transaction(async (tx) => {
      const row = await this.orders.lock(tx, req.orderId);
      if (!row) throw refuse('ORDER_NOT_FOUND');
      if (row.user_id !== userId) throw refuse('ORDER_NOT_YOURS');
      const amount = this.orders.amountToPay(row);
      if (req.expectedAmount !== undefined && req.expectedAmount !== amount) {
        throw refuse('AMOUNT_MISMATCH', { amount: formatPoisha(amount) }, { [this.sale.amountField]: 'AMOUNT_CHANGED' });
      }
      // The order is locked: parallel opens of one order are counted one after the other.
      if (!mayOpenSession(await this.attempts.openCount(tx, row.id, OPEN_SESSIONS_WINDOW_MS))) {
        throw refuse('CARD_SESSIONS_OPEN', { max: MAX_OPEN_SESSIONS_PER_ORDER, minutes: OPEN_SESSIONS_WINDOW_MS / 60_000 });
      }
      // Recorded before the session opens, so an IPN can never arrive for a tran_id we do not know.
      await this.attempts.insert(tx, { tranId, orderId: row.id, userId, amount });
      return { order: row, amount };
    });
    const base = `${this.gateway.publicUrl().replace(/\/+$/, '')}${API_PREFIX}${this.sale.callbackPath}`;
    try {
      const session = await this.gateway.client.initSession({
        tranId,
        amountPoisha: amount,
        successUrl: `${base}/success`,
        failUrl: `${base}/fail`,
        cancelUrl: `${base}/cancel`,
        ipnUrl: `${base}/ipn`,
        ...(await describe(order)),
      });
      return { gatewayPageUrl: session.gatewayPageUrl, tranId };
    } catch (err) {
      await this.sql.transaction((tx) => this.attempts.setStatus(tx, tranId, 'failed', { note: 'session init failed' }));
      this.logger.warn({ err, orderId: order.id, tranId }, `${this.sale.label}: session init failed`);
      throw refuse('SERVICE_UNAVAILABLE');
    }
  }

  /** The IPN: checked signature, then the validation API decides (decision 0013). */
  async notification(ctx: CardCtx, fields: Readonly<Record<string, string>>): Promise<PaymentOutcome> {
    this.requireEdge(ctx);
    const ipn = readIpn(this.gateway.client, fields);
    if (ipn.kind === 'settle') return this.settle(ipn.tranId, ipn.valId, 'ipn');
    if (ipn.kind === 'failed') return this.failed(ipn.tranId, ipn.status);
    this.logger.warn({ tranId: ipn.tranId, status: ipn.status }, `${this.sale.label}: IPN ignored (${ipn.reason})`);
    return { outcome: 'ignored', orderId: '' };
  }

  /** The browser's return to success_url: validated like an IPN; the return alone pays nothing. */
  async browserReturn(ctx: CardCtx, req: { tranId: string; valId: string }): Promise<PaymentOutcome> {
    this.requireEdge(ctx);
    return this.settle(req.tranId, req.valId, 'return');
  }

  /**
   * Asks the gateway about attempts that heard nothing back and settles what it reports, through
   * the same steps as an IPN (a paid one validated, then settled once; a failed one cancels an
   * unpaid order, unless the buyer has opened a newer attempt on it). A repeat, or a race with a
   * late IPN, changes nothing. The newest attempt of each order is asked about first, before any
   * older one (`takeUnsettled`): the one a buyer most likely paid with is not kept waiting behind
   * another order's flood of sessions. Stops at the first attempt the gateway cannot answer for
   * (it is down: the next run asks again).
   */
  async reconcile(options: ReconcileOptions): Promise<ReconcileReport> {
    const report: ReconcileReport = { asked: 0, outcomes: {} };
    const attempts = await this.attempts.takeUnsettled(options);
    for (const attempt of attempts) {
      let records: Validation[];
      try {
        records = await this.gateway.client.queryTransaction(attempt.tran_id);
      } catch (err) {
        this.logger.warn({ err, tranId: attempt.tran_id }, `${this.sale.label}: transaction query failed; asked again later`);
        break;
      }
      report.asked++;
      const next = reconciliationFor(attempt.tran_id, records);
      if (next.kind === 'wait') continue;
      try {
        let outcome: Outcome = 'ignored';
        if (next.kind === 'failed') {
          outcome = (await this.failed(attempt.tran_id, next.status, 'reconcile')).outcome;
        } else {
          for (const valId of next.valIds) {
            outcome = (await this.settle(attempt.tran_id, valId, 'reconcile')).outcome;
            if (outcome !== 'refused') break;
          }
        }
        report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
      } catch (err) {
        this.logger.warn({ err, tranId: attempt.tran_id }, `${this.sale.label}: reconciliation failed; asked again later`);
      }
    }
    return report;
  }

  private requireEdge(ctx: CardCtx): void {
    if ((ctx.callerService !== HTTP_EDGE && ctx.callerService !== this.sale.service) || ctx.identity) throw refuse('PAYMENT_NOTIFICATION_EDGE_ONLY');
  }

  private known(tranId: string, db?: SqlExecutor, lock?: boolean): Promise<CardAttempt | null> {
    return isTranIdOf(this.sale.tranPrefix, tranId) ? this.attempts.find(tranId, db, lock) : Promise.resolve(null);
  }

  private async settle(tranId: string, valId: string, source: 'ipn' | 'return' | 'reconcile'): Promise<PaymentOutcome> {
    const { label } = this.sale;
    const known = await this.known(tranId);
    if (!known) {
      this.logger.warn({ tranId, source }, `${label}: unknown tran_id; nothing paid`);
      return { outcome: 'ignored', orderId: '' };
    }
    if (repeatsSettled(known, valId)) return { outcome: 'duplicate', orderId: known.order_id };
    if (!valId) return { outcome: 'ignored', orderId: known.order_id };

    let validation: Validation;
    try {
      validation = await this.gateway.client.validate(valId);
    } catch (err) {
      // Unavailable, so the gateway's IPN is retried and the browser's return page keeps waiting.
      this.logger.warn({ err, tranId, source }, `${label}: validation API failed`);
      throw refuse('SERVICE_UNAVAILABLE');
    }
    const decision = decidePayment(validation, { tranId, amountPoisha: Number(known.amount) });
    if (decision.kind === 'refused') {
      this.logger.warn({ tranId, valId, source, reason: decision.reason }, `${label} refused; nothing paid`);
      return { outcome: 'refused', orderId: known.order_id };
    }

    const result = await this.sql.transaction(async (tx): Promise<PaymentOutcome> => {
      const attempt = (await this.attempts.find(tranId, tx, true))!;
      const order = (await this.orders.lock(tx, attempt.order_id))!;
      const otherTran = await this.attempts.tranOfValId(tx, decision.valId);
      if (otherTran && otherTran !== tranId) {
        this.logger.warn({ tranId, valId, otherTran }, `${label}: val_id already paid another attempt; refused`);
        return { outcome: 'refused', orderId: order.id };
      }
      const s: Settling<O> = { order, attempt, detail: { valId: decision.valId, bankTranId: decision.bankTranId }, validation };
      switch (settlementFor(attempt.status, this.orders.canPay(order), decision.kind)) {
        case 'duplicate':
          return { outcome: 'duplicate', orderId: order.id };
        case 'hold':
          return { outcome: await this.orders.hold(tx, s, decision.kind === 'hold' ? decision.reason : ''), orderId: order.id };
        case 'pay':
          return { outcome: await this.orders.pay(tx, s), orderId: order.id };
        case 'late':
          return { outcome: await this.orders.late(tx, s), orderId: order.id };
      }
    });
    if (result.outcome === 'paid' || result.outcome === 'credited') this.afterCommit();
    if (result.outcome === 'paid' || result.outcome === 'credited' || result.outcome === 'held') this.buyerChanged(known.user_id);
    this.logger.info({ tranId, source, ...result }, `${label} settled`);
    return result;
  }

  /** A FAILED or CANCELLED IPN: the order is cancelled unless something was paid (a later VALID one is still validated). */
  private async failed(tranId: string, status: string, source: 'ipn' | 'reconcile' = 'ipn'): Promise<PaymentOutcome> {
    const { label } = this.sale;
    const { result, buyer } = await this.sql.transaction(async (tx): Promise<{ result: PaymentOutcome; buyer?: string }> => {
      const attempt = await this.known(tranId, tx, true);
      if (!attempt) {
        this.logger.warn({ tranId, status }, `${label}: unknown tran_id in a failure IPN`);
        return { result: { outcome: 'ignored', orderId: '' } };
      }
      const order = (await this.orders.lock(tx, attempt.order_id))!;
      if (!failureCancelsOrder(attempt.status, order.status)) {
        this.logger.info({ tranId, status, attempt: attempt.status, order: order.status }, `${label}: late failure IPN ignored`);
        return { result: { outcome: 'duplicate', orderId: order.id } };
      }
      await this.attempts.setStatus(tx, tranId, 'failed', { note: source === 'reconcile' ? `${status} (reconciled)` : status });
      // Found late by the reconciler, a failure leaves alone an order the buyer has since tried to pay again.
      if (source === 'reconcile' && (await this.attempts.latestOf(tx, order.id)) !== tranId) {
        return { result: { outcome: 'ignored', orderId: order.id } };
      }
      await this.orders.cancel(tx, order);
      return { result: { outcome: 'failed', orderId: order.id }, buyer: attempt.user_id };
    });
    if (buyer) this.buyerChanged(buyer);
    return result;
  }
}
