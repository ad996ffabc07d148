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
});
