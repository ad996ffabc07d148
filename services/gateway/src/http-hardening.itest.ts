/**
 * HTTP hardening through the all-in-one process: security headers on the page, a remote's
 * entry, the API and errors; user files; static handlers that never leak a stack trace or a
 * server path; 405 with Allow; `:id` routes that catch nothing else.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { startAllInOne } from '@taal/launcher';
import { refusalText } from '@taal/contracts';
import { contentSecurityPolicy } from '../../../frontends/web/src';

type Json = { success: boolean; data?: unknown; message?: string; code?: string };

/** A real (decodable) 4×4 PNG: signature, IHDR, IDAT, IEND with their CRCs. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(4, 0);
  ihdr.writeUInt32BE(4, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.concat(Array.from({ length: 4 }, () => Buffer.from([0, ...Array.from({ length: 4 }, () => [181, 71, 27]).flat()])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A raw GET that keeps the path as written (fetch would resolve `..`). */
function rawGet(port: number, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What a response must never contain: a stack frame or a path of this machine. */
const LEAKS = [/\bat [\w.<>]+ \(/, /node_modules/, /\/work\//, new RegExp(path.resolve(__dirname, '..', '..', '..').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), /Error:/];

describe('HTTP hardening on the all-in-one process', () => {
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-hardening-'));
    taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1' });
    base = `http://127.0.0.1:${taal.port}`;
  });

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const expectHardened = (headers: Headers, where: string) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect([where, csp]).toEqual([where, expect.stringContaining("frame-ancestors 'none'")]);
    expect([where, headers.get('x-content-type-options')]).toEqual([where, 'nosniff']);
    expect([where, headers.get('referrer-policy')]).toEqual([where, 'strict-origin-when-cross-origin']);
    expect([where, headers.get('x-frame-options')]).toEqual([where, 'DENY']);
    // Plain HTTP: no HSTS (it is sent only when req.secure).
    expect([where, headers.get('strict-transport-security')]).toEqual([where, null]);
    expect([where, headers.get('x-powered-by')]).toEqual([where, null]);
    return csp;
  };

  it('serves the page under a CSP without inline script, eval or inline style, and the page has no inline script', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    const csp = expectHardened(res.headers, '/');
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['font-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/[^"]+"/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b|\sstyle="|\son[a-z]+=/i);
    // The SPA fallback (a client route) is the same page under the same policy.
    expect((await fetch(`${base}/allcourses`)).headers.get('content-security-policy')).toBe(csp);
  });

  it('sends the headers on every remote entry (URL from /config/remotes.json) and its assets', async () => {
    const remotes = (await (await fetch(`${base}/config/remotes.json`)).json()) as Record<string, string>;
    expect(Object.keys(remotes).sort()).toEqual(['admin', 'panel', 'storefront']);
    for (const [name, url] of Object.entries(remotes)) {
      const entry = await fetch(new URL(url, base));
      expect([name, entry.status]).toEqual([name, 200]);
      expect(entry.headers.get('content-type')).toMatch(/javascript/);
      expect(expectHardened(entry.headers, url)).toContain("script-src 'self'");
      const missing = await fetch(new URL('static/js/no-such-chunk.js', new URL(url, base)));
      expect(missing.status).toBe(404);
      expectHardened(missing.headers, `${name} missing asset`);
      expect(await missing.text()).toBe('Not found');
    }
  });

  it('sends the headers on the API, its errors and the health check', async () => {
    for (const p of ['/api/v1/course/', '/api/v1/course/00000000-0000-4000-9000-999999999999', '/api/v1/nothing-here', '/healthz']) {
      const res = await fetch(`${base}${p}`);
      expect(expectHardened(res.headers, p)).toContain("default-src 'none'");
    }
  });

  it('derives script-src from remotes and sign-in providers served from other origins', () => {
    const csp = contentSecurityPolicy(
      { storefront: 'https://cdn.example.com/remotes/storefront/remoteEntry.js', panel: '/remotes/panel/remoteEntry.js', admin: '//static.example.org/admin/remoteEntry.js' },
      { google: { scriptUrl: 'https://accounts.google.com/gsi/client', clientId: 'x' } },
    );
    expect(csp).toContain("script-src 'self' https://cdn.example.com static.example.org https://accounts.google.com;");
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com https://accounts.google.com;");
    expect(csp).toContain("frame-ancestors 'none'");
    // Only the YouTube embeds of freebies (decision 0017) when no sign-in provider is configured.
    expect(contentSecurityPolicy({ storefront: '/remotes/storefront/remoteEntry.js' })).toContain('frame-src https://www.youtube-nocookie.com;');
  });

  it('serves a user photo with nosniff, its image type and a fixed inline file name', async () => {
    const email = `photo-${randomUUID().slice(0, 8)}@example.com`;
    const form = new FormData();
    const fields = { name: 'Photo Owner', email, password: 'secret12', confirmPassword: 'secret12', dob: '1990-01-01', phone: '01712345678', address: 'Dhaka' };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('photo', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), '"><script>alert(1)</script>.png');
    const signUp = await fetch(`${base}/api/v1/user/signup`, { method: 'POST', body: form });
    const created = (await signUp.json()) as Json & { data: { _id: string; photo: string } };
    expect([signUp.status, created.message]).toEqual([201, expect.any(String)]);

    const login = await fetch(`${base}/api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@taal.local', password: 'admin123' }) });
    const admin = (await login.json()) as Json & { data: { token: string } };
    expect([login.status, admin.message]).toEqual([200, undefined]);
    const photo = await fetch(`${base}${created.data.photo}`, { headers: { authorization: `Bearer ${admin.data.token}` } });
    expect(photo.status).toBe(200);
    const type = photo.headers.get('content-type') ?? '';
    expect(type).toMatch(/^image\/(png|jpeg|webp)$/);
    const ext = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }[type];
    expect(photo.headers.get('content-disposition')).toBe(`inline; filename="photo.${ext}"`);
    expectHardened(photo.headers, 'photo');
    expect(photo.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('answers traversal, missing files, directories and malformed URLs with a plain 404/400: no stack, no path', async () => {
    const remotes = (await (await fetch(`${base}/config/remotes.json`)).json()) as Record<string, string>;
    const remoteDir = new URL('.', new URL(remotes.storefront!, base)).pathname;
    const cases: [string, number][] = [
      ['/assets/demo/../../package.json', 404],
      ['/assets/demo/%2e%2e/x', 404],
      ['/assets/demo/%2e%2e/%2e%2e/package.json', 404],
      ['/assets/demo/..%2f..%2fpackage.json', 404],
      ['/assets/demo/nonexistent', 404],
      ['/assets/demo/courses', 404],
      ['/assets/demo/courses/', 404],
      ['/assets/demo/%E0%A4%A', 400],
      ['/assets/demo/%00', 400],
      [`${remoteDir}no-such-file.js`, 404],
      [`${remoteDir}static/`, 404],
      [`${remoteDir}../../package.json`, 404],
      [`${remoteDir}%2e%2e/%2e%2e/package.json`, 404],
      ['/static/../../../package.json', 404],
      ['/assets/locales/../../../package.json', 404],
      ['/api/v1/course/%E0%A4%A', 400],
    ];
    for (const [p, status] of cases) {
      const res = await rawGet(taal.port, p);
      expect([p, res.status]).toEqual([p, status]);
      expect([p, res.headers['x-content-type-options']]).toEqual([p, 'nosniff']);
      expect([p, res.headers['content-security-policy']]).toEqual([p, expect.stringContaining("frame-ancestors 'none'")]);
      expect([p, res.headers['content-type']]).toEqual([p, expect.stringMatching(/^(text\/plain|application\/json)/)]);
      for (const leak of LEAKS) expect([p, leak.test(res.body)]).toEqual([p, false]);
    }
    // A demo asset itself: its own type, nosniff, inline under its own name.
    const svg = await fetch(`${base}/assets/demo/courses/guitar.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.get('content-disposition')).toBe('inline; filename="guitar.svg"');
    expectHardened(svg.headers, 'demo svg');
  });

  it('answers an address past Node\'s header limit (an 18,000-character search) 431 with a readable page in both languages, not an empty body (issue 55)', async () => {
    const res = await fetch(`${base}/search?q=${'a'.repeat(18_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-refusal-reason')).toBe('REQUEST_HEADERS_TOO_LARGE');
    const text = await res.text();
    expect(text).toContain(refusalText('REQUEST_HEADERS_TOO_LARGE', 'en'));
    expect(text).toContain(refusalText('REQUEST_HEADERS_TOO_LARGE', 'bn'));
    // The server still answers the next request.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('answers a wrong method on an existing API route with 405, Allow and the API error shape', async () => {
    const cases: [string, string, string][] = [
      ['DELETE', '/api/v1/course/', 'GET, HEAD, OPTIONS'],
      ['POST', '/api/v1/course/featured', 'GET, HEAD, OPTIONS'],
      ['PUT', '/api/v1/instructor/00000000-0000-4000-8000-000000000001', 'POST, GET, HEAD, OPTIONS'],
      ['GET', '/api/v1/user/login', 'POST, OPTIONS'],
      ['GET', '/api/v1/user/logout', 'POST, OPTIONS'],
      ['DELETE', '/api/v1/user/00000000-0000-4000-a000-000000000001', 'GET, HEAD, OPTIONS'],
    ];
    for (const [method, p, allow] of cases) {
      const res = await fetch(`${base}${p}`, { method });
      expect([method, p, res.status, res.headers.get('allow')]).toEqual([method, p, 405, allow]);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED', message: expect.any(String) });
      expectHardened(res.headers, `${method} ${p}`);
    }
    // OPTIONS lists exactly the document's methods of the path, not those of another route pattern
    // the path also matches (/cart/cupon is not /cart/{userId}; /course/featured/ is not /course/{id}/).
    for (const [p, allow] of [
      ['/api/v1/cart/cupon', 'POST, OPTIONS'],
      ['/api/v1/course/featured/', 'GET, HEAD, OPTIONS'],
      ['/api/v1/user/login/', 'POST, OPTIONS'],
    ]) {
      const res = await fetch(`${base}${p}`, { method: 'OPTIONS' });
      expect([p, res.status, res.headers.get('allow')]).toEqual([p, 204, allow]);
    }
  });

  it('matches `:id` routes only for ids: /user/:id catches neither login nor logout, /course/:id no other course path', async () => {
    // Not an id: no route, 404 (not a 401 from /user/:id's authentication).
    for (const p of ['/api/v1/user/not-an-id', '/api/v1/course/no-such-id', '/api/v1/course/featured/extra', '/api/v1/instructor/abc']) {
      const res = await fetch(`${base}${p}`);
      expect([p, res.status, ((await res.json()) as Json).code]).toEqual([p, 404, 'NO_SUCH_ROUTE']);
    }
    // The literal course paths still answer their own lists.
    for (const p of ['/api/v1/course/featured', '/api/v1/course/upcoming', '/api/v1/instructor/featured']) {
      const res = await fetch(`${base}${p}`);
      expect([p, res.status]).toEqual([p, 200]);
    }
    // An id reaches /user/:id (which wants a signed-in caller).
    expect((await fetch(`${base}/api/v1/user/00000000-0000-4000-a000-000000000001`)).status).toBe(401);
  });
});
