import { PDF_RENDERS_AT_ONCE, pdfRenderLoad, renderPdf } from './index';

describe('renderPdf: turns per process (decision 0065)', () => {
  it('renders at most PDF_RENDERS_AT_ONCE documents at once, the others in order, and a failed drawing gives its turn back', async () => {
    let drawing = 0;
    let most = 0;
    const started: number[] = [];
    const draw = (i: number) => async ({ say }: { say: (text: string, weight: 'regular' | 'bold') => void }) => {
      started.push(i);
      drawing += 1;
      most = Math.max(most, drawing);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (i === 2) {
        drawing -= 1;
        throw new Error('a drawing that fails');
      }
      say(`Document ${i}`, 'regular');
      drawing -= 1;
    };
    const results = await Promise.allSettled(Array.from({ length: 7 }, (_, i) => renderPdf({ size: 'A6' }, draw(i))));
    expect(most).toBe(PDF_RENDERS_AT_ONCE);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    for (const r of results) if (r.status === 'fulfilled') expect(r.value.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfRenderLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
