/** A sale's row (payouts.sale, with the buyer's name when identity told it) and its gRPC message. */
import type { payoutsV1 } from '@taal/contracts';
import { iso, num } from './schema';

export interface SaleRow {
  id: string;
  /** The buyer's name, when identity told us (payouts.buyer). */
  user_name: string | null;
  order_id: string;
  course_id: string;
  course_title: string;
  instructor_id: string;
  user_id: string;
  voucher_code: string;
  voucher_percent: number;
  course_price: string;
  amount_paid: string;
  gateway_cut: string;
  received_amount: string;
  instructor_percentage: number;
  instructor_earning: string;
  product_cut: string;
  paid_at: Date;
}

export const toSale = (r: SaleRow): payoutsV1.Sale => ({
  id: r.id,
  orderId: r.order_id,
  courseId: r.course_id,
  courseTitle: r.course_title,
  instructorId: r.instructor_id,
  userId: r.user_id,
  userName: r.user_name ?? '',
  voucherCode: r.voucher_code,
  voucherPercent: r.voucher_percent,
  coursePrice: num(r.course_price),
  amountPaid: num(r.amount_paid),
  gatewayCut: num(r.gateway_cut),
  receivedAmount: num(r.received_amount),
  instructorPercentage: r.instructor_percentage,
  instructorEarning: num(r.instructor_earning),
  productCut: num(r.product_cut),
  paidAt: iso(r.paid_at),
});

