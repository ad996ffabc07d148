/**
 * Pure commerce rules (no I/O): tier prices, vouchers, order totals and wallet entries.
 * Every amount is an integer number of poisha (decision 0001); the money decisions are
 * written down in docs/decisions/0012-commerce-money.md.
 */
import { COURSE_TIERS as TIERS, isCourseTier as isTier, isIsoDay, type CourseTier as Tier, type RefusalKey, voucherDiscount } from '@taal/contracts';

export { isTier, TIERS, type Tier };

/** The tier prices as the catalogue publishes them (never as a client sends them). */
export interface CatalogueCourse {
  id: string;
  title: string;
  published: boolean;
  silver?: { price: number; validityDays: number };
  gold?: { price: number; validityDays: number };
  diamond?: { price: number; validityDays: number };
  /** What a sale of the course is split by, when asked for (order creation): its instructor and their share. */
  saleTerms?: SaleTerms;
}

/** A course's instructor profile ('' for none) and their share of a sale, percent, as the catalogue has them now. */
export interface SaleTerms {
  instructorId: string;
  percentage: number;
}

export interface PricedItem {
  courseId: string;
  tier: Tier;
  title: string;
  price: number;
  validityDays: number;
  /** Recorded on the order (not the cart): the paid order's event carries them to payouts. */
  saleTerms?: SaleTerms;
}

function assertPoisha(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`${what} must be non-negative integer poisha, got ${amount}`);
}

/** The price and validity of a course at a tier, from the catalogue's record. Null: not for sale. */
export function priceOf(course: CatalogueCourse, tier: Tier): PricedItem | null {
  if (!course.published) return null;
  const t = course[tier];
  if (!t || t.validityDays <= 0) return null;
  assertPoisha(t.price, 'price');
  const item: PricedItem = { courseId: course.id, tier, title: course.title, price: t.price, validityDays: t.validityDays };
  return course.saleTerms ? { ...item, saleTerms: course.saleTerms } : item;
}

/**
 * The tier whose offer is exactly this price (poisha, as the course answers it) and validity
 * (days): a cart item written as the spec's {user, course, price, validity} names its tier so
 * (decision 0028). The price only picks a tier; what is charged is always the catalogue's. Null
 * when no tier of the course offers it.
 */
export function tierOffering(course: CatalogueCourse, price: number, validityDays: number): Tier | null {
  return TIERS.find((tier) => course[tier]?.price === price && course[tier]?.validityDays === validityDays) ?? null;
}

export function subtotalOf(items: readonly { price: number }[]): number {
  return items.reduce((sum, item) => {
    assertPoisha(item.price, 'price');
    return sum + item.price;
  }, 0);
}

// ---- Vouchers ----------------------------------------------------------------------------

export const VOUCHER_CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export interface VoucherState {
  percent: number;
  useLimit: number;
  timesUsed: number;
  /** Last day it may be used, YYYY-MM-DD in Bangladesh time. */
  expireDate: string;
}

export interface NewVoucher {
  code: string;
  percent: number;
  useLimit: number;
  expireDate: string;
}

/** What is wrong with a new voucher, field by field as refusal keys (empty: valid). */
export function voucherProblems(v: NewVoucher): Record<string, RefusalKey> {
  const problems: Record<string, RefusalKey> = {};
  if (!VOUCHER_CODE_PATTERN.test(v.code)) problems.code = 'VOUCHER_CODE_INVALID';
  if (!Number.isInteger(v.percent) || v.percent < 1 || v.percent > 100) problems.percent = 'VOUCHER_PERCENT_INVALID';
  if (!Number.isInteger(v.useLimit) || v.useLimit < 1) problems.useLimit = 'VOUCHER_USE_LIMIT_INVALID';
  if (!isIsoDay(v.expireDate)) problems.expireDate = 'INVALID_DAY';
  return problems;
}

/** A real day as YYYY-MM-DD (years 0001-9999): the contracts' one day rule. */
export { isIsoDay };

/** Usable on `today` (YYYY-MM-DD, Bangladesh): not expired and not used up by paid orders. */
export function voucherUsable(v: VoucherState, today: string): boolean {
  return v.expireDate >= today && v.timesUsed < v.useLimit;
}

/** Codes are matched case-insensitively and stored as the admin typed them. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

// ---- Order totals ------------------------------------------------------------------------

export interface OrderTotals {
  subtotal: number;
  /** Real wallet money: reserved at creation, debited when paid. */
  walletUsed: number;
  /** Voucher discount on what the wallet left, rounded up (the customer's favour). */
  discount: number;
  payable: number;
  /** The spec's balanceUsed: subtotal - payable (it counts the discount too); reported, never debited. */
  balanceUsed: number;
}

/**
 * The §5 checkout rule: wallet first, up to the subtotal; then the voucher percent on the
 * remainder, rounded in the customer's favour (ceil); the payable total is never below 0.
 */
