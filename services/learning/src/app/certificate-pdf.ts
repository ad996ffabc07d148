/**
 * The certificate PDF: A4 landscape, the student's name, the course, the Dhaka day it was provided
 * and the certificate's id with the address of its public verification page. Set with the kit's
 * PDF helper, so a Bengali name or course title is drawn in Noto Sans Bengali beside its Latin text.
 */
import { dhakaDay } from '@taal/contracts';
import { renderPdf } from '@taal/kit';

export interface CertificateContent {
  id: string;
  userName: string;
  courseName: string;
  providedAt: Date;
  verifyUrl: string;
  /** The exams passed (decision 0073): each named with its Dhaka day and score. */
  exams?: { kind: string; passedAt: string; scorePercent: number }[];
}

export async function certificatePdf(c: CertificateContent): Promise<Buffer> {
  return renderPdf({ size: 'A4', layout: 'landscape', margin: 56, info: { Title: `Taal certificate ${c.id}`, Author: 'Taal' } }, ({ doc, say }) => {
    const width = doc.page.width - 112;
    const centred = { align: 'center', width } as const;

    doc.rect(28, 28, doc.page.width - 56, doc.page.height - 56).lineWidth(3).stroke('#b5451b');
    doc.moveDown(2).fontSize(34).fillColor('#1d1b16');
    say('Certificate of Completion', 'bold', undefined, centred);
    doc.moveDown(1).fontSize(16).fillColor('#555');
    say('This certifies that', 'regular', undefined, centred);
    doc.moveDown(0.6).fontSize(30).fillColor('#1d1b16');
    say(c.userName, 'bold', undefined, centred);
    doc.moveDown(0.6).fontSize(16).fillColor('#555');
    say('has completed the course', 'regular', undefined, centred);
    doc.moveDown(0.6).fontSize(24).fillColor('#b5451b');
    say(c.courseName, 'bold', undefined, centred);
    doc.moveDown(1.5).fontSize(13).fillColor('#333');
    say(`on ${dhakaDay(c.providedAt)}`, 'regular', undefined, centred);
    // A practical is graded pass or fail (decision 0079): no score to name.
    for (const e of c.exams ?? []) {
      say(`and passed its ${e.kind} exam on ${dhakaDay(new Date(e.passedAt))}${e.kind === 'practical' ? '' : ` (${e.scorePercent}%)`}`, 'regular', undefined, centred);
    }
    doc.moveDown(3).fontSize(10).fillColor('#777');
    say(`Certificate ${c.id}`, 'regular', undefined, centred);
    doc.font('latin').text(`Verify at ${c.verifyUrl}`, { ...centred, link: c.verifyUrl });
  });
}
