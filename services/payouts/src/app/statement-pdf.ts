/**
 * An instructor's monthly statement: the opening due, each sale of the month with its gateway cut,
 * platform cut and earning, the payouts of the month and the closing due, so that opening +
 * earnings − payouts = closing. Set with the kit's PDF helper (its fonts: Noto Sans Bengali's
 * Bengali and Latin files, decision 0009).
 */
import { renderPdf } from '@taal/kit';
import { bengaliDigits, dayMonthYear, dhakaDay, takaText, type payoutsV1 } from '@taal/contracts';

export interface StatementContent {
  instructorId: string;
  /** The instructor's name (the catalogue's); the id is shown when there is none. */
  instructorName: string;
  month: string;
  language: 'en' | 'bn';
  openingDue: number;
  sales: payoutsV1.Sale[];
  payouts: { amount: number; kind: string; createdAt: string }[];
  settlements: payoutsV1.Settlement[];
}

const LABELS = {
  en: {
    title: 'Monthly statement',
    instructor: 'Instructor',
    month: 'Month',
    opening: 'Due at the start of the month',
    sales: 'Sales',
    cols: ['Date', 'Order', 'Course', 'Paid', 'Gateway 2.5%', 'Platform cut', 'Your earning'],
    totals: 'Totals',
    payouts: 'Payouts',
    payoutCols: ['Date', 'Kind', 'Amount'],
    due: 'Due settlement',
    settlement: 'Settlement',
    settlements: 'Settlement records',
    settlementCols: ['Settle date', 'Settle amount', 'Received', 'Status'],
    settled: 'Settled',
    notSettled: 'Not Settled',
    closing: 'Due at the end of the month',
    none: 'No data found',
    note: 'From 22-5-2022 amounts are shown after deducting a 2.5% payment-gateway cut. Amounts in BDT.',
  },
  bn: {
    title: 'মাসিক বিবরণী',
    instructor: 'প্রশিক্ষক',
    month: 'মাস',
    opening: 'মাসের শুরুতে বকেয়া',
    sales: 'বিক্রয়',
    cols: ['তারিখ', 'অর্ডার', 'কোর্স', 'পরিশোধিত', 'গেটওয়ে ২.৫%', 'প্ল্যাটফর্মের অংশ', 'আপনার আয়'],
    totals: 'মোট',
    payouts: 'পরিশোধ',
    payoutCols: ['তারিখ', 'ধরন', 'পরিমাণ'],
    due: 'বকেয়া পরিশোধ',
    settlement: 'সেটেলমেন্ট',
    settlements: 'সেটেলমেন্টের রেকর্ড',
    settlementCols: ['সেটেলমেন্টের তারিখ', 'সেটেলমেন্টের পরিমাণ', 'প্রাপ্ত', 'অবস্থা'],
    settled: 'সেটেলড',
    notSettled: 'সেটেলড নয়',
    closing: 'মাসের শেষে বকেয়া',
    none: 'কোনো তথ্য পাওয়া যায়নি',
    note: '২২-৫-২০২২ থেকে সব অঙ্ক ২.৫% পেমেন্ট গেটওয়ে চার্জ বাদ দিয়ে দেখানো হয়েছে। অঙ্ক টাকায়।',
  },
} as const;

/** Poisha → "1,234.50" (amounts are shown with 2 decimals, spec §9). */
export const taka = (poisha: number) => takaText(poisha, 'en');

/** A day, or the Bangladesh day of a time, as DD-MM-YYYY. */
const dmy = (dayOrTime: string) => dayMonthYear(dayOrTime.length > 10 ? dhakaDay(dayOrTime) : dayOrTime);


/** The statement's layout version: a change to what statementPdf draws bumps it, so stored copies are made again. */
export const STATEMENT_LAYOUT = 'statement-1';

