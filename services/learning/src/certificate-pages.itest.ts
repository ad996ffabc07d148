/**
 * The back office's certificate requests a keyset page at a time (issue 51, decision 0084, second part) on both
 * SQL adapters: more pending and provided requests than two pages each (three an instant: ties by id), inserted
 * by bulk SQL, read a page at a time through the store's page query as the gRPC handler reads it: every request
 * of the status once, newest request first, next empty at the end; each page reads migration 009's index in
 * order (no Sort, no Seq Scan with both priced out: no count of every certificate, no offset); an edited or the
 * other status's cursor: INVALID_CURSOR.
 */
import path from 'node:path';
import { migrate, refusalKeyOf, type Sql } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { pageThrough, planOf, recordingSql } from '../../../tools/testing/keyset-check';
import { CertificateStore } from './store/certificates';

const CERTIFICATES = 900;
const AT = `timestamptz '2026-03-01 00:00:00.123456+00' + (g / 3) * interval '1.234567 seconds'`;

async function seed(sql: Sql) {
  await migrate(sql, { schema: 'learning', dir: path.join(__dirname, '../migrations') });
  // One in four provided.
  await sql.query(
    `INSERT INTO learning.certificate (id, user_id, course_id, user_name, user_email, course_name, status, requested_at, provided_at)
     SELECT 'c-' || lpad(g::text, 4, '0'), 'u-' || g, 'course-1', 'Student', 's@example.com', 'Course',
            CASE WHEN g % 4 = 0 THEN 'provided' ELSE 'pending' END, ${AT}, CASE WHEN g % 4 = 0 THEN ${AT} + interval '1 day' END
       FROM generate_series(1, ${CERTIFICATES}) AS g`,
  );
  await sql.query('ANALYZE learning.certificate');
}

describe.each(backends)('the certificate requests’ pages on %s SQL', (_name, makeBackend) => {
  let backend: Backend;
  let sql: Sql;
  const ids = async (text: string) => (await sql.query<{ id: string }>(text)).rows.map((r) => r.id);
  const read = (db: Sql, status: 'pending' | 'provided', limit: number) => (cursor: string) =>
    new CertificateStore(db).certificatePage(status, cursor, limit).then((p) => ({ ids: p.items.map((c) => c.id), next: p.next }));

  beforeAll(async () => {
    backend = await makeBackend();
    sql = backend.sql;
    await seed(sql);
  }, 120_000);
  afterAll(() => backend?.close());

  it.each(['pending', 'provided'] as const)('pages the %s requests newest first: each once, next empty at the end', async (status) => {
    const all = await ids(`SELECT id FROM learning.certificate WHERE status = '${status}' ORDER BY requested_at DESC, id DESC`);
    const { ids: got, pages, endedWithoutNext } = await pageThrough(read(sql, status, 40));
    expect(got).toEqual(all);
    expect(endedWithoutNext).toBe(true);
    expect(pages.length).toBe(Math.ceil(all.length / 40));
    expect(pages.length).toBeGreaterThan(2);
  });

  it('reads each page from its index in order: no sort, no scan, no count', async () => {
    const { recording, sent } = recordingSql(sql);
    for (const status of ['pending', 'provided'] as const) {
      await read(recording, status, 20)('');
      await read(recording, status, 20)((await read(sql, status, 20)('')).next);
    }
    const pages = sent.filter(([text]) => /ORDER BY/.test(text));
    expect(sent.length).toBe(4);
    expect(pages.length).toBe(4);
    for (const [text, params] of pages) {
      expect(text).not.toMatch(/count\(|OFFSET/i);
      expect(await planOf(sql, text, params)).toEqual({ text, sort: false, seq: false, indexes: ['certificate_page_idx'] });
    }
  });

  it('refuses an edited or the other status’s cursor with INVALID_CURSOR', async () => {
    const { next } = await read(sql, 'pending', 10)('');
    const edited = Buffer.from(Buffer.from(next, 'base64url').toString().replace('"c-0', '"c-9')).toString('base64url');
    await expect(read(sql, 'pending', 10)(edited).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
    await expect(read(sql, 'provided', 10)(next).catch(refusalKeyOf)).resolves.toBe('INVALID_CURSOR');
  });
});
