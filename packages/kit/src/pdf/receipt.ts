/**
 * A paid order's receipt (issue 41, decision 0049): one pure renderer for commerce's course orders
 * and the store's gift-card orders, and for the receipt mail that carries it. It takes only what a
 * paid-order event carries (no look-up), so the service that sells and the mail consumer print the
 * same receipt. Set with the kit's PDF helper (its fonts: Noto Sans Bengali's Bengali and Latin files).
 */
import { bengaliDigits, dayMonthYear, dhakaDay, dhakaTimeOfDay, moneyText, type MailReceipt, type MailReceiptLine } from '@taal/contracts';
import { renderPdf } from './index';

/** A receipt's line and content: messaging's mail requests carry the same (`MailReceipt`). */
export type ReceiptLine = MailReceiptLine;

export interface ReceiptContent extends MailReceipt {
  language: 'en' | 'bn';
}

const LABELS = {
  en: {
    title: 'Receipt',
    order: 'Order',
    paidAt: 'Paid on',
    buyer: 'Paid by',
    cols: ['Item', 'Tier / quantity', 'Price'],
    tiers: { silver: 'Silver', gold: 'Gold', diamond: 'Diamond' } as Record<string, string>,
    subtotal: 'Subtotal',
    voucher: 'Voucher',
    wallet: 'Paid from wallet',
    card: 'Paid by card',
    tran: 'Card transaction id',
    total: 'Total paid',
    note: 'Amounts in BDT. Dates in Bangladesh time. Thank you for learning with Taal.',
  },
  bn: {
    title: 'রসিদ',
    order: 'অর্ডার',
    paidAt: 'পরিশোধের সময়',
    buyer: 'পরিশোধকারী',
    cols: ['বিষয়', 'টিয়ার / সংখ্যা', 'মূল্য'],
    tiers: { silver: 'সিলভার', gold: 'গোল্ড', diamond: 'ডায়মন্ড' } as Record<string, string>,
    subtotal: 'উপমোট',
    voucher: 'ভাউচার',
    wallet: 'ওয়ালেট থেকে পরিশোধ',
    card: 'কার্ডে পরিশোধ',
    tran: 'কার্ড লেনদেন আইডি',
    total: 'মোট পরিশোধ',
    note: 'অঙ্ক টাকায়। সময় বাংলাদেশের। তালের সাথে শেখার জন্য ধন্যবাদ।',
  },
} as const;

/** The figures a receipt prints, in its language's digits: BDT 1,234.50 / ১,২৩৪.৫০ টাকা. */
export function receiptMoney(poisha: number, language: 'en' | 'bn'): string {
  return moneyText(poisha, language); // the screens' formatter too (issue 55)
}

/** The receipt's layout version: a change to what receiptPdf draws bumps it, so stored copies (PdfCopies) are made again. */
export const RECEIPT_LAYOUT = 'receipt-1';

export async function receiptPdf(c: ReceiptContent): Promise<Buffer> {
  const L = LABELS[c.language];
  const digits = (text: string) => (c.language === 'bn' ? bengaliDigits(text) : text);
  const money = (poisha: number) => receiptMoney(poisha, c.language);
  return renderPdf({ size: 'A5', margin: 36, info: { Title: `Taal receipt ${c.orderId}`, Author: 'Taal' } }, ({ doc, say }) => {
    const left = 36;
    const width = doc.page.width - 72;
    const widths = [width * 0.5, width * 0.22, width * 0.28];

    const row = (cells: string[], options: { bold?: boolean } = {}) => {
      const y = doc.y;
      let x = left;
      let height = 0;
      cells.forEach((cell, i) => {
        say(cell, options.bold ? 'bold' : 'regular', { x, y }, { width: widths[i]! - 4, align: i === cells.length - 1 ? 'right' : 'left' });
        height = Math.max(height, doc.y - y);
        x += widths[i]!;
      });
      doc.x = left;
      doc.y = y + height + 3;
    };
    const sum = (label: string, value: string, bold = false) => row([label, '', value], { bold });

    doc.fontSize(18).fillColor('#1d1b16');
    say(`Taal - ${L.title}`, 'bold', { x: left, y: 36 }, { width });
    doc.moveDown(0.5).fontSize(9).fillColor('#333');
    say(`${L.order}: ${c.orderId}`, 'regular');
    // An event written without its time (none should be) prints no date rather than none at all.
    if (Number.isFinite(Date.parse(c.paidAt))) say(`${L.paidAt}: ${digits(`${dayMonthYear(dhakaDay(c.paidAt))} ${dhakaTimeOfDay(c.paidAt)}`)}`, 'regular');
    if (c.buyerName) say(`${L.buyer}: ${c.buyerName}`, 'regular');
    doc.moveDown(0.8).fontSize(9).fillColor('#1d1b16');
    row([...L.cols], { bold: true });
    for (const line of c.lines) {
      const tier = line.tier ? (L.tiers[line.tier] ?? line.tier) : '';
      const qty = line.quantity ? `× ${digits(String(line.quantity))}` : '';
      row([line.title, [tier, qty].filter(Boolean).join(' '), money(line.amount)]);
    }
    doc.moveDown(0.4);
    sum(L.subtotal, money(c.subtotal));
    if (c.discount > 0) sum(`${L.voucher} ${c.voucherCode} (${digits(String(c.voucherPercent))}%)`, `- ${money(c.discount)}`);
    sum(L.wallet, money(c.walletUsed));
    sum(L.card, money(c.cardPaid));
    if (c.cardTransactionId) sum(L.tran, c.cardTransactionId);
    doc.moveDown(0.3);
    sum(L.total, money(c.walletUsed + c.cardPaid), true);
    doc.moveDown(1).fontSize(8).fillColor('#777');
    say(L.note, 'regular', { x: left, y: doc.y }, { width });
  });
}