export async function statementPdf(c: StatementContent): Promise<Buffer> {
  const L = LABELS[c.language];
  // A Bengali statement writes its figures, days and month in Bengali digits, as its note does
  // (order ids stay as they are: an id, not a figure).
  const digits = (text: string) => (c.language === 'bn' ? bengaliDigits(text) : text);
  const money = (poisha: number) => takaText(poisha, c.language); // the screens' formatter too (issue 55)
  const day = (dayOrTime: string) => digits(dmy(dayOrTime));
  return renderPdf({ size: 'A4', margin: 40, info: { Title: `Taal statement ${c.month}`, Author: 'Taal' } }, ({ doc, say }) => {
    const font = 'regular';
    const bold = 'bold';
    const left = 40;
    const width = doc.page.width - 80;

    const row = (cells: string[], widths: number[], options: { bold?: boolean } = {}) => {
      if (doc.y > doc.page.height - 80) doc.addPage();
      const y = doc.y;
      let x = left;
      let height = 0;
      doc.fontSize(8);
      cells.forEach((cell, i) => {
        const w = widths[i]!;
        // The amount columns (the last four, past the first three) are right-aligned.
        say(cell, options.bold ? bold : font, { x, y }, { width: w - 4, align: i >= cells.length - 4 && i > 2 ? 'right' : 'left' });
        height = Math.max(height, doc.y - y);
        x += w;
      });
      doc.x = left;
      doc.y = y + height + 3;
    };

    doc.fontSize(18).fillColor('#1d1b16');
    say(`Taal - ${L.title}`, bold, { x: left, y: 40 }, { width });
    doc.moveDown(0.5).fontSize(10).fillColor('#333');
    say(`${L.instructor}: ${c.instructorName || c.instructorId}`, font);
    say(`${L.month}: ${digits(`${c.month.slice(5, 7)}-${c.month.slice(0, 4)}`)}`, font);
    doc.moveDown(0.5).fontSize(11);
    say(`${L.opening}: ${money(c.openingDue)}`, bold);

    doc.moveDown(0.8).fontSize(13);
    say(L.sales, bold);
    doc.moveDown(0.3);
    const saleWidths = [55, 85, 125, 60, 60, 65, 65];
    row([...L.cols], saleWidths, { bold: true });
    let paid = 0, gateway = 0, product = 0, earning = 0;
    for (const s of c.sales) {
      paid += s.amountPaid;
      gateway += s.gatewayCut;
      product += s.productCut;
      earning += s.instructorEarning;
      row([day(s.paidAt), s.orderId.slice(0, 13), s.courseTitle, money(s.amountPaid), money(s.gatewayCut), money(s.productCut), money(s.instructorEarning)], saleWidths);
    }
    if (c.sales.length === 0) row([L.none], [width]);
    row([L.totals, '', '', money(paid), money(gateway), money(product), money(earning)], saleWidths, { bold: true });

    doc.x = left;
    doc.moveDown(0.8).fontSize(13);
    say(L.payouts, bold);
    doc.moveDown(0.3);
    const payoutWidths = [120, 200, 120];
    row([...L.payoutCols], payoutWidths, { bold: true });
    let paidOut = 0;
    for (const p of c.payouts) {
      paidOut += p.amount;
      row([day(p.createdAt), p.kind === 'due' ? L.due : L.settlement, money(p.amount)], payoutWidths);
    }
    if (c.payouts.length === 0) row([L.none], [width]);
    row([L.totals, '', money(paidOut)], payoutWidths, { bold: true });

    if (c.settlements.length > 0) {
      doc.x = left;
      doc.moveDown(0.8).fontSize(13);
      say(L.settlements, bold);
      doc.moveDown(0.3);
      const w = [120, 120, 120, 120];
      row([...L.settlementCols], w, { bold: true });
      for (const s of c.settlements) row([day(s.settleDay), money(s.settleAmount), money(s.receivedAmount), s.status ? L.settled : L.notSettled], w);
    }

    doc.x = left;
    doc.moveDown(1).fontSize(12);
    say(`${L.closing}: ${money(c.openingDue + earning - paidOut)}`, bold);
    doc.moveDown(0.3).fontSize(9).fillColor('#555');
    say(`${money(c.openingDue)} + ${money(earning)} - ${money(paidOut)} = ${money(c.openingDue + earning - paidOut)}`, font);
    doc.moveDown(1).fontSize(8).fillColor('#777');
    say(L.note, font, undefined, { width });
  });
}
