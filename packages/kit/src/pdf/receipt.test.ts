import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MailReceipt } from '@taal/contracts';
import { receiptPdf } from './receipt';

/** The PDF's text as a reader's tool extracts it (poppler's pdftotext). */
function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'taal-receipt-'));
  try {
    writeFileSync(path.join(dir, 'r.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const order: MailReceipt = {
  orderId: 'a1b2c3d4-0000-4000-8000-000000000001',
  // 20:30 UTC on the 24th is 02:30 on the 25th in Dhaka.
  paidAt: '2026-11-24T20:30:00Z',
  buyerName: 'Rina Das',
  lines: [{ title: 'Guitar basics', tier: 'silver', amount: 150000 }],
  subtotal: 150000,
  discount: 15000,
  voucherCode: 'TEN',
  voucherPercent: 10,
  walletUsed: 70000,
  cardPaid: 65000,
  cardTransactionId: 'TAAL123456789',
};

describe('the receipt PDF', () => {
  it('prints the order’s amounts in English on its Dhaka date: voucher, wallet, card and its transaction id', async () => {
    const text = textOf(await receiptPdf({ ...order, language: 'en' }));
    expect(text).toContain('25-11-2026 02:30');
    expect(text).toContain('Guitar basics');
    expect(text).toMatch(/Subtotal\s+BDT 1,500.00/);
    expect(text).toMatch(/Voucher TEN \(10%\)\s+- BDT 150.00/);
    expect(text).toMatch(/Paid from wallet\s+BDT 700.00/);
    expect(text).toMatch(/Paid by card\s+BDT 650.00/);
    expect(text).toMatch(/Card transaction id\s+TAAL123456789/);
    expect(text).toMatch(/Total paid\s+BDT 1,350.00/);
  });

  it('documents made at once and after each other share the fonts and still print each its own text', async () => {
    // The first of each font's documents lends its fontkit font to the later ones (pdf/index.ts).
    const orders = ['en', 'bn', 'en', 'bn'].map((language, i) => ({ ...order, buyerName: `Buyer ${i}`, language: language as 'en' | 'bn' }));
    const first = await Promise.all(orders.map((o) => receiptPdf(o)));
    const later = await receiptPdf({ ...order, buyerName: 'Rina Das, later', language: 'bn' });
    first.forEach((pdf, i) => {
      const text = textOf(pdf);
      expect(text).toContain(`Buyer ${i}`);
      expect(text).toContain(orders[i]!.language === 'bn' ? '১,৩৫০.০০' : 'BDT 1,350.00');
    });
    const text = textOf(later);
    expect(text).toContain('Rina Das, later');
    expect(text).toContain('২৫-১১-২০২৬ ০২:৩০');
  });

  it('a Bengali receipt after an English one with a Bengali course title prints its own words, with no dotted circle', async () => {
    // The English receipt's subset made glyphs of গিটার's without characters; fontkit kept them, and
    // the Bengali receipt after it wrote them with none in its ToUnicode map, which shifted the
    // entries after them: a dotted circle (U+25CC) was drawn in ওয়ালেট and বাংলাদেশের.
    // A fresh copy of the PDF helper: its first documents, as in a service that has just started.
    let fresh: typeof receiptPdf = receiptPdf;
    jest.isolateModules(() => {
      fresh = (jest.requireActual('./receipt') as { receiptPdf: typeof receiptPdf }).receiptPdf;
    });
    const guitar = { ...order, lines: [{ title: 'গিটার শেখা', tier: 'silver', amount: 150000 }] };
    const english = textOf(await fresh({ ...guitar, language: 'en' }));
    const bengali = textOf(await fresh({ ...guitar, language: 'bn' }));
    for (const text of [english, bengali]) expect(text).not.toContain('\u25CC');
    expect(english).toContain('Paid from wallet');
    // pdftotext prints a pre-base vowel sign where it is drawn: ওয়ালেট reads ওয়ােলট.
    expect(bengali).toContain('ওয়ােলট');
    expect(bengali).toContain('সময় বাংলা');
  });

  it('prints the same figures in Bengali digits', async () => {
    const text = textOf(await receiptPdf({ ...order, language: 'bn' }));
    expect(text).toContain('২৫-১১-২০২৬ ০২:৩০');
    expect(text).toContain('১,৫০০.০০');
    expect(text).toContain('৭০০.০০');
    expect(text).toContain('৬৫০.০০');
    expect(text).toContain('১,৩৫০.০০');
    expect(text).toContain('TAAL123456789');
  });
});
