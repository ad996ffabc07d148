/**
 * The certificate PDF (pdfkit): A4 landscape, the student's name, the course, the date and the
 * certificate's id with the address of its public verification page. Names in Bengali are set in
 * Noto Sans Bengali (the same font the UI self-hosts); Latin text uses Helvetica.
 */
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { dhakaDay } from '@taal/contracts';

const BENGALI_FONT = path.join(
  path.dirname(require.resolve('@fontsource/noto-sans-bengali/package.json')),
  'files',
  'noto-sans-bengali-bengali-400-normal.woff',
);
const hasBengali = (s: string) => /[\u0980-\u09FF]/.test(s);

export interface CertificateContent {
  id: string;
  userName: string;
  courseName: string;
  providedAt: Date;
  verifyUrl: string;
}

export function certificatePdf(c: CertificateContent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 56, info: { Title: `Taal certificate ${c.id}`, Author: 'Taal' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('bengali', BENGALI_FONT);
    const fontFor = (text: string, latin: string) => (hasBengali(text) ? 'bengali' : latin);
    const width = doc.page.width - 112;

    doc.rect(28, 28, doc.page.width - 56, doc.page.height - 56).lineWidth(3).stroke('#b5451b');
    doc.moveDown(2).font('Helvetica-Bold').fontSize(34).fillColor('#1d1b16').text('Certificate of Completion', { align: 'center', width });
    doc.moveDown(1).font('Helvetica').fontSize(16).fillColor('#555').text('This certifies that', { align: 'center', width });
    doc.moveDown(0.6).font(fontFor(c.userName, 'Helvetica-Bold')).fontSize(30).fillColor('#1d1b16').text(c.userName, { align: 'center', width });
    doc.moveDown(0.6).font('Helvetica').fontSize(16).fillColor('#555').text('has completed the course', { align: 'center', width });
    doc.moveDown(0.6).font(fontFor(c.courseName, 'Helvetica-Bold')).fontSize(24).fillColor('#b5451b').text(c.courseName, { align: 'center', width });
    doc.moveDown(1.5).font('Helvetica').fontSize(13).fillColor('#333').text(`on ${dhakaDay(c.providedAt)}`, { align: 'center', width });
    doc
      .moveDown(3)
      .fontSize(10)
      .fillColor('#777')
      .text(`Certificate ${c.id}`, { align: 'center', width })
      .text(`Verify at ${c.verifyUrl}`, { align: 'center', width, link: c.verifyUrl });
    doc.end();
  });
}
