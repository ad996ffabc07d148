/** An order's and its items' rows, read back as the contract's Order, and what a paid order's event carries. */
import type { commerceV1 } from '@taal/contracts';
import type { OrderStatus, PricedItem, SaleTerms } from '../domain/pricing';
import { iso, money } from './schema';

export interface OrderRow {
  id: string;
  user_id: string;
  status: OrderStatus;
  subtotal: string;
  voucher_code: string | null;
  voucher_percent: number;
  discount: string;
  wallet_used: string;
  payable: string;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  buyer_email: string;
  buyer_name: string;
  buyer_language: string;
}

export interface OrderItemRow {
  order_id: string;
  course_id: string;
  tier: string;
  title: string;
  price: string;
  validity_days: number;
  price_paid: string;
  instructor_id: string;
  instructor_percentage: number;
  sale_terms_known: boolean;
}

/** The buyer as recorded on an order ('' each when not given). */
export interface Buyer {
  email: string;
  name: string;
  language: string;
}

/** What a paid order's event carries beyond the order itself (decision 0053). */
export interface PaidOrderFacts {
  /** By course; items written before sale terms were recorded are absent. */
  saleTerms: ReadonlyMap<string, SaleTerms>;
  buyer: Buyer;
}

export function paidOrderFacts(row: OrderRow, items: readonly OrderItemRow[]): PaidOrderFacts {
  const saleTerms = new Map<string, SaleTerms>();
  for (const i of items) if (i.sale_terms_known) saleTerms.set(i.course_id, { instructorId: i.instructor_id, percentage: i.instructor_percentage });
  return { saleTerms, buyer: { email: row.buyer_email, name: row.buyer_name, language: row.buyer_language } };
}

const toOrderItem = (r: OrderItemRow): commerceV1.OrderItem => ({
  courseId: r.course_id,
  tier: r.tier,
  title: r.title,
  price: money(r.price),
  validityDays: r.validity_days,
  pricePaid: money(r.price_paid),
});

export function toOrder(r: OrderRow, items: readonly OrderItemRow[]): commerceV1.Order {
  const subtotal = money(r.subtotal);
  const payable = money(r.payable);
  return {
    id: r.id,
    userId: r.user_id,
    status: r.status,
    paid: r.status === 'paid',
    items: items.filter((i) => i.order_id === r.id).map(toOrderItem),
    subtotal,
    voucherCode: r.voucher_code ?? '',
    voucherPercent: r.voucher_percent,
    discount: money(r.discount),
    walletUsed: money(r.wallet_used),
    balanceUsed: subtotal - payable,
    payable,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    paidAt: iso(r.paid_at),
  };
}

export interface NewOrder {
  id: string;
  userId: string;
  subtotal: number;
  voucherCode: string | null;
  voucherPercent: number;
  discount: number;
  walletUsed: number;
  payable: number;
  expiresAt: Date;
  items: (PricedItem & { pricePaid: number })[];
  buyer: Buyer;
}