export function orderTotals(input: { subtotal: number; walletBalance: number; useWallet: boolean; voucherPercent: number }): OrderTotals {
  const { subtotal, walletBalance, voucherPercent } = input;
  assertPoisha(subtotal, 'subtotal');
  assertPoisha(walletBalance, 'wallet balance');
  if (!Number.isInteger(voucherPercent) || voucherPercent < 0 || voucherPercent > 100) {
    throw new RangeError(`voucher percent must be 0..100, got ${voucherPercent}`);
  }
  const walletUsed = input.useWallet ? Math.min(walletBalance, subtotal) : 0;
  const remainder = subtotal - walletUsed;
  const discount = voucherDiscount(remainder, voucherPercent);
  const payable = Math.max(0, remainder - discount);
  return { subtotal, walletUsed, discount, payable, balanceUsed: subtotal - payable };
}

/**
 * Splits `total` over items in proportion to their weights (largest remainder), so the parts
 * are integers that add up to `total` exactly. Used to give each item its share of the discount.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  assertPoisha(total, 'total');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** Each item's price paid: its price minus its share of the voucher discount. */
export function pricesPaid(items: readonly { price: number }[], discount: number): number[] {
  const shares = allocate(
    discount,
    items.map((i) => i.price),
  );
  return items.map((item, i) => item.price - shares[i]!);
}

// ---- Orders and the wallet ---------------------------------------------------------------

/** An unpaid order holds its wallet reservation this long, then expires and releases it. */
export const ORDER_TTL_MS = 30 * 60_000;

/** 'held': the card money came with risk_level 1 and waits for an admin (decision 0014). */
export const ORDER_STATUSES = ['unpaid', 'paid', 'expired', 'cancelled', 'held'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Ledger entry kinds and their sign. Credits: referral bonus, gift-card redemption, refund,
 * and the release of a reservation. Debits: the reservation at order creation, and the
 * checkout when the order is paid (recorded as release + checkout, so the ledger names the
 * final debit while the balance does not move twice).
 */
export const LEDGER_KINDS = {
  referral_bonus: 1,
  gift_card_redemption: 1,
  refund: 1,
  release: 1,
  reservation: -1,
  checkout: -1,
} as const;
export type LedgerKind = keyof typeof LEDGER_KINDS;
export const CREDIT_KINDS = ['referral_bonus', 'gift_card_redemption', 'refund'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export function isCreditKind(value: string): value is CreditKind {
  return (CREDIT_KINDS as readonly string[]).includes(value);
}

/**
 * The flows that credit wallets, each with the one kind it writes (decision 0036). A credit's
 * ledger reference is `<flow>:<the flow's own key>`, so no flow can write into another's
 * namespace: the back office's credits live under `admin:` whatever kind they name. The database
 * enforces the same pairs (migration 004).
 */
export const CREDIT_FLOWS = {
  'gift-card': 'gift_card_redemption',
  referral: 'referral_bonus',
  card: 'refund',
  admin: CREDIT_KINDS,
} as const satisfies Record<string, CreditKind | readonly CreditKind[]>;
export type CreditFlow = keyof typeof CREDIT_FLOWS;

/** A credit's ledger reference: the flow's namespace, then its own key. */
export function creditReference(flow: CreditFlow, key: string): string {
  if (!key) throw new Error(`a ${flow} credit needs a key`);
  return `${flow}:${key}`;
}

/** Whether `flow` may write a credit of `kind` (the database's CHECK says the same). */
export function flowMayCredit(flow: CreditFlow, kind: LedgerKind): boolean {
  const allowed: CreditKind | readonly CreditKind[] = CREDIT_FLOWS[flow];
  return typeof allowed === 'string' ? allowed === kind : (allowed as readonly string[]).includes(kind);
}

/** A recorded credit, as the ledger holds it under one reference. */
export interface RecordedCredit {
  userId: string;
  kind: string;
  amount: number;
  flow: string;
}

/**
 * Whether the credit found under a reference is the one a flow is writing (a repeat: the credit
 * stands, nothing more to do) or another's (the reference is taken: refuse, never report success).
 */
export function sameCredit(found: RecordedCredit, wanted: RecordedCredit): boolean {
  return found.userId === wanted.userId && found.kind === wanted.kind && found.amount === wanted.amount && found.flow === wanted.flow;
}

/** The signed ledger amount of a movement of `amount` poisha of this kind. */
export function ledgerAmount(kind: LedgerKind, amount: number): number {
  assertPoisha(amount, 'amount');
  return LEDGER_KINDS[kind] * amount;
}

/** The balance is the ledger's sum; it must never be negative. */
export function balanceOf(entries: readonly { amount: number }[]): number {
  return entries.reduce((sum, e) => sum + e.amount, 0);
}
