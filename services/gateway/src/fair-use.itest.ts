/**
 * Fair use of the public reads (decision 0038) through the all-in-one: a client past its search
 * limit, or past its limit of reads that reach a service, is answered 429 with Retry-After and a
 * message in both languages while another client is still served; answers from the response
 * cache do not count; a search that gets no turn within search's time budget is answered 503
 * SEARCH_BUSY with Retry-After, never a 500. Clients are told apart by X-Forwarded-For (the
 * gateway trusts loopback here, as behind an ingress).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { refusalText } from '@taal/contracts';
import { startAllInOne } from '@taal/launcher';

type Body = { success: boolean; reason?: string; message?: string; params?: Record<string, string | number> };

describe('fair use of search and the public reads (all-in-one)', () => {
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-fair-use-'));
    taal = await startAllInOne({
      PORT: '0',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      SEARCH_MAX_PER_ADDRESS: '3',
      PUBLIC_READS_MAX_PER_ADDRESS: '3',
      PUBLIC_READS_WINDOW_MS: '60000',
      // One search at a time, and no waiting for a turn: two at once make one SEARCH_BUSY.
      SEARCH_CONCURRENCY: '1',
      SEARCH_QUEUE_MS: '0',
    });
    base = `http://127.0.0.1:${taal.port}`;
  });

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (url: string, client: string) => {
    const res = await fetch(`${base}${url}`, { headers: { 'x-forwarded-for': client } });
    const text = await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), type: res.headers.get('content-type') ?? '', body: (text.startsWith('{') ? JSON.parse(text) : { text }) as Body };
  };

  it('answers a client past its search limit 429 with Retry-After and the refusal in both languages, while another client is still served', async () => {
    const a = '203.0.113.10';
    const b = '203.0.113.11';
    for (const q of ['guitar', 'piano', 'drums']) expect((await get(`/api/v1/search?q=${q}`, a)).status).toBe(200);
    const refused = await get('/api/v1/search?q=bass', a);
    expect(refused.status).toBe(429);
    expect(refused.type).toMatch(/application\/json/);
    const seconds = Number(refused.retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({
      success: false,
      code: 'TOO_MANY_SEARCHES',
      reason: 'TOO_MANY_SEARCHES',
      message: refusalText('TOO_MANY_SEARCHES', 'en', { seconds }),
      params: { seconds },
    });
    // The screens show it in Bengali from the same key and params.
    expect(refusalText('TOO_MANY_SEARCHES', 'bn', { seconds })).toMatch(new RegExp(`[\\u0980-\\u09FF].*${seconds}`));
    // Another client searches as before; the refused one still reads what costs no work.
    expect((await get('/api/v1/search?q=bass', b)).status).toBe(200);
    expect((await get('/api/v1/course/', a)).status).toBe(200);
  });

  it('counts the public reads that reach a service, not answers from the cache: past the limit 429 for that client only', async () => {
    const c = '203.0.113.20';
    const d = '203.0.113.21';
    // Warm the cache (another client), then the cached list costs c nothing, however often.
    expect((await get('/api/v1/course/', '203.0.113.22')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await get('/api/v1/course/', c)).status).toBe(200);
    // Unknown ids are never cached: each one is asked of the catalogue.
    for (let i = 0; i < 3; i++) expect((await get(`/api/v1/course/${randomUUID()}/`, c)).status).toBe(404);
    const refused = await get(`/api/v1/course/${randomUUID()}/`, c);
    expect([refused.status, refused.body.reason]).toEqual([429, 'TOO_MANY_READS']);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused.body.message).toBe(refusalText('TOO_MANY_READS', 'en', { seconds: Number(refused.retryAfter) }));
    // Uncached reads of other services count on the same limit.
    expect((await get('/api/v1/store/product/', c)).status).toBe(429);
    expect((await get('/api/v1/store/product/', d)).status).toBe(200);
    expect((await get(`/api/v1/course/${randomUUID()}/`, d)).status).toBe(404);
  });

  it('counts a signed-in reader by their account, not their address: a flood from the same address does not refuse them, and a token that does not verify counts as the address', async () => {
    const address = '203.0.113.30';
    const login = async (email: string, password: string) =>
      ((await (await fetch(`${base}/api/v1/user/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).json()) as { data: { token: string } }).data.token;
    const [student, admin] = [await login('student@taal.local', 'student123'), await login('admin@taal.local', 'admin123')];
    const read = async (token?: string) => {
      const res = await fetch(`${base}/api/v1/course/${randomUUID()}/`, { headers: { 'x-forwarded-for': address, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
      return { status: res.status, body: (await res.json()) as Body };
    };
    // A visitor's reads from the address use up its count.
    for (let i = 0; i < 3; i++) expect((await read()).status).toBe(404);
    expect((await read()).status).toBe(429);
    // Signed-in readers behind the same address each have their own count.
    for (let i = 0; i < 3; i++) expect((await read(student)).status).toBe(404);
    const refused = await read(student);
    expect([refused.status, refused.body.reason]).toEqual([429, 'TOO_MANY_READS']);
    expect((await read(admin)).status).toBe(404);
    // A token that does not verify is no account: the address's count, already spent.
    expect((await read(`${student.slice(0, -4)}AAAA`)).status).toBe(429);
  });

  it('counts a page’s check of its record (an unknown course answers 404) on the client’s public reads: past them the page is served unchecked', async () => {
    const address = '203.0.113.40';
    const page = async () => (await fetch(`${base}/courseview?id=${randomUUID()}`, { headers: { 'x-forwarded-for': address } })).status;
    for (let i = 0; i < 3; i++) expect(await page()).toBe(404);
    // The checks took the address's reads: its API reads are refused, and its next page is not checked.
    expect((await get(`/api/v1/course/${randomUUID()}/`, address)).status).toBe(429);
    expect(await page()).toBe(200);
    // Another client's pages are checked as before.
    expect((await fetch(`${base}/courseview?id=${randomUUID()}`, { headers: { 'x-forwarded-for': '203.0.113.41' } })).status).toBe(404);
  });

  it('answers a search that gets no turn within the time budget 503 SEARCH_BUSY with Retry-After, never a 500', async () => {
    // Distinct clients (none past its limit), all at once: one search runs, the others find the turn taken.
    // Sixteen connections opened first (kept alive), so the searches are written at once, not as each connects.
    await Promise.all(Array.from({ length: 16 }, () => fetch(`${base}/livez`).then((r) => r.text())));
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => get(`/api/v1/search?q=guitar${i % 2 ? ' chords' : ''}`, `198.51.100.${i + 1}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(200);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.body).toEqual({ success: false, code: 'SEARCH_BUSY', reason: 'SEARCH_BUSY', message: refusalText('SEARCH_BUSY', 'en') });
      expect(answer.retryAfter).toBe('1');
    }
  });

  it('documents the 429 with Retry-After on every route with a per-client limit, and search’s 503', async () => {
    const doc = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    for (const p of ['/api/v1/search', '/api/v1/course/{id}/', '/api/v1/store/product/', '/api/v1/certificate/{id}/pdf', '/api/v1/mass-mail/unsubscribe/{token}']) {
      expect([p, Object.keys(doc.paths[p]!.get!.responses['429']?.headers ?? {})]).toEqual([p, ['Retry-After']]);
    }
    expect(Object.keys(doc.paths['/api/v1/search']!.get!.responses['503']!.headers ?? {})).toEqual(['Retry-After']);
  });
});
