/**
 * NUL and invalid UTF-8 in a path segment or a query value (issue 36): the edge answers 400
 * MALFORMED_URL in the API's error shape before any route or service sees them (a NUL reached
 * PostgreSQL and answered 500; `?q=%FF` was searched for as the text "%FF").
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { refusalText } from '@taal/contracts';
import { startAllInOne } from '@taal/launcher';

/** A raw GET that sends the target exactly as written. */
function rawGet(port: number, target: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('NUL and invalid UTF-8 in the address (all-in-one)', () => {
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-malformed-url-'));
    taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1' });
  });

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const refused = { success: false, code: 'MALFORMED_URL', reason: 'MALFORMED_URL', message: refusalText('MALFORMED_URL', 'en') };

  it.each([
    ['a NUL in a path segment', '/api/v1/mass-mail/unsubscribe/%00'],
    ['a NUL inside a path segment', '/api/v1/mass-mail/unsubscribe/abcdefghij%00klm'],
    ['a NUL in a query value', '/api/v1/search?q=%00'],
    ['a NUL in a query value of a route that reads no query', '/api/v1/course/?x=a%00b'],
    ['a NUL in a query name', '/api/v1/search?q=guitar&x%00=1'],
    ['invalid UTF-8 (%C3%28) in a path segment', '/api/v1/mass-mail/unsubscribe/abcdefghij%C3%28'],
    ['invalid UTF-8 (%FF) in a path segment', '/api/v1/course/%FF/'],
    ['invalid UTF-8 (%C3%28) in a query value', '/api/v1/search?q=%C3%28'],
    ['invalid UTF-8 (%FF) in a query value', '/api/v1/search?q=%FF'],
    ['a lone surrogate (%ED%A0%80)', '/api/v1/search?q=%ED%A0%80'],
    ['a truncated escape', '/api/v1/search?q=100%'],
  ])('answers %s 400 MALFORMED_URL in JSON', async (_what, target) => {
    const res = await rawGet(taal.port, target);
    expect([target, res.status, res.type]).toEqual([target, 400, expect.stringMatching(/application\/json/)]);
    expect(JSON.parse(res.body)).toEqual(refused);
  });

  it('still serves well-formed escapes: Bengali, a percent sign and a plus', async () => {
    for (const target of ['/api/v1/search?q=%E0%A6%97%E0%A6%BF%E0%A6%9F%E0%A6%BE%E0%A6%B0', '/api/v1/search?q=100%25', '/api/v1/search?q=guitar+chords']) {
      expect([target, (await rawGet(taal.port, target)).status]).toEqual([target, 200]);
    }
  });

  it('answers the same outside the API with a plain 400', async () => {
    const res = await rawGet(taal.port, '/allcourses?x=%FF');
    expect([res.status, res.body]).toEqual([400, 'Bad request']);
  });
});
