/**
 * An instructor's monthly statement (pdfkit): the opening due, each sale of the month with its
 * gateway cut, platform cut and earning, the payouts of the month and the closing due, so that
 * opening + earnings − payouts = closing. Bengali text is set in Noto Sans Bengali, as in the
 * certificates (decision 0009), and Latin text in the same family's Latin files: both have the same
 * ascender and descender, so Bengali and Latin runs of a line sit on one baseline (Helvetica's
 * smaller ascender set Latin runs higher than the Bengali ones next to them).
 */
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { dayMonthYear, dhakaDay, poishaToTaka, type payoutsV1 } from '@taal/contracts';

const FONT_DIR = path.join(path.dirname(require.resolve('@fontsource/noto-sans-bengali/package.json')), 'files');
/** Noto Sans Bengali's files: its Bengali block and its Latin one, regular and bold. */
const FONTS = {
  bengali: 'noto-sans-bengali-bengali-400-normal.woff',
  'bengali-bold': 'noto-sans-bengali-bengali-700-normal.woff',
  latin: 'noto-sans-bengali-latin-400-normal.woff',
  'latin-bold': 'noto-sans-bengali-latin-700-normal.woff',
} as const;

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
export const taka = (poisha: number) => poishaToTaka(poisha, { grouping: true });

/** A day, or the Bangladesh day of a time, as DD-MM-YYYY. */
const dmy = (dayOrTime: string) => dayMonthYear(dayOrTime.length > 10 ? dhakaDay(dayOrTime) : dayOrTime);

/** Runs of Bengali script (with the spaces inside them) and of everything else. */
export function scriptRuns(text: string): string[] {
  return text.split(/([\u0980-\u09FF\u0964\u0965](?:[\u0980-\u09FF\u0964\u0965 ]*[\u0980-\u09FF\u0964\u0965])?)/).filter((p) => p.length > 0);
}
const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const isBengali = (run: string) => /[\u0980-\u09FF\u0964\u0965]/.test(run);

export function statementPdf(c: StatementContent): Promise<Buffer> {
  const L = LABELS[c.language];
  // A Bengali statement writes its figures, days and month in Bengali digits, as its note does
  // (order ids stay as they are: an id, not a figure).
  const digits = (text: string) => (c.language === 'bn' ? text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!) : text);
  const money = (poisha: number) => digits(taka(poisha));
  const day = (dayOrTime: string) => digits(dmy(dayOrTime));
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Taal statement ${c.month}`, Author: 'Taal' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, path.join(FONT_DIR, file));
    // Each of Noto Sans Bengali's files holds one block: Bengali and Latin letters, digits and
    // punctuation are set run by run (`say`), in the regular or the bold weight.
    const font = 'regular';
    const bold = 'bold';
    type Weight = typeof font | typeof bold;
    type TextOptions = PDFKit.Mixins.TextOptions;
    const say = (text: string, weight: Weight, at?: { x: number; y: number }, options: TextOptions = {}) => {
      const runs = scriptRuns(text);
      if (runs.length === 0) runs.push(' ');
      const fontOf = (run: string) => `${isBengali(run) ? 'bengali' : 'latin'}${weight === bold ? '-bold' : ''}`;
      const { align, ...rest } = options;
      // pdfkit cannot right-align a line made of several runs ('১,২৩৪.৫৬' is five): a short cell's
      // runs are measured and set one after the other from where the whole ends at the right.
      if (align === 'right' && at && rest.width && runs.length > 1) {
        const widths = runs.map((run) => doc.font(fontOf(run)).widthOfString(run));
        let x = at.x + rest.width - widths.reduce((a, b) => a + b, 0);
        runs.forEach((run, i) => {
          doc.font(fontOf(run)).text(run, x, at.y, { lineBreak: false });
          x += widths[i]!;
        });
        doc.y = at.y + doc.currentLineHeight(true);
        return;
      }
      runs.forEach((run, i) => {
        doc.font(fontOf(run));
        const o = { ...rest, ...(runs.length === 1 && align ? { align } : {}), continued: i < runs.length - 1 };
        if (i === 0 && at) doc.text(run, at.x, at.y, o);
        else doc.text(run, o);
      });
    };
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
    doc.end();
  });
}
