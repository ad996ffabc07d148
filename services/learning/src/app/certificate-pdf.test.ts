import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { certificatePdf } from './certificate-pdf';

/** The PDF's text as a reader's tool extracts it (poppler's pdftotext, as CI installs it). */
function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'taal-certificate-'));
  try {
    writeFileSync(path.join(dir, 'c.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'c.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the certificate PDF', () => {
  it('is dated on the Dhaka day it was provided (provided at 2 a.m. in Dhaka: that day, not the UTC one before)', async () => {
    const text = textOf(
      await certificatePdf({ id: 'c-1', userName: 'Rina Das', courseName: 'Guitar basics', providedAt: new Date('2026-11-24T20:00:00Z'), verifyUrl: 'https://taal.example/certificate/c-1' }),
    );
    expect(text).toContain('Rina Das');
    expect(text).toContain('on 2026-11-25');
  });

  it('draws a Bengali name and course title in Noto Sans Bengali, centred, beside Latin text', async () => {
    const pdf = await certificatePdf({ id: 'c-2', userName: 'রিনা দাস', courseName: 'গিটার: Basics', providedAt: new Date('2026-11-24T05:00:00Z'), verifyUrl: 'https://taal.example/certificate/c-2' });
    const text = textOf(pdf);
    // (pdftotext gives a pre-base vowel sign in drawing order: "রিনা" reads back as "িরনা".)
    expect(text).toMatch(/দাস\s*\n/);
    expect(text).toContain(': Basics');
    expect(text).toContain('on 2026-11-24');
    // The fonts embedded: the family's Bengali and Latin files, no Helvetica.
    const fonts = pdf.toString('latin1').match(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g) ?? [];
    expect(fonts.join(' ')).toMatch(/NotoSansBengali-Bold/);
    expect(pdf.toString('latin1')).not.toMatch(/Helvetica/);
  });

  it('names the exams passed, each with its Dhaka day and score (decision 0073)', async () => {
    const exams = [
      { kind: 'theory', passedAt: '2026-11-24T19:30:00Z', scorePercent: 90 },
      { kind: 'practical', passedAt: '2026-11-25T10:00:00Z', scorePercent: 0 },
    ];
    const text = textOf(await certificatePdf({ id: 'c-3', userName: 'Rina Das', courseName: 'Guitar basics', providedAt: new Date('2026-11-26T05:00:00Z'), verifyUrl: 'https://taal.example/certificate/c-3', exams }));
    expect(text).toContain('and passed its theory exam on 2026-11-25 (90%)');
    // A practical is pass or fail (decision 0079): its day, no score.
    expect(text).toContain('and passed its practical exam on 2026-11-25');
    expect(text).not.toContain('practical exam on 2026-11-25 (');
  });
});
