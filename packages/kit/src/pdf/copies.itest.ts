/**
 * PdfCopies on both SQL adapters (decision 0065): a document asked for again with the same content
 * comes from its stored copy, a changed content is rendered and replaces it (one copy per name), and
 * requests for the same document at once share one rendering.
 */
import { randomUUID } from 'node:crypto';
import { backends, type Backend } from '../../../../tools/testing/backends';
import { PdfCopies } from './copies';

describe.each(backends)('PdfCopies (%s)', (_name, make) => {
  let backend: Backend;
  let copies: PdfCopies;
  const schema = `pdf_copies_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    backend = await make();
    await backend.sql.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.pdf_copy (name text PRIMARY KEY, digest text NOT NULL, pdf bytea NOT NULL, stored_at timestamptz NOT NULL DEFAULT now())`);
    copies = new PdfCopies(backend.sql, `${schema}.pdf_copy`);
  }, 60_000);

  afterAll(async () => {
    await backend?.sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await backend?.close();
  });

  it('renders a document once for the same content, again for a changed content or layout, and keeps one copy per name', async () => {
    let renders = 0;
    const render = (text: string) => async () => Buffer.from(`%PDF-${text}-${++renders}`);
    const first = await copies.get('receipt:1:en', 'receipt-1', { total: 100 }, render('a'));
    expect(first.toString()).toBe('%PDF-a-1');
    expect((await copies.get('receipt:1:en', 'receipt-1', { total: 100 }, render('a'))).toString()).toBe('%PDF-a-1');
    expect(renders).toBe(1);
    expect((await copies.get('receipt:1:en', 'receipt-1', { total: 200 }, render('b'))).toString()).toBe('%PDF-b-2');
    expect((await copies.get('receipt:1:en', 'receipt-2', { total: 200 }, render('c'))).toString()).toBe('%PDF-c-3');
    expect((await copies.get('receipt:1:bn', 'receipt-2', { total: 200 }, render('d'))).toString()).toBe('%PDF-d-4');
    const { rows } = await backend.sql.query<{ name: string }>(`SELECT name FROM ${schema}.pdf_copy ORDER BY name`);
    expect(rows.map((r) => r.name)).toEqual(['receipt:1:bn', 'receipt:1:en']);
  });

  it('shares one rendering among requests for the same document at once', async () => {
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return Buffer.from('%PDF-shared');
    };
    const all = await Promise.all(Array.from({ length: 6 }, () => copies.get('statement:x:2026-11:en', 'statement-1', { sales: [1, 2] }, render)));
    expect(renders).toBe(1);
    expect(all.every((pdf) => pdf.toString() === '%PDF-shared')).toBe(true);
  });
});
