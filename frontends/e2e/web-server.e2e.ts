// mountFrontends on a bare Express app: what it serves, and what it leaves to the gateway.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import express from 'express';
import { FrontendsNotBuiltError, missingBuildOutputs, mountFrontends, remotesConfig, socialLoginConfig } from '../web/src';

let server: Server;
let base: string;

beforeAll(async () => {
  expect(missingBuildOutputs()).toEqual([]); // the global setup built them
  const app = express();
  app.get('/api/v1/ping', (_req, res) => {
    res.json({ success: true, data: 'pong' });
  });
  mountFrontends(app, {});
  // Registered after the UI: must still be reached.
  app.get('/healthz', (_req, res) => {
    res.send('ok');
  });
  app.use('/api', (_req, res) => {
    res.status(404).json({ success: false, message: 'Not found', code: 'NOT_FOUND' });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

test('client routes, known and unknown, get the shell page (an unknown one with 404, as its 404 page)', async () => {
  for (const p of ['/', '/allcourses', '/courseview?id=x', '/instructorview/abc', '/no/such/page']) {
    const res = await fetch(base + p);
    expect([p, res.status]).toEqual([p, p === '/no/such/page' ? 404 : 200]);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('<div id="root">');
  }
});

test('the API, health check and missing assets are not answered with the page', async () => {
  expect(await (await fetch(`${base}/api/v1/ping`)).json()).toEqual({ success: true, data: 'pong' });
  const missingApi = await fetch(`${base}/api/v1/nothing`);
  expect(missingApi.status).toBe(404);
  expect((await missingApi.json()).code).toBe('NOT_FOUND');
  expect(await (await fetch(`${base}/healthz`)).text()).toBe('ok');
  for (const p of ['/static/js/nope.js', '/remotes/storefront/nope.js', '/assets/locales/xx/translation.json', '/config/nope.json']) {
    expect([p, (await fetch(base + p)).status]).toEqual([p, 404]);
  }
});

test('remotes, translations and the run-time remote config are served', async () => {
  const config = await (await fetch(`${base}/config/remotes.json`)).json();
  expect(config).toEqual({
    storefront: '/remotes/storefront/remoteEntry.js',
    panel: '/remotes/panel/remoteEntry.js',
    admin: '/remotes/admin/remoteEntry.js',
  });
  for (const name of ['storefront', 'panel', 'admin']) {
    const res = await fetch(`${base}/remotes/${name}/remoteEntry.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  }
  const bn = await (await fetch(`${base}/assets/locales/bn/translation.json`)).json();
  expect(bn.notFound.title).toBe('৪০৪! পৃষ্ঠাটি পাওয়া যায়নি');
  const en = await (await fetch(`${base}/assets/locales/en/translation.json`)).json();
  expect(en.notFound).toEqual({ title: '404! Page not found', text: expect.any(String), back: 'Back To Homepage' });
});

test('hashed bundles are cached for good and sent brotli- or gzip-encoded to clients that accept it', async () => {
  const html = await (await fetch(`${base}/`)).text();
  const script = /src="(\/static\/js\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const plain = await (await fetch(base + script!, { headers: { 'Accept-Encoding': 'identity' } })).text();
  expect(plain.length).toBeGreaterThan(1000);
  // A browser lists gzip first and still gets brotli, the smaller; a client without brotli gets gzip.
  for (const [accept, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ]) {
    const res = await fetch(base + script!, { headers: { 'Accept-Encoding': accept! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe(plain); // fetch decodes it
  }
  // The remotes' chunks too.
  const entry = await fetch(`${base}/remotes/storefront/remoteEntry.js`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  expect(entry.headers.get('content-encoding')).toBe('br');
  expect(entry.headers.get('cache-control')).toBe('no-cache');
});

test('remote URLs can be overridden by options and by REMOTE_<NAME>_URL', () => {
  expect(remotesConfig({ env: {}, remotesBaseUrl: { storefront: 'https://cdn.example/storefront/' } }).storefront).toBe('https://cdn.example/storefront/remoteEntry.js');
  const fromEnv = remotesConfig({ env: { REMOTE_PANEL_URL: 'http://127.0.0.1:9/panel' }, remotesBaseUrl: { panel: 'https://ignored/' } });
  expect(fromEnv.panel).toBe('http://127.0.0.1:9/panel/remoteEntry.js');
  expect(fromEnv.admin).toBe('/remotes/admin/remoteEntry.js');
  expect(remotesConfig({ env: { REMOTE_ADMIN_URL: 'http://x/admin/remoteEntry.js' } }).admin).toBe('http://x/admin/remoteEntry.js');
});

test('social login config: only fully configured providers, http(s) or same-origin script URLs', async () => {
  // The test server was mounted without any of the variables: both providers are off.
  expect(await (await fetch(`${base}/config/social-login.json`)).json()).toEqual({});
  expect(socialLoginConfig({ env: {} })).toEqual({});
  expect(socialLoginConfig({ env: { GOOGLE_CLIENT_ID: 'id-only' } })).toEqual({});
  expect(
    socialLoginConfig({
      env: {
        GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
        GOOGLE_LOGIN_SCRIPT_URL: 'https://accounts.google.com/gsi/client',
        FACEBOOK_APP_ID: '123',
        FACEBOOK_LOGIN_SCRIPT_URL: '/vendor/fb-sdk.js',
        FACEBOOK_SDK_VERSION: 'v19.0',
        FACEBOOK_APP_SECRET: 'never-sent',
      },
    }),
  ).toEqual({
    google: { scriptUrl: 'https://accounts.google.com/gsi/client', clientId: 'abc.apps.googleusercontent.com' },
    facebook: { scriptUrl: '/vendor/fb-sdk.js', appId: '123', version: 'v19.0' },
  });
  expect(socialLoginConfig({ env: { GOOGLE_CLIENT_ID: 'x', GOOGLE_LOGIN_SCRIPT_URL: 'javascript:alert(1)' } })).toEqual({});
  expect(socialLoginConfig({ env: { FACEBOOK_APP_ID: 'x', FACEBOOK_LOGIN_SCRIPT_URL: '//evil.example/sdk.js' } })).toEqual({});
});

test('without a frontend build it throws, saying how to build', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'taal-nofrontends-'));
  try {
    expect(() => mountFrontends(express(), { frontendsDir: empty })).toThrow(FrontendsNotBuiltError);
    expect(() => mountFrontends(express(), { frontendsDir: empty })).toThrow(/npm run build:apps -w @taal\/web/);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});
