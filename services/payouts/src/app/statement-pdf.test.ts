import { scriptRuns } from '@taal/kit';
import { statementPdf, taka } from './statement-pdf';

describe('monthly statement', () => {
  it('sets Bengali runs apart from Latin letters, digits and punctuation (the Bengali font has no Latin glyphs)', () => {
    expect(scriptRuns('মাস: 10-2026')).toEqual(['মাস', ': 10-2026']);
    expect(scriptRuns('২২-৫-২০২২ থেকে সব অঙ্ক। Amounts')).toEqual(['২২', '-', '৫', '-', '২০২২ থেকে সব অঙ্ক।', ' Amounts']);
    expect(taka(123456)).toBe('1,234.56');
    expect(taka(-5)).toBe('-0.05');
  });

  it('is a PDF in both languages, empty month included', async () => {
    for (const language of ['en', 'bn'] as const) {
      const pdf = await statementPdf({ instructorId: 'x', instructorName: '', month: '2026-10', language, openingDue: 0, sales: [], payouts: [], settlements: [] });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });
});
